"""What the Mosaix solo game and a match share on screen (:class:`SheetPlay`),
and the count at the end of either (:class:`MosaixResultScene`).

The turn flow is :mod:`game.play.mosaix_flow`'s; these scenes draw it and turn
keys and clicks into calls on it.
"""

from __future__ import annotations

import random
from functools import partial

import pygame

from game.mosaix import CREDIT, Formation, Sheet
from game.mosaix.sheet import SIZE
from game.play.arranger import SHAPE_NAMES, Arranger
from game.play.jobs import Job
from game.play.mosaix_flow import MosaixEvent, SheetFlow
from game.play.sheet_keys import sheet_step

from .. import theme
from ..layout import grid
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
        a=(pygame.K_RETURN, "lay it out, or write the formation at the cursor"),
        x=(pygame.K_r, "turn the formation"),
        y=(pygame.K_SPACE, "next order"),
        b=(pygame.K_ESCAPE, "the menu"),
        start=(pygame.K_ESCAPE, "the menu"),
    )

    def __init__(self, app: Services) -> None:
        super().__init__(app)
        self.view = SheetView()
        self.hover: tuple[int, int] | None = None
        self.rolling = 0.0
        self.clock = 0.0
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.k = 1.0  # the panel's scale: laid out for 800 pixels of height
        #: Where the panel's column puts the credit, the dice, and the game's own part.
        self.credit_top = 0
        self.dice_top = 0
        self.below = 0
        self.shape_buttons = [
            Button(f"{i + 1} {name}", partial(self.pick_shape, i), key=pygame.K_1 + i, size=20)
            for i, name in enumerate(SHAPE_NAMES)
        ]
        self.order_button = Button("Order (Space)", self.next_order, key=pygame.K_SPACE, size=20)
        self.turn_button = Button("Turn (R)", self.rotate, key=pygame.K_r, size=20)
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

    def resize(self, size: tuple[int, int]) -> None:
        """The panel as a column from the top: the title, the credit (as many
        lines as the text size needs), the dice, the shapes, the order and the
        turn; ``self.below`` is where the game's own part of it starts."""
        w, h = size
        panel = min(PANEL, w * 2 // 5)
        self.panel = pygame.Rect(w - panel, 0, panel, h)
        # The panel is laid out for 800 pixels of height and squeezed below that;
        # the text sizes follow the window, never the text size setting down.
        self.k = max(0.55, min(1.0, h / 800))
        p = self.panel
        gap = self.y(10)
        y = self.y(10) + theme.font(self.y(28), True).get_linesize()
        self.credit_top = y
        y += self.credit_height(p.width - 16) + gap
        self.dice_top = y
        y += self.dice_size() + gap + self.y(6)  # the dice jump as they tumble
        bw = (panel - 40) // 4
        bh = self.y(38)
        left = p.left + 12
        grid(self.shape_buttons, left, y, width=bw, height=bh, columns=4, gap=5, row_gap=6)
        for b in (*self.shape_buttons, self.order_button, self.turn_button):
            b.size = max(14, self.y(20))
        y += 2 * bh + 6 + self.y(8)
        half = (panel - 34) // 2
        grid((self.order_button, self.turn_button), left, y, width=half, height=bh, gap=10)
        self.below = y + bh + gap
        # Below the sheet, its column letters; above it, the message.
        top = self.message_height() + 16
        self.view.layout(pygame.Rect(30, top, w - panel - 60, h - top - 50))

    def y(self, v: float) -> int:
        """A height on the panel, as laid out for 800 pixels, at this window's size."""
        return round(v * self.k)

    def credit_height(self, width: int) -> int:
        size = max(12, self.y(16))
        return len(theme.wrap(CREDIT, size, width)) * theme.font(size).get_linesize()

    def dice_size(self) -> int:
        return min(self.y(54), (self.panel.width - 60) // 4)

    def formation_height(self) -> int:
        """The room a formation takes on the panel: four cells, for one standing."""
        return 4 * self.y(30)

    def message_size(self) -> int:
        return max(16, self.y(24))

    def message_height(self) -> int:
        """The room over the sheet for the message: three lines, at the one size it
        is drawn at whatever it says (a refusal reads as large as a prompt)."""
        return 3 * theme.font(self.message_size()).get_linesize()

    def draw_heading(self, surface: pygame.Surface, title: str) -> None:
        p = self.panel
        theme.text(
            surface, title, (p.centerx, self.y(10)), size=self.y(28), bold=True, anchor="midtop"
        )
        size = max(12, self.y(16))
        step = theme.font(size).get_linesize()
        for i, line in enumerate(theme.wrap(CREDIT, size, p.width - 16)):
            theme.text(
                surface,
                line,
                (p.centerx, self.credit_top + i * step),
                size=size,
                color=theme.MUTED,
                anchor="midtop",
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
        color = TONE_COLOR[tone]
        size = self.message_size()
        step = theme.font(size).get_linesize()
        box = pygame.Rect(20, 8, self.panel.left - 40, self.message_height())
        for i, line in enumerate(theme.wrap(text, size, box.width)):
            theme.text(
                surface, line, (box.centerx, box.top + i * step), size=size, color=color,
                anchor="midtop", box=box,
            )  # fmt: skip

    def draw_dice(self, surface: pygame.Surface) -> None:
        """The four dice, tumbling while they roll."""
        p = self.panel
        top = self.dice_top
        if self.arranger is None:
            return
        rolled = self.arranger.rolled
        if self.rolling > 0:
            rng = random.Random(int(self.clock * 20))
            rolled = "".join(rng.choice("OXT") for _ in range(4))
        size = self.dice_size()
        for i, s in enumerate(rolled):
            r = pygame.Rect(p.left + 14 + i * (size + 10), top, size, size)
            if self.rolling > 0:
                r.y += round(6 * ((self.clock * 17 + i) % 2 - 1))
            pygame.draw.rect(surface, theme.TEXT, r, border_radius=8)
            draw_symbol(surface, s, r, SYMBOL_COLOR[s] if self.rolling <= 0 else theme.MUTED)

    def draw_formation(self, surface: pygame.Surface, top: int) -> None:
        f = self.formation()
        arranger = self.arranger
        if f is None or arranger is None or self.rolling > 0:
            return
        p = self.panel
        cell = self.y(30)
        w = max(c[0] for c in f.cells) + 1
        h = max(c[1] for c in f.cells) + 1
        left = p.centerx - w * cell // 2
        for x, y, s in f.cells:
            r = pygame.Rect(left + x * cell, top + (h - 1 - y) * cell, cell, cell)
            pygame.draw.rect(surface, theme.CELL, r.inflate(-2, -2), border_radius=4)
            draw_symbol(surface, s, r)
        theme.text(
            surface,
            f"{SHAPE_NAMES[arranger.shape]}-shape",
            (p.right - 14, top),
            size=max(12, self.y(18)),
            color=theme.MUTED,
            anchor="topright",
        )


class MosaixResultScene(ButtonScene):
    """The count: each symbol's areas of five or more times their cells, outlined
    on the sheet below; the scale's points; the verdict."""

    overlay = True

    def __init__(
        self, app: Services, play: SheetPlay, best: bool = False, extra: list[Button] | None = None
    ) -> None:
        super().__init__(app)
        self.box = pygame.Rect(0, 0, 0, 0)
        self.play = play
        self.best = best
        again = Button("Play again", self.again, key=pygame.K_RETURN, size=24)
        # ``extra``: the play's own buttons, above these (a match's next sheet).
        self.controls = [
            *(extra or []),
            again,
            Button("Menu", self.menu, key=pygame.K_ESCAPE, size=24),
        ]

    def enter(self) -> None:
        self.resize(self.app.size)

    def resize(self, size: tuple[int, int]) -> None:
        p = self.play.panel
        self.box = pygame.Rect(p.left + 8, self.play.dice_top, p.width - 16, 0)
        self.box.height = size[1] - 14 - self.box.top
        box = self.box
        height = max(34, self.play.y(44))
        step = height + 8
        grid(
            self.controls,
            box.left + 12,
            box.bottom - 6 - step * len(self.controls),
            width=box.width - 24,
            height=height,
            columns=1,
            row_gap=8,
        )

    def again(self) -> None:
        self.app.scenes.pop()
        self.app.scenes.replace(self.play.again())

    def menu(self) -> None:
        self.app.scenes.pop()
        self.app.scenes.pop()

    def draw(self, surface: pygame.Surface) -> None:
        box = self.box
        pygame.draw.rect(surface, theme.PANEL, box, border_radius=14)
        pygame.draw.rect(surface, theme.ACCENT, box, 3, border_radius=14)
        y = box.top + 14
        for text, size, color in self.lines():
            # Wrapped, not cut: "7 points. A win takes 120 points." outgrows a narrow card.
            for line in theme.wrap(text, size, box.width - 24):
                theme.text(surface, line, (box.centerx, y), size=size, color=color, anchor="midtop")
                y += size + 4
            y += 6
        draw_all(self.controls, surface)

    def lines(self) -> list[tuple[str, int, theme.Color]]:
        """Each line of the count, at a size that follows the window (as the panel
        does), never the text size setting down."""
        return [
            (line.text, max(16, self.play.y(PART_SIZE[line.part])), count_color(line.tone))
            for line in self.play.flow.count(self.best)
        ]
