"""A scene made of a title and a column of buttons, the base of the menus."""

from __future__ import annotations

import pygame

from game.i18n import _

from .. import text_layout, theme
from ..layout_tree import Column, Grid, Node, Stack
from ..pointer import keys_lead
from ..scene import Scene, Services
from ..stepper_choice import StepperChoice
from ..widgets import Segments, Widget, draw_all, press, update_all

#: The smallest height of a menu's buttons in one column: shorter than this,
#: and the menu goes into two columns of taller buttons (with larger text).
ONE_COLUMN = 48


class MenuScene(Scene):
    #: The menu's name and the line under it, in English (marked with ``N_``):
    #: translated as drawn.
    title = ""
    button_width = 420
    #: At most this many columns (a menu of wide choices keeps to one).
    max_columns = 2
    #: Pixels kept under the header, over the buttons, for a line of the menu's own.
    note_room = 0
    #: Pixels kept at the foot, under the buttons, for lines of the menu's own.
    foot_room = 0
    #: Every control's label at one size (a list of settings), not a size a row.
    one_size = False

    @property
    def subtitle(self) -> str:
        """The line under the title, as shown (translated; a menu may name it as a
        plain attribute, marked, and translate it in a property of its own)."""
        return ""

    def __init__(self, app: Services) -> None:
        super().__init__(app)
        self.controls: list[Widget] = []
        self.focus: int | None = None  # the widget the keyboard is on, if any

    def build(self) -> list[Widget]:
        """The widgets, top to bottom."""
        return []

    def enter(self) -> None:
        self.controls = self.build()
        if self.focus is not None:  # coming back to the menu: stay where you were
            self.set_focus(min(self.focus, len(self.controls) - 1))
        elif keys_lead():
            # Reached by the keys or a controller: the focus shows at once, on the
            # first control, rather than waiting, unseen, for the first arrow.
            usable = [i for i, w in enumerate(self.controls) if getattr(w, "enabled", True)]
            self.set_focus(usable[0] if usable else None)
        self.resize(self.app.size)

    def set_focus(self, index: int | None) -> None:
        self.focus = index if self.controls else None
        for i, w in enumerate(self.controls):
            w.focused = i == self.focus

    def move_focus(self, by: int) -> None:
        """Up/Down and Tab: the next widget that can be used, wrapping round."""
        n = len(self.controls)
        if not n:
            return
        i = self.focus
        if i is None:  # the keys take over: from the widget the pointer is on, if any
            i = self.pointed()
        if i is None:
            i = -1 if by > 0 else 0
        for _step in range(n):
            i = (i + by) % n
            if getattr(self.controls[i], "enabled", True):
                self.set_focus(i)
                return

    def pointed(self) -> int | None:
        """The usable widget under the pointer, if any."""
        at = self.app.pointer
        if at is None:
            return None
        for i, w in enumerate(self.controls):
            if getattr(w, "enabled", True) and w.rect.collidepoint(at):
                return i
        return None

    def handle_focus_key(self, key: int, mod: int) -> bool:
        if key in (pygame.K_DOWN, pygame.K_UP, pygame.K_TAB):
            back = key == pygame.K_UP or (key == pygame.K_TAB and mod & pygame.KMOD_SHIFT)
            self.move_focus(-1 if back else 1)
            return True
        if self.focus is None and key in (pygame.K_LEFT, pygame.K_RIGHT):
            # A player who has just clicked a choice steps it with the arrows (a
            # play-test found them dead until Tab): the keys take over from the
            # widget under the pointer, as Up and Down do.
            self.set_focus(self.pointed())
        if self.focus is None:
            return False
        widget = self.controls[self.focus]
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if widget.activate():
                self.app.click()
                return True
            # A control Enter does nothing to (a choice, which the arrows change):
            # the screen's own Enter button takes it, as with no focus. New match
            # reached by the keys focuses Red's choice, and Enter still starts.
            return False
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            by = 1 if key == pygame.K_RIGHT else -1
            if widget.nudge(by):
                self.app.click()
            else:  # a plain button: Left and Right go to the next column's
                self.move_across(by)
            return True
        return False

    def move_across(self, by: int) -> None:
        """Left (-1) or Right (1) from the focused widget: the nearest usable one
        beside it in that direction, on the same row (none: the focus stays)."""
        if self.focus is None:
            return
        at = self.controls[self.focus].rect
        beside = [
            (abs(w.rect.centery - at.centery), abs(w.rect.centerx - at.centerx), i)
            for i, w in enumerate(self.controls)
            if getattr(w, "enabled", True)
            and (w.rect.centerx - at.centerx) * by > 0
            and abs(w.rect.centery - at.centery) < max(at.height, w.rect.height)
        ]
        if beside:
            self.set_focus(min(beside)[2])

    def header(self, h: int) -> int:
        """Pixels the title and subtitle take at the top for a window ``h`` high."""
        return min(190, max(120, h * 30 // 100))

    def note_width(self, w: int) -> int:
        """How wide the line of the menu's own is in a window ``w`` wide."""
        return w - 60

    def layout(self, size: tuple[int, int]) -> Node:
        """The header (:meth:`heading`), the room for a line of the menu's own
        (``note_room`` high), and the buttons (:meth:`button_grid`) in the middle
        of the rest, 30 pixels clear of the bottom."""
        w, h = size
        head = self.header(h)
        room = h - head - self.note_room - 30 - self.foot_room
        return Column(
            justify="start",
            children=[
                Stack(dock="top", height=head, children=self.heading(w, head / 190)),
                Node("note", width=self.note_width(w), height=self.note_room),
                Stack(width=w - 60, height=room, children=[self.button_grid(w, room)]),
            ],
        )

    def header_only(self, size: tuple[int, int], *over: Node) -> Stack:
        """The header alone, for a screen of the menu's kind that places its
        buttons its own way (``over``: its other boxes, over the window)."""
        head = self.header(size[1])
        heading = Stack(dock="top", height=head, children=self.heading(size[0], head / 190))
        return Stack(children=[Column(children=[heading]), *over])

    def heading(self, w: int, k: float) -> list[Node]:
        """The header's boxes, ``k`` its share of its tallest: the title and the
        subtitle under it."""
        return [
            Column(
                justify="start",
                children=[
                    Node(height=round(60 * k)),
                    Node(
                        "title", width=w - 40, height=theme.font(round(60 * k), True).get_height()
                    ),
                ],
            ),
            Column(
                justify="start",
                children=[
                    Node(height=round(134 * k)),
                    Node("subtitle", width=w - 40, height=theme.font(26 * k).get_height()),
                ],
            ),
        ]

    def button_grid(self, w: int, room: float) -> Grid:
        """The buttons in ``room`` pixels of height, from 640x480 up: one column
        while its buttons stay at least :data:`ONE_COLUMN` high, else two columns
        of taller ones (so a larger window never has smaller buttons, nor smaller
        text, than a smaller one), shrinking to 30 pixels before they overflow.
        The text size follows the buttons' height, never the text size setting."""
        count = max(1, len(self.controls))
        # A choice with every option side by side needs the width.
        wide = any(isinstance(c, Segments) for c in self.controls)
        most = 1 if wide else self.max_columns
        columns = 1 if room / count - 14 >= ONE_COLUMN else most
        rows = -(-count // columns)
        gap = 14 if room >= rows * 54 else 6
        height = max(30, min(64, room // rows - gap))
        width = min(self.button_width, (w - 60 - 20 * (columns - 1)) / columns)
        for c in self.controls:
            c.size = max(16, min(c.base_size, int(height * 45 // 100)))
        # A choice's labels grow with the window as the buttons' do (at 1280x800
        # "Human" and the board sides read far smaller than Start), as far as
        # every choice's title and options, and a ladder's pips, keep the size.
        labels = max((c.size for c in self.controls if not isinstance(c, Segments)), default=0)
        choices = [c for c in self.controls if isinstance(c, Segments)]
        if columns == 1 and choices:
            grow_choices(choices, int(width), int(height), labels)
        # Column by column, as the buttons are read: the grid fills a row at a time.
        cells = [
            Node(self.controls[c * rows + r] if c * rows + r < count else None)
            for r in range(rows)
            for c in range(columns)
        ]
        return Grid(
            key="buttons",
            columns=[width] * columns,
            rows=height,
            gap=20,
            row_gap=gap,
            width=columns * width + 20 * (columns - 1),
            height=rows * height + (rows - 1) * gap,
            children=cells,
        )

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.back()
                return
            if self.handle_focus_key(event.key, getattr(event, "mod", 0)):
                return
        elif event.type == pygame.MOUSEMOTION and self.focus is not None:
            self.set_focus(None)  # the mouse takes over from the keyboard
        press(self.controls, event, self.app.click)

    def back(self) -> None:
        self.app.scenes.pop()

    def update(self, dt: float) -> bool:
        return update_all(self.controls, dt)

    def draw_title(
        self, surface: pygame.Surface, size: int = 60, floor: float | None = 24
    ) -> float:
        """The screen's title in its box, at ``size`` on a header of 190 pixels; the
        header's scale, which the screen's other lines follow."""
        k = self.header(surface.get_height()) / 190
        text_layout.label(
            surface,
            _(self.title),
            self.boxes["title"],
            size=round(size * k),
            align="center",
            bold=True,
            floor=floor,
        )
        return k

    def draw(self, surface: pygame.Surface) -> None:
        k = self.draw_title(surface)
        if self.subtitle:
            text_layout.label(
                surface,
                self.subtitle,
                self.boxes["subtitle"],
                size=max(16, round(26 * k)),
                color=theme.MUTED,
                align="center",
                pointer=self.app.pointer,
            )
        draw_all(self.controls, surface, one_size=self.one_size)


def grow_choices(choices: list[Segments], width: int, height: int, top: int) -> None:
    """Give ``choices`` (stacked, ``width`` by ``height`` each) the largest size up
    to ``top`` at which each one's title and options, and a ladder's pips, are
    drawn at that size in every text size: one size for all, so they read as one
    table, and Large never smaller than Normal."""
    base = min(c.size for c in choices)
    kept = [c.rect for c in choices]
    for c in choices:
        c.rect = c.rect.copy()  # measured at the size the grid gives it
        c.rect.size = (width, height)
    best = top
    try:
        for name in theme.TEXT_SCALES:
            with theme.measured_as(name):
                best = largest_read(choices, best, base)
    finally:
        for c, r in zip(choices, kept, strict=True):
            c.rect = r
            c.size = best


def largest_read(choices: list[Segments], top: int, base: int) -> int:
    """The largest size from ``top`` down to ``base`` every choice reads at."""
    for size in range(top, base, -1):
        for c in choices:
            c.size = size
        if all(reads_at(c, size) for c in choices):
            return size
    return base


def reads_at(choice: Segments, size: int) -> bool:
    """Are ``choice``'s title and options drawn at ``size`` as laid out (and a
    ladder's pips shown beside or under the name)?"""
    title, options = choice.sizes()
    px = theme.px(size)
    if title < theme.px(size + 2) or options < px:
        return False
    if isinstance(choice, StepperChoice) and choice.ladder:
        return bool(choice.pip_band(px) or choice.pips_beside(px))
    return True
