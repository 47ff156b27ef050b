"""Exact endings: the null-window solver against version 0.1's, and Master's reach.

    python benchmarks/endings.py [--empties 9,10,11] [--positions 3] [--reach 4]

Part one solves the same side-5 endings (from games of mixed greedy and random
play, ``--positions`` for each count of empty cells) with both solvers: the
full-window alpha-beta of :func:`game.ai.search.solve_with` (the baseline, as in
0.1) and :class:`game.ai.endgame.Endgame`. Both must agree on every result; it
prints their positions searched and CPU seconds.

Part two plays ``--reach`` Master-against-Master games on side 5 and, on every
turn with 16 or fewer empty cells, lets Master try the exact solve for its usual
share of the budget (CPU time): it prints how often the solve finished at each
count of empty cells, which is how far Master plays endings exactly.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


from game.ai.baselines import greedy_turn
from game.ai.endgame import Endgame
from game.ai.levels import LEVELS, choose_turn
from game.ai.search import Budget, Searcher, empty_cells, solve_with
from game.ai.solver import margin
from game.ai.tournament import opening
from game.rules import Board


def ending(seed: int, empties: int) -> Board:
    rng = random.Random(seed)
    board = Board(size=5)
    while empty_cells(board) > empties and board.legal_turns():
        turns = board.legal_turns()
        board.push(greedy_turn(board, rng) if rng.random() < 0.5 else rng.choice(turns))
    return board


def compare(empties: list[int], positions: int) -> bool:
    print("empty  seed  result  0.1 positions  0.1 s  new positions  new s  ratio")
    agree = True
    totals = [0, 0]
    for e in empties:
        for seed in range(1, positions + 1):
            board = ending(seed, e)
            old = Searcher(table_limit=4_000_000)
            t0 = time.process_time()
            result = solve_with(old, board.copy(), Budget())
            old_s = time.process_time() - t0
            eg = Endgame()
            t0 = time.process_time()
            value = eg.solve(board)
            new_s = time.process_time() - t0
            agree &= result is not None and margin(result.score) == value
            totals[0] += old.nodes
            totals[1] += eg.nodes
            print(
                f"{empty_cells(board):5d} {seed:5d} {value:+7d} {old.nodes:14,d} {old_s:6.1f}"
                f" {eg.nodes:14,d} {new_s:6.1f} {old.nodes / eg.nodes:6.2f}x",
                flush=True,
            )
    print(f"all: {totals[0]:,} against {totals[1]:,} positions, {totals[0] / totals[1]:.2f}x fewer")
    print("results agree" if agree else "RESULTS DIFFER")
    return agree


def reach(games: int) -> None:
    lvl = LEVELS["master"]
    solved, tried = Counter(), Counter()
    for seed in range(1, games + 1):
        board = Board(opening(seed, 5))
        rng = random.Random(seed)
        searchers = {}
        while board.legal_turns():
            searcher = searchers.setdefault(board.mover, Searcher())
            e = empty_cells(board)
            if e <= 16 and len(board.legal_turns()) > 1:
                budget = Budget(seconds=lvl.budget(board), clock=time.process_time)
                result = searcher.search(board, budget, ties=True, exact_from=16)
                tried[e] += 1
                solved[e] += result.exact
                turn = result.turn
            else:
                turn = choose_turn(board, lvl, rng, searcher=searcher, clock=time.process_time)
            board.push(turn)
    print(f"Master's exact solves finished, by empty cells ({games} games, side 5):")
    for e in sorted(tried, reverse=True):
        print(f"  {e:2d} empty: {solved[e]} of {tried[e]}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--empties", default="9,10,11")
    ap.add_argument("--positions", type=int, default=3)
    ap.add_argument("--reach", type=int, default=4, help="games for part two (0 skips it)")
    args = ap.parse_args()
    ok = compare([int(x) for x in args.empties.split(",")], args.positions)
    if args.reach:
        reach(args.reach)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
