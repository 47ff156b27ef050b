"""tests/golden/endings.json against its references, so that it cannot drift.

The file stores what minimax and the Python solver take minutes to compute
(tests/ai/endings.py, ``python -m tests.ai.endings``). Here a sample is computed
again with the same references: in each part the cheapest entry of each kind
and, of each board size, the costliest under a second (by the seconds the generator
recorded), and some positions of each table the side-3 tests spot-check."""

from __future__ import annotations

import random
from typing import Any

import pytest

from game.ai import side3
from game.ai.search import empty_cells
from game.rules import RED, Board, Position

from .brute import memo_margin
from .endings import golden, minimax_turns, python_solve, side3_value, stopped_positions

#: How each part's entries are made, from the position.
REFERENCES = {
    "python": lambda board, old: python_solve(board, best="best" in old),
    "minimax": lambda board, old: minimax_turns(board, turns="turns" in old),
    "values": lambda board, old: side3_value(board),
}


def sample(part: str) -> list[str]:
    """The cheapest entry of ``part`` of each kind (the fields it holds: a value
    alone, or with best turns or margins too) and, of each board size, the
    costliest under a second (the Python solver's entries are of sides 5 to 8)."""
    by_cost = sorted(golden()[part].items(), key=lambda item: (item[1]["seconds"], item[0]))
    kinds: dict[frozenset[str], str] = {}
    for mfen, found in by_cost:
        kinds.setdefault(frozenset(found), mfen)
    picked = list(kinds.values())
    for side in sorted({Board(mfen).size for mfen, _ in by_cost}):
        under = [m for m, found in by_cost if found["seconds"] < 1.0 and Board(m).size == side]
        picked += under[-1:]
    return list(dict.fromkeys(picked))


def without_seconds(found: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in found.items() if key != "seconds"}


@pytest.mark.parametrize("part", REFERENCES)
def test_a_sample_of_each_part_matches_its_reference(part):
    picked = sample(part)
    assert picked
    for mfen in picked:
        old = golden()[part][mfen]
        new = REFERENCES[part](Board(mfen), old)
        assert without_seconds(new) == without_seconds(old), mfen


def test_the_table_values_match_minimax():
    """Twenty of the 200 positions of each side-3 ending's entry: their values are
    minimax's (the mover's tiles first, so Red moves)."""
    rng = random.Random(3)
    tables = golden()["tables"]
    assert len(tables) == 2
    for found in tables.values():
        assert len(found["table"]) == 200
        for me, op, value in rng.sample(found["table"], 20):
            board = Board(Position(side3.SIDE, me, op, RED))  # the rules' own bits
            assert memo_margin(board, {}) == value, board.mfen()


def test_the_stopped_solves_positions_are_the_python_solvers_and_minimaxs():
    """The ``stopped`` part: its positions are those the Python solver's table
    holds after the stopped solve, and the five with the fewest empty cells
    have minimax's values (the root's own takes 3 CPU-seconds)."""
    stopped = golden()["stopped"]
    assert stopped
    for mfen, found in stopped.items():
        held = stopped_positions(Board(mfen))
        assert {b.mfen() for b in held} == set(found["positions"]), mfen
        held.sort(key=lambda b: (empty_cells(b), b.mfen()))
        for board in held[:5]:
            assert memo_margin(board, {}) == found["positions"][board.mfen()], board.mfen()
