"""Mosaix on screen: the solo game (and the daily one), a match of 1 to 4
sheets (what they share, and the count at the end, are in
:mod:`.mosaix_sheet`).

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

import pygame

from game.i18n import N_
from game.mosaix.game import SCALE, SOLO_WIN, Match, Solo
from game.play.mosaix_flow import MatchFlow, MosaixEvent, SoloFlow
from game.play.mosaix_records import MosaixRecords

from .. import theme
from ..layout import grid
from ..scene import Services
from ..sheet_view import SheetView
from ..widgets import Button, draw_all
from .confirm import ConfirmScene
from .mosaix_sheet import MosaixResultScene, SheetPlay

__all__ = ["MosaixMatchScene", "MosaixResultScene", "MosaixSoloScene", "SheetPlay"]

#: The solo game's buttons, as a tall window shows them and as a short one does.
SOLO_BUTTONS = (
    (N_("Hint (H)"), N_("Hint")),
    (N_("End game (E)"), N_("End game")),
    (N_("Menu"), N_("Menu")),
)
#: How large the names under the small sheets read.
THUMB_LABEL = 16


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
        self.hint_button = Button(SOLO_BUTTONS[0][0], self.hint, key=pygame.K_h, size=22)
        self.end_button = Button(SOLO_BUTTONS[1][0], self.ask_to_end, key=pygame.K_e, size=22)
        self.menu_button = Button("Menu", self.menu, key=pygame.K_ESCAPE, size=22)
        self.controls += [self.hint_button, self.end_button, self.menu_button]
        self.scale_top = 0  # where the scale's row goes, under the formation

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

    def again(self) -> SheetPlay:
        return MosaixSoloScene(self.app, daily=None)

    def end(self) -> None:
        self.show(self.flow.end())

    def finished_with(self, event: MosaixEvent) -> None:
        text, tone = self.flow.message
        if tone == "bad":  # the results could not be saved
            self.app.toast(text)
        super().finished_with(event)

    def menu(self) -> None:
        # Asked even before the first write: the roll and the formation being laid
        # out are the game too (a daily solo's, once left, comes back the same, but
        # a plain solo's never does).
        if self.flow.finished:
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
            grid(
                buttons,
                p.left + 12,
                p.bottom - 160,
                width=p.width - 24,
                height=42,
                columns=1,
                row_gap=8,
            )
        else:  # a short window: one row of three, without their keys
            bw = (p.width - 36) // 3
            grid(buttons, p.left + 12, p.bottom - 44, width=bw, height=36, gap=6)
        short = size[1] < 700
        for b, (long_label, short_label) in zip(buttons, SOLO_BUTTONS, strict=True):
            b.label = short_label if short else long_label
            b.size = 18 if short else 22
        # Under the formation: the scale, the points now and the best.
        self.scale_top = self.below + self.formation_height() + self.y(12)

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_sheet(surface, outline=self.finished)
        self.draw_message(surface)
        p = self.panel
        pygame.draw.rect(surface, theme.PANEL, p)
        self.draw_heading(surface, f"Mosaix {'Daily solo' if self.day else 'Solo'}")
        self.draw_dice(surface)
        draw_all(self.controls, surface)
        self.draw_formation(surface, self.below)
        y = self.scale_top
        size = max(14, self.y(20))
        said = theme.text(surface, "Scale", (p.left + 14, y), size=size, color=theme.MUTED)
        # The boxes start after the label, however wide it reads.
        left = said.right + 10
        box = min(22, (p.right - 14 - left) // SCALE - 4, said.height)
        for i in range(SCALE):
            r = pygame.Rect(left + i * (box + 4), said.centery - box // 2, box, box)
            pygame.draw.rect(surface, theme.CELL_EDGE, r, 2, border_radius=3)
            if i >= self.game.scale:
                pygame.draw.line(surface, theme.BAD, r.topleft, r.bottomright, 3)
        y = said.bottom + self.y(8)
        points = theme.text(
            surface,
            f"Points now: {self.game.sheet.score()} + {self.game.scale} = {self.game.score}",
            (p.left + 14, y),
            size=max(15, self.y(22)),
        )
        theme.text(
            surface,
            f"Best: {self.records.best}   win at {SOLO_WIN}",
            (p.left + 14, points.bottom + self.y(6)),
            size=max(13, self.y(18)),
            color=theme.MUTED,
        )


class MosaixMatchScene(SheetPlay):
    """A match of 1 to 4 sheets at one screen, humans and AI. The roller changes
    each round; then every player writes the formation on their own sheet, the
    humans one after another (hand the mouse on)."""

    flow: MatchFlow

    def __init__(self, app: Services, kinds: list[str], seed: int | None = None) -> None:
        super().__init__(app)
        self.flow = MatchFlow(app.jobs, kinds, seed)
        self.thumbs = [SheetView() for _kind in kinds]
        self.show_thumbs = True
        self.ready_button = Button("Lay it out (Enter)", self.lay_out, key=pygame.K_RETURN, size=22)
        self.menu_button = Button("Menu", self.menu, key=pygame.K_ESCAPE, size=22)
        self.controls += [self.ready_button, self.menu_button]
        self.scores_top = 0  # where the small sheets, or the scores, start

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

    def again(self) -> SheetPlay:
        return MosaixMatchScene(self.app, self.kinds)

    def finished_with(self, event: MosaixEvent) -> None:
        # The card covers the small sheets: the large one steps through them all.
        step = Button("Next sheet (N)", self.flow.next_sheet, key=pygame.K_n, size=24)
        self.app.scenes.push(MosaixResultScene(self.app, self, event.best, extra=[step]))

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
        self.ready_button.primary = self.ready_button.enabled  # the next thing to do
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
        top = self.view.rect.top - 8
        self.view.layout(pygame.Rect(30, top, w - self.panel.width - 60, h - top - 90))
        p = self.panel
        self.ready_button.rect = pygame.Rect(p.left + 12, self.below, p.width - 24, self.y(40))
        self.menu_button.rect = pygame.Rect(p.left + 12, p.bottom - 54, p.width - 24, 42)
        top = self.ready_button.rect.bottom + 2 * self.y(12) + self.formation_height()
        self.scores_top = top
        rows = (len(self.thumbs) + 1) // 2
        # Under each small sheet, its player's name and points on up to two lines.
        under = 2 * theme.font(THUMB_LABEL).get_linesize() + 8
        room = (self.menu_button.rect.top - 10 - top) // rows - under
        small = min(110, room, (p.width - 30) // 2)
        self.show_thumbs = small >= 49
        for i, view in enumerate(self.thumbs):
            left = p.left + 10 + (i % 2) * (small + 10)
            view.layout(pygame.Rect(left, top + (i // 2) * (small + under), small, small))

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_sheet(surface, outline=self.match.finished)
        self.draw_message(surface)
        p = self.panel
        pygame.draw.rect(surface, theme.PANEL, p)
        self.draw_heading(surface, "Mosaix match")
        self.draw_dice(surface)
        draw_all(self.controls, surface)
        self.draw_formation(surface, self.ready_button.rect.bottom + self.y(12))
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
            y = self.scores_top
            for i, sheet in enumerate(self.match.sheets):
                color = theme.ACCENT if i == self.player else theme.TEXT
                line = f"{self.name(i)}: {sheet.score()} points"
                said = theme.text(surface, line, (p.left + 14, y), size=16, color=color)
                y = said.bottom + 2
            return
        for i, view in enumerate(self.thumbs):
            view.draw(surface, self.match.sheets[i], labels=False)
            label = f"{self.name(i)}: {self.match.sheets[i].score()}"
            color = theme.ACCENT if i == self.player else theme.MUTED
            step = theme.font(THUMB_LABEL).get_linesize()
            for k, line in enumerate(theme.wrap(label, THUMB_LABEL, view.rect.width + 8)[:2]):
                theme.text(
                    surface, line, (view.rect.centerx, view.rect.bottom + 6 + k * step),
                    size=THUMB_LABEL, color=color, anchor="midtop",
                )  # fmt: skip
