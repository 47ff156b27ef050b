"""Thinking on the player's time: Master proves the ending while its opponent thinks.

Master's own turn has 1.85 s, enough to solve an ending of about 13 to 16 empty
cells with the compiled solver, and about 10 with the Python one.
A player thinks over a turn for far longer, and meanwhile the AI process has
nothing to do. So in an ending of :data:`PONDER_FROM` empty cells or fewer the
worker (:mod:`.worker`) spends that time on the exact solver, into the table
that Master's next turn reads: first the position the player faces, then the
position after each of the player's turns, the likeliest first (the solver's
own order). When the player's turn leads to a position the ponder settled,
Master's search finds it proved (:meth:`.endgame.Endgame.settled`) and plays a
proved best turn at once, however far from the end. What the player's turn cut
short stays in the table as proved bounds and shortens the next solve.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from game.rules import Board

from . import side3
from .endgame import Endgame, OutOfBudget, empty_cells
from .levels import Level

#: Endings with this many empty cells or fewer are worth thinking over: the
#: Python solver settles 13 within a minute and 16 in one to two, the compiled
#: one 16 in one to two seconds (``docs/ai-endings.md``), and what it proves of
#: a bigger ending still helps the turns after. Master's turns at 16 follow the
#: player's at 17, so the thinking starts there.
PONDER_FROM = 17
#: A ponder stops after this long even if unfinished, so that a game left open
#: does not keep a core busy for hours.
PONDER_SECONDS = 600.0


def worth_pondering(board: Board, lvl: Level) -> bool:
    """Should ``lvl``, to move after the player of ``board``, think on the player's
    time? Only a level that plays endings exactly, in an ending close enough, and
    not on side 3, where Master plays from its perfect strategy."""
    if lvl.exact_from <= 0 or not board.legal_turns():
        return False
    if lvl.perfect_side3 and board.size == side3.SIDE:
        return False
    return empty_cells(board) <= PONDER_FROM


def ponder(
    endgame: Endgame,
    board: Board,
    *,
    seconds: float | None = None,
    stop: Callable[[], bool] | None = None,
    clock: Callable[[], float] = time.perf_counter,
) -> bool:
    """Prove ``board``'s value, then the value after each of its mover's turns,
    into ``endgame``'s table. True when all of it is proved; False when
    ``seconds`` ran out or ``stop`` said so first (what was proved stays)."""
    deadline = None if seconds is None else clock() + seconds

    def left() -> float | None:
        return None if deadline is None else max(0.0, deadline - clock())

    board = board.copy()
    try:
        endgame.solve(board, seconds=left(), stop=stop, clock=clock)
        for turn in endgame.ordered_turns(board):
            board.push(turn)
            endgame.solve(board, seconds=left(), stop=stop, clock=clock)
            board.pop()
    except OutOfBudget:
        return False
    return True
