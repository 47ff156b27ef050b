"""Judging a turn: how much it gave up against the engine's best, and a label.

Where the exact solver can settle the ending within the budget, the loss is in
tiles of the final margin and a turn that throws away a won ending (or a drawn
one) is a blunder whatever the margin. Elsewhere the loss is the searcher's
evaluation, in tiles too, at the deepest search that finished in time.

    >>> from game.rules import Board
    >>> board = Board("BBRR/RBBBR/BBRBBB/RRBBRBB/2RBBB/BBBBR/RBRB r")
    >>> v = judge(board, board.parse_turn("xc4xc5"), seconds=5)
    >>> v.exact, v.label, board.notation(v.best), v.loss
    (True, 'blunder', 'e1', 4.0)
"""

from __future__ import annotations

from dataclasses import dataclass

from game.rules import Board, Turn

from .evaluate import TILE, WIN
from .search import Budget, Searcher, empty_cells
from .solver import margin, solve

#: The labels, from the best turn to the worst.
LABELS = ("best", "good", "inaccuracy", "mistake", "blunder")
#: The largest loss, in tiles, each label allows (beyond the last: a blunder).
THRESHOLDS = {"best": 0.0, "good": 1.0, "inaccuracy": 2.0, "mistake": 4.0}
#: Endings with at most this many empty cells are tried with the exact solver.
EXACT_EMPTIES = 12


@dataclass(frozen=True)
class Verdict:
    best: Turn  # the engine's best turn
    loss: float  # tiles the played turn gives up against it (0 when it is as good)
    label: str
    exact: bool  # the solver settled it
    played_score: int
    best_score: int


def label_for(loss: float) -> str:
    for name, most in THRESHOLDS.items():
        if loss <= most + 1e-9:
            return name
    return "blunder"


def outcome(score: int) -> int:
    """1 won, 0 drawn, -1 lost, from an exact score."""
    return 1 if score >= WIN else -1 if score <= -WIN else 0


def judge(board: Board, turn: Turn, seconds: float = 1.0) -> Verdict:
    """The verdict on playing ``turn`` in ``board``'s position. Raises
    :class:`IllegalTurnError` if the turn is not legal there."""
    board = board.copy()
    board.check(turn)
    turns = board.legal_turns()
    played = next(t for t in turns if t.outcome() == turn.outcome())
    if len(turns) == 1:
        return Verdict(played, 0.0, "best", True, 0, 0)
    result = None
    if empty_cells(board) <= EXACT_EMPTIES:
        result = solve(board, seconds=seconds, all_scores=True)
    if result is not None:
        scores = result.scores
        best = max(scores, key=lambda t: scores[t])
        got, top = scores[played], scores[best]
        loss = float(margin(top) - margin(got))
        label = label_for(loss)
        if outcome(got) < outcome(top):  # a won or drawn ending thrown away
            label = "blunder"
        return Verdict(best, max(0.0, loss), label, True, got, top)
    searched = Searcher().search(board, Budget(seconds=seconds), solve=False, all_scores=True)
    scores = searched.scores or {searched.turn: searched.score}
    best = max(scores, key=lambda t: scores[t])
    got = scores.get(played, scores[best] if played == best else min(scores.values()))
    top = scores[best]
    loss = max(0.0, (top - got) / TILE)
    return Verdict(best, loss, label_for(loss), False, got, top)
