"""How much cheaper "who wins?" is than the exact margin, in side-5 endings.

    python benchmarks/win_or_exact.py [--games 5] [--seconds 3] [--most 16] [--least 13]

Plays ``--games`` side-5 games of Master on a small node budget (3,000 a turn,
seeded openings of 4 random turns: repeatable) and, on every turn with ``--most``
to ``--least`` empty cells and a choice, asks the compiled ending solver (the
Python one where it is not built) two questions about the position, each with a
fresh table and ``--seconds`` of CPU: does the mover win (one probe,
:func:`game.ai.winning.outcome`), and what is the exact final margin
(:meth:`game.ai.endgame.Endgame.solve`, Master's exact solve). Prints each
answer and its CPU time, then how often each finished within the time and within
half of Master's long turn (0.925 s, :data:`game.ai.winning.WIN_SHARE`), which
is what Master thinking long spends on the first question.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.matches import opening
from game.ai.endgame import Endgame, OutOfBudget, empty_cells
from game.ai.levels import LONG_SECONDS, choose_turn, level
from game.ai.search import Budget, Searcher
from game.ai.winning import WIN_SHARE, outcome
from game.rules import Board


def timed(ask: Callable[[], int | None]) -> tuple[int | None, float]:
    start = time.process_time()
    try:
        answer = ask()
    except OutOfBudget:
        answer = None
    return answer, time.process_time() - start


def ask(board: Board, seconds: float) -> tuple[tuple[int | None, float], tuple[int | None, float]]:
    """Who wins ``board`` and its exact value, each with a fresh table and
    ``seconds`` of CPU: (answer or ``None`` if out of time, CPU seconds) each."""
    budget = Budget(seconds=seconds, clock=time.process_time)
    win, exact = Endgame(table_limit=500_000), Endgame(table_limit=500_000)
    return (
        timed(lambda: outcome(win, board, budget, 0)),
        timed(lambda: exact.solve(board, seconds=seconds, clock=time.process_time)),
    )


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--games", type=int, default=5)
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--most", type=int, default=16)
    ap.add_argument("--least", type=int, default=13)
    args = ap.parse_args()
    master = level("Master")
    share = LONG_SECONDS * WIN_SHARE
    times: dict[str, list[float | None]] = {"win or loss": [], "exact": []}
    for game in range(args.games):
        board = Board(opening(5, 100 + game, 4))
        rng, searcher = random.Random(game), Searcher()
        while not board.is_game_over() and empty_cells(board) >= args.least:
            if empty_cells(board) <= args.most and len(board.legal_turns()) > 1:
                (won, won_s), (exact, exact_s) = ask(board, args.seconds)
                times["win or loss"].append(None if won is None else won_s)
                times["exact"].append(None if exact is None else exact_s)
                print(
                    f"game {game}, {empty_cells(board)} empty cells: win or loss {won} "
                    f"({won_s:.2f} s), exact {exact} ({exact_s:.2f} s)",
                    flush=True,
                )
            board.push(choose_turn(board, master, rng, searcher=searcher, nodes=3000, exact_from=0))
    for name, found in times.items():
        done = [t for t in found if t is not None]
        quick = [t for t in done if t <= share]
        print(
            f"{name}: finished {len(done)} of {len(found)} within {args.seconds:g} s, "
            f"{len(quick)} within {share:.3f} s"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
