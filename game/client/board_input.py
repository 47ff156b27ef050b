"""The mouse on a board, the same for every scene that has one (matches, puzzles,
the arcade): which cell the pointer is over, a left click on a cell, and a right
click, which takes back the last flip of a chain in progress."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from .board_view import BoardView


@dataclass(frozen=True)
class BoardAction:
    kind: str  # "hover" (the pointer moved to another cell or off the board), "click", "back"
    cell: int | None


class BoardInput:
    def __init__(self, view: BoardView) -> None:
        self.view = view
        #: The cell under the pointer, if any.
        self.hover: int | None = None

    def use(self, view: BoardView) -> None:
        """A new board (another side): forget the cell under the pointer, which may
        not exist on it."""
        self.view = view
        self.hover = None

    def point(self, pos: tuple[int, int] | None) -> None:
        """The pointer is at ``pos`` (None: off the window), whatever moved it."""
        self.hover = None if pos is None else self.view.cell_at(pos)

    def handle(self, event: pygame.event.Event) -> BoardAction | None:
        """What ``event`` does on the board, if anything."""
        if event.type == pygame.MOUSEMOTION:
            cell = self.view.cell_at(event.pos)
            if cell != self.hover:
                self.hover = cell
                return BoardAction("hover", cell)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            cell = self.view.cell_at(event.pos)
            if cell is not None:
                return BoardAction("click", cell)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            return BoardAction("back", self.view.cell_at(event.pos))
        return None
