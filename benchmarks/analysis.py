"""Post-game analysis: how long the engine takes to go through a whole game.

    python benchmarks/analysis.py [--turns 60] [--side 5] [--seed 0] [--seconds S]

Plays a seeded game on the given side (random turns: the first finished game
of ``--turns`` to ``--turns`` + 9 turns, so its ending is in it) and analyses
every turn the way the client does, through the AI worker process at the
analysis screen's seconds per turn, timing it on the wall clock. The baseline
in the same run is the same analysis in this process, without the worker.
Goal: a 60-turn side-5 game in under 2 minutes.
"""

from __future__ import annotations

import argparse
import collections
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.analysis import judge
from game.ai.worker import AIWorker
from game.client.game_analysis import SECONDS, GameAnalysis
from game.client.match import Match
from game.rules import Board

GOAL = 120.0


def a_game(side: int, turns: int, seed: int) -> Match:
    for s in range(seed, seed + 5000):
        rng = random.Random(s)
        board = Board(size=side)
        line = []
        while not board.is_game_over() and len(line) < turns + 10:
            t = rng.choice(board.legal_turns())
            board.push(t)
            line.append(t)
        if board.is_game_over() and len(line) >= turns:
            match = Match(side, "Human", "Human")
            for t in line:
                match.play(t)
            return match
    raise SystemExit(f"no finished game of {turns} to {turns + 9} turns on side {side}")


def through_worker(match: Match, seconds: float) -> tuple[GameAnalysis, float]:
    analysis = GameAnalysis(match)
    worker = AIWorker()
    t0 = time.perf_counter()
    try:
        while (nxt := analysis.next_turn()) is not None:
            index, mfen, played = nxt
            rid = worker.judge(mfen, played, seconds)
            (answer,) = worker.wait(60 + 10 * seconds)
            if answer.id != rid or answer.verdict is None:
                raise SystemExit(f"turn {index + 1}: {answer.error}")
            analysis.record(index, answer.turn, answer.verdict)
    finally:
        worker.close()
    return analysis, time.perf_counter() - t0


def in_process(match: Match, seconds: float) -> float:
    analysis = GameAnalysis(match)
    t0 = time.perf_counter()
    for mfen, played, _ in analysis.turns:
        if played != "pass":
            board = Board(mfen)
            judge(board, board.parse_turn(played), seconds=seconds)
    return time.perf_counter() - t0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--turns", type=int, default=60)
    ap.add_argument("--side", type=int, default=5)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--seconds", type=float, default=SECONDS)
    args = ap.parse_args()
    match = a_game(args.side, args.turns, args.seed)
    print(f"a finished {match.plies}-turn side-{args.side} game, {args.seconds} s per turn at most")
    analysis, wall = through_worker(match, args.seconds)
    labels = collections.Counter(v.label for v in analysis.verdicts if v is not None)
    exact = sum(v.exact for v in analysis.verdicts if v is not None)
    print(f"through the worker: {wall:.1f} s ({wall / match.plies:.2f} s per turn)")
    print(f"  {exact} turns settled exactly; labels: {dict(labels)}")
    base = in_process(match, args.seconds)
    print(f"baseline, in this process: {base:.1f} s (worker overhead {wall - base:+.1f} s)")
    verdict = "meets" if wall < GOAL else "MISSES"
    print(f"goal under {GOAL:.0f} s: {verdict} ({wall:.1f} s)")


if __name__ == "__main__":
    main()
