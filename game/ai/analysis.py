"""Judging a turn: how much it gave up against the engine's best, and a label.

Where the exact values are known in time, the loss is in tiles of the final
margin, and a turn that throws away a won ending (or a drawn one) is a blunder
whatever the margin. On side 3 the shipped perfect-play strategy
(:mod:`.side3`) knows every position of a game against Master at once;
elsewhere the ending solver (:mod:`.endgame`) proves endings of up to
:data:`EXACT_EMPTIES` empty cells when it can within the time
(:data:`EXACT_EMPTIES_COMPILED` where the compiled solver serves the board). A turn as good as
the best needs just two values, the position's and the one after the turn; any
other needs one more search, for a turn that keeps the position's value.
Elsewhere the loss is the searcher's evaluation, in tiles too, at the deepest
search that finished in time.

    >>> from game.rules import Board
    >>> board = Board("BBRR/RBBBR/BBRBBB/RRBBRBB/2RBBB/BBBBR/RBRB r")
    >>> v = judge(board, board.parse_turn("xc4xc5"), seconds=5)
    >>> v.exact, v.label, board.notation(v.best), v.loss
    (True, 'blunder', 'e1', 4.0)
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import NotRequired, TypedDict

from game.rules import Board, Turn

from . import side3
from .endgame import Endgame, Limits, OutOfBudget, compiled_for, empty_cells
from .endgame_fast import WORD_CELLS
from .evaluate import TILE, WIN, exact_score
from .fastsearch import serves
from .search import INF, Budget, Searcher
from .search import OutOfBudget as SearchOutOfBudget

#: The labels, from the best turn to the worst.
LABELS = ("best", "good", "inaccuracy", "mistake", "blunder")
#: The largest loss, in tiles, each label allows (beyond the last: a blunder).
THRESHOLDS = {"best": 0.0, "good": 1.0, "inaccuracy": 2.0, "mistake": 4.0}
#: Endings with at most this many empty cells are tried with the exact solver.
EXACT_EMPTIES = 12
#: The same with the compiled solver, which proves 16-cell endings in 1 to 2 s.
EXACT_EMPTIES_COMPILED = 16
#: The depth the compiled search judges to: the Python search reached 3 to 5 in
#: the analysis screen's 0.8 s on side 5, the compiled one reaches 5 in 0.02 to
#: 0.08 s (``benchmarks/analysis.py``), so a game's analysis takes seconds where
#: it took most of a minute, and judges as deep. Depth 6 costs four times as
#: much and its labels agreed no better with a judge searching 7 to 11 deep.
JUDGE_DEPTH = 5
#: A depth is begun only if, this many times the time the last one took, it
#: would still end within the judgement's time: each depth costs 4 to 20 times
#: the one before, and a depth cut off by the time is time thrown away (on
#: side 8 it was half of every turn's 0.8 s).
GROWTH = 4.0


@dataclass(frozen=True)
class Verdict:
    best: Turn  # the engine's best turn
    loss: float  # tiles the played turn gives up against it (0 when it is as good)
    label: str
    exact: bool  # the solver settled it
    played_score: int
    best_score: int
    depth: int = 0  # the depth the search finished (0: settled exactly, or forced)
    #: The label at the depth before differs: a deeper search may well change it.
    unsure: bool = False


class VerdictData(TypedDict):
    """A :class:`Verdict` but its best turn, as plain data that crosses processes."""

    loss: float
    label: str
    exact: bool
    best_score: int
    played_score: int
    depth: NotRequired[int]
    unsure: NotRequired[bool]


def label_for(loss: float) -> str:
    for name, most in THRESHOLDS.items():
        if loss <= most + 1e-9:
            return name
    return "blunder"


def outcome(score: int) -> int:
    """1 won, 0 drawn, -1 lost, from an exact score."""
    return 1 if score >= WIN else -1 if score <= -WIN else 0


def judge(
    board: Board,
    turn: Turn,
    seconds: float = 1.0,
    *,
    endgame: Endgame | None = None,
    stop: Callable[[], bool] | None = None,
    depth: int | None = None,
    exact_seconds: float | None = None,
) -> Verdict:
    """The verdict on playing ``turn`` in ``board``'s position. Raises
    :class:`IllegalTurnError` if the turn is not legal there.

    The exact values get ``exact_seconds`` (by default ``seconds``), and if they
    do not settle it the search gets ``seconds``, to ``depth`` at most (by
    default :data:`JUDGE_DEPTH` where the compiled search serves, else as deep as
    the time allows). ``endgame`` is a
    solver whose table of proved results is kept between judgements (the turns
    of one game share much of their endings); ``stop`` ends the judgement early
    (its answer is then the evaluation's)."""
    board = board.copy()
    board.check(turn)
    turns = board.legal_turns()
    played = next(t for t in turns if t.outcome() == turn.outcome())
    if len(turns) == 1:
        return Verdict(played, 0.0, "best", True, 0, 0)
    tries = seconds if exact_seconds is None else exact_seconds
    exact = exact_verdict(board, played, tries, endgame or Endgame(), stop)
    if exact is not None:
        return exact
    if depth is None:
        depth = JUDGE_DEPTH if serves(board) else 64
    budget = Budget(seconds=seconds, stop=stop, max_depth=depth)
    depths: list[tuple[int, int]] = []
    best, top, got, reached = deepest(board, played, budget, depths=depths)
    loss = max(0.0, (top - got) / TILE)
    return Verdict(best, loss, label_for(loss), False, got, top, reached, unsure(depths))


def unsure(depths: list[tuple[int, int]]) -> bool:
    """Do the labels of the last two depths differ? ``depths`` holds each
    finished depth's (best score, played score), shallowest first. Labels one
    depth apart agree on only 70-81% of turns (``benchmarks/label_depths.py``):
    where they differ, the next depth may differ again. One depth says nothing
    either way."""
    if len(depths) < 2:
        return False
    (top0, got0), (top1, got1) = depths[-2:]
    return label_for(max(0.0, (top0 - got0) / TILE)) != label_for(max(0.0, (top1 - got1) / TILE))


def compared(
    board: Board, played: Turn, budget: Budget, searcher: Searcher | None = None
) -> tuple[Turn, int, int]:
    """:func:`deepest` without the depth."""
    best, top, got, _ = deepest(board, played, budget, searcher)
    return best, top, got


def deepest(
    board: Board,
    played: Turn,
    budget: Budget,
    searcher: Searcher | None = None,
    depths: list[tuple[int, int]] | None = None,
) -> tuple[Turn, int, int, int]:
    """The engine's best turn and its score, the score of ``played`` (one of
    ``board``'s two or more legal turns), from the deepest search that finished
    both within ``budget``, and that depth.

    Each depth searches for the best turn by alpha-beta, which only shows the
    other turns to be worse, then the played turn with a full window of its
    own unless it ties the best: the scores a search of every turn with a full
    window would give, at a tenth of its cost or less, so the judge reads two or
    three turns deeper in the same time. ``searcher`` (a new one by default)
    does the searching; ``depths``, if given, gets each finished depth's two
    scores (see :func:`unsure`)."""
    searcher = searcher or Searcher()
    searcher.budget = budget
    found: tuple[Turn, int, int, int] | None = None
    for depth in range(1, budget.max_depth + 1):
        began = budget.clock()
        try:
            best, top, scores = searcher.root(board, depth, False, ties=True)
            assert best is not None  # the board has turns
            if scores.get(played) == top:
                got = top
            else:
                board.push(played)
                try:
                    got = -searcher.negamax(board, depth - 1, -INF, INF, False)
                finally:
                    board.pop()
        except SearchOutOfBudget:
            break
        found = best, top, got, depth
        if depths is not None:
            depths.append((top, got))
        if abs(top) >= WIN:
            break  # a forced result: deeper will not change it
        if not time_for_deeper(budget, began, budget.clock()):
            break
    if found is None:  # not even one turn deep in time: one more, whatever it takes
        return deepest(board, played, Budget(max_depth=1), searcher, depths)
    return found


def time_for_deeper(budget: Budget, began: float, now: float) -> bool:
    """Is there time in ``budget`` for one more depth, the last one having
    begun at ``began`` and ended ``now``? Not past 45% of the time, nor when
    :data:`GROWTH` times the last depth's time would run past its end."""
    if budget.deadline is None:
        return True
    half = budget.start + 0.45 * (budget.deadline - budget.start)
    return now <= half and now + GROWTH * (now - began) <= budget.deadline


def exact_empties(board: Board, eg: Endgame | None = None) -> int:
    """The most empty cells of an ending on ``board`` that the judge tries to
    settle with ``eg`` (by default, a solver compiled where it was built):
    further with the compiled solver on side 5 and smaller."""
    one_word = board.geometry.cells <= WORD_CELLS  # sides 6 to 8 settle far less
    compiled = eg.compiled_for(board) if eg is not None else compiled_for(board)
    return EXACT_EMPTIES_COMPILED if compiled and one_word else EXACT_EMPTIES


def exact_verdict(
    board: Board,
    played: Turn,
    seconds: float,
    eg: Endgame,
    stop: Callable[[], bool] | None = None,
) -> Verdict | None:
    """The verdict from exact values, or None when they are not known within
    ``seconds``. ``played`` must be one of ``board``'s legal turns."""
    clock = time.perf_counter
    deadline = clock() + seconds
    book = side3.strategy() if board.size == side3.SIDE else None
    small = empty_cells(board) <= exact_empties(board, eg)

    def limits() -> Limits:
        return {"seconds": max(0.0, deadline - clock()), "stop": stop, "clock": clock}

    def value(position: Board) -> int | None:
        """The mover's final margin under best play, if known in time."""
        known = book.value(position) if book is not None else None
        if known is not None or not small:
            return known
        try:
            return eg.solve(position, **limits())
        except OutOfBudget:
            return None

    top = value(board)
    if top is None:
        return None
    board.push(played)
    after = value(board)
    board.pop()
    if after is None:
        return None
    got = -after
    best = played if got == top else a_best_turn(board, top, book, eg if small else None, limits)
    if best is None:
        return None
    got_score, top_score = exact_score(got), exact_score(top)
    label = label_for(top - got)
    if outcome(got_score) < outcome(top_score):  # a won or drawn ending thrown away
        label = "blunder"
    return Verdict(best, float(top - got), label, True, got_score, top_score)


def a_best_turn(
    board: Board,
    value: int,
    book: side3.Strategy | None,
    eg: Endgame | None,
    limits: Callable[[], Limits],
) -> Turn | None:
    """A turn that keeps ``board``'s exact ``value``: one the side-3 strategy
    proves, else one the solver does (``None`` if neither can in time)."""
    if book is not None:
        for turn in board.legal_turns():
            board.push(turn)
            after = book.value(board)
            board.pop()
            if after is not None and -after == value:
                return turn
    if eg is None:
        return None
    try:
        found = eg.best_turns(board, value, first_only=True, **limits())
    except OutOfBudget:
        return None
    return found[0] if found else None
