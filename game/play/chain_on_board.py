"""What a board with a chain in progress shows, for the models that hold one
(a match, a lesson, a puzzle): no pygame here."""

from __future__ import annotations

from game.rules import Board, Chain, Color, Position


class ChainOnBoard:
    """Mixed into a model with a ``board`` and a ``chain`` (``None`` between turns)."""

    board: Board
    chain: Chain | None

    def shown(self) -> Position:
        """The position on screen: the board, with a chain's flips so far."""
        return self.chain.position() if self.chain is not None else self.board.position()

    def group_count(self, color: Color) -> int:
        """``color``'s groups on screen (with a chain's flips so far)."""
        if self.chain is not None:
            return self.chain.group_count(color)
        return self.board.group_count(color)

    def owed(self) -> list[int]:
        """During a chain, the tiles one of which must be flipped next."""
        return self.chain.owed() if self.chain is not None else []
