"""How long a player waits for Master's turn in a match, through the client's worker.

    python benchmarks/master_wait.py [--games 3] [--side 5] [--ponder 0]
    python benchmarks/master_wait.py --sides 3-8 [--games 2]

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

With ``--sides`` it plays ``--games`` on each side of the range and prints one
table row a side (mean, p95 and worst wait, and the turns over 1.2 s), then,
on a sample of each side's positions, the depth Master's search reaches beside
the depth the Python search reached on the long budget (``LONG_SECONDS``,
growing with the board: Master before the compiled search). Goal: p95 under
1.0 s and no turn over 1.2 s on every side, at least as deep as before.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.levels import LEVELS, LONG_SECONDS, Level, choose_turn
from game.ai.ponder import worth_pondering
from game.ai.search import Budget, Searcher
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


def stats(times: list[float]) -> tuple[float, float, float]:
    """Mean, p95 and worst."""
    times = sorted(times)
    return statistics.mean(times), times[min(len(times) - 1, int(0.95 * len(times)))], times[-1]


def depth(mfen: str, lvl: Level, seconds: float | None, compiled: bool) -> int:
    """The depth ``lvl``'s search reaches on a position (0: settled exactly)."""
    board = Board(mfen)
    searcher = Searcher(compiled=compiled)
    budget = Budget(seconds=lvl.budget(board, seconds))
    found = searcher.search(board, budget, ties=True, exact_from=lvl.exact_reach(board))
    return 0 if found.exact else found.depth


def sides_table(sides: range, games: int) -> int:
    master = LEVELS["master"]
    rows = []
    for side in sides:
        waits: list[float] = []
        positions: list[str] = []
        with AIWorker() as worker:
            if play(worker, side, games, 0.0, waits=waits, after_ponder=[], positions=positions):
                return 1
        sample = random.Random(side).sample(positions, min(8, len(positions)))
        new = [depth(m, master, None, True) for m in sample]
        old = [depth(m, master, LONG_SECONDS, False) for m in sample]
        mean, p95, worst = stats(waits)
        over = sum(w > 1.2 for w in waits)
        rows.append((side, mean, p95, worst, over, len(waits), new, old))
        print(f"side {side} done: {len(waits)} turns", flush=True)
    print("| side | mean | p95 | max | turns over 1.2 s | depth (compiled) | depth (before) |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for side, mean, p95, worst, over, n, new, old in rows:
        deep = [f"{statistics.mean(d):.1f}" if d else "-" for d in (new, old)]
        print(
            f"| {side} | {mean:.2f} s | {p95:.2f} s | {worst:.2f} s | {over} of {n} "
            f"| {deep[0]} | {deep[1]} |"
        )
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--side", type=int, default=5)
    ap.add_argument("--sides", default="", help="a range of sides, e.g. 3-8: one row each")
    ap.add_argument("--ponder", type=float, default=0.0, help="seconds a player thinks")
    args = ap.parse_args()
    if args.sides:
        low, _, high = args.sides.partition("-")
        return sides_table(range(int(low), int(high or low) + 1), args.games)
    waits: list[float] = []
    after_ponder: list[float] = []
    positions: list[str] = []
    with AIWorker() as worker:
        if play(
            worker,
            args.side,
            args.games,
            args.ponder,
            waits=waits,
            after_ponder=after_ponder,
            positions=positions,
        ):
            return 1
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


def play(
    worker: AIWorker,
    side: int,
    games: int,
    ponder: float,
    *,
    waits: list[float],
    after_ponder: list[float],
    positions: list[str],
) -> int:
    """Master against Casual through ``worker``: the waits and positions go to the
    lists. 1 if the worker failed."""
    worker.request(Board(size=side).mfen(), "Master", seconds=0.05)  # start it
    worker.wait(30)
    for game in range(games):
        rng = random.Random(game)
        board = Board(size=side)
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
                if ponder and worth_pondering(board, LEVELS["master"]):
                    pondered = worker.ponder(board.mfen())
                    time.sleep(ponder)
                board.push(choose_turn(board, LEVELS["casual"], rng, searcher=casual))
    return 0


if __name__ == "__main__":
    sys.exit(main())
