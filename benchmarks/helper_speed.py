"""Master's search with a helper thread in its table, against the search alone.

    python benchmarks/helper_speed.py [--positions 8] [--sides 5,7] [--seconds 1.85]

"Master thinks: long" runs a second search thread beside its own where the
win-or-loss solve does not take the second core (game/ai/helping.py). On
positions of seeded random play through the middle game, each searched with
Master's evaluation by a new searcher, alone (the baseline) and helped:

- **time to depth**: wall seconds to finish every depth up to ``DEPTHS[side]``
  (Master's depth in a long turn on an idle machine), and the speed-up, the
  baseline's time over the helped search's;
- **depth in a long turn**: the deepest depth each finishes within
  ``--seconds`` (growing with the board as a long turn does).

Wall time on two threads: run it on an idle machine with two cores. Goal: a
speed-up of 1.3 or more (a lazy parallel search on two cores gains 1.3 to 1.7
in chess programs).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.search_speed import positions
from game.ai.fastsearch import COMPILED
from game.ai.levels import LEVELS, LONG_SECONDS
from game.ai.search import Budget, Searcher, empty_cells
from game.rules import Board

GOAL = 1.3
DEPTHS = {4: 8, 5: 7, 6: 6, 7: 6, 8: 5}


def middle(side: int, count: int) -> list[Board]:
    """``count`` positions between a tenth and three quarters of the board
    filled: the helper's part of the game (the solve takes the ending)."""
    found = [
        b
        for b in positions(side, 3 * count)
        if 0.25 * b.geometry.cells <= empty_cells(b) <= 0.9 * b.geometry.cells
    ]
    return found[:count]


def search(board: Board, budget: Budget, helped: bool) -> tuple[float, int, int]:
    """Wall seconds, depth finished and score of Master's search of ``board``."""
    searcher = Searcher()
    searcher.use(LEVELS["master"].evaluation(True))
    start = time.perf_counter()
    r = searcher.search(board, budget, solve=False, ties=True, helped=helped)
    return time.perf_counter() - start, r.depth, r.score


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--positions", type=int, default=8)
    ap.add_argument("--sides", default="5,7")
    ap.add_argument("--seconds", type=float, default=LONG_SECONDS)
    args = ap.parse_args()
    if not COMPILED:
        print("the compiled search is not built here: nothing to help")
        return 1
    master = LEVELS["master"]
    worst = None
    for side in (int(s) for s in args.sides.split(",")):
        boards = middle(side, args.positions)
        depth = DEPTHS[side]
        alone, helped, same = [], [], 0
        for board in boards:
            a = search(board, Budget(max_depth=depth), False)
            h = search(board, Budget(max_depth=depth), True)
            alone.append(a[0])
            helped.append(h[0])
            same += a[2] == h[2]
        speedup = sum(alone) / sum(helped)
        worst = speedup if worst is None else min(worst, speedup)
        ratios = [a / h for a, h in zip(alone, helped, strict=True)]
        print(
            f"side {side}, {len(boards)} positions, to depth {depth}: alone {sum(alone):.2f} s, "
            f"helped {sum(helped):.2f} s: speed-up {speedup:.2f} (per position: median "
            f"{statistics.median(ratios):.2f}); the same score in {same} of {len(boards)}"
        )
        seconds = master.budget(boards[0], args.seconds)
        reached: dict[bool, list[int]] = {False: [], True: []}
        for board in boards:
            for h in (False, True):
                budget = Budget(seconds=seconds, max_depth=64)
                reached[h].append(search(board, budget, h)[1])
        pairs = list(zip(reached[False], reached[True], strict=True))
        deeper, shallower = sum(h > a for a, h in pairs), sum(h < a for a, h in pairs)
        print(
            f"side {side}, a long turn ({seconds:.2f} s): depth alone "
            f"{statistics.mean(reached[False]):.2f}, helped {statistics.mean(reached[True]):.2f} "
            f"(deeper in {deeper}, shallower in {shallower})"
        )
    assert worst is not None
    verdict = "met" if worst >= GOAL else "not met"
    print(f"goal: a speed-up of {GOAL} or more on every side: {verdict}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
