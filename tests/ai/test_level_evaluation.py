"""Which evaluation each level plays with: Master the shipped pattern weights
where the compiled search serves the board, the learned weights elsewhere."""

from __future__ import annotations

import random

import pytest

from game.ai import fastsearch, patterns
from game.ai.evaluate import CLASSIC, DEFAULT
from game.ai.levels import LEVELS, choose_turn
from game.ai.patterns import Patterns
from game.ai.search import Searcher
from game.rules import Board


def test_master_plays_the_shipped_patterns_only_where_compiled():
    master = LEVELS["master"]
    found = master.evaluation(compiled=True)
    assert isinstance(found, Patterns) and found is patterns.shipped()
    assert master.evaluation(compiled=False) == DEFAULT
    # The levels below keep the weights their ladder was measured with.
    assert LEVELS["challenger"].evaluation(compiled=True) == DEFAULT
    assert LEVELS["club"].evaluation(compiled=True) == CLASSIC


def test_master_keeps_the_learned_weights_when_the_file_is_missing(monkeypatch, tmp_path):
    monkeypatch.setattr(patterns, "DATA", tmp_path / "missing.npz")
    patterns.shipped.cache_clear()
    try:
        assert LEVELS["master"].evaluation(compiled=True) == DEFAULT
    finally:
        patterns.shipped.cache_clear()


def test_choose_turn_hands_the_searcher_the_evaluation_its_search_can_use():
    board = Board(size=5)
    for turn in ("d4", "e5", "c3"):
        board.push(board.parse_turn(turn))
    python = Searcher(compiled=False)
    assert choose_turn(board, LEVELS["master"], random.Random(1), searcher=python, nodes=300)
    assert python.weights == DEFAULT
    if fastsearch.COMPILED:
        compiled = Searcher()
        assert compiled.compiled_for(board)
        choose_turn(board, LEVELS["master"], random.Random(1), searcher=compiled, nodes=300)
        assert compiled.weights is patterns.shipped()
    else:
        pytest.skip("the compiled search is not built")
