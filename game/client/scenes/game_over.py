"""Game over: the result over the final board, then rematch or back to the menu.

The panel knows the finished game and what its buttons do (an :class:`Over`
given by the screen that owns the game), never that screen itself: where to go
next is the owner's to say.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.play.match import Match
from game.rules import BLUE, RED

from .. import theme
from ..layout import grid
from ..scene import ButtonScene, Services, pad_buttons
from ..widgets import Button, draw_all


@dataclass(frozen=True)
class Over:
    """A finished game as its result panel shows it, and what its buttons do."""

    match: Match
    #: Where the panel goes: over the board, the moves left in view.
    area: Callable[[], pygame.Rect]
    #: Put the panel away to look at the final board.
    see_board: Callable[[], None]
    #: Go through the game with the engine.
    analyse: Callable[[], None]
    #: Leave the game (to the menu, or an online game's lobby).
    leave: Callable[[], None]
    leave_label: str = "Menu"
    #: The same players again, colours swapped (a match at this screen).
    rematch: Callable[[], None] | None = None
    #: Save the game to a file: (done, what to say).
    save: Callable[[], tuple[bool, str]] | None = None


def lay_out_row(box: pygame.Rect, buttons: list[Button], height: int = 48) -> None:
    """The buttons side by side along the bottom of ``box``."""
    n = len(buttons)
    gap = 12 if box.width >= 500 else 6  # five labels must fit the smallest window
    width = (box.width - gap * (n + 1)) // n
    grid(buttons, box.left + gap, box.bottom - height - 18, width=width, height=height, gap=gap)
    for b in buttons:
        b.size = 24 if width >= 120 else 18 if width >= 95 else 16


class GameOverScene(ButtonScene):
    pad_keys = pad_buttons(
        a=(pygame.K_RETURN, "rematch"),
        x=(pygame.K_b, "see the board"),
        y=(pygame.K_a, "analyse the game"),
        b=(pygame.K_ESCAPE, "leave"),
    )

    overlay = True

    def __init__(self, app: Services, over: Over) -> None:
        super().__init__(app)
        self.over = over
        self.note = ("", theme.MUTED)  # what saving said, shown in the panel
        self.box = pygame.Rect(0, 0, 0, 0)
        buttons: list[Button | None] = [
            Button("Rematch", over.rematch, key=pygame.K_RETURN, size=24) if over.rematch else None,
            Button("See board", over.see_board, key=pygame.K_b, size=24),
            Button("Analyse", over.analyse, key=pygame.K_a, size=24),
            Button("Save game", self.save, size=24) if over.save else None,
            Button(over.leave_label, over.leave, key=pygame.K_ESCAPE, size=24),
        ]
        self.controls = [b for b in buttons if b is not None]

    def enter(self) -> None:
        self.resize(self.app.size)

    def resize(self, size: tuple[int, int]) -> None:
        area = self.over.area()
        self.box = pygame.Rect(0, 0, min(600, area.width - 24), min(360, size[1] - 40))
        self.box.center = area.center
        lay_out_row(self.box, self.controls)

    def save(self) -> None:
        if self.over.save is not None:
            done, text = self.over.save()
            self.note = (text, theme.GOOD if done else theme.BAD)

    def draw(self, surface: pygame.Surface) -> None:
        box = self.box
        theme.dialog(surface, box, round(self.t * 600))
        match = self.over.match
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
