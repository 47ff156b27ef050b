"""``python -m game.puzzles``: mine, curate and verify puzzle packs.

python -m game.puzzles mine --games 400 --out mined.json
python -m game.puzzles curate mined.json --out puzzles/
python -m game.puzzles verify puzzles/
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

from .curate import curate
from .loader import load_pack, load_packs
from .mine import dedupe, mine
from .pack import Pack, write_pack


def cmd_mine(args: argparse.Namespace) -> int:
    t0 = time.perf_counter()

    def keep(done: int, found: list) -> None:
        if done % 25 and done != args.games:
            return
        pack = Pack(
            "mined",
            "Mined puzzles",
            f"Every puzzle found in {done} self-play games (seed {args.seed}), easiest first.",
            tuple(found),
        )
        write_pack(args.out, pack)
        wins = sum(p.goal == "win" for p in found)
        took = time.perf_counter() - t0
        print(
            f"{done}/{args.games} games: {len(found)} puzzles ({wins} win), {took:.0f} s",
            flush=True,
        )

    mine(args.seed, args.games, args.workers, every=keep)
    print(f"written to {args.out}")
    return 0


def cmd_curate(args: argparse.Namespace) -> int:
    found: list = []
    for path in args.mined:
        mined, problems = load_pack(path, prove=False)
        for p in problems:
            print(p, file=sys.stderr)
        if mined is None:
            return 1
        found += mined.puzzles
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for name, pack in curate(dedupe(found)):
        write_pack(out / name, pack)
        print(f"{out / name}: {len(pack.puzzles)} puzzles")
    return 0


def cmd_verify(args: argparse.Namespace) -> int:
    t0 = time.perf_counter()
    packs, problems = load_packs(args.directory, prove=True)
    for p in problems:
        print(p)
    count = sum(len(p.puzzles) for p in packs)
    took = time.perf_counter() - t0
    print(f"{count} puzzles in {len(packs)} packs proved in {took:.1f} s; {len(problems)} problems")
    return 1 if problems else 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m game.puzzles", description=__doc__)
    sub = ap.add_subparsers(dest="command", required=True)
    m = sub.add_parser("mine", help="find puzzles in self-play games and write them as a pack")
    m.add_argument("--games", type=int, default=400)
    m.add_argument("--seed", type=int, default=1)
    m.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    m.add_argument("--out", default="mined.json")
    m.set_defaults(run=cmd_mine)
    c = sub.add_parser("curate", help="pick the shipped packs from a mined pack")
    c.add_argument("mined", nargs="+", help="packs written by mine")
    c.add_argument("--out", default="puzzles")
    c.set_defaults(run=cmd_curate)
    v = sub.add_parser("verify", help="re-prove every puzzle in a directory of packs")
    v.add_argument("directory", nargs="?", default="puzzles")
    v.set_defaults(run=cmd_verify)
    args = ap.parse_args(argv)
    return args.run(args)
