"""Master thinking on the player's time: how far it then plays endings exactly,
and what that is worth against Master without it.

    python benchmarks/ponder.py [--positions 10] [--from-empty 16] [--think 15]
                                [--solver compiled|python]

From ``--positions`` side-5 positions with ``--from-empty`` empty cells (games of
mixed greedy and random play, as in ``benchmarks/endings.py``), Master plays
against Master twice, once from each side. One of them, the tested one, thinks
on its opponent's time (:func:`game.ai.ponder.ponder`) for ``--think`` CPU
seconds before each of the opponent's turns, standing in for a player who
thinks that long, into the same solver table its own turns read, as the worker
does. The other is the baseline: the same level in the same games, without.
Both turns run on Master's usual CPU budget, with the ending solver of
``--solver`` (by default the compiled one where it is built) and Master's reach
for that solver.

It prints, for each count of empty cells, how many of each side's turns were
played from a proved result (exact), and the tested side's score and mean final
margin, each position's two games as one paired sample.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.endings import ending, paired, searcher_with
from game.ai.endgame import COMPILED
from game.ai.levels import LEVELS
from game.ai.ponder import ponder, worth_pondering
from game.ai.search import Budget, empty_cells


def game(job: tuple[int, int, float, bool, str]) -> tuple[int, list[tuple[int, bool, bool]]]:
    """One game: the tested side's final margin, and (empty cells, tested side's
    turn, exact) for every turn with a choice."""
    seed, from_empty, think, tested_moves_first, solver = job
    lvl = LEVELS["master"]
    board = ending(seed, from_empty)
    tested = board.mover if tested_moves_first else board.mover.other
    rng = random.Random(seed)
    searchers = {board.mover: searcher_with(solver), board.mover.other: searcher_with(solver)}
    log = []
    while turns := board.legal_turns():
        mover = board.mover
        if mover != tested and think > 0 and worth_pondering(board, lvl):
            ponder(searchers[tested].endgame, board, seconds=think, clock=time.process_time)
        if len(turns) == 1:
            board.push(turns[0])
            continue
        # As choose_turn plays Master, keeping whether the turn was exact.
        searcher = searchers[mover]
        searcher.use(lvl.weights)
        budget = Budget(seconds=lvl.budget(board), max_depth=lvl.max_depth, clock=time.process_time)
        result = searcher.search(
            board,
            budget,
            solve=lvl.solve,
            ties=lvl.vary,
            exact_from=lvl.exact_from if solver == "python" else lvl.exact_reach(board),
        )
        log.append((empty_cells(board), mover == tested, result.exact))
        board.push(rng.choice(result.ties) if len(result.ties) > 1 else result.turn)
    return board.count(tested) - board.count(tested.other), log


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--positions", type=int, default=10)
    ap.add_argument("--from-empty", type=int, default=16)
    ap.add_argument("--think", type=float, default=15.0, help="the player's CPU seconds a turn")
    ap.add_argument(
        "--solver", choices=["compiled", "python"], default="compiled" if COMPILED else "python"
    )
    args = ap.parse_args()
    jobs = [
        (seed, args.from_empty, args.think, first, args.solver)
        for seed in range(1, args.positions + 1)
        for first in (True, False)
    ]
    t0 = time.perf_counter()
    with multiprocessing.Pool() as pool:
        results = pool.map(game, jobs)
    exact, turns = Counter(), Counter()
    for _, log in results:
        for empties, tested, was_exact in log:
            turns[empties, tested] += 1
            exact[empties, tested] += was_exact
    print(
        f"Master ({args.solver} solver) thinking {args.think:g} CPU s on the player's time"
        " (tested) against Master"
        f" without (baseline), {len(jobs)} games from {args.from_empty} empty cells,"
        f" {time.perf_counter() - t0:.0f} s"
    )
    print(f"  exact turns by empty cells   {'tested':>10}   {'baseline':>10}")
    for e in sorted({e for e, _ in turns}, reverse=True):
        cols = [
            f"{exact[e, side]} of {turns[e, side]}" if turns[e, side] else "-"
            for side in (True, False)
        ]
        print(f"  {e:26d}   {cols[0]:>10}   {cols[1]:>10}")
    print(f"  tested: {paired([m for m, _ in results])}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
