"""Killer turns and the history table against the search's own move ordering.

    python benchmarks/ordering_nodes.py [--positions 6] [--sides 3-8] [--deeper 1]
    valgrind --tool=callgrind python benchmarks/ordering_nodes.py --only "both size" --sides 8

For each side, positions of seeded random play from the opening to the ending
(those of ``benchmarks/search_speed.py``) are searched by the compiled search
to a fixed depth (``DEPTHS`` there, plus ``--deeper``) with fresh tables: as
the AI searches now (the baseline, in the same run), with killer turns, with
the history table in either order (``size``: by size, then history; ``first``:
by history, then size), and with both; each once with plain alpha-beta and once
with principal-variation search. Prints the positions searched, each as a
ratio to plain alpha-beta's with today's ordering, the CPU seconds of each,
and how many root scores differ from that baseline's (ordering changes the
tree, not the value, but for the table's bounds). Fewer positions at the same
depth is what better ordering is for; whether it wins games is for a match.

CPU seconds are noisy on a shared machine: ``--only NAME`` searches with that
ordering alone, plain alpha-beta only, so that a run under valgrind's
callgrind counts its instructions (one run more with ``--deeper -2`` counts
what is not the search).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.search_speed import DEPTHS, compiled_sides, positions
from game.ai.ordering import HISTORY_AFTER_SIZE, HISTORY_FIRST
from game.ai.search import Budget, Searcher

#: Each ordering measured: its name, killers, and the history's mode.
ORDERINGS = [
    ("today", False, 0),
    ("killers", True, 0),
    ("history size", False, HISTORY_AFTER_SIZE),
    ("history first", False, HISTORY_FIRST),
    ("both size", True, HISTORY_AFTER_SIZE),
    ("both first", True, HISTORY_FIRST),
]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--positions", type=int, default=6)
    ap.add_argument("--sides", default="3-8", help="a side or a range, e.g. 5 or 3-8")
    ap.add_argument("--deeper", type=int, default=1, help="plies past search_speed's depths")
    ap.add_argument(
        "--only",
        choices=[name for name, _, _ in ORDERINGS],
        default=None,
        help="search with this ordering alone, plain alpha-beta only",
    )
    args = ap.parse_args()
    sides = compiled_sides(args.sides)
    if sides is None:
        return 1
    print(
        f"{'side':>4} {'depth':>5} {'search':>6} {'ordering':>13} {'nodes':>12} "
        f"{'ratio':>6} {'CPU s':>7} {'scores differ':>13}"
    )
    totals: dict[tuple[bool, str], list[float]] = {}
    for side in sides:
        depth = DEPTHS[side] + args.deeper
        boards = positions(side, args.positions)
        base_nodes, base_scores = 0, []
        for pvs in (False,) if args.only else (False, True):
            for name, killers, history in ORDERINGS:
                if args.only not in (None, name):
                    continue
                nodes, seconds, scores = 0, 0.0, []
                for board in boards:
                    searcher = Searcher(pvs=pvs, killers=killers, history=history)
                    t0 = time.process_time()
                    r = searcher.search(board, Budget(max_depth=depth), solve=False)
                    seconds += time.process_time() - t0
                    nodes += r.nodes
                    scores.append(r.score)
                if not base_nodes:
                    base_nodes, base_scores = nodes, scores
                ratio = nodes / base_nodes
                totals.setdefault((pvs, name), []).append(ratio)
                differ = sum(a != b for a, b in zip(scores, base_scores, strict=True))
                print(
                    f"{side:>4} {depth:>5} {'PVS' if pvs else 'plain':>6} {name:>13} "
                    f"{nodes:>12,} {ratio:>6.3f} {seconds:>7.2f} {differ:>6} of {len(scores)}",
                    flush=True,
                )
    print("mean ratio over the sides:")
    for (pvs, name), ratios in totals.items():
        print(f"  {'PVS' if pvs else 'plain':>6} {name:>13} {sum(ratios) / len(ratios):.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
