"""Mosaix on screen: the solo game (and the daily one), a match of 1 to 4
sheets, and the count at the end.

A turn: the dice roll (they tumble for a moment), the roller picks a shape
(keys 1-7 or the buttons), an order of the symbols (Space) and a turn (R, or
the right mouse button); every player then points at their sheet, where the
formation shows where each symbol would land (green: it may go there; red: it
may not, and why is said above), and clicks to write it. Symbols are drawn in,
and an area that reaches five cells lights up.

The turn flow is :mod:`game.play.mosaix_flow`'s (the AI works in the jobs
process, so the window keeps drawing meanwhile); these scenes draw it and turn
keys and clicks into calls on it.
"""

from __future__ import annotations

import datetime as dt
import random

import pygame

from game.mosaix import CREDIT, Formation, Sheet
from game.mosaix.game import SCALE, SOLO_SUPER, SOLO_WIN, Match, Solo
from game.play.arranger import SHAPE_NAMES, Arranger
from game.play.jobs import Job
from game.play.mosaix_flow import MatchFlow, MosaixEvent, SheetFlow, SoloFlow, Tone
from game.play.mosaix_records import MosaixRecords

from .. import theme
from ..scene import ButtonScene, Scene, Services
from ..sheet_view import SYMBOL_COLOR, SheetView, draw_symbol
from ..widgets import Button, draw_all, press, update_all
from .confirm import ConfirmScene

ROLL_TIME = 0.6  # seconds the dice tumble
PANEL = 340

#: How each tone of the flow's messages is drawn.
TONE_COLOR: dict[Tone, tuple[int, int, int]] = {
    "muted": theme.MUTED,
    "accent": theme.ACCENT,
    "good": theme.GOOD,
    "bad": theme.BAD,
}


