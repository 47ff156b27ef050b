"""Thinking long: prove who wins.

A game is won or lost, not scored by its margin, and asking only "does the
mover win?" (one probe) is far cheaper than finding the exact final
margin: in side-5 endings of 13 to 16 empty cells the compiled solver answers
it most of the time within 3 s where the exact solve rarely finishes
(``benchmarks/win_or_exact.py``; ``docs/ai.md``, "How strong Master is"). So
Master thinking long (:data:`.levels.LONG_SECONDS` a turn) runs a win-or-loss
solve from further out than its exact reach
(:attr:`.levels.Level.win_from_compiled`): beside its search, on the second
core, where both are compiled (:mod:`.beside`); else first, for part of its
turn. When it proves a win (or a draw where no win is), it plays a turn proved
to keep it; otherwise the search's turn. Every bound the solve proves stays in
its solver's table, so a solve cut short shortens the next turn's.
"""

from __future__ import annotations

import contextlib

from game.rules import Board, Turn

from .endgame import Endgame, OutOfBudget
from .search import Budget

#: The share of a long turn's budget the win-or-loss solve may spend; the
#: search (with its own exact try) takes what is left, about Master's quick turn.
WIN_SHARE = 0.5


def rest(budget: Budget) -> Budget:
    """What is left of ``budget``'s time, as a budget from now (its nodes whole:
    the search counts its own)."""
    seconds = None if budget.deadline is None else max(0.0, budget.deadline - budget.clock())
    return Budget(seconds, budget.nodes, budget.max_depth, budget.stop, budget.clock)


def bound(endgame: Endgame, budget: Budget, start: int) -> None:
    """Bound ``endgame``'s next probes by what is left of ``budget``, the solver
    having counted ``start`` positions when it began."""
    seconds = None if budget.deadline is None else max(0.0, budget.deadline - budget.clock())
    nodes = None if budget.nodes is None else max(1, budget.nodes - (endgame.nodes - start))
    endgame.limit(nodes=nodes, seconds=seconds, stop=budget.stop, clock=budget.clock)


def outcome(endgame: Endgame, board: Board, budget: Budget, start: int) -> int | None:
    """1 if the mover of ``board`` wins with best play, 0 for a draw, -1 for a
    loss; ``None`` if ``budget`` runs out first (what was proved stays). The
    solver had counted ``start`` positions when the budget began."""
    bound(endgame, budget, start)
    try:
        value = endgame.value(board, -1, 1)
    except OutOfBudget:
        return None
    return (value > 0) - (value < 0)


def keeping_turns(
    endgame: Endgame,
    board: Board,
    result: int,
    budget: Budget,
    start: int,
    *,
    first_only: bool = False,
) -> list[Turn]:
    """The turns of ``board`` proved to keep its mover's ``result`` (1 a win, 0
    a draw), in the solver's order (the table's best first); with
    ``first_only`` just the first. Each costs one null-window probe ("is the
    reply's value at most -result?"). Raises :class:`OutOfBudget` if the budget
    runs out before one is found; after that, returns those found so far."""
    board = board.copy()
    found: list[Turn] = []
    for turn in endgame.ordered_turns(board):
        board.push(turn)
        try:
            bound(endgame, budget, start)
            if endgame.value(board, -result, -result + 1) <= -result:
                found.append(turn)
                if first_only:
                    break
        except OutOfBudget:
            if not found:
                raise
            break
        finally:
            board.pop()
    return found


def winning_turn(endgame: Endgame, board: Board, budget: Budget, ties: bool) -> list[Turn] | None:
    """The turns that keep a proved win (or, where no win is, a proved draw) of
    ``board``'s mover within ``budget``: the first found, and with ``ties``
    the others too as far as the budget allows. ``None`` when the mover loses,
    or when the budget runs out before anything is proved."""
    start = endgame.nodes
    result = outcome(endgame, board, budget, start)
    if result is None or result < 0:
        return None
    try:
        best = keeping_turns(endgame, board, result, budget, start, first_only=True)
    except OutOfBudget:
        return None
    if ties and best:
        with contextlib.suppress(OutOfBudget):
            best = keeping_turns(endgame, board, result, budget, start) or best
    return best or None
