"""What a board with a chain in progress shows, for the models that hold one
(a match, a lesson, a puzzle), and how far each chain could go (the analysis
board's preview): no pygame here."""

from __future__ import annotations

from game.i18n import ngettext
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


def took_back(taken: int, chain_goes_on: bool) -> str:
    """What the top line says after ``taken`` flips were taken back, by button, key
    or right click alike: how many, once the chain is gone; while it goes on, ""
    (the line says what the chain owes next)."""
    if chain_goes_on or not taken:
        return ""
    return ngettext("Took back {n} flip.", "Took back {n} flips.", taken).format(n=taken)


def chain_preview(board: Board) -> dict[int, int]:
    """For each tile the side to move can flip first, the most tiles a chain
    starting there takes. Every first flip gets its number, also one whose
    chains end in a position another first flip reaches too (the board's legal
    turns list each resulting position once)."""
    if board.is_game_over():
        return {}
    return {cell: longest_chain(board.start_chain(cell)) for cell in board.legal_first_flips()}


def longest_chain(chain: Chain) -> int:
    """The most tiles a turn that goes on from ``chain`` takes. The tiles still
    owed depend only on the set flipped so far, so each set is searched once."""
    seen: dict[frozenset[int], int] = {}

    def most(c: Chain) -> int:
        key = frozenset(c.cells)
        if key not in seen:
            owed = c.owed()
            seen[key] = max((most(c.flip(n)) for n in owed), default=len(c.cells))
        return seen[key]

    return most(chain)
