"""Exact endgame solver: the final tile difference under best play by both sides.

The same alpha-beta as :mod:`game.ai.search`, run to the end of the game with
exact scores (win or loss first, then the margin), so a solved ending is never
misplayed. It takes over when few empty cells remain; once the board is full
only flips are left, and every flip lowers the total number of groups, so those
endings are short.
"""

from __future__ import annotations

from game.rules import Board

from .evaluate import TILE, WIN
from .result import SearchResult
from .search import SOLVE_EMPTIES, Budget, Searcher, solve_with

__all__ = ["SOLVE_EMPTIES", "margin", "solve"]


def margin(score: int) -> int:
    """The tile difference (mover minus opponent) encoded in an exact score."""
    if score >= WIN:
        return (score - WIN) // TILE
    if score <= -WIN:
        return (score + WIN) // TILE
    return 0


def solve(
    board: Board, seconds: float | None = None, nodes: int | None = None, all_scores: bool = False
) -> SearchResult | None:
    """Solve the position exactly. ``result.score`` is exact (see :func:`margin`);
    with ``all_scores`` every legal turn gets its exact score in ``result.scores``.
    Returns ``None`` when the budget runs out first, or for a finished game
    (nothing to choose)."""
    board = board.copy()
    if not board.legal_turns():
        return None
    searcher = Searcher()
    searcher.nodes = 0
    return solve_with(searcher, board, Budget(seconds=seconds, nodes=nodes), all_scores)
