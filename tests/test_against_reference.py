"""The engine and the simple reference must agree on every position.

The reference is slow on long chains (seconds for a side-6 chain sea), so its
answers on a fixed set of positions of every kind are golden data
(tests/reference_turns.py makes tests/golden/reference_turns.json with the
reference; ``test_the_golden_answers_are_the_references`` re-derives a sample
in every run); a few fresh Hypothesis draws a run still meet the reference itself.
"""

import json
import random
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.rules import BLUE, RED, Board, Position

from .reference_turns import GOLDEN, golden_positions, reference_entry
from .strategies import chain_sea, positions


def outcome_key(board: Board, turn) -> str:
    names = board.geometry.names
    if turn.is_pass:
        return "pass"
    if turn.is_place:
        return "p:" + names[turn.cells[0]]
    return "x:" + ",".join(sorted(names[c] for c in turn.cells))


def assert_agree(p: Position, ref: dict | None = None) -> None:
    """The engine agrees with the reference's ``ref`` (by default asked now)."""
    board = Board(p)
    ref = ref or reference_entry(p.mfen())
    turns = board.legal_turns()
    keys = [outcome_key(board, t) for t in turns]
    assert len(keys) == len(set(keys)), "a resulting position is listed twice"
    assert sorted(keys) == ref["legal"], p.mfen()
    assert board.is_game_over() == (not ref["legal"])
    assert [board.count(RED), board.count(BLUE)] == ref["counts"]
    assert [board.group_count(RED), board.group_count(BLUE)] == ref["groups"]
    # Every listed flip turn is a legal order, accepted by the checked path.
    for t in turns:
        if t.is_flip:
            board.check(t)


@cache
def golden() -> dict[str, dict]:
    return dict(json.loads(GOLDEN.read_text()))


def test_engine_matches_the_references_golden_answers():
    """300 positions of every kind (fills, full boards, random play, chain seas on
    sides 2 to 7) and 40 long, branching chain seas on sides 4 to 6."""
    mfens = [p.mfen() for p in golden_positions()]
    assert set(mfens) == set(golden())
    for mfen in mfens:
        assert_agree(Position.from_mfen(mfen), golden()[mfen])


def test_the_golden_answers_are_the_references():
    """Every 12th of the 300 cheapest entries (fewest legal outcomes), re-derived:
    25 of every kind and side, two seconds of the reference (the biggest chain
    seas take seconds each), so the file cannot drift from it."""
    entries = sorted(golden().items(), key=lambda item: (len(item[1]["legal"]), item[0]))
    assert len(entries) > 300
    for mfen, entry in entries[:300:12]:
        assert reference_entry(mfen) == entry, mfen


@pytest.mark.slow
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(max_side=5))
def test_engine_matches_reference(p):
    assert_agree(p)


@pytest.mark.slow
@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(4, 5), st.integers(0, 2**32), st.floats(0.5, 0.9))
def test_long_chains_with_choices(n, seed, spread):
    rng = random.Random(seed)
    assert_agree(chain_sea(n, rng, spread, rng.choice([0.0, 0.05]), rng.choice([RED, BLUE])))


def test_long_chains_are_exercised():
    """Guard against the strategies drifting away from long, branching chains."""
    rng = random.Random(0)
    longest = branching = 0
    for _ in range(30):
        b = Board(chain_sea(6, rng, 0.8, 0.0, RED))
        flips = [t for t in b.legal_turns() if t.is_flip]
        longest = max([longest, *(len(t.cells) for t in flips)])
        firsts = [t.cells[0] for t in flips]
        branching = max([branching, *(firsts.count(f) for f in firsts)])
    assert longest >= 10
    assert branching >= 3  # one first flip, three or more different endings
