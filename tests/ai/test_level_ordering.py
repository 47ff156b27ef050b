"""A level's ordering hints (killer turns and the history table, game/ai/ordering.py)
reach the search it plays with, compiled and in Python alike: Master searches
with them (they won at equal time, docs/ai.md), the depth-capped levels without,
and one searcher shared by levels (the worker's) takes each level's own."""

from __future__ import annotations

import random

import pytest

from game.ai import fastsearch
from game.ai.levels import LEVELS, choose_turn
from game.ai.ordering import HISTORY_AFTER_SIZE
from game.ai.search import Budget, Searcher
from game.rules import Board

from .search_golden import position

ON = (True, HISTORY_AFTER_SIZE)
OFF = (False, 0)
COMPILED = [False, True] if fastsearch.COMPILED else [False]


def nodes(searcher: Searcher, board: Board) -> int:
    """Positions a fresh search of ``board`` to depth 3 visits."""
    searcher.forget()
    return searcher.search(board, Budget(max_depth=3), solve=False).nodes


@pytest.mark.parametrize("compiled", COMPILED)
def test_a_searcher_told_its_ordering_searches_as_one_made_with_it(compiled):
    searcher = Searcher(compiled=compiled)
    first = position(1, 5)
    searcher.search(first, Budget(max_depth=2), solve=False)  # its side's handle exists
    if searcher.fast is not None:
        searcher.fast.helper(first)  # and its helper: both take the new hints
    changed = 0
    for seed in range(2, 6):
        board = position(seed, 5)
        searcher.order(*ON)
        told = nodes(searcher, board)
        assert told == nodes(Searcher(compiled=compiled, killers=True, history=ON[1]), board)
        searcher.order(*OFF)
        plain = nodes(searcher, board)
        assert plain == nodes(Searcher(compiled=compiled), board)
        changed += told != plain
    assert changed  # the hints change the tree searched


def test_master_plays_with_killers_and_history_and_a_depth_capped_level_without():
    assert (LEVELS["master"].killers, LEVELS["master"].history) == ON
    capped = [lvl for lvl in LEVELS.values() if lvl.killers or lvl.history]
    assert [lvl.name for lvl in capped] == ["Master"]
    searcher = Searcher()  # shared, as the worker's is
    board = position(3, 5)
    seen = []
    for name, ordering in (("master", None), ("club", None), ("master", OFF)):
        turn = choose_turn(
            board, LEVELS[name], random.Random(1), searcher=searcher, nodes=3000, ordering=ordering
        )
        assert turn in board.legal_turns()
        said = (searcher.ordering.killers, searcher.ordering.history)
        if searcher.fast is not None:  # the compiled search is told the same
            assert (searcher.fast.killers, searcher.fast.history) == said
        seen.append(said)
    assert seen == [ON, OFF, OFF]
