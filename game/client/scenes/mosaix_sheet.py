"""What the Mosaix solo game and a match share on screen (:class:`SheetPlay`),
and the count at the end of either (:class:`MosaixResultScene`).

The turn flow is :mod:`game.play.mosaix_flow`'s; these scenes draw it and turn
keys and clicks into calls on it.
"""

from __future__ import annotations

import random
from functools import partial

import pygame

from game.i18n import N_, _
from game.mosaix import Formation, Sheet
from game.mosaix.sheet import SIZE
from game.play.arranger import SHAPE_NAMES, Arranger
from game.play.jobs import Job
from game.play.mosaix_flow import MosaixEvent, SheetFlow
from game.play.sheet_keys import sheet_step

from .. import text_layout as tl
from .. import theme
from ..layout import anchor, grid, place, row, split
from ..layout_tree import Column, Node
from ..scene import ButtonScene, Scene, Services, pad_buttons
from ..sheet_view import SYMBOL_COLOR, SheetView, draw_symbol
from ..widgets import Button, draw_all, press, update_all

ROLL_TIME = 0.6  # seconds the dice tumble
PANEL = 340

#: How each tone of the flow's messages is drawn.
TONE_COLOR: dict[str, theme.Color] = {
    "muted": theme.MUTED,
    "accent": theme.ACCENT,
    "good": theme.GOOD,
    "bad": theme.BAD,
}
#: How large each part of the count reads.
PART_SIZE = {"title": 34, "winner": 30, "line": 22, "total": 28, "note": 20}


def count_color(tone: str) -> theme.Color:
    """A line of the count in its tone: a symbol's colour, a message tone, or text."""
    if tone in SYMBOL_COLOR:
        return SYMBOL_COLOR[tone]
    return TONE_COLOR.get(tone, theme.TEXT)


def fits(button: Button, width: float) -> bool:
    """Does ``button``'s label fit ``width`` at the text size's own size? Measured
    at Normal's, Large fitted "Ordine (Spazio)" back down to Normal's size, and
    every button of the panel with it; where it does not fit, the screen gives
    the button more room."""
    face = theme.face(theme.px(button.size))
    return face.size(_(button.label))[0] <= width - 12


def mosaix_credit() -> str:
    """The credit that goes wherever Mosaix does: the names as they are, the
    sentence around them in the player's language."""
    return _("Mosaix by {designer}, {publisher}").format(
        designer="Christof Tisch", publisher="Schmidt Spiele"
    )


SHEET_ARROWS = {
    pygame.K_LEFT: "left",
    pygame.K_RIGHT: "right",
    pygame.K_UP: "up",
    pygame.K_DOWN: "down",
}


