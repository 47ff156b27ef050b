"""The reference values of the ending solvers' tests, stored as golden data.

``python -m tests.ai.endings`` regenerates ``tests/golden/endings.json`` with the
REFERENCES only: plain minimax (tests/ai/brute.py) and the Python solver
(``Endgame(compiled=False)``, itself checked against minimax by test_endgame.py),
never with the compiled solver or the side-3 strategy under test. Computing them
took the tests some 210 CPU-seconds a run (the ``seconds`` the file records add
up to 211); the tests now compare the code under test with the file, and
tests/ai/test_endings_golden.py re-derives a cheap sample of each part with the
references, so the file cannot drift from them.

The file has five parts, each keyed by the position's MFEN:

- ``python``: the Python solver's value, the positions it searched (``nodes``,
  after its first solve) and, where asked, its best turns (notation, sorted);
- ``minimax``: minimax's value and, where asked, the margin after each turn;
- ``tables``: minimax's value of each position among the first 200 the Python
  solver's table holds after solving the ending (``[me, op, value]``, the
  mover's tiles first), which test_endgame.py spot-checks the table's bounds with;
- ``values``: the Python solver's value alone (side 3, by its symmetric table);
- ``stopped``: minimax's value and, by MFEN, that of each position near the
  root that the Python solver's table holds after a solve stopped early
  (``stopped_values``), whose bounds test_endgame_compiled.py checks.

Each entry also has ``seconds``: what the reference took, by which the check
picks its cheap sample.
"""

from __future__ import annotations

import contextlib
import json
import random
import sys
import time
from functools import cache
from pathlib import Path
from typing import Any

from game.ai.endgame import Endgame, OutOfBudget
from game.rules import RED, Board
from tests.helpers import write_golden

from .brute import memo_margin

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "endings.json"
REGENERATE = "python -m tests.ai.endings regenerates it"


@cache
def golden() -> dict[str, dict[str, dict[str, Any]]]:
    return json.loads(GOLDEN.read_text())


def entry(part: str, board: Board) -> dict[str, Any]:
    """The golden entry of ``board`` in ``part``; a clear failure if it lacks one."""
    found = golden()[part].get(board.mfen())
    assert found is not None, f"{board.mfen()} is not in {GOLDEN.name}'s {part}: {REGENERATE}"
    return found


def python_solve(board: Board, best: bool = True) -> dict[str, Any]:
    """The Python solver's value, positions searched and best turns."""
    start = time.process_time()
    eg = Endgame(compiled=False)
    value = eg.solve(board)
    out: dict[str, Any] = {"value": value, "nodes": eg.nodes}
    if best:
        out["best"] = sorted(board.notation(t) for t in eg.best_turns(board, value))
    out["seconds"] = round(time.process_time() - start, 2)
    return out


def minimax_turns(board: Board, turns: bool = True) -> dict[str, Any]:
    """Minimax's value and, with ``turns``, the mover's margin after each turn."""
    start = time.process_time()
    memo: dict = {}
    out: dict[str, Any] = {"value": memo_margin(board, memo)}
    if turns:
        margins = {}
        for turn in board.legal_turns():
            name = board.notation(turn)
            board.push(turn)
            margins[name] = -memo_margin(board, memo)
            board.pop()
        out["turns"] = margins
    out["seconds"] = round(time.process_time() - start, 2)
    return out


def table_values(board: Board) -> dict[str, Any]:
    """Minimax's value of ``board`` and of the first 200 positions the Python
    solver's table holds after solving it."""
    start = time.process_time()
    memo: dict = {}
    value = memo_margin(board, memo)
    eg = Endgame(compiled=False)
    eg.solve(board)
    rows = []
    for me, op in list(eg.table)[:200]:
        found = memo.get((me, op, int(RED)), memo.get((op, me, 1 - int(RED))))
        if found is not None:
            rows.append([me, op, found])
    return {"value": value, "table": rows, "seconds": round(time.process_time() - start, 2)}


#: The node budget and depth of tests/ai/test_endgame_compiled.py's stopped solve.
STOPPED_NODES = 600
STOPPED_DEPTH = 4


