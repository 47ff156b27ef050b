"""The pause menu of a match: resume, settings, save the game, resign, or leave
for the title screen (the match in progress is kept)."""

from __future__ import annotations

import pygame

from .. import theme
from ..widgets import Button
from .analysis_board import AnalysisBoardScene
from .confirm import ConfirmScene
from .menu import MenuScene
from .settings_scene import SettingsScene


class PauseScene(MenuScene):
    overlay = True
    title = "Paused"
    button_width = 360

    def __init__(self, app, match_scene) -> None:
        super().__init__(app)
        self.match_scene = match_scene
        self.note = ""

    @property
    def subtitle(self) -> str:  # type: ignore[override]
        """What saving said, else how the match stands."""
        match = self.match_scene.match
        return self.note or (match.result_text() if match.over else match.players_text())

    def build(self) -> list:
        can_resign = self.resigner() is not None and not self.match_scene.match.finished
        return [
            Button("Resume", self.back, key=pygame.K_ESCAPE),
            Button("Settings", lambda: self.app.scenes.push(SettingsScene(self.app))),
            Button("Save game", self.save, key=pygame.K_s),
            Button("Analyse this position", self.analyse, key=pygame.K_a),
            Button("Resign", self.ask_to_resign, enabled=can_resign),
            Button("Leave to the title screen", self.leave_match),
        ]

    def analyse(self) -> None:
        """The position on the board, on the analysis board (the match waits)."""
        board = self.match_scene.match.board
        self.app.scenes.push(AnalysisBoardScene(self.app, board.position()))

    def resigner(self):
        """The side a resignation is for: the one person playing, or the side to
        move when two people share the screen; ``None`` when no person plays."""
        match = self.match_scene.match
        humans = [c for c in match.players if match.is_human(c)]
        if not humans:
            return None
        return humans[0] if len(humans) == 1 else match.board.mover

    def save(self) -> None:
        done, text = self.match_scene.control.save_game()
        self.note = text
        self.match_scene.say(text, theme.GOOD if done else theme.BAD)

    def ask_to_resign(self) -> None:
        side = self.resigner()
        self.app.scenes.push(
            ConfirmScene(
                self.app,
                f"Resign as {side.title}?",
                "The match ends and the other side wins.",
                "Resign",
                lambda: self.resign(side),
            )
        )

    def resign(self, side) -> None:
        self.app.scenes.pop()  # this menu
        self.match_scene.resign(side)

    def leave_match(self) -> None:
        self.match_scene.control.cancel_ai()
        self.match_scene.control.autosave()
        self.app.scenes.pop()  # this menu
        self.app.scenes.pop()  # the match

    def draw(self, surface: pygame.Surface) -> None:
        theme.dialog(surface, surface.get_rect().inflate(-40, -40), 150)
        super().draw(surface)
