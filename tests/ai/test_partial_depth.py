"""A long turn plays the best of a depth it could not finish (game/ai/result.py).

The deepening used to throw away the depth the time ran out in, the turn's
last half or more. Stopped, the root search now tells the turns it searched in
full; where the first of them was the depth before's best, the best of them is
at least as good, one depth deeper."""

from __future__ import annotations

import random

import pytest

from game.ai import fastsearch
from game.ai import levels as levels_module
from game.ai.levels import LONG_SECONDS, choose_turn, level, thinks_long
from game.ai.result import SearchResult, in_part
from game.ai.search import Budget, OutOfBudget, Searcher
from game.rules import Board

from .scale import scaled
from .search_golden import position


def stopped_root(board: Board, depth: int, nodes: int, compiled: bool, ties: bool = False):
    """The root search at ``depth`` stopped after ``nodes`` positions: what it
    searched in full, and the positions it had searched."""
    searcher = Searcher(budget=Budget(nodes=nodes), compiled=compiled)
    with pytest.raises(OutOfBudget) as stopped:
        searcher.root(board, depth, False, ties=ties)
    assert stopped.value.partial is not None
    return stopped.value.partial, searcher.nodes


def root_nodes(board: Board, depth: int) -> int:
    searcher = Searcher(compiled=False)
    searcher.root(board, depth, False)
    return searcher.nodes


@pytest.mark.skipif(not fastsearch.COMPILED, reason="the compiled search is not built")
@pytest.mark.parametrize("ties", [False, True])
def test_a_stopped_root_tells_the_same_turns_compiled_and_in_python(ties):
    compared = 0
    for seed in range(scaled(6, 3)):
        board = position(seed, 5)
        if len(board.legal_turns()) < 3:
            continue
        whole = root_nodes(board, 3)
        for share in (0.1, 0.5, 0.9):
            found = [stopped_root(board, 3, int(whole * share), c, ties) for c in (False, True)]
            assert found[0] == found[1], (board.mfen(), share)
            compared += 1
    assert compared >= 3


def test_a_stopped_root_tells_only_the_turns_searched_in_full_and_their_best():
    board = next(b for s in range(20) if len((b := position(s, 5)).legal_turns()) >= 6)
    whole = root_nodes(board, 3)
    (turn, score, scores), _ = stopped_root(board, 3, whole // 2, compiled=False)
    full = Searcher(compiled=False)
    _, _, every = full.root(board, 3, False)
    assert 0 < len(scores) < len(every)
    assert list(scores) == list(every)[: len(scores)]  # the same order, the first ones
    assert scores == {t: every[t] for t in scores}
    assert score == max(scores.values()) and scores[turn] == score


def test_nothing_searched_in_full_tells_nothing():
    board = position(2, 5)
    (turn, _, scores), _ = stopped_root(board, 3, 1, compiled=False)
    assert turn is None and scores == {}


def a_result(board: Board) -> SearchResult:
    turns = board.legal_turns()
    return SearchResult(turns[0], 5, 4, 100)


def test_the_best_of_a_depth_in_part_is_played_where_it_began_with_the_last_best():
    board = position(3, 5)
    first, second, third = board.legal_turns()[:3]
    last = a_result(board)
    assert last.turn == first
    found = in_part(last, (second, 9, {first: 2, second: 9, third: 9}), ties=True)
    assert found is not None and found.part
    assert (found.turn, found.score, found.depth) == (second, 9, last.depth)
    assert found.ties == [second, third]
    assert in_part(last, (second, 9, {first: 2, second: 9}), ties=False).ties == []  # type: ignore[union-attr]


def test_a_depth_in_part_that_began_elsewhere_or_found_nothing_is_left():
    board = position(3, 5)
    first, second = board.legal_turns()[:2]
    last = a_result(board)
    assert in_part(last, (second, 9, {second: 9, first: 2}), ties=False) is None
    assert in_part(last, (None, 0, {}), ties=False) is None
    assert in_part(last, None, ties=False) is None
    unsearched = SearchResult(first, 0, 0, 0)  # no depth finished yet
    assert in_part(unsearched, (first, 9, {first: 9}), ties=False) is None


@pytest.mark.parametrize("compiled", [False, True])
def test_a_search_in_part_plays_the_best_of_the_depth_it_did_not_finish(compiled):
    if compiled and not fastsearch.COMPILED:
        pytest.skip("the compiled search is not built")
    kept = 0
    for seed in range(scaled(8, 4)):
        board = position(seed, 5)
        if len(board.legal_turns()) < 3:
            continue
        # Depths 1 and 2 whole, and half of depth 3's positions.
        nodes = sum(root_nodes_in(board, d) for d in (1, 2)) + root_nodes_in(board, 3) // 2
        searched = {}
        for partial in (False, True):
            searcher = Searcher(compiled=compiled)
            searched[partial] = searcher.search(
                board, Budget(nodes=nodes), solve=False, partial=partial
            )
        plain, deeper = searched[False], searched[True]
        assert plain.depth == deeper.depth == 2 and not plain.part
        if deeper.part:
            kept += 1
            assert next(iter(deeper.scores)) == plain.turn
            assert deeper.scores[deeper.turn] == max(deeper.scores.values())
        else:
            assert deeper.turn == plain.turn
    assert kept >= 1


def root_nodes_in(board: Board, depth: int) -> int:
    """The positions one searcher deepening to ``depth`` spends on that depth."""
    searcher = Searcher(compiled=False)
    for d in range(1, depth):
        searcher.root(board, d, False)
    before = searcher.nodes
    searcher.root(board, depth, False)
    return searcher.nodes - before


def test_only_a_long_turn_on_time_spends_the_whole_turn():
    assert thinks_long(LONG_SECONDS, None)
    assert thinks_long(LONG_SECONDS * 2, None)
    assert not thinks_long(None, None)  # the level's own time
    assert not thinks_long(0.85, None)
    assert not thinks_long(LONG_SECONDS, 10_000)  # node budgets replay as they were mined


@pytest.mark.parametrize(("seconds", "partial"), [(LONG_SECONDS, True), (None, False)])
def test_master_thinking_long_asks_for_the_depth_in_part(monkeypatch, seconds, partial):
    asked = []
    search = Searcher.search

    def spy(self, board, budget, **options):
        asked.append(options["partial"])
        return search(self, board, Budget(nodes=2_000), **options)

    monkeypatch.setattr(levels_module.Searcher, "search", spy)
    board = Board(size=5)
    board.push(board.legal_turns()[7])
    turn = choose_turn(board, level("Master"), random.Random(1), seconds=seconds)
    assert turn in board.legal_turns()
    assert asked == [partial]
