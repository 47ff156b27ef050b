"""Mosaix solo: the AI's average score over seeded games, beside a greedy player.

    python benchmarks/mosaix.py [--games 200] [--seed 0] [--workers 2]

Each solo game is played, on the same dice, by the AI (``game.mosaix.ai.plan``:
it estimates the points a sheet is heading for and looks one roll ahead), by
the same estimate without the look ahead (``roll_and_place``, what a match's AI
uses to place), and by a greedy player that takes the most points right now.
Goals: an AI average above 120 (the rule sheet's solo win line) and well above
greedy.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.mosaix import ai
from game.mosaix.game import SOLO_SUPER, SOLO_WIN, Solo

GOAL = SOLO_WIN


def play(seed: int, player: str) -> tuple[int, float]:
    """The final solo score of one seeded game, and its CPU seconds."""
    t0 = time.process_time()
    game = Solo(seed)
    rng = random.Random(seed)
    while not game.over:
        if player == "greedy":
            p = ai.greedy_roll_and_place(game.sheet, game.rolled, rng, game.max_dropped)
        elif player == "one turn":
            p = ai.roll_and_place(game.sheet, game.rolled, rng, game.max_dropped)
        else:
            p = ai.plan(game.sheet, game.rolled, rng, game.scale)
        if p is None:
            break
        game.play(p)
    return game.score, time.process_time() - t0


def summary(name: str, results: list[tuple[int, float]]) -> float:
    scores = [s for s, _ in results]
    mean = statistics.mean(scores)
    wins = sum(s >= SOLO_WIN for s in scores)
    supers = sum(s >= SOLO_SUPER for s in scores)
    secs = statistics.mean(t for _, t in results)
    print(
        f"  {name:<8} mean {mean:6.1f}   median {statistics.median(scores):5.1f}   "
        f"min {min(scores)}   max {max(scores)}   won (>= {SOLO_WIN}) {wins}   "
        f"really super (>= {SOLO_SUPER}) {supers}   {secs:.2f} CPU s a game"
    )
    return mean


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--workers", type=int, default=2)
    args = ap.parse_args()
    seeds = list(range(args.seed, args.seed + args.games))
    with ProcessPoolExecutor(args.workers) as pool:
        smart = list(pool.map(play, seeds, ["AI"] * len(seeds)))
        one = list(pool.map(play, seeds, ["one turn"] * len(seeds)))
        greedy = list(pool.map(play, seeds, ["greedy"] * len(seeds)))
    print(f"Mosaix solo, {args.games} seeded games (seeds {seeds[0]}..{seeds[-1]}), same dice")
    a = summary("AI", smart)
    summary("one turn", one)
    g = summary("greedy", greedy)
    verdict = "met" if a > GOAL and a > g * 1.15 else "MISSED"
    print(f"  goal: AI mean > {GOAL} and well above greedy ({a / g:.2f}x): {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
