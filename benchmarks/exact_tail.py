"""The compiled ending solver at the edge of the analysis's reach: before and now.

    python benchmarks/exact_tail.py [--from-end 19,20,21] [--before b02fb8d] [--repeat 1]

The analysis (``benchmarks/analysis.py``) should prove its game's last 20 turns
exactly (issue 53); the 19th and 20th turns from the end of its side-5 game
have 15 empty cells, the 21st has 16. This takes the positions before those
turns and solves each with a fresh compiled solver (``Endgame()``, as the
analysis makes it), built as at ``--before`` (its ``game`` package and
``setup.py`` from this repository's history with ``git archive``, built in a
temporary directory) and as here, each in a process of its own, the two in
turn ``--repeat`` times. It prints positions searched, CPU seconds (the least
of the repeats: the machine may be shared, and other work only adds time),
positions a CPU second, and how many times faster now is. Both must find the
same values.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.analysis import a_game
from game.ai.search import empty_cells
from game.rules import Board

ROOT = Path(__file__).resolve().parent.parent
#: main before the solver was made faster at 15 empty cells (issue 53).
BEFORE = "b02fb8d"

#: Solves each MFEN line on standard input with a fresh compiled solver of the
#: package in the working directory: one JSON line [value, positions, CPU seconds].
SOLVE_EACH = """
import json, sys, time
from game.ai.endgame import COMPILED, Endgame
from game.rules import Board
if not COMPILED:
    sys.exit("the compiled ending solver did not build")
for line in sys.stdin:
    eg = Endgame()
    t0 = time.process_time()
    value = eg.solve(Board(line.strip()))
    print(json.dumps([value, eg.nodes, time.process_time() - t0]), flush=True)
"""


def positions(from_end: list[int]) -> list[str]:
    """The MFEN of the position before each of those turns from the end of the
    analysis benchmark's game (its defaults: side 5, 60 turns, seed 0)."""
    match = a_game(5, 60, 0)
    last = match.plies
    found = []
    for k in from_end:
        match.goto(last - k)
        found.append(match.board.mfen())
    return found


def build_at(commit: str, into: Path) -> None:
    archive = subprocess.run(
        [
            "git",
            "-C",
            str(ROOT),
            "archive",
            commit,
            "game",
            "setup.py",
            "pyproject.toml",
            "README.md",
        ],
        capture_output=True,
        check=True,
    )
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive.stdout, check=True)
    subprocess.run(
        [sys.executable, "setup.py", "-q", "build_ext", "--inplace"],
        cwd=into,
        capture_output=True,
        check=True,
    )


def solve_in(where: Path, boards: list[str]) -> list[list]:
    proc = subprocess.run(
        [sys.executable, "-c", SOLVE_EACH],
        input="".join(b + "\n" for b in boards),
        capture_output=True,
        text=True,
        cwd=where,
        check=True,
    )
    return [json.loads(x) for x in proc.stdout.splitlines()]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--from-end", default="19,20,21", help="turns counted from the game's end")
    ap.add_argument("--before", default=BEFORE, help="the commit to compare with")
    ap.add_argument("--repeat", type=int, default=1, help="runs of each, the least CPU time kept")
    args = ap.parse_args()
    from_end = [int(x) for x in args.from_end.split(",")]
    boards = positions(from_end)
    runs: dict[str, list[list[list]]] = {"before": [], "now": []}
    with tempfile.TemporaryDirectory() as tmp:
        build_at(args.before, Path(tmp))
        for _ in range(args.repeat):
            runs["before"].append(solve_in(Path(tmp), boards))
            runs["now"].append(solve_in(ROOT, boards))
    print(f"the analysis benchmark's side-5 game; before: {args.before}, now: this checkout")
    print(
        "from end  empty  value  positions before  CPU s    per s   positions now  CPU s"
        "     per s  faster"
    )
    agree = True
    for i, (k, mfen) in enumerate(zip(from_end, boards, strict=True)):
        empty = empty_cells(Board(mfen))
        (v0, n0), (v1, n1) = (runs[w][0][i][:2] for w in ("before", "now"))
        s0 = min(r[i][2] for r in runs["before"])
        s1 = min(r[i][2] for r in runs["now"])
        agree &= v0 == v1
        print(
            f"{k:8d} {empty:6d} {v1:+6d} {n0:17,d} {s0:6.2f} {n0 / s0:9,.0f} {n1:15,d}"
            f" {s1:6.2f} {n1 / s1:9,.0f} {s0 / s1:6.2f}x"
        )
    print("values agree" if agree else "VALUES DIFFER")
    return 0 if agree else 1


if __name__ == "__main__":
    sys.exit(main())
