"""How much of a long turn Master's search uses, and how often the depth the
time stopped gives the turn played.

    python benchmarks/long_turn.py [--positions 10] [--sides 5,7] [--seconds 1.85]

On positions of seeded random play in the middle game (a sixth of the board's
cells filled by random turns), each searched with Master's evaluation by a new
searcher for a long turn (``--seconds``, growing with the board as a long
turn does): the deepening as the levels' own time runs it (no depth begun
after 45% of the turn, a depth the time stops thrown away: the baseline, in
the same run), and as a long turn runs it (``partial``: it deepens while time
is left and plays the best of the depth the time stopped, where that depth
began with the last best). Printed per side: the share of the turn each used,
the depth each finished, and in how many positions the depth in part gave
the turn, and a different turn from the baseline's depth.

Wall time: run it on an idle machine.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.levels import LONG_SECONDS, level
from game.ai.search import Budget, Searcher
from game.rules import Board


def position(seed: int, side: int) -> Board:
    rng = random.Random(seed * 1000 + side)
    board = Board(size=side)
    for _ in range(board.geometry.cells // 6):
        turns = board.legal_turns()
        if not turns:
            break
        board.push(rng.choice(turns))
    return board


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--positions", type=int, default=10)
    ap.add_argument("--sides", default="5,7")
    ap.add_argument("--seconds", type=float, default=LONG_SECONDS)
    args = ap.parse_args()
    master = level("Master")
    for side in (int(s) for s in args.sides.split(",")):
        used = {False: 0.0, True: 0.0}
        depths = {False: 0, True: 0}
        budget_total = 0.0
        played_in_part = changed = 0
        for seed in range(args.positions):
            board = position(seed, side)
            seconds = master.budget(board, args.seconds)
            budget_total += seconds
            found = {}
            for partial in (False, True):
                searcher = Searcher()
                searcher.use(master.evaluation(searcher.compiled_for(board)))
                began = time.perf_counter()
                found[partial] = searcher.search(
                    board, Budget(seconds=seconds), solve=False, ties=True, partial=partial
                )
                used[partial] += time.perf_counter() - began
                depths[partial] += found[partial].depth
            if found[True].part:
                played_in_part += 1
                changed += found[True].turn != found[False].turn
        n = args.positions
        print(
            f"side {side}, {n} positions, {budget_total / n:.2f} s a turn: "
            f"the levels' deepening used {used[False] / budget_total:.0%} of the turn "
            f"(depth {depths[False] / n:.2f}); a long turn's {used[True] / budget_total:.0%} "
            f"(depth {depths[True] / n:.2f} finished), its depth in part giving the turn in "
            f"{played_in_part} of {n} ({changed} a different turn)",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