class SheetPlay(Scene):
    """What the solo game and a match share on screen: the dice, the formation's
    buttons, the sheet with the preview under the pointer, and the message."""

    flow: SheetFlow
    pad_keys = pad_buttons(
        a=(pygame.K_RETURN, N_("lay it out, or write the formation at the cursor")),
        x=(pygame.K_r, N_("turn the formation")),
        y=(pygame.K_SPACE, N_("next order")),
        b=(pygame.K_ESCAPE, N_("the menu")),
        start=(pygame.K_ESCAPE, N_("the menu")),
    )

    def __init__(self, app: Services) -> None:
        super().__init__(app)
        self.view = SheetView()
        self.hover: tuple[int, int] | None = None
        self.rolling = 0.0
        self.clock = 0.0
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.k = 1.0  # the panel's scale: laid out for 800 pixels of height
        #: The panel's column: the title, the credit, the dice, and under the
        #: shapes and turns, the game's own part; over the sheet, the message.
        self.title_box = pygame.FRect()
        self.credit_box = pygame.FRect()
        self.dice_box = pygame.FRect()
        self.below = pygame.FRect()
        self.message_box = pygame.FRect()
        self.shape_buttons = [
            Button(f"{i + 1} {name}", partial(self.pick_shape, i), key=pygame.K_1 + i, size=20)
            for i, name in enumerate(SHAPE_NAMES)
        ]
        self.order_button = Button(
            N_("Order (Space)"), self.next_order, key=pygame.K_SPACE, size=20
        )
        self.turn_button = Button(N_("Turn (R)"), self.rotate, key=pygame.K_r, size=20)
        self.controls: list[Button] = [*self.shape_buttons, self.order_button, self.turn_button]

    # -- what the flow holds, as the drawing and the tests read it --------------------------
    @property
    def arranger(self) -> Arranger | None:
        return self.flow.arranger

    @property
    def thinking(self) -> Job | None:
        return self.flow.thinking

    @property
    def finished(self) -> bool:
        return self.flow.finished

    @property
    def message(self) -> tuple[str, theme.Color]:
        text, tone = self.flow.message
        return text, TONE_COLOR[tone]

    def sheet(self) -> Sheet:
        return self.flow.sheet()

    def formation(self) -> Formation | None:
        return self.flow.formation()

    def may_write(self) -> bool:
        return self.rolling <= 0 and self.flow.may_write()

    # -- input --------------------------------------------------------------------------------
    def pick_shape(self, index: int) -> None:
        self.flow.pick_shape(index)

    def next_order(self) -> None:
        self.flow.next_order()

    def rotate(self) -> None:
        self.flow.rotate()

    def handle(self, event: pygame.event.Event) -> None:
        if press(self.controls, event, self.app.click):
            return
        # The arrows aim at the sheet; Enter, when no button takes it, writes there.
        direction = SHEET_ARROWS.get(getattr(event, "key", -1))
        if event.type == pygame.KEYDOWN and direction is not None:
            self.hover = sheet_step(self.hover, direction, SIZE)
            self.flow.pointed()
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.hover is not None:
                self.click()
        elif event.type == pygame.MOUSEMOTION:
            cell = self.view.cell_at(event.pos, margin=2)
            if cell != self.hover:
                self.flow.pointed()
            self.hover = cell
        elif event.type == pygame.MOUSEWHEEL or (
            event.type == pygame.MOUSEBUTTONDOWN and event.button == 3
        ):
            self.rotate()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            cell = self.view.cell_at(event.pos, margin=2)
            if cell is not None:
                self.hover = cell
                self.click()

    def click(self) -> None:
        if self.rolling > 0:
            return
        got = self.flow.click(self.hover)
        if isinstance(got, str):
            if got:
                self.app.sound("refuse")
            return
        self.show(got)

    # -- what happened ----------------------------------------------------------------------
    def show(self, events: list[MosaixEvent]) -> None:
        """Draw and sound what the flow says happened."""
        for e in events:
            if e.kind == "rolled":
                self.rolling = ROLL_TIME
                self.app.sound("dice")
            elif e.kind == "written" and e.placement is not None:
                self.view.written(e.placement.cells())
                self.app.sound("draw")
                for area in e.areas:
                    self.view.light(area)
                if e.areas:
                    self.app.sound("area")
            elif e.kind == "finished":
                self.finished_with(e)

    def again(self) -> SheetPlay:
        """A new game of the same kind, for the count's Play again."""
        raise NotImplementedError

    def finished_with(self, event: MosaixEvent) -> None:
        self.app.scenes.push(MosaixResultScene(self.app, self, event.best))

    def leave(self) -> None:
        self.flow.leave()

    # -- time and layout ------------------------------------------------------------------
    def update(self, dt: float) -> bool:
        self.clock += dt
        for b in (*self.shape_buttons, self.order_button):
            b.enabled = self.flow.can_arrange()
        self.turn_button.enabled = self.flow.can_turn()
        moving = self.view.busy or self.rolling > 0 or self.flow.thinking is not None
        self.view.update(dt)
        self.rolling = max(0.0, self.rolling - dt)
        self.show(self.flow.poll())
        return update_all(self.controls, dt) or moving

    # Laid out by hand: the Mosaix panel is laid out for 800 pixels of height and
    # every length scaled down with the window (``self.k``, see :meth:`y`), which no
    # length of the tree says; the solo and match screens then lay their own part in
    # what it leaves (``self.below``), each in its own ``resize`` after this one.
    def resize(self, size: tuple[int, int]) -> None:
        """The panel as a column from the top: the title, the credit (as tall as
        the text size makes it), the dice, the shapes, the order and the turn;
        ``self.below`` is the rest, the game's own part. Over the sheet, the room
        for the message."""
        w, h = size
        strip, rest = split(pygame.FRect(0, 0, w, h), min(PANEL, w * 2 // 5), "right")
        self.panel = pygame.Rect(strip)
        # The panel is laid out for 800 pixels of height and squeezed below that;
        # the text sizes follow the window, never the text size setting down.
        self.k = max(0.55, min(1.0, h / 800))
        gap = self.y(10)
        body = strip.inflate(-24, 0)
        # The title is drawn a gap down its box (see draw_heading): a gap more keeps
        # the credit under it clear of it.
        self.title_box, body = split(body, 2 * gap + theme.font(self.y(28), True).get_linesize())
        # The credit may use the panel's margins: one line at a readable size.
        height = tl.block_height(mosaix_credit(), self.credit_size(), body.width + 16)
        credit, body = split(body, height, gap=gap)
        self.credit_box = credit.inflate(16, 0)
        # The dice jump as they tumble: room for it under them.
        self.dice_box, body = split(body, self.dice_size() + self.y(6), gap=gap)
        bh = self.y(38)
        shapes, body = split(body, 2 * bh + 6, gap=self.y(8))
        place(self.shape_buttons, grid(shapes, 7, columns=4, height=bh, gap=5, row_gap=6))
        for b in (*self.shape_buttons, self.order_button, self.turn_button):
            b.size = max(14, self.y(20))
        # Order and Turn side by side where their labels fit so, else one above the
        # other (a long word for Space in another language).
        pair = (self.order_button, self.turn_button)
        half = (body.width - 10) / 2
        side_by_side = all(fits(b, half) for b in pair)
        turns, self.below = split(body, bh if side_by_side else 2 * bh + 6, gap=gap)
        place(pair, grid(turns, 2, columns=2 if side_by_side else 1, height=bh, gap=10, row_gap=6))
        # Over the sheet, the message; under it, its column letters.
        board = rest.inflate(-60, -16)
        self.message_box, board = split(board, self.message_height(), gap=8)
        self.view.layout(split(board, 42, "bottom")[1])
        # A formation pointed past the sheet's edge hangs into the room round it,
        # never over the top line above it nor the panel beside it.
        self.view.room = pygame.Rect(split(rest, self.message_box.bottom)[1])

    def y(self, v: float) -> int:
        """A height on the panel, as laid out for 800 pixels, at this window's size."""
        return round(v * self.k)

    def credit_size(self) -> int:
        return max(13, self.y(18))

    def dice_size(self) -> int:
        return min(self.y(54), (self.panel.width - 60) // 4)

    def formation_height(self) -> int:
        """The room a formation takes on the panel: its shape's name over four
        cells, for one standing."""
        return self.shape_line() + 4 * self.y(30)

    def shape_line(self) -> int:
        return theme.font(self.small_size()).get_linesize()

    def small_size(self) -> int:
        """The size of the panel's small text (a shape's name, the record): no
        button's label is drawn smaller."""
        return max(15, self.y(18))

    def message_size(self) -> int:
        return max(18, self.y(24))

    def message_height(self) -> int:
        """The room over the sheet for the message: three lines at its size."""
        return 3 * theme.font(self.message_size()).get_linesize()

    def draw_heading(self, surface: pygame.Surface, title: str) -> None:
        """The panel's title and, under it whole, the game's credit."""
        box = self.title_box.move(0, self.y(10))
        box.height = theme.font(self.y(28), True).get_linesize()  # a gap under it, then the credit
        tl.label(surface, title, box, size=self.y(28), bold=True, align="center")
        tl.block(
            surface,
            mosaix_credit(),
            self.credit_box,
            size=self.credit_size(),
            color=theme.MUTED,
            align="center",
        )

    # -- drawing ---------------------------------------------------------------------------
    def draw_sheet(self, surface: pygame.Surface, outline: bool = False) -> None:
        preview = None if outline or self.rolling > 0 else self.flow.preview(self.hover)
        self.view.draw(
            surface,
            self.sheet(),
            preview=preview.cells if preview else [],
            preview_ok=preview.ok if preview else True,
            hanging=preview.hanging if preview else (),
            outline=outline,
        )

    def draw_message(self, surface: pygame.Surface) -> None:
        text, tone = self.flow.line(None if self.rolling > 0 else self.hover)
        size = self.message_size()
        tl.block(surface, text, self.message_box, size=size, color=TONE_COLOR[tone], align="center")

    def draw_dice(self, surface: pygame.Surface) -> None:
        """The four dice, tumbling while they roll."""
        if self.arranger is None:
            return
        rolled = self.arranger.rolled
        if self.rolling > 0:
            rng = random.Random(int(self.clock * 20))
            rolled = "".join(rng.choice("OXT") for _s in range(4))
        size = self.dice_size()
        box = split(self.dice_box, size)[0]
        for i, (s, r) in enumerate(zip(rolled, row(box, 4, width=size, gap=10), strict=True)):
            if self.rolling > 0:
                r.y += 6 * ((self.clock * 17 + i) % 2 - 1)
            pygame.draw.rect(surface, theme.TEXT, r, border_radius=8)
            draw_symbol(surface, s, r, SYMBOL_COLOR[s] if self.rolling <= 0 else theme.MUTED)

    def draw_formation(self, surface: pygame.Surface, top: float) -> None:
        f = self.formation()
        arranger = self.arranger
        if f is None or arranger is None or self.rolling > 0:
            return
        p = self.panel
        # The shape's name on its own line over it: beside it, a long name was cut.
        name = _("{shape}-shape").format(shape=SHAPE_NAMES[arranger.shape])
        line = pygame.FRect(p.left + 14, top, p.width - 28, self.shape_line())
        tl.label(surface, name, line, size=self.small_size(), color=theme.MUTED, align="center")
        top = line.bottom
        cell = self.y(30)
        w = max(c[0] for c in f.cells) + 1
        h = max(c[1] for c in f.cells) + 1
        at = anchor(pygame.FRect(p.left, top, p.width, h * cell), (w * cell, h * cell), "top")
        for x, y, s in f.cells:
            r = pygame.FRect(at.left + x * cell, at.top + (h - 1 - y) * cell, cell, cell)
            pygame.draw.rect(surface, theme.CELL, r.inflate(-2, -2), border_radius=4)
            draw_symbol(surface, s, r)


class MosaixResultScene(ButtonScene):
    """The count: each symbol's areas of five or more times their cells, outlined
    on the sheet below; the scale's points; the verdict."""

    overlay = True

    def __init__(
        self, app: Services, play: SheetPlay, best: bool = False, extra: list[Button] | None = None
    ) -> None:
        super().__init__(app)
        self.play = play
        self.best = best
        again = Button(N_("Play again"), self.again, key=pygame.K_RETURN, size=24)
        # ``extra``: the play's own buttons, above these (a match's next sheet).
        self.controls = [
            *(extra or []),
            again,
            Button(N_("Menu"), self.menu, key=pygame.K_ESCAPE, size=24),
        ]

    def enter(self) -> None:
        self.resize(self.app.size)

    def room(self, size: tuple[int, int]) -> pygame.Rect:
        return self.play.panel

    @property
    def box(self) -> pygame.Rect:
        """The card."""
        return self.boxes.rect("box")

    @property
    def count_box(self) -> pygame.FRect:
        """The card's part above its buttons, where the count is written."""
        return self.boxes["count"]

    def layout(self, size: tuple[int, int]) -> Node:
        """The card down the panel under its credit (the sheet shown stays in
        view), the buttons at its foot, the count above them."""
        height = max(34, self.play.y(44))
        n = len(self.controls)
        buttons = Column(
            dock="bottom",
            height=n * height + (n - 1) * 8,
            gap=8,
            children=[Node(c, height=height) for c in self.controls],
        )
        card = Column(key="box", padding=(10, 12), gap=8, children=[Node("count"), buttons])
        top = self.play.dice_box.top - self.play.panel.top
        return Column(padding=(top, 8, 14, 8), children=[card])

    def again(self) -> None:
        self.app.scenes.pop()
        self.app.scenes.replace(self.play.again())

    def menu(self) -> None:
        self.app.scenes.pop()
        self.app.scenes.pop()

    def draw(self, surface: pygame.Surface) -> None:
        pygame.draw.rect(surface, theme.PANEL, self.box, border_radius=14)
        pygame.draw.rect(surface, theme.ACCENT, self.box, 3, border_radius=14)
        box = self.count_box
        for text, size, color in self.lines():
            # Wrapped, not cut: "Player 1 (AI): 119 points" outgrows a narrow card.
            height = tl.block_height(text, size, box.width)
            line, box = split(box, height, gap=6)
            tl.block(surface, text, line, size=size, color=color, align="center")
        draw_all(self.controls, surface)

    def lines(self) -> list[tuple[str, int, theme.Color]]:
        """Each line of the count, at a size that follows the window (as the panel
        does), never the text size setting down."""
        return [
            (line.text, max(16, self.play.y(PART_SIZE[line.part])), count_color(line.tone))
            for line in self.play.flow.count(self.best)
        ]
