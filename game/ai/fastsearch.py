"""The middle-game search compiled (``game/ai/_search.c``): the search of
:class:`~game.ai.search.Searcher`, node for node, far faster.

:class:`~game.ai.search.Searcher` hands its :meth:`negamax` and :meth:`root` to
it wherever it was built and the board's side is at most :data:`MAX_SIDE`; the
Python search stays the reference (``tests/ai/test_search_compiled.py`` checks
that both find the same turns, scores and node counts) and serves installs
without a C compiler, or with ``MOSAIC_NO_COMPILED`` set.

A turn crosses the boundary as its index in :meth:`Board.legal_turns`'s order,
which the compiled search lists its turns in; a board as 32 little-endian bytes.
"""

from __future__ import annotations

import os
import warnings
from collections.abc import Callable, Sequence
from typing import Protocol

from game.rules import Board, Turn

from .endgame import NO_COMPILED_VARIABLE
from .ordering import Ordering
from .patterns import Evaluation, Patterns

#: The biggest side the compiled search plays: its boards are 256 bits.
MAX_SIDE = 8

Check = Callable[[], object] | None


class _Module(Protocol):
    """game/ai/_search.c's interface, for the type checker (see its header)."""

    def new(self, side: int, table_limit: int, /) -> object: ...
    def helper(self, handle: object, /) -> object: ...
    def clear(self, handle: object, /) -> None: ...
    def options(self, handle: object, pvs: bool, killers: bool, history: int, /) -> None: ...
    def fresh(self, handle: object, /) -> None: ...
    def size(self, handle: object, /) -> int: ...
    def negamax(
        self,
        handle: object,
        me: bytes,
        op: bytes,
        mover: int,
        depth: int,
        alpha: int,
        beta: int,
        exact: bool,
        weights: Sequence[int] | object,
        limit: int,
        check: Check,
        /,
    ) -> tuple[int, int, bool]: ...
    def root(
        self,
        handle: object,
        me: bytes,
        op: bytes,
        mover: int,
        depth: int,
        exact: bool,
        mode: int,
        weights: Sequence[int] | object,
        limit: int,
        check: Check,
        /,
    ) -> tuple[int, int, list[tuple[int, int]], int, bool]: ...
    def patterns(
        self,
        side: int,
        stages: int,
        shapes: Sequence[tuple[int, int]],
        cells: bytes,
        table: bytes,
        terms: Sequence[int],
        /,
    ) -> object: ...


#: The compiled module's interface this code calls (``SEARCH_INTERFACE`` in
#: ``game/ai/_search_py.c``): a build of another, made before a pull changed it
#: and not rebuilt since, would fail at its first call.
INTERFACE = 5


def usable(module: object) -> bool:
    """Whether a built ``_search`` module has the interface this code calls;
    if not, says so on standard error, once, with how to rebuild it."""
    found = getattr(module, "INTERFACE", None)
    if found == INTERFACE:
        return True
    warnings.warn(
        f"game/ai/_search was built for interface {found}, not {INTERFACE}: the Python "
        "search serves until it is rebuilt (pip install -e . or "
        "python setup.py build_ext --inplace)",
        RuntimeWarning,
        stacklevel=2,
    )
    return False


_module: _Module | None
if os.environ.get(NO_COMPILED_VARIABLE, "") not in ("", "0"):
    _module = None
else:
    try:
        from . import _search as _module
    except ImportError:  # installed without a C compiler: the Python search serves alone
        _module = None
    if _module is not None and not usable(_module):
        _module = None

#: Is the compiled search here?
COMPILED = _module is not None

#: A root search's result: the best turn, its score, and each turn's score in
#: the order searched.
Root = tuple[Turn | None, int, dict[Turn, int]]


