"""Master thinking long on two cores before the ending: a helper thread that
searches in the search's own table (game/ai/helping.py, ``helper`` in
game/ai/_search_py.c). The tests named "compiled" also run under the
sanitizers (tests/ai/test_sanitized.py): two threads in one table."""

from __future__ import annotations

import gc
import threading

import pytest

from game.ai import fastsearch, helping
from game.ai.endgame import empty_cells
from game.ai.evaluate import CLASSIC
from game.ai.fastsearch import FastSearch
from game.ai.search import Budget, Searcher
from game.rules import Board

from .search_golden import position, small_ending

pytestmark = pytest.mark.skipif(not fastsearch.COMPILED, reason="the compiled search is not built")

#: Far more than any search here takes: the tests wait on threads, not on
#: time, and a loaded (or sanitized) run only makes them slower.
PLENTY = 120.0


def middle_game(seed: int = 5) -> Board:
    """A side-5 position with plenty of the game left."""
    for k in range(seed, seed + 50):
        board = position(k, 5)
        if 25 <= empty_cells(board) <= 45:
            return board
    raise AssertionError("no middle game in 50 seeds")


def ending(seed: int, empties: int) -> Board:
    """A side-4 position with ``empties`` empty cells, its game not over."""
    for k in range(seed, seed + 200):
        board = position(k, 4)
        if empty_cells(board) >= empties:
            while empty_cells(board) > empties:
                board.push(board.legal_turns()[0])
            if board.legal_turns():
                return board
    raise AssertionError("no ending in 200 seeds")


def raw_root(fast: FastSearch, handle: object, board: Board, depth: int, exact: bool) -> int:
    """A root search with ``handle`` straight through the module: its score."""
    me, op, _, _ = board.mover_view()
    _best, score, _pairs, _nodes, finished = fast.lib.root(
        handle,
        me.to_bytes(32, "little"),
        op.to_bytes(32, "little"),
        int(board.mover),
        depth,
        exact,
        0,
        CLASSIC,
        -1,
        None,
    )
    assert finished
    return score


def test_a_compiled_helper_stores_in_the_table_it_helps():
    board = middle_game()
    fast = FastSearch(200_000)
    assert fast.size() == 0
    assert fast.help(board, 3, CLASSIC, None)
    assert fast.size() > 0  # the helper's entries are the helped table's
    # The helped search finds them: the same depth again costs a fraction of
    # what it costs a search with an empty table.
    warm = fast.root(board, 3, False, 0, CLASSIC, -1, None)
    helped_nodes = fast.nodes
    cold = FastSearch(200_000)
    fresh = cold.root(board, 3, False, 0, CLASSIC, -1, None)
    assert warm is not None and fresh is not None and warm[:2] == fresh[:2]
    assert helped_nodes * 4 < cold.nodes


def solve_into(found: list[int], fast: FastSearch, handle: object, board: Board) -> None:
    found.append(raw_root(fast, handle, board, 1, True))


def test_compiled_exact_values_hold_while_a_helper_solves_in_the_same_table():
    """Two threads solving one ending in one table: every entry either reads
    whole or not at all, so the value is the ending's, found alone."""
    for seed, empties in ((0, 8), (0, 9), (2, 8)):  # a tenth of a second's solve or so
        board = ending(seed, empties)
        alone = FastSearch(200_000)
        truth = raw_root(alone, alone._handle(board), board, 1, True)
        fast = FastSearch(200_000)
        helper = fast.helper(board)
        found: list[int] = []
        thread = threading.Thread(target=solve_into, args=(found, fast, helper, board))
        thread.start()
        here = raw_root(fast, fast._handle(board), board, 1, True)
        thread.join(PLENTY)
        assert [here, *found] == [truth, truth], seed


def test_a_compiled_helper_keeps_the_table_it_helps_alive():
    lib = FastSearch(1000).lib
    board = small_ending(1, 4)
    handle = lib.new(4, 1000)
    helper = lib.helper(handle)
    del handle
    gc.collect()
    me, op, _, _ = board.mover_view()
    args = (me.to_bytes(32, "little"), op.to_bytes(32, "little"), int(board.mover))
    *_, finished = lib.root(helper, *args, 2, False, 0, CLASSIC, -1, None)
    assert finished and lib.size(helper) > 0


def test_a_compiled_helper_of_a_helper_is_refused():
    fast = FastSearch(1000)
    helper = fast.helper(Board(size=4))
    with pytest.raises(ValueError, match="help that one"):
        fast.lib.helper(helper)


def test_the_compiled_helper_searches_one_depth_past_the_search():
    fast = FastSearch(200_000)
    helper = helping.Helper(fast, middle_game(), CLASSIC, max_depth=5, depth=3)
    helper._thread.join(PLENTY)
    helper.stop()
    assert helper.finished == [4, 5]


def test_a_helped_compiled_search_plays_a_legal_turn_and_ends_its_helper():
    board = middle_game()
    result = Searcher().search(board, Budget(seconds=0.3), helped=True)
    assert result.turn in board.legal_turns() and result.depth >= 1
    assert "search helper" not in [t.name for t in threading.enumerate()]


def test_an_error_in_the_helper_reaches_the_compiled_search(monkeypatch):
    def broken(*args: object) -> bool:
        raise ValueError("the helper broke")

    monkeypatch.setattr(FastSearch, "help", broken)
    with pytest.raises(ValueError, match="the helper broke"):
        Searcher().search(middle_game(), Budget(seconds=0.2), helped=True)


def test_a_search_counted_in_nodes_is_never_helped(monkeypatch):
    """Node budgets make play repeatable: no thread races the search there."""
    board = middle_game()
    alone = Searcher().search(board, Budget(nodes=3000))

    def refused(*args: object, **kwargs: object) -> None:
        raise AssertionError("a helper started under a node budget")

    monkeypatch.setattr(helping.Helper, "__init__", refused)
    helped = Searcher().search(board, Budget(nodes=3000), helped=True)
    assert (helped.turn, helped.score, helped.depth) == (alone.turn, alone.score, alone.depth)
