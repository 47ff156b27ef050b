"""The Python middle-game search's results on the compiled search's test positions.

``python -m tests.ai.search_golden`` regenerates ``tests/golden/python_search.json``
with the Python search (``Searcher(compiled=False)``), never with the compiled
search under test. tests/ai/test_search_compiled.py compares the compiled search
with the file on the sides and cases where the Python search is slow (sides 6 to 8
at depths 2 and 3, root scores on side 8, exact solves on side 4: about 35 of the
file's 55 CPU-seconds before), and re-derives one entry of each side and case with
the Python search in every run, so the file cannot drift from it. The cases and
seeds are those the tests used to search with both.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

from game.ai.result import SearchResult
from game.ai.search import Budget, Searcher, empty_cells, solve_with
from game.rules import Board
from tests.helpers import write_golden

GOLDEN = Path(__file__).parent.parent / "golden" / "python_search.json"

#: (case, side) -> (seeds, depth, option); a depth of 0 is an exact solve.
CASES: dict[tuple[str, int], tuple[range, int, str]] = {
    **{("depth2", side): (range(100), 2, "") for side in (6, 7, 8)},
    **{("depth3", side): (range(100, 125), 3, "") for side in (6, 7, 8)},
    ("all_scores", 8): (range(200, 215), 2, "all_scores"),
    ("ties", 8): (range(200, 215), 2, "ties"),
    ("solve", 4): (range(20), 0, ""),
}


def position(seed: int, size: int) -> Board:
    """A position of random play, stopped anywhere from the opening to the ending."""
    rng = random.Random(seed * 100 + size)
    board = Board(size=size)
    target = int(board.geometry.cells * rng.uniform(0.05, 0.95))
    while empty_cells(board) > target and (turns := board.legal_turns()):
        board.push(rng.choice(turns))  # one list of turns a turn: most of the set-up's cost
    return board


def small_ending(seed: int, size: int) -> Board:
    """``position``, played on by the first legal turn down to 3 empty cells."""
    board = position(seed, size)
    while empty_cells(board) > 3 and board.legal_turns():
        board.push(board.legal_turns()[0])
    return board


def board_of(case: str, seed: int, size: int) -> Board:
    return small_ending(seed, size) if case == "solve" else position(seed, size)


def plain(board: Board, r: SearchResult) -> list[Any]:
    """A result as JSON can hold it: turns by their notation."""
    name = board.notation
    return [
        None if r.turn is None else name(r.turn),
        r.score,
        r.depth,
        r.nodes,
        [[name(t), s] for t, s in r.scores.items()],
        [name(t) for t in r.ties],
    ]


def search(board: Board, depth: int, option: str, compiled: bool) -> list[Any]:
    """One search to ``depth`` (0: an exact solve) with ``option`` ("all_scores",
    "ties" or ""), Python or compiled, as ``plain`` gives it."""
    searcher = Searcher(compiled=compiled)
    assert (searcher.fast is not None) == compiled
    if depth == 0:
        r = solve_with(searcher, board, Budget(), all_scores=True)
        assert r is not None
    else:
        options = {option: True} if option else {}
        r = searcher.search(board, Budget(max_depth=depth), solve=False, **options)
    return plain(board, r)


def key(case: str, side: int, seed: int) -> str:
    return f"{case} {side} {seed}"


def main() -> int:
    golden = {}
    for (case, side), (seeds, depth, option) in CASES.items():
        for seed in seeds:
            board = board_of(case, seed, side)
            golden[key(case, side, seed)] = search(board, depth, option, False)
    write_golden(GOLDEN, json.dumps(golden, separators=(",", ":")).replace('],"', '],\n"') + "\n")
    print(f"{len(golden)} results written to {GOLDEN}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
