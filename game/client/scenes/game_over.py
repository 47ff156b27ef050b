"""Game over: the result over the final board, then rematch or back to the menu."""

from __future__ import annotations

import pygame

from game.play.match import Match
from game.rules import BLUE, RED

from .. import theme
from ..scene import ButtonScene
from ..widgets import Button, draw_all
from .analysis_scene import AnalysisScene
from .confirm import ask_to_replace


class GameOverScene(ButtonScene):
    overlay = True

    def __init__(self, app, match_scene) -> None:
        super().__init__(app)
        self.match_scene = match_scene
        self.note = ("", theme.MUTED)  # what saving said, shown in the panel
        self.controls = [
            Button("Rematch", self.rematch, key=pygame.K_RETURN, size=24),
            Button("See board", self.see_board, key=pygame.K_b, size=24),
            Button("Analyse", self.analyse, key=pygame.K_a, size=24),
            Button("Save game", self.save, size=24),
            Button("Menu", self.menu, key=pygame.K_ESCAPE, size=24),
        ]

    def enter(self) -> None:
        self.resize(self.app.size)

    def resize(self, size: tuple[int, int]) -> None:
        """Over the board, leaving the side panel with the moves in view."""
        board = self.match_scene.view.rect
        room = self.match_scene.panel.rect.left
        self.box = pygame.Rect(0, 0, min(600, room - 24), min(360, size[1] - 40))
        self.box.center = (room // 2, board.centery)
        n = len(self.controls)
        gap = 12 if self.box.width >= 500 else 6  # five labels must fit the smallest window
        for i, b in enumerate(self.controls):
            b.rect = pygame.Rect(0, 0, (self.box.width - gap * (n + 1)) // n, 48)
            b.rect.topleft = (self.box.left + gap + i * (b.rect.width + gap), self.box.bottom - 66)
            b.size = 24 if b.rect.width >= 120 else 18 if b.rect.width >= 95 else 16

    def analyse(self) -> None:
        """Go through the game with the engine (kept with its record in the history)."""
        scene = self.match_scene
        self.app.scenes.push(AnalysisScene(self.app, scene.match, scene.control.archive_path))

    def save(self) -> None:
        done, text = self.match_scene.control.save_game()
        self.note = (text, theme.GOOD if done else theme.BAD)

    def rematch(self) -> None:
        """The same players with the colours swapped, as a new match in progress."""
        old = self.match_scene.match
        fresh = Match(old.board.size, old.players[BLUE], old.players[RED])

        def start() -> None:
            self.app.scenes.pop()
            self.app.scenes.replace(type(self.match_scene)(self.app, fresh))

        ask_to_replace(self.app, start)

    def see_board(self) -> None:
        """Put the panel away to look at the final board; Undo steps back through
        the game from there."""
        self.match_scene.finished = False  # shown once: don't bring the panel back
        self.app.scenes.pop()
        self.match_scene.say("Undo steps back through the game.", seconds=6.0)

    def menu(self) -> None:
        self.app.scenes.pop()
        self.app.scenes.pop()

    def draw(self, surface: pygame.Surface) -> None:
        box = self.box
        theme.dialog(surface, box, round(self.t * 600))
        match = self.match_scene.match
        board = match.board
        winner = match.winner()
        headline = "Draw" if winner is None else f"{winner.title} wins"
        color = theme.ACCENT if winner is None else theme.TILE[winner]
        scale = 1 + 0.08 * max(0.0, 1 - self.t * 3)
        theme.text(
            surface,
            headline,
            (box.centerx, box.top + 30),
            size=round(56 * scale),
            color=color,
            anchor="midtop",
            bold=True,
        )
        for i, side in enumerate((RED, BLUE)):
            line = f"{side.title} ({match.player(side)}): {board.count(side)} tiles"
            theme.text(
                surface, line, (box.centerx, box.top + 120 + 36 * i), size=28, anchor="midtop"
            )
        theme.text(
            surface,
            f"{len(board.turn_stack)} turns",
            (box.centerx, box.top + 200),
            size=22,
            color=theme.MUTED,
            anchor="midtop",
        )
        if match.resigned is not None:
            theme.text(
                surface,
                f"{match.resigned.title} resigned.",
                (box.centerx, box.top + 92),
                size=22,
                color=theme.MUTED,
                anchor="midtop",
            )
        text, color = self.note
        if text:
            theme.text(
                surface, text, (box.centerx, box.top + 234), size=20, color=color, anchor="midtop"
            )
        draw_all(self.controls, surface)
