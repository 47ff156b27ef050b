"""How long a player waits for Master's turn in a match, through the client's worker.

    python benchmarks/master_wait.py [--games 3] [--side 5] [--ponder 0]

Master answers through ``game.ai.worker.AIWorker``, polled 60 times a second as
the match scene polls it, against Casual played in this process, from seeded
openings (Master takes Red in one game, Blue in the next). Each wait is the wall
time from the request to the frame that sees the answer. Beside it, in the same
run, the same positions searched by ``choose_turn`` in this process: the wait
without the worker, so the difference is what the worker adds. Goal: Master's
wait at or under 2 s a turn on side 5.

With ``--ponder S`` the worker thinks over each ending on Casual's turn, as in a
match against a player (:mod:`game.ai.ponder`), for S seconds of wall time
before Casual moves; Master's turns after a ponder are listed on their own: the
request has to stop the ponder first.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.levels import LEVELS, choose_turn
from game.ai.ponder import worth_pondering
from game.ai.search import Searcher
from game.ai.worker import AIWorker
from game.rules import PASS, RED, Board

FRAME = 1 / 60


def summary(name: str, times: list[float]) -> str:
    times = sorted(times)
    p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
    return (
        f"{name:<40} median {statistics.median(times):.3f} s   p95 {p95:.3f} s   "
        f"worst {times[-1]:.3f} s  (n={len(times)})"
    )


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--side", type=int, default=5)
    ap.add_argument("--ponder", type=float, default=0.0, help="seconds a player thinks")
    args = ap.parse_args()
    waits: list[float] = []
    after_ponder: list[float] = []
    positions: list[str] = []
    with AIWorker() as worker:
        worker.request(Board(size=args.side).mfen(), "Master", seconds=0.05)  # start it
        worker.wait(30)
        for game in range(args.games):
            rng = random.Random(game)
            board = Board(size=args.side)
            for _ in range(4):
                board.push(rng.choice(board.legal_turns()))
            master_is_red = game % 2 == 0
            casual = Searcher()
            pondered = False
            while not board.is_game_over():
                if board.legal_turns() == [PASS]:
                    board.push(PASS)
                    continue
                if (board.mover is RED) == master_is_red:
                    positions.append(board.mfen())
                    t0 = time.perf_counter()
                    worker.request(board.mfen(), "Master")
                    answers: list = []
                    while not answers:
                        time.sleep(FRAME)
                        answers = worker.poll()
                    waits.append(time.perf_counter() - t0)
                    if pondered:
                        after_ponder.append(waits[-1])
                    pondered = False
                    if answers[0].error:
                        print(f"the worker failed: {answers[0].error}")
                        return 1
                    board.push(board.parse_turn(answers[0].turn))
                else:
                    if args.ponder and worth_pondering(board, LEVELS["master"]):
                        pondered = worker.ponder(board.mfen())
                        time.sleep(args.ponder)
                    board.push(choose_turn(board, LEVELS["casual"], rng, searcher=casual))
    print(f"Master's turns on side {args.side}, {args.games} games against Casual:")
    print(summary("wait through the worker (as in a match)", waits))
    if after_ponder:
        print(summary(f"  of which after a {args.ponder:g} s ponder", after_ponder))
    rng = random.Random(1)
    sample = rng.sample(positions, min(20, len(positions)))
    direct = []
    for mfen in sample:
        t0 = time.perf_counter()
        choose_turn(Board(mfen), LEVELS["master"], rng, searcher=Searcher())
        direct.append(time.perf_counter() - t0)
    print(summary("the same search in this process", direct))
    return 0


if __name__ == "__main__":
    sys.exit(main())
