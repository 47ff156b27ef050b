"""Round-robin calibration of the AI levels against two fixed baselines.

    python -m game.ai.tournament --games 40 --out docs/ai-ladder.md

Every pairing plays ``--games`` games on side 5 from seeded openings (a few
random placements), each opening twice with colours swapped; games run in
parallel on the machine's cores. Ratings are fitted with random play at 0.
"""

from __future__ import annotations

import argparse
import itertools
import os
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from game.rules import RED, Board

from .baselines import greedy_turn, random_turn
from .elo import bootstrap, fit
from .levels import LEVELS, choose_turn
from .search import Searcher

BASELINES = ("Random", "Greedy")
PLAYERS = (*BASELINES, *(v.name for v in LEVELS.values()))


def opening(seed: int, size: int) -> str:
    rng = random.Random(seed)
    b = Board(size=size)
    for _ in range(rng.randint(2, 4)):
        b.push(rng.choice(b.legal_turns()))
    return b.mfen()


def play_game(job: tuple[str, str, str, int, float | None]) -> tuple[str, str, float, int]:
    """Play one game; returns (red player, blue player, red's score, turns)."""
    red, blue, start, seed, movetime = job
    rng = random.Random(seed)
    board = Board(start)
    searchers = {red: Searcher(), blue: Searcher()}
    turns = 0
    while True:
        name = red if board.turn is RED else blue
        if name == "Random":
            turn = random_turn(board, rng)
        elif name == "Greedy":
            turn = greedy_turn(board, rng)
        else:
            turn = choose_turn(
                board, LEVELS[name.lower()], rng, searcher=searchers[name], seconds=movetime
            )
        if turn is None:
            break
        board.push(turn)
        turns += 1
    result = board.result()
    score = 1.0 if result == "red" else 0.0 if result == "blue" else 0.5
    return red, blue, score, turns


def schedule(
    players, games: int, seed: int, size: int, movetime: float | None
) -> list[tuple[str, str, str, int, float | None]]:
    jobs = []
    for a, b in itertools.combinations(players, 2):
        for g in range(games):
            start = opening(seed * 100_003 + g // 2, size)
            red, blue = (a, b) if g % 2 == 0 else (b, a)
            jobs.append((red, blue, start, seed * 7919 + g, movetime))
    return jobs


def run(players, *, games: int, seed: int, size: int, movetime: float | None, workers: int):
    jobs = schedule(players, games, seed, size, movetime)
    if workers <= 1:
        return [play_game(j) for j in jobs]
    with ProcessPoolExecutor(max_workers=workers) as pool:
        return list(pool.map(play_game, jobs, chunksize=1))


def report(players, results, command: str, elapsed: float) -> str:
    games = [(r, b, s) for r, b, s, _ in results]
    ratings = fit(players, games, anchor="Random")
    intervals = bootstrap(players, games, anchor="Random")
    lines = [
        "# AI ladder",
        "",
        f"Command: `{command}` ({len(games)} games, {elapsed / 60:.0f} min on 2 cores).",
        "",
        "| player | Elo | 95% interval |",
        "| --- | ---: | --- |",
    ]
    for p in sorted(players, key=lambda p: ratings[p]):
        lo, hi = intervals[p]
        lines.append(f"| {p} | {ratings[p]:.0f} | {lo:.0f} .. {hi:.0f} |")
    lines += ["", "Score of the row player against the column player:", ""]
    lines.append("| | " + " | ".join(players) + " |")
    lines.append("| --- " * (len(players) + 1) + "|")
    for a in players:
        cells = []
        for b in players:
            if a == b:
                cells.append("-")
                continue
            pts = n = 0.0
            for r, bl, s in games:
                if (r, bl) == (a, b):
                    pts, n = pts + s, n + 1
                elif (r, bl) == (b, a):
                    pts, n = pts + 1 - s, n + 1
            cells.append(f"{100 * pts / n:.0f}%" if n else "")
        lines.append(f"| {a} | " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m game.ai.tournament", description=__doc__)
    ap.add_argument("--games", type=int, default=40, help="games per pairing (even)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--size", type=int, default=5)
    ap.add_argument("--players", default=",".join(PLAYERS))
    ap.add_argument("--movetime", type=float, default=None, help="override every level's time")
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--out", default=None, help="write the ladder as Markdown here")
    args = ap.parse_args(argv)
    players = [p.strip() for p in args.players.split(",") if p.strip()]
    unknown = [p for p in players if p not in PLAYERS]
    if unknown:
        ap.error(f"unknown players {unknown}; choose from {', '.join(PLAYERS)}")
    t0 = time.perf_counter()
    results = run(
        players,
        games=args.games,
        seed=args.seed,
        size=args.size,
        movetime=args.movetime,
        workers=args.workers,
    )
    command = "python -m game.ai.tournament " + " ".join(argv if argv is not None else sys.argv[1:])
    text = report(players, results, command.strip(), time.perf_counter() - t0)
    print(text)
    if args.out:
        tmp = args.out + ".tmp"
        with open(tmp, "w") as f:
            f.write(text)
        os.replace(tmp, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
