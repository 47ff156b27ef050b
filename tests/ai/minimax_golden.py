"""Plain minimax's margin after every turn of the endings that the analysis and
ponder tests check, as golden data.

``python -m tests.ai.minimax_golden`` regenerates ``tests/golden/minimax.json``
with tests/ai/brute.py's minimax (``memo_margin``), never with the solver or the
judge under test: for each position (by its MFEN) each legal turn's final margin
for the mover under best play. Minimax on these endings took nine tenths of
tests/ai/test_analysis.py's exact-verdict test (13 CPU-seconds), most of
tests/ai/test_ponder.py, and nine tenths of the side-3 games against Master
(10 CPU-seconds); ``test_the_golden_margins_are_minimaxs`` in
test_analysis.py re-derives a sample in every run so the file cannot drift.
"""

from __future__ import annotations

import json
import random
import sys
from functools import cache
from pathlib import Path

from game.ai.search import empty_cells
from game.rules import Board
from tests.helpers import write_golden

from .brute import memo_margin

GOLDEN = Path(__file__).parent.parent / "golden" / "minimax.json"

#: test_exact_verdicts_match_minimax's (side, empty cells) and positions of each.
VERDICT_PLACES = ((3, 5), (4, 5), (5, 4), (5, 6))
VERDICT_POSITIONS = 8


def ending(rng: random.Random, side: int, empty: int) -> Board:
    """A position from random play with ``empty`` empty cells and a choice of turns."""
    while True:
        board = Board(size=side)
        while empty_cells(board) > empty and board.legal_turns():
            board.push(rng.choice(board.legal_turns()))
        if empty_cells(board) == empty and len(board.legal_turns()) > 1:
            return board


def verdict_endings(side: int, empty: int, count: int = VERDICT_POSITIONS) -> list[Board]:
    """The first ``count`` endings test_exact_verdicts_match_minimax judges."""
    rng = random.Random(side * 10 + empty)
    return [ending(rng, side, empty) for _ in range(count)]


def ponder_endings() -> list[Board]:
    """The endings tests/ai/test_ponder.py proves: each position, and the one after
    the first legal turn of the second (the turn Master answers)."""
    from .test_endgame import ending as mixed_ending

    proved = mixed_ending(3, 5, 9)
    answered = mixed_ending(102, 5, 10)
    answered.push(answered.legal_turns()[0])
    return [proved, answered]


#: test_a_side3_game_against_master_is_judged_exactly_at_once's games, by seed.
MASTER_GAMES = 4
#: The most empty cells of the positions of those games that it checks with minimax.
MASTER_MOST_EMPTY = 8


def master_endings() -> list[Board]:
    """The positions with ``MASTER_MOST_EMPTY`` or fewer empty cells, before a turn
    with a choice, of the side-3 games against Master that tests/ai/test_analysis.py
    judges (Master's turns come from the shipped strategy and exact solves)."""
    from .test_analysis import games_against_master

    found: dict[str, Board] = {}
    for seed in range(MASTER_GAMES):
        for board, _ in games_against_master(seed):
            if empty_cells(board) <= MASTER_MOST_EMPTY:
                found.setdefault(board.mfen(), board)
    return list(found.values())


def all_endings() -> list[Board]:
    boards = [b for side, empty in VERDICT_PLACES for b in verdict_endings(side, empty)]
    return boards + ponder_endings() + master_endings()


def exact_margins(board: Board, memo: dict | None = None) -> dict[str, int]:
    """Each legal turn's final margin for the mover, by minimax to the end, by
    the turn's notation."""
    memo = {} if memo is None else memo
    out = {}
    for turn in board.legal_turns():
        board.push(turn)
        out[board.notation(turn)] = -memo_margin(board, memo)
        board.pop()
    return out


@cache
def golden() -> dict[str, dict[str, int]]:
    return dict(json.loads(GOLDEN.read_text()))


def margins(board: Board) -> dict[str, int]:
    """``exact_margins(board)`` from the golden file."""
    found = golden().get(board.mfen())
    assert found is not None, (
        f"{board.mfen()} is not in {GOLDEN.name}: run python -m tests.ai.minimax_golden"
    )
    return found


def main() -> int:
    golden = {b.mfen(): exact_margins(b) for b in all_endings()}
    write_golden(GOLDEN, json.dumps(golden, indent=0, sort_keys=True) + "\n")
    print(f"{len(golden)} positions written to {GOLDEN}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
