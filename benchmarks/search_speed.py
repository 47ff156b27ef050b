"""The compiled middle-game search against the Python search, on the same positions.

    python benchmarks/search_speed.py [--positions 6] [--repeat 3] [--sides 3-8]

For each side, positions of seeded random play from the opening to the ending
are searched to a fixed depth (``DEPTHS``: 8 on side 3 down to 3 on sides 7 and
8), each with its tables made and emptied first, by the Python search
(``Searcher(compiled=False)``, the baseline) and by the compiled one, each with
a fresh table; both search the same positions (the run stops if their node
counts, turns or scores differ), so nodes per second compare like for like.
Each side's time is the best of ``--repeat`` runs. Goal: the compiled search at
least 20 times the Python search's nodes per second on every side.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.fastsearch import COMPILED
from game.ai.search import Budget, Searcher, empty_cells
from game.rules import Board

GOAL = 20.0
#: Deep enough that the search, not the call, takes the time (half a second or
#: more a position for the Python search).
DEPTHS = {3: 8, 4: 5, 5: 4, 6: 4, 7: 3, 8: 3}


def positions(side: int, count: int) -> list[Board]:
    out = []
    for seed in range(count):
        rng = random.Random(side * 1000 + seed)
        board = Board(size=side)
        target = int(board.geometry.cells * (0.9 - 0.8 * seed / max(1, count - 1)))
        while empty_cells(board) > target and board.legal_turns():
            board.push(rng.choice(board.legal_turns()))
        if len(board.legal_turns()) > 1:
            out.append(board)
    return out


def searched(
    boards: list[Board],
    depth: int,
    make: Callable[[], Searcher],
    clock: Callable[[], float] = time.perf_counter,
) -> tuple[float, int, list[object]]:
    """Seconds (by ``clock``), nodes and results of searching every board to
    ``depth``, each by a new searcher from ``make`` whose tables are made and
    emptied first, so that neither the making nor an earlier board counts."""
    seconds, nodes, found = 0.0, 0, []
    for board in boards:
        searcher = make()
        searcher.search(board, Budget(max_depth=1), solve=False)  # the tables made
        searcher.forget()
        t0 = clock()
        r = searcher.search(board, Budget(max_depth=depth), solve=False)
        seconds += clock() - t0
        nodes += r.nodes
        found.append((r.turn, r.score, r.nodes))
    return seconds, nodes, found


def run(boards: list[Board], depth: int, compiled: bool) -> tuple[float, int, list[object]]:
    """Seconds, nodes and results of searching every board with fresh tables."""
    return searched(boards, depth, lambda: Searcher(compiled=compiled))


def compiled_sides(spec: str) -> range | None:
    """The sides a ``--sides`` value names (``5`` or ``3-8``); ``None``, said
    why, where the compiled search is not built: these benchmarks measure it."""
    if not COMPILED:
        print("the compiled search is not built here (or MOSAIC_NO_COMPILED is set)")
        return None
    low, _, high = spec.partition("-")
    return range(int(low), int(high or low) + 1)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--positions", type=int, default=6)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--sides", default="3-8", help="a side or a range, e.g. 5 or 3-8")
    args = ap.parse_args()
    sides = compiled_sides(args.sides)
    if sides is None:
        return 1
    print(f"{'side':>4} {'depth':>5} {'nodes':>9} {'Python n/s':>11} {'compiled n/s':>13} {'x':>6}")
    worst = float("inf")
    for side in sides:
        boards = positions(side, args.positions)
        depth = DEPTHS[side]
        best = {False: float("inf"), True: float("inf")}
        nodes = 0
        for _ in range(args.repeat):
            results = {}
            for compiled in (False, True):
                seconds, nodes, found = run(boards, depth, compiled)
                best[compiled] = min(best[compiled], seconds)
                results[compiled] = found
            if results[False] != results[True]:
                print(f"side {side}: the two searches differ")
                return 1
        python, fast = nodes / best[False], nodes / best[True]
        worst = min(worst, fast / python)
        ratio = fast / python
        print(f"{side:>4} {depth:>5} {nodes:>9} {python:>11,.0f} {fast:>13,.0f} {ratio:>6.1f}")
    print(f"slowest side: {worst:.1f}x the Python search (goal {GOAL:.0f}x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
