"""The rules engine through its command line: ``python -m game.rules legal``.

    python benchmarks/cli.py [--positions 20000] [--reference 600] [--seed 1234]

Writes a held-out set of distinct side-5 positions (every position of seeded
random games, a seed no test or other benchmark uses), pipes it through the
command line in a child process, and counts the child's CPU time. In the same
run it times, on the first positions of the set:
- the deliberately simple reference in ``tests/reference.py`` (its ``legal``),
- the engine in-process (parse the MFEN, list the legal turns; no text out),
so the share of the command line's time spent reading and writing text shows.
Goal: the command line >= 25x the reference.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.rules import Board
from tests.reference import RefBoard

GOAL_RATIO = 25
ROOT = Path(__file__).resolve().parent.parent


def held_out(count: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    seen: set[str] = set()
    out: list[str] = []
    while len(out) < count:
        b = Board(size=5)
        while turns := b.legal_turns():
            fen = b.mfen()
            if fen not in seen:
                seen.add(fen)
                out.append(fen)
            b.push(rng.choice(turns))
    rng.shuffle(out)
    return out[:count]


def child_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def through_cli(fens: list[str]) -> tuple[float, float, int]:
    """(child CPU seconds, wall seconds, answer lines) for the whole set."""
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write("\n".join(fens) + "\n")
        name = f.name
    try:
        cpu0, wall0 = child_cpu(), time.perf_counter()
        with open(name, "rb") as stdin:
            proc = subprocess.run(
                [sys.executable, "-m", "game.rules", "legal"],
                stdin=stdin,
                capture_output=True,
                cwd=ROOT,
                check=True,
            )
        return child_cpu() - cpu0, time.perf_counter() - wall0, proc.stdout.count(b"\n")
    finally:
        os.unlink(name)


def startup() -> float:
    """CPU seconds of the command line with no input: Python and imports."""
    cpu0 = child_cpu()
    subprocess.run([sys.executable, "-m", "game.rules", "legal"], input=b"", cwd=ROOT, check=True)
    return child_cpu() - cpu0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--positions", type=int, default=20_000)
    ap.add_argument("--reference", type=int, default=600)
    ap.add_argument("--seed", type=int, default=1234)
    args = ap.parse_args()
    fens = held_out(args.positions, args.seed)
    cpu, wall, lines = min((through_cli(fens) for _ in range(3)), key=lambda r: r[0])
    assert lines == len(fens), "one answer line per position"
    boot = min(startup() for _ in range(3))
    sample = fens[: args.reference]
    t0 = time.process_time()
    for f in sample:
        RefBoard.from_mfen(f).legal()
    ref = len(sample) / (time.process_time() - t0)
    best = float("inf")
    for _ in range(3):
        t0 = time.process_time()
        for f in fens:
            Board(f).legal_turns()
        best = min(best, time.process_time() - t0)
    cli = len(fens) / cpu
    in_process = len(fens) / best
    ratio = cli / ref
    print(
        f"python {sys.version.split()[0]}, {len(fens)} held-out side-5 positions (seed {args.seed})"
    )
    print(
        f"  command line:  {cli:,.0f} positions/s (CPU {cpu:.2f} s of which start-up {boot:.2f} s; "
        f"wall {wall:.2f} s)"
    )
    print(f"  in-process parse + legal turns, no text out:  {in_process:,.0f} positions/s")
    text = max(0.0, 1 - (best + boot) / cpu)
    print(f"  share of the command line's time in reading and writing text: {100 * text:.0f}%")
    print(f"  reference (tests/reference.py, {len(sample)} positions): {ref:,.0f} positions/s")
    verdict = "met" if ratio >= GOAL_RATIO else "MISSED"
    print(f"  command line / reference: {ratio:.1f}x   goal >= {GOAL_RATIO}x: {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
