"""The engine and the simple reference must agree on every position."""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.rules import BLUE, RED, Board, Position

from .reference import RefBoard
from .strategies import chain_sea, positions


def outcome_key(board: Board, turn) -> str:
    names = board.geometry.names
    if turn.is_pass:
        return "pass"
    if turn.is_place:
        return "p:" + names[turn.cells[0]]
    return "x:" + ",".join(sorted(names[c] for c in turn.cells))


def assert_agree(p: Position) -> None:
    board = Board(p)
    ref = RefBoard.from_mfen(p.mfen())
    turns = board.legal_turns()
    keys = [outcome_key(board, t) for t in turns]
    assert len(keys) == len(set(keys)), "a resulting position is listed twice"
    assert set(keys) == ref.legal(), p.mfen()
    assert board.is_game_over() == (not ref.legal())
    assert board.count(RED) == ref.count("R") and board.count(BLUE) == ref.count("B")
    assert board.group_count(RED) == ref.groups("R")
    assert board.group_count(BLUE) == ref.groups("B")
    # Every listed flip turn is a legal order, accepted by the checked path.
    for t in turns:
        if t.is_flip:
            board.check(t)


@pytest.mark.slow
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions())
def test_engine_matches_reference(p):
    assert_agree(p)


@pytest.mark.slow
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(4, 6), st.integers(0, 2**32), st.floats(0.5, 0.9))
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