class SheetPlay(Scene):
    """What the solo game and a match share on screen: the dice, the formation's
    buttons, the sheet with the preview under the pointer, and the message."""

    flow: SheetFlow

    def __init__(self, app: Services) -> None:
        super().__init__(app)
        self.view = SheetView()
        self.hover: tuple[int, int] | None = None
        self.rolling = 0.0
        self.clock = 0.0
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.k = 1.0  # the panel's scale: laid out for 800 pixels of height
        self.shape_buttons = [
            Button(f"{i + 1} {name}", lambda i=i: self.pick_shape(i), key=pygame.K_1 + i, size=20)
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
    def message(self) -> tuple[str, tuple[int, int, int]]:
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
        if event.type == pygame.MOUSEMOTION:
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
        w, h = size
        panel = min(PANEL, w * 2 // 5)
        self.panel = pygame.Rect(w - panel, 0, panel, h)
        # The panel is laid out for 800 pixels of height and squeezed below that.
        self.k = max(0.55, min(1.0, h / 800))
        self.view.layout(pygame.Rect(30, 80, w - panel - 60, h - 130))
        bw = (panel - 40) // 4
        bh = self.y(38)
        for i, b in enumerate(self.shape_buttons):
            b.rect = pygame.Rect(
                self.panel.left + 12 + (i % 4) * (bw + 5), self.y(150) + (i // 4) * (bh + 6), bw, bh
            )
        for b in (*self.shape_buttons, self.order_button, self.turn_button):
            b.size = max(14, self.y(20))
        half = (panel - 34) // 2
        self.order_button.rect = pygame.Rect(self.panel.left + 12, self.y(240), half, bh)
        self.turn_button.rect = pygame.Rect(self.panel.left + 22 + half, self.y(240), half, bh)

    def y(self, v: float) -> int:
        """A height on the panel, as laid out for 800 pixels, at this window's size."""
        return round(v * self.k)

    def draw_heading(self, surface: pygame.Surface, title: str) -> None:
        p = self.panel
        theme.text(
            surface, title, (p.centerx, self.y(10)), size=self.y(28), bold=True, anchor="midtop"
        )
        size = max(12, self.y(16))
        for i, line in enumerate(theme.wrap(CREDIT, size, p.width - 16)[:2]):
            theme.text(
                surface,
                line,
                (p.centerx, self.y(44) + i * (size + 2)),
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
            outline=outline,
        )

    def draw_message(self, surface: pygame.Surface) -> None:
        text, color = self.message
        hover = None if text or self.rolling > 0 else self.flow.hover_text(self.hover)
        if hover is not None:
            text, color = hover[0], TONE_COLOR[hover[1]]
        # Above the sheet, shrinking to fit rather than cut short.
        box = pygame.Rect(20, 8, self.panel.left - 40, max(24, self.view.rect.top - 14))
        theme.block(surface, text, box, size=24, smallest=14, color=color)

    def draw_dice(self, surface: pygame.Surface, top: int) -> None:
        """The four dice, tumbling while they roll."""
        p = self.panel
        if self.arranger is None:
            return
        rolled = self.arranger.rolled
        if self.rolling > 0:
            rng = random.Random(int(self.clock * 20))
            rolled = "".join(rng.choice("OXT") for _ in range(4))
        size = min(self.y(54), (p.width - 60) // 4)
        for i, s in enumerate(rolled):
            r = pygame.Rect(p.left + 14 + i * (size + 10), top, size, size)
            if self.rolling > 0:
                r.y += round(6 * ((self.clock * 17 + i) % 2 - 1))
            pygame.draw.rect(surface, theme.TEXT, r, border_radius=8)
            draw_symbol(surface, s, r, SYMBOL_COLOR[s] if self.rolling <= 0 else theme.MUTED)

    def draw_formation(self, surface: pygame.Surface, top: int) -> None:
        f = self.formation()
        if f is None or self.rolling > 0:
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
            f"{SHAPE_NAMES[self.arranger.shape]}-shape",
            (p.right - 14, top),
            size=max(12, self.y(18)),
            color=theme.MUTED,
            anchor="topright",
        )


class MosaixSoloScene(SheetPlay):
    """The solo game: you roll and lay out every formation; the scale of 8 lets
    symbols hang over the edge; 120 points wins, 130 is really super."""

    flow: SoloFlow

    def __init__(
        self, app: Services, seed: int | None = None, *, daily: dt.date | None = None
    ) -> None:
        super().__init__(app)
        self.flow = SoloFlow(app.jobs, app.data, seed, day=daily)
        if self.flow.records_problem:
            app.toast(self.flow.records_problem)
        self.hint_button = Button("Hint (H)", self.hint, key=pygame.K_h, size=22)
        self.end_button = Button("End game (E)", self.ask_to_end, key=pygame.K_e, size=22)
        self.menu_button = Button("Menu", self.menu, key=pygame.K_ESCAPE, size=22)
        self.controls += [self.hint_button, self.end_button, self.menu_button]

    @property
    def game(self) -> Solo:
        return self.flow.game

    @property
    def day(self) -> dt.date | None:
        return self.flow.day

    @property
    def records(self) -> MosaixRecords:
        return self.flow.records

    def enter(self) -> None:
        self.resize(self.app.size)
        self.show(self.flow.start())

    def resume(self) -> None:
        self.resize(self.app.size)

    def hint(self) -> None:
        if self.rolling > 0:
            return

        def point(cell: tuple[int, int]) -> None:
            self.hover = cell

        self.flow.hint(point)

    def ask_to_end(self) -> None:
        if self.flow.finished:
            return
        self.app.scenes.push(
            ConfirmScene(
                self.app,
                "End the game now?",
                f"Your score would be {self.game.score}: the sheet's points and one for each "
                "empty space of the scale.",
                "End it",
                self.end,
            )
        )

    def end(self) -> None:
        self.show(self.flow.end())

    def finished_with(self, event: MosaixEvent) -> None:
        text, tone = self.flow.message
        if tone == "bad":  # the results could not be saved
            self.app.toast(text)
        super().finished_with(event)

    def menu(self) -> None:
        if self.flow.finished or not self.game.turns:
            self.app.scenes.pop()
            return
        self.app.scenes.push(
            ConfirmScene(
                self.app,
                "Leave this game?",
                "A solo game is not kept.",
                "Leave",
                self.app.scenes.pop,
            )
        )

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        p = self.panel
        buttons = (self.hint_button, self.end_button, self.menu_button)
        if size[1] >= 700:
            for i, b in enumerate(buttons):
                b.rect = pygame.Rect(p.left + 12, p.bottom - 60 - (2 - i) * 50, p.width - 24, 42)
        else:  # a short window: one row of three
            bw = (p.width - 36) // 3
            for i, b in enumerate(buttons):
                b.rect = pygame.Rect(p.left + 12 + i * (bw + 6), p.bottom - 44, bw, 36)
                b.label = b.label.split(" (")[0]
                b.size = 18

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_sheet(surface, outline=self.finished)
        self.draw_message(surface)
        p = self.panel
        pygame.draw.rect(surface, theme.PANEL, p)
        self.draw_heading(surface, f"Mosaix {'Daily solo' if self.day else 'Solo'}")
        self.draw_dice(surface, self.y(80))
        draw_all(self.controls, surface)
        self.draw_formation(surface, self.y(292))
        y = self.y(420)
        theme.text(surface, "Scale", (p.left + 14, y), size=max(14, self.y(20)), color=theme.MUTED)
        box = min(22, (p.width - 90) // SCALE - 4)
        for i in range(SCALE):
            r = pygame.Rect(p.left + 70 + i * (box + 4), y - 2, box, box)
            pygame.draw.rect(surface, theme.CELL_EDGE, r, 2, border_radius=3)
            if i >= self.game.scale:
                pygame.draw.line(surface, theme.BAD, r.topleft, r.bottomright, 3)
        theme.text(
            surface,
            f"Points now: {self.game.sheet.score()} + {self.game.scale} = {self.game.score}",
            (p.left + 14, y + self.y(32)),
            size=max(15, self.y(22)),
        )
        theme.text(
            surface,
            f"Best: {self.records.best}   win at {SOLO_WIN}",
            (p.left + 14, y + self.y(60)),
            size=max(13, self.y(18)),
            color=theme.MUTED,
        )


class MosaixResultScene(ButtonScene):
    """The count: each symbol's areas of five or more times their cells, outlined
    on the sheet below; the scale's points; the verdict."""

    overlay = True

    def __init__(self, app: Services, play: SheetPlay, best: bool = False) -> None:
        super().__init__(app)
        self.box = pygame.Rect(0, 0, 0, 0)
        self.play = play
        self.best = best
        again = Button("Play again", self.again, key=pygame.K_RETURN, size=24)
        self.controls = [again, Button("Menu", self.menu, key=pygame.K_ESCAPE, size=24)]

    def enter(self) -> None:
        self.resize(self.app.size)

    def resize(self, size: tuple[int, int]) -> None:
        p = self.play.panel
        self.box = pygame.Rect(p.left + 8, 66, p.width - 16, size[1] - 80)
        for i, b in enumerate(self.controls):
            b.rect = pygame.Rect(
                self.box.left + 12, self.box.bottom - 110 + i * 52, self.box.width - 24, 44
            )

    def again(self) -> None:
        play = self.play
        self.app.scenes.pop()
        if isinstance(play, MosaixSoloScene):
            self.app.scenes.replace(MosaixSoloScene(self.app, daily=None))
        else:
            self.app.scenes.replace(MosaixMatchScene(self.app, play.kinds))

    def menu(self) -> None:
        self.app.scenes.pop()
        self.app.scenes.pop()

    def draw(self, surface: pygame.Surface) -> None:
        box = self.box
        pygame.draw.rect(surface, theme.PANEL, box, border_radius=14)
        pygame.draw.rect(surface, theme.ACCENT, box, 3, border_radius=14)
        y = box.top + 14
        for line, size, color in self.lines():
            theme.text(surface, line, (box.centerx, y), size=size, color=color, anchor="midtop")
            y += size + 10
        draw_all(self.controls, surface)

    def lines(self) -> list[tuple[str, int, tuple]]:
        play = self.play
        if isinstance(play, MosaixSoloScene):
            game = play.game
            out = [("The count", 34, theme.TEXT)]
            for s, (k, n) in game.sheet.breakdown().items():
                out.append((f"{NAMES[s]}: {k} x {n} = {k * n}", 22, SYMBOL_COLOR[s]))
            out.append((f"Scale: {game.scale}", 22, theme.TEXT))
            total = game.score
            verdict = (
                "Really super!"
                if total >= SOLO_SUPER
                else "Won!"
                if total >= SOLO_WIN
                else f"{SOLO_WIN} wins"
            )
            out.append(
                (
                    f"{total} points. {verdict}",
                    28,
                    theme.GOOD if total >= SOLO_WIN else theme.ACCENT,
                )
            )
            if self.best:
                out.append(("A new best score", 20, theme.ACCENT))
            return out
        scores = play.match.scores()
        winners = play.match.winners()
        names = [play.name(i) for i in winners]
        head = f"{' and '.join(names)} win{'s' if len(names) == 1 else ''}"
        out = [(head, 30, theme.GOOD)]
        for i, score in enumerate(scores):
            out.append((f"{play.name(i)}: {score} points", 22, theme.TEXT))
        return out


NAMES = {"O": "Circles", "X": "Crosses", "T": "Triangles"}


class MosaixMatchScene(SheetPlay):
    """A match of 1 to 4 sheets at one screen, humans and AI. The roller changes
    each round; then every player writes the formation on their own sheet, the
    humans one after another (hand the mouse on)."""

    flow: MatchFlow

    def __init__(self, app: Services, kinds: list[str], seed: int | None = None) -> None:
        super().__init__(app)
        self.flow = MatchFlow(app.jobs, kinds, seed)
        self.thumbs = [SheetView() for _ in kinds]
        self.show_thumbs = True
        self.ready_button = Button("Lay it out (Enter)", self.lay_out, key=pygame.K_RETURN, size=22)
        self.menu_button = Button("Menu", self.menu, key=pygame.K_ESCAPE, size=22)
        self.controls += [self.ready_button, self.menu_button]

    @property
    def match(self) -> Match:
        return self.flow.match

    @property
    def kinds(self) -> list[str]:
        return self.flow.kinds

    @property
    def player(self) -> int:
        return self.flow.player

    def name(self, i: int) -> str:
        return self.flow.name(i)

    def enter(self) -> None:
        self.resize(self.app.size)
        self.show(self.flow.start())

    def resume(self) -> None:
        self.resize(self.app.size)

    def lay_out(self) -> None:
        if self.rolling > 0:
            return
        self.show(self.flow.lay_out())

    def update(self, dt: float) -> bool:
        self.ready_button.enabled = self.flow.can_arrange() and self.rolling <= 0
        return super().update(dt)

    def menu(self) -> None:
        if self.flow.finished:
            self.app.scenes.pop()
            return
        self.app.scenes.push(
            ConfirmScene(
                self.app,
                "Leave this match?",
                "A Mosaix match is not kept.",
                "Leave",
                self.app.scenes.pop,
            )
        )

    # -- layout and drawing ---------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        w, h = size
        # Room under the sheet for its letters and whose sheet it is.
        self.view.layout(pygame.Rect(30, 80, w - self.panel.width - 60, h - 170))
        p = self.panel
        self.ready_button.rect = pygame.Rect(p.left + 12, self.y(286), p.width - 24, self.y(40))
        self.menu_button.rect = pygame.Rect(p.left + 12, p.bottom - 54, p.width - 24, 42)
        top = self.y(470)
        rows = (len(self.thumbs) + 1) // 2
        room = (self.menu_button.rect.top - 10 - top) // rows - 24
        small = min(110, room, (p.width - 30) // 2)
        self.show_thumbs = small >= 49
        for i, view in enumerate(self.thumbs):
            cell = pygame.Rect(0, 0, small, small)
            cell.topleft = (p.left + 10 + (i % 2) * (small + 10), top + (i // 2) * (small + 24))
            view.layout(cell)

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_sheet(surface, outline=self.match.finished)
        self.draw_message(surface)
        p = self.panel
        pygame.draw.rect(surface, theme.PANEL, p)
        self.draw_heading(surface, "Mosaix match")
        self.draw_dice(surface, self.y(80))
        draw_all(self.controls, surface)
        self.draw_formation(surface, self.y(336))
        theme.text(
            surface,
            f"Sheet shown: {self.name(self.player)}",
            # Below the sheet's column letters, which grow with the sheet.
            (self.view.rect.centerx, self.view.rect.bottom + 14 + max(12, self.view.cell // 4)),
            size=20,
            color=theme.ACCENT,
            anchor="midtop",
        )
        if not self.show_thumbs:  # a short window: the scores as a list
            top = self.y(470)
            for i, sheet in enumerate(self.match.sheets):
                color = theme.ACCENT if i == self.player else theme.TEXT
                line = f"{self.name(i)}: {sheet.score()} points"
                theme.text(surface, line, (p.left + 14, top + 20 * i), size=16, color=color)
            return
        for i, view in enumerate(self.thumbs):
            view.draw(surface, self.match.sheets[i], labels=False)
            label = f"{self.name(i)}: {self.match.sheets[i].score()}"
            color = theme.ACCENT if i == self.player else theme.MUTED
            theme.text(
                surface,
                label,
                (view.rect.centerx, view.rect.bottom + 6),
                size=theme.fit(label, 16, view.rect.width + 8, smallest=10),
                color=color,
                anchor="midtop",
            )
