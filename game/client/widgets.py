"""The choices the menus are made of (every option in view, or one that
cycles), and what a scene does to all its controls at once: offer them an
event, move them on, draw them with one label size a group.

The button and what every control shares are in :mod:`.button`; they are named
here too, where the screens have always found them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

import pygame

from game.i18n import _

from . import button_label, text_layout, theme, widget_kinds
from .button import (
    LABEL_FLOOR,
    Action,
    Button,
    FocusControl,
    Widget,
    badge,
    badge_rect,
    focus_ring,
)
from .layout import row as layout_row
from .margin import needed
from .widget_kinds import is_own_label, is_titled

__all__ = [
    "LABEL_FLOOR",
    "Action",
    "Button",
    "Choice",
    "FocusControl",
    "Segments",
    "Widget",
    "badge",
    "badge_rect",
    "draw_all",
    "focus_ring",
    "press",
    "title_column",
    "update_all",
]


#: :meth:`Segments.title_need` by its column's :func:`_column_key`.
_title_needs: dict[tuple[object, ...], int] = {}
#: How many it keeps before it starts again.
KEPT_TITLE_NEEDS = 512


def _column_key(column: Sequence[Segments]) -> tuple[object, ...]:
    """All a column's title need is measured from: each choice's kind, its title
    and options as drawn (in the language of the moment), its rows, box and
    size; and the text size (as the pixel size it makes of one size). The
    fonts' measures are the same for the same texts and pixel sizes."""
    return (
        theme.px(100),
        *(
            (
                type(c),
                _(c.title),
                tuple(map(c.shown, c.options)),
                c.rows,
                c.rect.width,
                c.rect.height,
                c.size,
            )
            for c in column
        ),
    )


class Choice(Button):
    """A button that cycles through options; right-click or Shift goes back."""

    def __init__(
        self,
        title: str,
        options: Sequence[str],
        value: str,
        on_change: Callable[[str], None],
        size: int = 26,
        shown: Callable[[str], str] = _,
    ) -> None:
        super().__init__("", self.next, size=size)
        self.title = title
        #: How an option is drawn: translated, unless the options are names.
        self.shown = shown
        self.options = list(options)
        self.index = self.options.index(value) if value in self.options else 0
        self.on_change = on_change
        #: The title's column when choices stand in a grid, so their options line
        #: up (:func:`title_column`): the choices of the column; empty: this one alone.
        self.column: Sequence[Segments] = ()
        #: The pixel sizes the choices drawn together share (:func:`draw_all`):
        #: their titles', their options'; None: this choice's own.
        self.shared: tuple[int, int] | None = None
        #: The rows its options wrap onto (in a window too narrow for one).
        self.rows = 1
        self.refresh()

    @property
    def value(self) -> str:
        return self.options[self.index]

    def refresh(self) -> None:
        # Translated as drawn: the title and the option are each marked by the caller.
        self.label = _("{title}: {value}").format(title=_(self.title), value=self.shown(self.value))

    def step(self, by: int) -> None:
        self.index = (self.index + by) % len(self.options)
        self.refresh()
        self.on_change(self.value)

    def next(self) -> None:
        self.step(1)

    def nudge(self, by: int) -> bool:
        self.step(by)
        return True

    def handle(self, event: pygame.event.Event) -> bool:
        if (
            event.type == pygame.MOUSEBUTTONDOWN
            and event.button == 3
            and self.rect.collidepoint(event.pos)
        ):
            self.step(-1)
            return True
        return super().handle(event)