class FastSearch:
    """The compiled search's tables for one :class:`Searcher`, one per board side
    (the Python table is keyed by tiles alone, but a side's positions never meet
    another's in one game)."""

    def __init__(
        self, table_limit: int, pvs: bool = False, ordering: Ordering | None = None
    ) -> None:
        assert _module is not None  # made only where the module was built
        self.lib = _module
        self.table_limit = table_limit
        self.pvs = pvs
        #: Killer turns, and the history's order (0 off): the Searcher's.
        self.killers = ordering is not None and ordering.killers
        self.history = 0 if ordering is None else ordering.history
        self.handles: dict[int, object] = {}
        #: Each side's helper (:mod:`.helping`), made when first asked for.
        self.helpers: dict[int, object] = {}
        #: Positions searched by the last call, finished or not.
        self.nodes = 0

    def clear(self) -> None:
        for handle in self.handles.values():
            self.lib.clear(handle)

    def fresh(self) -> None:
        """Empty the killer turns and history tables (see :mod:`.ordering`)."""
        for handle in self.handles.values():
            self.lib.fresh(handle)

    def order(self, ordering: Ordering) -> None:
        """Search with ``ordering``'s hints from now on, on every side's handle
        and helper, their killer turns and history emptied."""
        self.killers, self.history = ordering.killers, ordering.history
        for handle in (*self.handles.values(), *self.helpers.values()):
            self.lib.options(handle, self.pvs, self.killers, self.history)
            self.lib.fresh(handle)

    def size(self) -> int:
        """The entries in the tables."""
        return sum(self.lib.size(handle) for handle in self.handles.values())

    def _handle(self, board: Board) -> object:
        handle = self.handles.get(board.size)
        if handle is None:
            handle = self.handles[board.size] = self.lib.new(board.size, self.table_limit)
            self.lib.options(handle, self.pvs, self.killers, self.history)
        return handle

    def helper(self, board: Board) -> object:
        """A handle that searches in ``board``'s side's table from another
        thread (``helper`` in ``_search_py.c``): the table is at its full size
        from the first call on, so that it never moves while two threads
        search it."""
        helper = self.helpers.get(board.size)
        if helper is None:
            helper = self.helpers[board.size] = self.lib.helper(self._handle(board))
            self.lib.options(helper, self.pvs, self.killers, self.history)
        return helper

    def help(self, board: Board, depth: int, weights: Evaluation, check: Check) -> bool:
        """A root search of ``board`` to ``depth`` with its side's helper,
        for what it stores in the shared table; whether it finished."""
        me, op, _, _ = board.mover_view()
        *_, finished = self.lib.root(
            self.helper(board),
            me.to_bytes(32, "little"),
            op.to_bytes(32, "little"),
            int(board.mover),
            depth,
            False,
            0,
            self._weights(board, weights),
            -1,
            check,
        )
        return bool(finished)

    def _weights(self, board: Board, weights: Evaluation) -> Sequence[int] | object:
        """The evaluation as the module takes it: 7 ints, or pattern weights
        made for ``board``'s side."""
        if isinstance(weights, Patterns):
            return weights.compiled(board.size, self.lib)
        return weights

    def _position(self, board: Board) -> tuple[object, bytes, bytes, int]:
        """The handle for ``board``'s side, and its position as the module takes it."""
        me, op, _, _ = board.mover_view()
        handle = self._handle(board)
        return handle, me.to_bytes(32, "little"), op.to_bytes(32, "little"), int(board.mover)

    def negamax(
        self,
        board: Board,
        depth: int,
        alpha: int,
        beta: int,
        exact: bool,
        weights: Evaluation,
        limit: int,
        check: Check,
    ) -> int | None:
        """:meth:`Searcher.negamax`'s score, ``None`` if stopped (limit: nodes
        allowed, negative for no limit)."""
        score, self.nodes, finished = self.lib.negamax(
            *self._position(board),
            depth,
            alpha,
            beta,
            exact,
            self._weights(board, weights),
            limit,
            check,
        )
        return score if finished else None

    def root(
        self,
        board: Board,
        depth: int,
        exact: bool,
        mode: int,
        weights: Evaluation,
        limit: int,
        check: Check,
    ) -> tuple[Root, bool]:
        """:meth:`Searcher.root`'s result (``mode``: 0, 1 all scores, 2 ties), and
        whether it finished: stopped, the turns it searched in full and the best
        of them."""
        best, score, pairs, self.nodes, finished = self.lib.root(
            *self._position(board),
            depth,
            exact,
            mode,
            self._weights(board, weights),
            limit,
            check,
        )
        turns = board.legal_turns()
        scores = {turns[i]: s for i, s in pairs}
        if not finished:
            score = max(scores.values(), default=0)
        return ((turns[best] if best >= 0 else None), score, scores), bool(finished)


def serves(board: Board) -> bool:
    """Can the compiled search play ``board``?"""
    return COMPILED and board.size <= MAX_SIDE
