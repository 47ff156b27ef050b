"""AI benchmark: search speed and exact-solver time over fixed seeded positions.

    python benchmarks/ai.py [--seconds 1.0]

(a) nodes per second of the alpha-beta search on side-5 middle-game positions,
beside a plain fixed-depth minimax (no pruning, no table) over the same positions
in the same run; (b) time to solve side-5 endings with 4 and 6 empty cells;
(c) the search against the v0.1 searcher (commit 52b8ca9, taken from this
repository's history with ``git archive``) on the same positions to the same
depth, each in a fresh process: the best turns and scores must be identical,
and the speed-up is the ratio of their CPU times.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.v01 import ROOT, V01, unpack
from game.ai.evaluate import evaluate
from game.ai.search import Budget, Searcher
from game.ai.solver import solve
from game.rules import BLUE, RED, Board


def positions(count: int, seed: int, empties: int | None = None, plies: int = 20) -> list[str]:
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        b = Board(size=5)
        ply = 0
        while b.legal_turns():
            empty = 61 - b.count(RED) - b.count(BLUE)
            if (empty <= empties) if empties else ply >= plies:
                break
            b.push(rng.choice(b.legal_turns()))
            ply += 1
        if b.legal_turns():
            out.append(b.mfen())
    return out


def minimax_nodes(board: Board, depth: int) -> int:
    """Plain depth-limited minimax: the baseline the search's pruning is measured by."""
    count = 1
    turns = board.legal_turns()
    if depth == 0 or not turns:
        evaluate(board)
        return count
    for t in turns:
        board.push(t)
        count += minimax_nodes(board, depth - 1)
        board.pop()
    return count


def at_depth(tree: Path, fens: list[str], depth: int) -> list[dict]:
    """Run ``depth_run.py`` with ``tree`` first on the import path."""
    env = dict(os.environ, PYTHONPATH=str(tree))
    out = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "depth_run.py"), str(depth)],
        input="\n".join(fens) + "\n",
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    found = [json.loads(line) for line in out.stdout.splitlines()]
    if len(found) != len(fens) or any(Path(f["tree"]) != tree.resolve() for f in found):
        raise SystemExit(f"depth_run.py did not search every position with {tree}")
    return found


def against_v01(fens: list[str], depth: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        if not unpack(Path(tmp)):
            print(f"(c) skipped: commit {V01} is not in this checkout's history")
            return
        old = at_depth(Path(tmp), fens, depth)
        new = at_depth(ROOT, fens, depth)
    pairs = zip(old, new, strict=True)
    same = sum(o["turn"] == n["turn"] and o["score"] == n["score"] for o, n in pairs)
    o_s, n_s = sum(o["seconds"] for o in old), sum(n["seconds"] for n in new)
    o_n, n_n = sum(o["nodes"] for o in old), sum(n["nodes"] for n in new)
    print(
        f"(c) depth {depth}, {len(fens)} positions: v0.1 {o_n:,} nodes in {o_s:.2f} s "
        f"({o_n / o_s:,.0f} nodes/s); now {n_n:,} nodes in {n_s:.2f} s ({n_n / n_s:,.0f} nodes/s); "
        f"speed-up {o_s / n_s:.2f}x; same best turn and score: {same} of {len(fens)}"
    )


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--seconds", type=float, default=1.0, help="search time per position")
    ap.add_argument("--count", type=int, default=8)
    ap.add_argument("--depth", type=int, default=5, help="depth of the comparison with v0.1")
    args = ap.parse_args()

    mids = positions(args.count, 1)
    nps, depths = [], []
    for fen in mids:
        s = Searcher()
        t0 = time.perf_counter()
        r = s.search(Board(fen), Budget(seconds=args.seconds), solve=False)
        nps.append(r.nodes / (time.perf_counter() - t0))
        depths.append(r.depth)
    t0 = time.perf_counter()
    plain = sum(minimax_nodes(Board(fen), 2) for fen in mids[:3])
    plain_nps = plain / (time.perf_counter() - t0)
    print(f"python {sys.version.split()[0]}, side 5")
    print(
        f"(a) search: {len(mids)} middle-game positions, {args.seconds:g} s each: "
        f"median {statistics.median(nps):,.0f} nodes/s, depth reached "
        f"{min(depths)}-{max(depths)} (median {statistics.median(depths):g}); "
        f"plain minimax {plain_nps:,.0f} nodes/s"
    )
    for empties in (4, 6):
        times = []
        for fen in positions(args.count, 2 + empties, empties=empties):
            t0 = time.perf_counter()
            result = solve(Board(fen), seconds=60)
            times.append(time.perf_counter() - t0 if result else float("inf"))
        print(
            f"(b) solver, {empties} empty cells: {len(times)} endings, median "
            f"{statistics.median(times) * 1000:,.0f} ms, worst {max(times) * 1000:,.0f} ms"
        )
    against_v01(positions(args.count, 1), args.depth)
    return 0


if __name__ == "__main__":
    sys.exit(main())
