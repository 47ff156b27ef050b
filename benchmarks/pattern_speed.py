"""The compiled search's speed with the pattern evaluation against the learned one.

    python benchmarks/pattern_speed.py [--positions 6] [--repeat 3] [--sides 3-8] [--weights FILE]

For each side, positions of seeded random play from the opening to the ending
are searched to a fixed depth (those of ``benchmarks/search_speed.py``) by the
compiled search with the learned evaluation (``game.ai.evaluate.DEFAULT``, the
baseline) and with the pattern evaluation (the shipped weights, or
``--weights``), each with fresh tables. The two evaluations search different
trees, so the figure that compares is positions a second; each is the best of
``--repeat`` runs, in CPU time.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.search_speed import DEPTHS, positions, searched
from game.ai.evaluate import DEFAULT
from game.ai.fastsearch import COMPILED
from game.ai.patterns import DATA, Evaluation, Patterns
from game.ai.search import Searcher
from game.rules import Board


def run(boards: list[Board], depth: int, weights: Evaluation) -> tuple[float, int]:
    """CPU seconds and nodes of searching every board with fresh tables."""
    make = lambda: Searcher(weights=weights)  # noqa: E731
    seconds, nodes, _ = searched(boards, depth, make, time.process_time)
    return seconds, nodes


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--positions", type=int, default=6)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--sides", default="3-8", help="a side or a range, e.g. 5 or 3-8")
    ap.add_argument("--weights", type=Path, default=DATA)
    args = ap.parse_args()
    if not COMPILED:
        print("the compiled search is not built here (or MOSAIC_NO_COMPILED is set)")
        return 1
    patterns = Patterns.load(args.weights)
    low, _, high = args.sides.partition("-")
    print(f"{'side':>4} {'depth':>5} {'learned n/s':>12} {'patterns n/s':>13} {'ratio':>6}")
    for side in range(int(low), int(high or low) + 1):
        boards = positions(side, args.positions)
        speed = {}
        for name, weights in (("learned", DEFAULT), ("patterns", patterns)):
            best = 0.0
            for _ in range(args.repeat):
                seconds, nodes = run(boards, DEPTHS[side], weights)
                best = max(best, nodes / max(seconds, 1e-9))
            speed[name] = best
        ratio = speed["patterns"] / speed["learned"]
        print(
            f"{side:>4} {DEPTHS[side]:>5} {speed['learned']:>12,.0f} "
            f"{speed['patterns']:>13,.0f} {ratio:>6.2f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
