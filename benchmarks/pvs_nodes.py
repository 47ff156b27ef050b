"""Principal-variation search against plain alpha-beta, in the compiled search.

    python benchmarks/pvs_nodes.py [--positions 6] [--sides 3-8] [--deeper 1]

For each side, positions of seeded random play from the opening to the ending
(those of ``benchmarks/search_speed.py``) are searched to a fixed depth
(``DEPTHS`` there, plus ``--deeper``) with fresh tables, once as the AI
searches now and once with ``Searcher(pvs=True)``. Prints the positions
searched and the CPU time of each, and how many root scores agree (null
windows change the tree, not the value). Fewer positions at the same depth is
what PVS is for; whether it wins games is for a match.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.search_speed import DEPTHS, compiled_sides, positions
from game.ai.search import Budget, Searcher


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--positions", type=int, default=6)
    ap.add_argument("--sides", default="3-8", help="a side or a range, e.g. 5 or 3-8")
    ap.add_argument("--deeper", type=int, default=1, help="plies past search_speed's depths")
    args = ap.parse_args()
    sides = compiled_sides(args.sides)
    if sides is None:
        return 1
    print(
        f"{'side':>4} {'depth':>5} {'plain nodes':>12} {'PVS nodes':>10} {'ratio':>6} "
        f"{'plain s':>8} {'PVS s':>7} {'same score':>10}"
    )
    for side in sides:
        depth = DEPTHS[side] + args.deeper
        nodes, seconds, scores = [0, 0], [0.0, 0.0], []
        boards = positions(side, args.positions)
        for board in boards:
            found = []
            for i, pvs in enumerate((False, True)):
                searcher = Searcher(pvs=pvs)
                t0 = time.process_time()
                r = searcher.search(board, Budget(max_depth=depth), solve=False)
                seconds[i] += time.process_time() - t0
                nodes[i] += r.nodes
                found.append(r.score)
            scores.append(found[0] == found[1])
        print(
            f"{side:>4} {depth:>5} {nodes[0]:>12,} {nodes[1]:>10,} {nodes[1] / nodes[0]:>6.3f} "
            f"{seconds[0]:>8.2f} {seconds[1]:>7.2f} {sum(scores):>6} of {len(scores)}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
