"""Master against the v0.1 Master: the strength the AI has gained.

    python benchmarks/versus_v01.py [--openings 30] [--movetime 2.0] [--side 5]
    python benchmarks/versus_v01.py --old d37f955 --movetime 0 [--openings 30] [--side 5]
    python benchmarks/versus_v01.py --old COMMIT --movetime 0 --new-weights patterns
    python benchmarks/versus_v01.py --old COMMIT --movetime 0 --new-pvs
    python benchmarks/versus_v01.py --old COMMIT --movetime 0 --new-killers --new-history size
    python benchmarks/versus_v01.py --old HEAD --movetime 0 --new-movetime 1.85

Both engines run as their own command-line programs (``python -m game.ai``, the
same contract in both versions; v0.1 is unpacked from commit 52b8ca9) with the
same time a turn. Each seeded opening (a few random turns from the empty board)
is played twice, colours swapped; two games run at a time, so each engine has a
core to itself while it thinks. Prints wins, draws and losses of the current
Master and its score with a 95% interval; the goal is a score of 70% or more.

With ``--old COMMIT`` the opponent is Master at that commit instead (d37f955:
Master before the compiled search, on 1.85 s a turn growing with the board),
given this checkout's built ending solver so that it plays as it did, and its
own compiled search built from its own sources where it has one; with
``--movetime 0`` each Master takes its own level's time (the current one
0.85 s). The goal against Master before the compiled search: 55% on side 5,
50% on side 7. ``--new-weights`` gives the current Master another evaluation
(``python -m game.ai --weights``): against today's Master, at the same time a
turn, it pits a pattern evaluation against the learned one. ``--new-pvs``
gives the current Master principal-variation search (``python -m game.ai
--pvs``, ``Searcher(pvs=True)``): against today's Master at equal time, the
match that decides whether PVS is kept (issue 53). ``--new-killers`` and
``--new-history size|first`` give it killer turns and the history table
(``python -m game.ai --killers --history size``, game/ai/ordering.py), with
PVS or without: Master's own since they won 64 of 100 games on side 5 at equal
time, so ``--new-history off`` is the current Master without them.
``--new-movetime S`` gives the current Master its own time a turn, S seconds
growing with the board as "Master thinks: long" does (1.85, ``LONG_SECONDS``),
against the old one on ``--movetime``: with ``--old HEAD``,
Master thinking long against Master quick (the goal: 70%).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.matches import opening, points, score_line
from benchmarks.v01 import ROOT, V01, unpack
from game.rules import BLUE, PASS, RED, Board

GOAL = 0.70
#: Master thinking long against Master quick (issue 53).
LONG_GOAL = 0.70


class Engine:
    """``python -m game.ai --level Master`` with ``tree`` first on the import path,
    and ``options`` of the engine's own (see :func:`options`)."""

    def __init__(self, tree: Path, movetime: float, seed: int, options: Sequence[str] = ()) -> None:
        env = dict(os.environ, PYTHONPATH=str(tree))
        command = ["-m", "game.ai", "--level", "Master", *options]
        if movetime > 0:  # else the level's own time
            command += ["--movetime", str(movetime)]
        self.proc = subprocess.Popen(
            [sys.executable, *command, "--seed", str(seed)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=env,
            cwd=tree,
        )

    def turn(self, mfen: str) -> str:
        assert self.proc.stdin and self.proc.stdout
        self.proc.stdin.write(mfen + "\n")
        self.proc.stdin.flush()
        return self.proc.stdout.readline().strip()

    def close(self) -> None:
        if self.proc.stdin:
            self.proc.stdin.close()
        self.proc.wait(timeout=30)


#: Builds the compiled search of an older tree from its own sources, in place.
BUILD_SEARCH = """
from setuptools import Extension, setup
sources = ["game/ai/_search.c", "game/ai/_search_py.c"]
extension = Extension("game.ai._search", sources)
setup(ext_modules=[extension], script_args=["-q", "build_ext", "--inplace"])
"""


def options(
    weights: str | None, pvs: bool, killers: bool = False, history: str | None = None
) -> list[str]:
    """The current Master's command-line options: ``weights`` name its
    evaluation (else the level's own), ``pvs`` gives it principal-variation
    search (else the plain alpha-beta search every version has), ``killers``
    killer turns and ``history`` the history table's order (size or first)."""
    return [
        *(["--weights", weights] if weights is not None else []),
        *(["--pvs"] if pvs else []),
        *(["--killers"] if killers else []),
        *(["--history", history] if history is not None else []),
    ]


def play(
    start: str,
    new_is_red: bool,
    old_tree: Path,
    movetime: float,
    seed: int,
    *,
    new_options: Sequence[str] = (),
    new_movetime: float | None = None,
) -> float:
    """The current Master's points from one game: 1 a win, 0.5 a draw, 0 a loss.
    Each game's result is printed as it ends, so a run cut short still tells
    what it reached. ``new_options`` are the current Master's (:func:`options`),
    and ``new_movetime`` its time a turn where it differs from ``movetime``."""
    new = Engine(ROOT, movetime if new_movetime is None else new_movetime, seed, new_options)
    old = Engine(old_tree, movetime, seed)
    try:
        board = Board(start)
        while not board.is_game_over():
            if board.legal_turns() == [PASS]:
                board.push(PASS)
                continue
            engine = new if (board.mover is RED) == new_is_red else old
            answer = engine.turn(board.mfen())
            board.push(board.parse_turn(answer))
    finally:
        new.close()
        old.close()
    got = points(board, new_is_red)
    print(
        f"opening {seed}, current Master {'Red' if new_is_red else 'Blue'}: {got:g} "
        f"({board.count(RED)}-{board.count(BLUE)})",
        flush=True,
    )
    return got


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--openings", type=int, default=30)
    ap.add_argument(
        "--first",
        type=int,
        default=0,
        help="the first opening's seed: a match carried on plays the openings after its own",
    )
    ap.add_argument("--movetime", type=float, default=2.0)
    ap.add_argument("--side", type=int, default=5)
    ap.add_argument("--turns", type=int, default=4, help="random turns in each opening")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--old", default=V01, help="the commit of the opponent (default v0.1)")
    ap.add_argument(
        "--new-weights",
        default=None,
        help="the current Master's evaluation: learned, classic, patterns or a file",
    )
    ap.add_argument(
        "--new-pvs",
        action="store_true",
        help="the current Master searches with principal-variation search",
    )
    ap.add_argument(
        "--new-killers", action="store_true", help="the current Master tries killer turns early"
    )
    ap.add_argument(
        "--new-history",
        choices=["size", "first", "off"],
        default=None,
        help="the current Master orders turns by a history table, after their size or first; "
        "off (without --new-killers): Master without its killers and history",
    )
    ap.add_argument(
        "--new-movetime",
        type=float,
        default=None,
        help="the current Master's seconds a turn (growing with the board), e.g. 1.85: long",
    )
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        if not unpack(Path(tmp), args.old):
            print(f"skipped: commit {args.old} is not in this checkout's history")
            return 1
        if args.old != V01:  # the ending solver it was built with (its source is unchanged)
            for built in (ROOT / "game" / "ai").glob("_endgame*.so"):
                shutil.copy(built, Path(tmp) / "game" / "ai")
            if (Path(tmp) / "game" / "ai" / "_search.c").exists():  # its own compiled search
                subprocess.run([sys.executable, "-c", BUILD_SEARCH], cwd=tmp, check=True)
        new = options(args.new_weights, args.new_pvs, args.new_killers, args.new_history)
        jobs = [
            (opening(args.side, seed, args.turns), red, seed)
            for seed in range(args.first, args.first + args.openings)
            for red in (True, False)
        ]
        with ThreadPoolExecutor(args.workers) as pool:
            results = list(
                pool.map(
                    lambda j: play(
                        j[0],
                        j[1],
                        Path(tmp),
                        args.movetime,
                        j[2],
                        new_options=new,
                        new_movetime=args.new_movetime,
                    ),
                    jobs,
                )
            )
    score = sum(results) / len(results)
    goal = GOAL if args.old == V01 else 0.55 if args.side <= 5 else 0.50
    if args.new_movetime is not None:
        goal = LONG_GOAL
    terms = ", ".join(
        t
        for t in (
            args.new_weights,
            "pvs" if args.new_pvs else None,
            "killers" if args.new_killers else None,
            f"history {args.new_history}" if args.new_history else None,
            f"{args.new_movetime:g} s a turn" if args.new_movetime is not None else None,
        )
        if t
    )
    print(
        f"Master{f' ({terms})' if terms else ''} against "
        f"{'v0.1' if args.old == V01 else args.old} Master, side {args.side}, "
        f"{f'{args.movetime:g} s' if args.movetime > 0 else 'its own time'} a turn, "
        f"{args.openings} openings{f' from {args.first}' if args.first else ''} x 2 colours: "
        f"{score_line(results)}; "
        f"goal >= {goal:.0%}: {'met' if score >= goal else 'MISSED'}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
