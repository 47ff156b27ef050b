"""A finished game opened from History for a look back: its turns to step
through, its analysis, and Back to History; never a turn to play."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.i18n import N_
from game.play import look_back
from game.play.match import Match
from game.play.match_controller import MatchController

from .. import theme
from ..scene import Services, pad_buttons
from .match_scene import MatchScene

#: Keys that open the turn box on a board: a look back has no turn to type.
TYPE_KEYS = (pygame.K_t, pygame.K_SLASH, pygame.K_KP_DIVIDE)


class ReviewScene(MatchScene):
    """Back, Esc and a controller's B lead back to History, and the controller's
    help says so; A (a controller's Y) analyses the game, as the result card's A
    does, without stepping to its end first."""

    pad_keys = pad_buttons(
        MatchScene.pad_keys,
        b=(pygame.K_ESCAPE, N_("take back a chain, hide the cursor, or back to History")),
        y=(pygame.K_a, N_("analyse the game")),
    )

    def __init__(self, app: Services, match: Match, record: Path | None = None) -> None:
        """``record``: History's file of this game, where its analysis is kept."""
        control = MatchController(match, app.data, app.worker.line(), current=False, review=True)
        if record is not None:
            control.kept_in(record)
        super().__init__(app, match, current=False, control=control, review=True)

    def handle(self, event: pygame.event.Event) -> None:
        plain = event.type == pygame.KEYDOWN and not getattr(event, "mod", 0) & (
            pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META
        )
        if plain and not self.input.typing:
            if event.key == pygame.K_a:
                self.app.click()
                self.analyse_game()
                return
            if event.key in TYPE_KEYS:
                return
        super().handle(event)

    def play(self, cells: tuple[int, ...]) -> None:
        """A look back plays nothing: the controller says so, whoever is to move."""
        self.show(self.control.click(cells[0]))

    def targets(self) -> frozenset[int]:
        return frozenset()  # no cell is offered to play

    def hover_text(self) -> tuple[str, theme.Color]:
        """What the cell under the pointer holds: no move is offered."""
        cell = self.input.focus
        if cell is None or self.finished:
            return "", theme.MUTED
        text, tone = look_back.hover(self.match.board, cell)
        return text, theme.TONES[tone]

    def keys_text(self) -> tuple[str, ...]:
        """What the keys do in a look back: the turns, the analysis, the way back."""
        return look_back.keys(cursor=self.input.cursor is not None, pad=self.input.by_pad)