class Segments(Button):
    """A choice with every option in view, side by side: click one, or Left and
    Right while focused. ``title`` stands to the left of the options."""

    def __init__(
        self,
        title: str,
        options: Sequence[str],
        value: str,
        on_change: Callable[[str], None],
        size: int = 20,
        shown: Callable[[str], str] = _,
    ) -> None:
        super().__init__(title, lambda: None, size=size)
        self.title = title
        #: How an option is drawn: translated, unless the options are names.
        self.shown = shown
        self.options = list(options)
        self.index = self.options.index(value) if value in self.options else 0
        self.on_change = on_change
        #: The title's column when choices stand in a grid, so their options line
        #: up (:func:`title_column`): the choices of the column; empty: this one alone.
        self.column: Sequence[Segments] = ()
        #: The pixel sizes the choices drawn together share (:func:`draw_all`):
        #: their titles', their options'; None: this choice's own.
        self.shared: tuple[int, int] | None = None
        #: The rows its options wrap onto (in a window too narrow for one).
        self.rows = 1

    @property
    def value(self) -> str:
        return self.options[self.index]

    def title_need(self) -> int:
        """Room for the title whole (the widest of its column's): at its size in
        Normal text, and in Large as much more as the options of every choice of
        the column can spare (a title drawn smaller than its options reads as a
        footnote to them; options smaller than Normal's, worse).

        Kept by what it is made of (:func:`_column_key`): every choice of the
        column asks it, several times a frame (its parts, its title's box, its
        click), and each answer measured every option of every choice of the
        column again: a fifth of the CPU of tests/client's monkey test, profiled."""
        column = self.column or [self]
        key = _column_key(column)
        found = _title_needs.get(key)
        if found is None:
            if len(_title_needs) >= KEPT_TITLE_NEEDS:
                _title_needs.clear()  # windows dragged through many sizes: start again
            found = _title_needs[key] = self._title_need(column)
        return found

    @staticmethod
    def _title_need(column: Sequence[Segments]) -> int:
        normal = max(c.title_sizes()[0] for c in column)
        large = max(c.title_sizes()[1] for c in column)
        shown = [c for c in column if c.rect.width]
        spare = min((c.spare() for c in shown), default=0)
        grown = normal + max(0, min(large - normal, spare - normal))
        # At least as wide as the titles need at the size the options are drawn at
        # beside Normal's column: the titles are never the smaller.
        options = min((c.options_px(normal) for c in shown), default=0)
        matched = max(theme.face(options).size(_(c.title))[0] + 12 for c in column)
        return max(grown, min(large, matched))

    def options_px(self, title_width: int) -> int:
        """The pixel size the options fit at beside a title ``title_width`` wide."""
        n = max(1, -(-len(self.options) // self.rows))  # in a row
        cell = (self.rect.width - title_width - 4 * (n - 1)) / n
        box = pygame.Rect(0, 0, max(1, int(cell)), self.rect.height)
        return min(
            button_label.one_line_px(self.shown(o), box, self.size, LABEL_FLOOR)
            for o in self.options
        )

    def title_sizes(self) -> tuple[int, int]:
        """The title's width at its size as Normal text and as the chosen text size
        draw it, with room round it."""
        need = [theme.face(p).size(_(self.title))[0] + 12 for p in self.title_px()]
        return need[0], need[1]

    def title_px(self) -> tuple[int, int]:
        return theme.normal_px(self.size + 2), theme.px(self.size + 2)

    def spare(self) -> int:
        """The control's width less what its options need at the chosen size (in
        cells of one width: each as wide as the widest needs)."""
        f = theme.face(theme.px(self.size))
        # Each option's room at its sides (see margin.py), and the gap between.
        pad = 2 * needed(theme.px(self.size), labels=True)[0] + 4
        widest = max((f.size(self.shown(o))[0] for o in self.options), default=0)
        return self.rect.width - -(-len(self.options) // self.rows) * (widest + pad)

    def title_width(self) -> int:
        """The title's share: its column's, or what it needs, but never more than
        half the control."""
        need = self.title_need()
        return min(self.rect.width // 2, need)

    def parts(self) -> list[pygame.Rect]:
        """The rectangle of each option, after the title's share."""
        left = self.rect.left + self.title_width()
        n = -(-len(self.options) // self.rows)
        tall = (self.rect.height - 4 * (self.rows - 1)) / self.rows
        cells = [
            cell
            for k in range(self.rows)
            for cell in layout_row(
                pygame.FRect(left, self.rect.top + k * (tall + 4), self.rect.right - left, tall),
                n,
                gap=4,
            )
        ][: len(self.options)]
        return [
            pygame.Rect(round(r.left), round(r.top), round(r.width), round(r.height)) for r in cells
        ]

    def choose(self, index: int) -> None:
        self.index = index % len(self.options)
        self.on_change(self.value)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i, r in enumerate(self.parts()):
                if r.collidepoint(event.pos):
                    self.choose(i)
                    return True
        return False

    def activate(self) -> bool:
        return False

    def nudge(self, by: int) -> bool:
        self.choose(self.index + by)
        return True

    def title_box(self) -> pygame.Rect:
        return pygame.Rect(
            self.rect.left + 4, self.rect.top, self.title_width() - 8, self.rect.height
        )

    def sizes(self) -> tuple[int, int]:
        """The pixel sizes its title and its options fit at by themselves."""
        title = text_layout.label_px(
            _(self.title), self.title_box(), self.size + 2, floor=LABEL_FLOOR
        )
        options = min(
            button_label.one_line_px(self.shown(o), r, self.size, LABEL_FLOOR)
            for o, r in zip(self.options, self.parts(), strict=True)
        )
        return title, options

    def sizes_at(self, width: int, height: int) -> tuple[int, int]:
        """Its :meth:`sizes` were it laid out ``width`` by ``height``: for a
        scene that chooses between it and a stepper before its layout."""
        kept = self.rect
        self.rect = pygame.Rect(0, 0, width, height)
        try:
            return self.sizes()
        finally:
            self.rect = kept

    def draw(self, surface: pygame.Surface) -> None:
        most = self.draw_title(surface)
        lines = [
            (self.shown(self.options[i]), r, self.draw_box(surface, r, i == self.index))
            for i, r in enumerate(self.parts())
        ]
        button_label.shared_labels(surface, lines, self.size, LABEL_FLOOR, most=most[1])

    def draw_title(self, surface: pygame.Surface) -> tuple[int | None, int | None]:
        """The title, at the size the table of choices shares; returns the sizes
        it shares (its titles', its options'; None: this choice's own)."""
        most = self.shared or (None, None)
        text_layout.label(
            surface,
            _(self.title),
            self.title_box(),
            size=self.size + 2,
            floor=LABEL_FLOOR,
            most=most[0],
        )
        return most

    def draw_box(self, surface: pygame.Surface, r: pygame.Rect, chosen: bool) -> theme.Color:
        """An option's box at ``r``, gold if ``chosen`` (ringed if focused too);
        returns the colour its text is drawn in."""
        edge = theme.ACCENT if self.focused else theme.CELL_EDGE
        pygame.draw.rect(surface, theme.ACCENT if chosen else theme.BG_LIGHT, r, border_radius=8)
        pygame.draw.rect(surface, edge if chosen else theme.CELL_EDGE, r, 2, border_radius=8)
        if chosen and self.focused:
            focus_ring(surface, r)  # an accent edge vanishes on the accent fill
        return theme.BG if chosen else theme.TEXT


def title_column(choices: Sequence[Segments]) -> None:
    """Give choices stacked in a grid one title column, as wide as the widest
    title needs: their options start at one edge and line up."""
    for c in choices:
        c.column = choices


def press(
    widgets: Iterable[Widget],
    event: pygame.event.Event,
    click: Callable[[], None] | None = None,
) -> bool:
    """Offer an event to each widget until one takes it; True if one did.

    ``click`` runs when a button was pressed, so every screen gives the same
    feedback; a slider being dragged stays silent.
    """
    for w in widgets:
        if w.handle(event):
            if click is not None and isinstance(w, Button):
                click()
            return True
    return False


def update_all(widgets: Iterable[Widget], dt: float) -> bool:
    """Advance every widget; True while any of them still moves."""
    moving = False
    for w in widgets:
        moving = bool(w.update(dt)) or moving
    return moving


def draw_all(
    widgets: Iterable[Widget],
    surface: pygame.Surface,
    *,
    any_height: bool = False,
    one_size: bool = False,
) -> None:
    """Draw ``widgets``; the buttons among them of one text size and height (a
    row, a column, a menu; ``any_height``: whatever their heights) share one label
    size: the smallest any of them needs; so do the sliders, and the text fields'
    titles. ``one_size``: every button and slider shares one (a list of
    settings, read as one)."""
    drawn = list(widgets)
    buttons = [w for w in drawn if isinstance(w, Button) and type(w).draw is Button.draw]
    button_label.share_label_size(buttons, LABEL_FLOOR, any_height=any_height)
    # Fields stacked together: one title width, so their values start at one edge.
    fields = [w for w in drawn if is_titled(w) and w.rect.width]
    room = max((f.title_need() for f in fields), default=None)
    for field in fields:
        field.title_room = room
    others = [w for w in drawn if is_own_label(w) and w.rect.width]
    for kind in {type(w) for w in others}:
        least = min(w.label_px() for w in others if type(w) is kind)
        for other in others:
            if type(other) is kind:
                other.shared_px = least
    if one_size:
        sized: list[Button | widget_kinds.OwnLabel] = [*buttons, *others]
        common = min((w.shared_px for w in sized if w.shared_px), default=None)
        for one in sized:
            one.shared_px = common
    # Choices stacked together are read as a table: one title size, one option size.
    choices = [w for w in drawn if isinstance(w, Segments) and w.rect.width]
    for size in {c.size for c in choices}:
        group = [c for c in choices if c.size == size]
        fits = [c.sizes() for c in group]
        shared = (min(t for t, _o in fits), min(o for _t, o in fits))
        for c in group:
            c.shared = shared
    for w in drawn:
        w.draw(surface)