def stopped_positions(board: Board) -> list[Board]:
    """Each position within ``STOPPED_DEPTH`` turns of ``board`` that the Python
    solver's table holds after a solve of it stopped at ``STOPPED_NODES``
    positions: the compiled solver searches the same positions, so its table
    holds no other."""
    eg = Endgame(compiled=False)
    with contextlib.suppress(OutOfBudget):
        eg.solve(board, nodes=STOPPED_NODES)
    board = board.copy()
    held: dict[str, Board] = {}

    def walk(depth: int) -> None:
        if eg._entry(board) is not None:
            held.setdefault(board.mfen(), board.copy())
        if depth:
            for turn in board.legal_turns():
                board.push(turn)
                walk(depth - 1)
                board.pop()

    walk(STOPPED_DEPTH)
    return list(held.values())


def stopped_values(board: Board) -> dict[str, Any]:
    """Minimax's value of ``board`` and, by MFEN, of each of its
    :func:`stopped_positions`."""
    start = time.process_time()
    memo: dict = {}
    value = memo_margin(board, memo)
    positions = {p.mfen(): memo_margin(p, memo) for p in stopped_positions(board)}
    seconds = round(time.process_time() - start, 2)
    return {"value": value, "positions": positions, "seconds": seconds}


def side3_value(board: Board) -> dict[str, Any]:
    start = time.process_time()
    value = Endgame(table_limit=5_000_000, symmetric=True).solve(board)
    return {"value": value, "seconds": round(time.process_time() - start, 2)}


def boards() -> dict[str, list[tuple[Board, Any]]]:
    """Every position the tests look up, by part, with how to compute its entry."""
    from .test_endgame import ending
    from .test_endgame_compiled import endings_of_random_games
    from .test_side3 import board_of, empties, entries, master_games

    python: list[tuple[Board, Any]] = []
    for seed, empty in [(2, 12), (1, 13)]:
        python.append((ending(seed, 5, empty), lambda b: python_solve(b, best=False)))
    # Side 8's game 20 is left out, as its test leaves it out.
    for side, games, most in [(6, range(30), 4), (7, range(24), 3), (8, range(24), 3)]:
        kept = [s for s in games if (side, s) != (8, 20)]
        python += [(b, python_solve) for b in endings_of_random_games(side, kept, most)]
    for side, games in [(6, [0, 1]), (7, [0]), (8, [0])]:
        python += [
            (b, lambda b: python_solve(b, best=False))
            for b in endings_of_random_games(side, games, 7)
        ]
    minimax = [(ending(seed, 5, empty), minimax_turns) for seed, empty in [(100, 9), (102, 9)]]
    minimax += [(ending(102, 5, 10), minimax_turns), (ending(11, 3, 9), minimax_turns)]
    # The value alone: the tests of a Python solve stopped, shrunk or cut short
    # by its table start from these, and the compiled solver's tests that
    # check it still serves after a refused or failed probe end on the last.
    minimax += [
        (ending(seed, 5, empty), lambda b: minimax_turns(b, turns=False))
        for seed, empty in [(3, 9), (5, 8), (3, 8)]
    ]
    tables = [(ending(seed, 3, empty), table_values) for seed, empty in [(1, 10), (3, 11)]]
    values = [(board_of(k), side3_value) for k in random.Random(12).sample(entries(12), 3)]
    for seed in range(6):
        for board, turn in master_games(seed, seed % 2 == 0):
            if empties(board) not in (10, 11) or len(board.legal_turns()) < 2:
                continue
            values.append((board, side3_value))
            after = board.copy()
            after.push(turn)
            values.append((after, side3_value))
    stopped = [(ending(3, 5, 9), stopped_values)]
    return {
        "python": python,
        "minimax": minimax,
        "tables": tables,
        "values": values,
        "stopped": stopped,
    }


def main() -> int:
    out: dict[str, dict[str, dict[str, Any]]] = {}
    for part, items in boards().items():
        out[part] = {}
        for board, compute in items:
            mfen = board.mfen()
            if mfen not in out[part]:
                out[part][mfen] = compute(board)
                print(part, mfen, out[part][mfen]["seconds"], flush=True)
    write_golden(GOLDEN, json.dumps(out, indent=1, sort_keys=True) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
