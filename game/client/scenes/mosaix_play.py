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

from game.i18n import N_, _, ngettext
from game.mosaix.game import SCALE, SOLO_WIN, Match, Solo
from game.play.mosaix_flow import MosaixEvent, SoloFlow
from game.play.mosaix_match import MatchFlow
from game.play.mosaix_records import MosaixRecords

from .. import text_layout as tl
from .. import theme
from ..button_rows import height_of, label_rows, place_rows
from ..layout import anchor, column, grid, place, row, split
from ..margin import framed_height
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
        self.menu_button = Button(SOLO_BUTTONS[2][0], self.menu, key=pygame.K_ESCAPE, size=22)
        self.controls += [self.hint_button, self.end_button, self.menu_button]
        #: Under the panel's shapes: the formation, then the scale and the points.
        self.formation_box = pygame.FRect()
        self.score_box = pygame.FRect()

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
                _("End the game now?"),
                _(
                    "Your score would be {score}: the sheet's points and one for each "
                    "empty space of the scale."
                ).format(score=self.game.score),
                N_("End it"),
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
                _("Leave this game?"),
                _("A solo game is not kept."),
                N_("Leave"),
                self.app.scenes.pop,
            )
        )

    # Laid out by hand: the solo game's part of the panel, in the room the sheet's
    # panel leaves (``self.below``), known only once SheetPlay.resize has laid it.
    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        short = size[1] < 700  # a short window: one row of three, without their keys
        buttons = (self.hint_button, self.end_button, self.menu_button)
        for b, labels in zip(buttons, SOLO_BUTTONS, strict=True):
            b.label = labels[short]
            b.size = 18 if short else 22
        if short:  # two a row, or one, where three a row would shrink the labels
            rows = label_rows(buttons, self.below.width, theme.px(self.small_size()), 36)
            foot, body = split(self.below, height_of(rows, 6) + 8, "bottom")
            place_rows(rows, split(foot, height_of(rows, 6))[0], 6)
        else:
            foot, body = split(self.below, 3 * 42 + 2 * 8 + 12, "bottom")
            place(buttons, column(foot, 3, height=42, gap=8))
        # Under the formation: the scale, the points now and the best.
        self.formation_box, self.score_box = split(body, self.formation_height(), gap=self.y(12))

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_sheet(surface, outline=self.finished)
        self.draw_message(surface)
        pygame.draw.rect(surface, theme.PANEL, self.panel)
        self.draw_heading(surface, _("Mosaix Daily solo") if self.day else _("Mosaix Solo"))
        self.draw_dice(surface)
        draw_all(self.controls, surface)
        self.draw_formation(surface, self.formation_box.top)
        self.draw_scale(surface)

    def draw_message(self, surface: pygame.Surface) -> None:
        """Over the scale and the points, the line says what the scale is."""
        at = self.app.pointer
        if at is None or not self.score_box.collidepoint(at) or self.flow.finished:
            super().draw_message(surface)
            return
        text = self.flow.scale_help()
        tl.block(surface, text, self.message_box, size=self.message_size(), align="center")

    def draw_scale(self, surface: pygame.Surface) -> None:
        """The scale's spaces, crossed out as they are used, and the points."""
        size = max(14, self.y(20))
        line, rest = split(self.score_box, theme.font(size).get_linesize(), gap=self.y(8))
        said = tl.label(surface, _("Scale"), line, size=size, color=theme.MUTED)
        # The spaces start after the label, however wide it reads.
        _label, spaces = split(line, said.width + 10, "left")
        box = min(22, spaces.width / SCALE - 4, said.height)
        spaces = split(spaces, SCALE * (box + 4) - 4, "left")[0]
        for i, r in enumerate(row(spaces, SCALE, width=box, height=box, gap=4)):
            pygame.draw.rect(surface, theme.CELL_EDGE, r, 2, border_radius=3)
            if i >= self.game.scale:
                pygame.draw.line(surface, theme.BAD, r.topleft, r.bottomright, 3)
        g = self.game
        points = _("Points now: {sheet} + {scale} = {total}").format(
            sheet=g.sheet.score(), scale=g.scale, total=g.score
        )
        size = max(15, self.y(22))
        line, rest = split(rest, theme.font(size).get_linesize(), gap=self.y(6))
        tl.label(surface, points, line, size=size)
        best = _("Best: {best}   win at {win}").format(best=self.records.best, win=SOLO_WIN)
        size = self.small_size()
        line = split(rest, theme.font(size).get_linesize())[0]
        tl.label(surface, best, line, size=size, color=theme.MUTED)


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
        self.ready_button = Button(
            N_("Lay it out (Enter)"), self.lay_out, key=pygame.K_RETURN, size=22
        )
        self.menu_button = Button(N_("Menu"), self.menu, key=pygame.K_ESCAPE, size=22)
        self.controls += [self.ready_button, self.menu_button]
        #: Where the sheet goes; under the formation, the small sheets or the scores.
        self.board = pygame.FRect()
        self.formation_box = pygame.FRect()
        self.scores_box = pygame.FRect()
        self.thumb_cells: list[pygame.FRect] = []

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
        step = Button(N_("Next sheet (N)"), self.flow.next_sheet, key=pygame.K_n, size=24)
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
        # The next thing to do, while it can be done: under a dialog (Leave this
        # match?) the dialog's answers are, and a gold label there read as a
        # disabled button lit.
        on_top = self.app.scenes.top is self
        self.ready_button.primary = self.ready_button.enabled and on_top
        return super().update(dt)

    def menu(self) -> None:
        if self.flow.finished:
            self.app.scenes.pop()
            return
        self.app.scenes.push(
            ConfirmScene(
                self.app,
                _("Leave this match?"),
                _("A Mosaix match is not kept."),
                N_("Leave"),
                self.app.scenes.pop,
            )
        )

    # -- layout and drawing ---------------------------------------------------------------
    # Laid out by hand: the match's part of the panel (Ready, the small sheets) in
    # the room the sheet's panel leaves (``self.below``), known only once
    # SheetPlay.resize has laid it, and the sheet moved down under the message.
    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        # The sheet again, with room under its letters for whose sheet it is.
        column_ = pygame.FRect(30, 0, self.panel.left - 60, size[1])
        _above, under_message = split(column_, self.message_box.bottom + 8)
        self.board = split(under_message, 90, "bottom")[1]
        self.view.layout(self.board)
        # As tall as its label needs with its room, in a short window too.
        tall = max(self.y(40), framed_height(theme.px(self.ready_button.size)))
        ready, body = split(self.below, tall, gap=self.y(12))
        foot, body = split(body, 42 + 12, "bottom", gap=10)
        place((self.ready_button, self.menu_button), (ready, split(foot, 42)[0]))
        self.formation_box, scores = split(body, self.formation_height(), gap=self.y(12))
        self.scores_box = scores
        # Under each small sheet, its player's name and points (as many as three
        # digits), on as many lines as the widest takes in half the panel.
        rows = (len(self.thumbs) + 1) // 2
        half = (scores.width - 10) / 2
        labels = [self.thumb_label(i, 999) for i in range(len(self.thumbs))]
        under = max(tl.block_height(t, THUMB_LABEL, half) for t in labels) + 8
        small = min(110, scores.height // rows - under, (scores.width - 10) // 2)
        self.show_thumbs = small >= 49
        # Each in half the panel's width, its label as wide as that half.
        self.thumb_cells = grid(scores, len(self.thumbs), columns=2, height=small + under, gap=10)
        for view, cell in zip(self.thumbs, self.thumb_cells, strict=True):
            view.layout(anchor(cell, (small, small), "top"))

    def thumb_label(self, i: int, points: int) -> str:
        return _("{player}: {points}").format(player=self.name(i), points=points)

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_sheet(surface, outline=self.match.finished)
        self.draw_message(surface)
        pygame.draw.rect(surface, theme.PANEL, self.panel)
        self.draw_heading(surface, _("Mosaix match"))
        self.draw_dice(surface)
        draw_all(self.controls, surface)
        self.draw_formation(surface, self.formation_box.top)
        # Below the sheet's column letters, which grow with the sheet.
        letters = theme.font(max(12, self.view.cell // 4)).get_linesize()
        top = self.view.rect.bottom + 10 + letters
        shown = _("Sheet shown: {player}").format(player=self.name(self.player))
        box = split(self.board.move(0, top - self.board.top), theme.font(20).get_linesize())[0]
        tl.label(surface, shown, box, size=20, color=theme.ACCENT, align="center")
        if not self.show_thumbs:  # a short window: the scores as a list
            lines = column(
                self.scores_box, len(self.thumbs), height=theme.font(16).get_linesize(), gap=2
            )
            for i, (sheet, line) in enumerate(zip(self.match.sheets, lines, strict=True)):
                color = theme.ACCENT if i == self.player else theme.TEXT
                said = ngettext("{player}: {n} point", "{player}: {n} points", sheet.score())
                text = said.format(player=self.name(i), n=sheet.score())
                tl.label(surface, text, line, size=16, color=color)
            return
        for i, view in enumerate(self.thumbs):
            view.draw(surface, self.match.sheets[i], labels=False)
            label = self.thumb_label(i, self.match.sheets[i].score())
            color = theme.ACCENT if i == self.player else theme.MUTED
            box = split(self.thumb_cells[i], view.rect.bottom + 6 - self.thumb_cells[i].top)[1]
            tl.block(surface, label, box, size=THUMB_LABEL, color=color, align="center")
