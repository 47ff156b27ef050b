"""``python -m game.puzzles``: mine, curate and verify puzzle packs.

python -m game.puzzles mine --games 400 --out mined.json [--resume] [--exclude puzzles/]
python -m game.puzzles curate mined.json [more.json ...] --out puzzles/
python -m game.puzzles verify puzzles/
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from game.files import BadFile, read_json, write_json

from .curate import curate, expand
from .loader import Problem, load_pack, load_packs
from .mine import PLANS, dedupe, mine, position_key
from .pack import Pack, Puzzle, write_pack


def cmd_mine(args: argparse.Namespace) -> int:
    t0 = time.perf_counter()
    out = Path(args.out)
    progress = out.with_name(out.name + ".progress.json")
    plan = {"plan": args.plan, "seed": args.seed, "games": args.games}
    start, found = 0, []
    if args.resume and out.exists():
        try:
            kept = read_json(progress)
            # The games of a plan and seed are the same sequence whatever the count,
            # so a run may be resumed with more games than it first asked for.
            same = isinstance(kept, dict) and all(kept.get(k) == plan[k] for k in ("plan", "seed"))
            if not same:
                print(f"{progress} is for another plan or seed: use those", file=sys.stderr)
                return 2
            start = int(kept["done"])
        except (BadFile, FileNotFoundError, KeyError, TypeError, ValueError) as e:
            print(f"cannot resume: {progress}: {e}", file=sys.stderr)
            return 2
        pack, problems = load_pack(out, prove=False)
        if pack is None:
            print(f"cannot resume: {'; '.join(map(str, problems))}", file=sys.stderr)
            return 2
        found = list(pack.puzzles)
        print(f"resuming after game {start} with {len(found)} puzzles", flush=True)
    exclude: set[str] = set()
    for folder in args.exclude:
        packs, _ = load_packs(Path(folder), prove=False)
        exclude |= {position_key(p) for pack in packs for p in pack.puzzles}

    def keep(done: int, so_far: list[Puzzle]) -> None:
        if done % 25 and done != args.games:
            return
        pack = Pack(
            "mined",
            "Mined puzzles",
            f"Every puzzle found in {done} self-play games ({args.plan}, seed {args.seed}), "
            "easiest first.",
            tuple(so_far),
        )
        write_pack(out, pack)
        write_json(progress, {**plan, "done": done})
        wins = sum(p.goal == "win" for p in so_far)
        took = time.perf_counter() - t0
        rate = (len(so_far) - len(found)) / max(1e-9, took * args.workers / 3600)
        print(
            f"{done}/{args.games} games: {len(so_far)} puzzles ({wins} win), {took:.0f} s, "
            f"{rate:,.0f} new puzzles a core-hour",
            flush=True,
        )

    mine(
        args.seed,
        args.games,
        args.workers,
        every=keep,
        plan=args.plan,
        start=start,
        found=found,
        exclude=exclude,
    )
    print(f"written to {out}")
    return 0


def cmd_curate(args: argparse.Namespace) -> int:
    found: list[Puzzle] = []
    for path in args.mined:
        mined, problems = load_pack(path, prove=False)
        for p in problems:
            print(p, file=sys.stderr)
        if mined is None:
            return 1
        found += mined.puzzles
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    files = sorted(p for p in out.glob("*.json") if p.name != "schema.json")
    if files:
        # Packs already there stay as they are: players' progress is kept by their ids.
        shipped, problems = load_packs(out, prove=False)
        if problems:
            for p in problems:
                print(p, file=sys.stderr)
            print(f"fix the packs in {out} first: nothing was written", file=sys.stderr)
            return 1
        numbers = [int(f.name[:2]) for f in files if f.name[:2].isdigit()]
        chosen = expand(dedupe(found), shipped, first=max(numbers, default=0) + 1)
        print(f"{out}: {len(shipped)} packs kept as they are")
    else:
        chosen = curate(dedupe(found))
    for name, pack in chosen:
        write_pack(out / name, pack)
        wins = sum(p.goal == "win" for p in pack.puzzles)
        print(f"{out / name}: {len(pack.puzzles)} puzzles ({wins} win)")
    return 0


def cmd_verify(args: argparse.Namespace) -> int:
    t0 = time.perf_counter()
    folder = Path(args.directory)
    files = sorted(p for p in folder.glob("*.json") if p.name != "schema.json")
    # Pack files are proved side by side; the loader, run again without proving,
    # then gives the whole folder's answer (a shared pack id, an empty folder).
    with ProcessPoolExecutor(max_workers=max(1, args.workers)) as pool:
        proved = list(pool.map(prove_file, files))
    packs, problems = load_packs(folder, prove=False)
    bad = {p.file for found in proved for p in found}
    problems = [p for found in proved for p in found] + [p for p in problems if p.file not in bad]
    for p in problems:
        print(p)
    count = sum(len(p.puzzles) for p in packs)
    took = time.perf_counter() - t0
    print(f"{count} puzzles in {len(packs)} packs proved in {took:.1f} s; {len(problems)} problems")
    return 1 if problems else 0


def prove_file(path: Path) -> list[Problem]:
    """The problems re-proving every puzzle of one pack file finds."""
    return load_pack(path, prove=True)[1]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m game.puzzles", description=__doc__)
    sub = ap.add_subparsers(dest="command", required=True)
    m = sub.add_parser("mine", help="find puzzles in self-play games and write them as a pack")
    m.add_argument("--games", type=int, default=400)
    m.add_argument("--seed", type=int, default=1)
    m.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    m.add_argument("--out", default="mined.json")
    m.add_argument("--plan", choices=PLANS, default="v2", help="which games (see mine.py)")
    m.add_argument("--resume", action="store_true", help="go on from where --out stopped")
    m.add_argument(
        "--exclude", nargs="*", default=[], help="folders of packs whose positions to skip"
    )
    m.set_defaults(run=cmd_mine)
    c = sub.add_parser(
        "curate",
        help="pick packs from mined packs (added after the packs already in --out)",
    )
    c.add_argument("mined", nargs="+", help="packs written by mine")
    c.add_argument("--out", default="puzzles")
    c.set_defaults(run=cmd_curate)
    v = sub.add_parser("verify", help="re-prove every puzzle in a directory of packs")
    v.add_argument("directory", nargs="?", default="puzzles")
    v.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    v.set_defaults(run=cmd_verify)
    args = ap.parse_args(argv)
    run: Callable[[argparse.Namespace], int] = args.run
    return run(args)
