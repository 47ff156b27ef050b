"""Puzzle benchmark: the time to re-prove every shipped puzzle.

    python benchmarks/puzzles.py [--dir puzzles]

Prints, per goal, the median and worst time to prove one puzzle (what
``python -m game.puzzles verify`` does for each). Beside it, in the same run,
the baselines the solver replaced: for "win", scoring every legal turn with a
full-window exact search; for "most", the plain reference board's enumeration
of every flip chain (``tests/reference.py``).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.solver import solve
from game.puzzles import load_packs, prove
from game.rules import Board
from tests.reference import RefBoard

ROOT = Path(__file__).resolve().parent.parent


def timed(fn) -> float:
    t0 = time.process_time()
    fn()
    return time.process_time() - t0


def summary(name: str, times: list[float]) -> str:
    med, worst = 1000 * statistics.median(times), 1000 * max(times)
    return f"{name:<34} median {med:8.1f} ms   worst {worst:8.1f} ms  (n={len(times)})"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--dir", default=str(ROOT / "puzzles"))
    args = ap.parse_args()
    packs, problems = load_packs(args.dir, prove=False)
    if problems:
        print(*problems, sep="\n")
        return 1
    puzzles = [p for pack in packs for p in pack.puzzles]
    for goal in ("most", "win"):
        chosen = [p for p in puzzles if p.goal == goal]
        if not chosen:
            continue
        ours = [timed(lambda p=p: prove(p)) for p in chosen]
        print(summary(f"{goal}: prove (game.puzzles)", ours))
        if goal == "win":
            base = [timed(lambda p=p: solve(Board(p.fen), all_scores=True)) for p in chosen]
            label = "win: full-window solve of all turns"
        else:
            base = [timed(lambda p=p: RefBoard.from_mfen(p.fen).outcomes()) for p in chosen]
            label = "most: reference enumeration"
        print(summary(label, base))
        ratio = statistics.median(base) / max(1e-9, statistics.median(ours))
        print(f"{'':<34} median ratio {ratio:.1f}x")
    total = sum(timed(lambda p=p: prove(p)) for p in puzzles)
    print(f"all {len(puzzles)} puzzles proved in {total:.1f} s of CPU time")
    return 0


if __name__ == "__main__":
    sys.exit(main())
