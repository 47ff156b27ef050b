"""The compiled ending solver on sides 6 to 8 against the Python solver.

    python benchmarks/endings_sides.py [--sides 6-8] [--games 4] [--empties 6,8]

From seeded games of random turns on each side, the positions with each count
of ``--empties`` empty cells (and a choice of turns) are solved from scratch by
both solvers in the same run: they must agree on every value and search the
same positions (a full bucket of the compiled table may cost it a few more);
it prints the CPU seconds and positions a second of each. Before the compiled
solver took four words a board, only side 5 and smaller had it.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.endgame import Endgame
from game.ai.search import empty_cells
from game.rules import Board


def endings(side: int, games: int, counts: set[int]) -> list[Board]:
    """The first position of each game with each count of empty cells in ``counts``."""
    out = []
    for seed in range(games):
        rng = random.Random(side * 1000 + seed)
        board = Board(size=side)
        left = set(counts)
        while board.legal_turns():
            e = empty_cells(board)
            if e in left and len(board.legal_turns()) > 1:
                out.append(board.copy())
                left.discard(e)
            board.push(rng.choice(board.legal_turns()))
    return out


def timed(board: Board, compiled: bool) -> tuple[int, int, float]:
    eg = Endgame(compiled=compiled)
    t0 = time.process_time()
    value = eg.solve(board)
    return value, eg.nodes, time.process_time() - t0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--sides", default="6-8")
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--empties", default="6,8")
    args = ap.parse_args()
    low, _, high = args.sides.partition("-")
    counts = {int(x) for x in args.empties.split(",")}
    print("| side | positions | Python | compiled | compiled / Python | values agree |")
    print("| --- | --- | --- | --- | --- | --- |")
    bad = 0
    for side in range(int(low), int(high or low) + 1):
        boards = endings(side, args.games, counts)
        py = [timed(b, False) for b in boards]
        c = [timed(b, True) for b in boards]
        agree = sum(p[0] == q[0] for p, q in zip(py, c, strict=True))
        bad += len(boards) - agree
        rate = [sum(r[1] for r in rs) / max(1e-9, sum(r[2] for r in rs)) for rs in (py, c)]
        print(
            f"| {side} | {len(boards)} ({sum(r[1] for r in py):,} positions searched by Python, "
            f"{sum(r[1] for r in c):,} compiled) | {sum(r[2] for r in py):.1f} s, "
            f"{rate[0]:,.0f}/s | {sum(r[2] for r in c):.2f} s, {rate[1]:,.0f}/s "
            f"| **{rate[1] / rate[0]:.1f}x** | {agree} of {len(boards)} |"
        )
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
