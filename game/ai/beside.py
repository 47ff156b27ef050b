"""Thinking long on two cores: the win-or-loss solve beside the search.

Run one after the other, Master thinking long gave half of its turn to the
win-or-loss solve (:mod:`.winning`) and half to its search, each on one core
while the other core idled. The compiled solver and search let go of the
interpreter while they run (``_caller.h``), so the solve can run in a thread of
its own for the whole turn while the search, in the caller's thread, takes the
whole turn too: each gets twice the time, and the turn is no longer.

The solve needs a solver of its own (:attr:`.search.Searcher.prover`): one
solver serves one search at a time, and the search's exact tries use its own.
"""

from __future__ import annotations

import threading
import time

from game.rules import Board, Turn

from .endgame import Endgame
from .search import Budget
from .winning import winning_turn


def runs_beside(budget: Budget) -> bool:
    """Whether a solve may run beside the search under ``budget``: a turn bound
    by wall time only. Nodes make play repeatable, which two threads racing do
    not; and a budget read from the process's CPU time (the tournament's) would
    run down twice as fast with both cores at work."""
    wall = budget.clock is not time.process_time
    return budget.nodes is None and budget.seconds is not None and wall


class Prover:
    """The win-or-loss solve of ``board`` with ``endgame``, started in its own
    thread within ``budget``'s time (and its ``stop``); :meth:`turns` ends it."""

    def __init__(self, endgame: Endgame, board: Board, budget: Budget, ties: bool) -> None:
        self._cancel = threading.Event()
        self._finished = threading.Event()
        self._found: list[Turn] | None = None
        self._error: BaseException | None = None
        outer = budget.stop

        def stop() -> bool:
            return self._cancel.is_set() or (outer is not None and bool(outer()))

        left = None if budget.deadline is None else max(0.0, budget.deadline - budget.clock())
        own = Budget(left, None, budget.max_depth, stop, budget.clock)
        self._thread = threading.Thread(
            target=self._run,
            args=(endgame, board.copy(), own, ties),
            name="win-or-loss solve",
            # A player closing the game mid-turn must not wait for the solve.
            daemon=True,
        )
        self._thread.start()

    def _run(self, endgame: Endgame, board: Board, budget: Budget, ties: bool) -> None:
        try:
            self._found = winning_turn(endgame, board, budget, ties)
        except BaseException as error:  # passed on to the caller by turns()
            self._error = error
        finally:
            self._finished.set()

    def proved(self) -> bool:
        """Has the solve finished with turns proved to keep a win (or a draw)?
        The search stops when it has: its answer would not be played."""
        return self._finished.is_set() and self._found is not None

    def turns(self) -> list[Turn] | None:
        """Stop the solve if it still runs and wait for it: the turns it proved
        keep a win (or a draw where no win is), or ``None``. An error in the
        solve is raised here, in the caller's thread."""
        self._cancel.set()
        self._thread.join()
        if self._error is not None:
            raise self._error
        return self._found


def until_proved(budget: Budget, prover: Prover) -> Budget:
    """``budget``'s time left, for the search beside ``prover``: it also stops
    once the solve has proved turns to play."""
    outer = budget.stop

    def stop() -> bool:
        return prover.proved() or (outer is not None and bool(outer()))

    left = None if budget.deadline is None else max(0.0, budget.deadline - budget.clock())
    return Budget(left, budget.nodes, budget.max_depth, stop, budget.clock)
