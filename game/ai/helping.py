"""A second search thread in the search's own table, for a second core.

Beside the search, the win-or-loss solve (:mod:`.beside`) takes the second
core only from its reach on (24 empty cells on side 5); before it, Master
thinking long leaves that core idle through the middle game. A helper thread
can search the same position one depth ahead of the search, in the same table
(a "lazy" parallel search, as chess programs run theirs on many cores): each
finds what the other has stored. The helper's own answer is never played; only
the table carries what it found.

No level uses it (``Searcher.search(helped=True)`` asks for it): on this
project's two cores it did not shorten the search
(``benchmarks/helper_speed.py``, docs/ai.md "How strong Master is"). The
helper saved the search a tenth to a quarter of its positions, and the two
threads in one table slowed each other's positions by as much. It stays, with
its tests, for the measure to be run again on machines with more cores.

It runs only where the search is compiled (the compiled search lets go of
the interpreter while it runs, ``_caller.h``) and the budget counts no nodes:
two threads racing make the table's contents, and so the turn, depend on
timing.
"""

from __future__ import annotations

import threading

from game.rules import Board

from .fastsearch import FastSearch
from .patterns import Evaluation


class Helper:
    """A thread searching ``board`` with ``fast``'s helper handle, always one
    depth deeper than the search it helps is at (``depth``, then
    :meth:`searching`), up to ``max_depth``, until :meth:`stop`."""

    def __init__(
        self, fast: FastSearch, board: Board, weights: Evaluation, max_depth: int, depth: int = 0
    ) -> None:
        self._stop = threading.Event()
        self._error: BaseException | None = None
        self._depth = depth
        #: The depths the helper finished, deepest last (for tests and benchmarks).
        self.finished: list[int] = []
        fast.helper(board)  # made here, before the thread: the table grows now
        self._thread = threading.Thread(
            target=self._run,
            args=(fast, board.copy(), weights, max_depth),
            name="search helper",
            # A player closing the game mid-turn must not wait for it.
            daemon=True,
        )
        self._thread.start()

    def searching(self, depth: int) -> None:
        """The helped search starts ``depth``: the helper's next is deeper."""
        self._depth = depth

    def _run(self, fast: FastSearch, board: Board, weights: Evaluation, max_depth: int) -> None:
        depth = 1
        try:
            while not self._stop.is_set():
                depth = min(max(depth + 1, self._depth + 1), max_depth)
                if self.finished and self.finished[-1] >= depth:
                    break  # the deepest asked for is done: nothing left to find
                if fast.help(board, depth, weights, self._stop.is_set):
                    self.finished.append(depth)
        except OverflowError:
            pass  # past the compiled search's room: the search meets it too, and says so
        except BaseException as error:  # passed on to the caller by stop()
            self._error = error

    def stop(self) -> None:
        """Stop the helper and wait for it; an error in its thread is raised
        here, in the caller's."""
        self._stop.set()
        self._thread.join()
        if self._error is not None:
            raise self._error
