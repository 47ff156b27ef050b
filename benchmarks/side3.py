"""Does Master ever misplay side 3? Every turn judged exactly, with and without the strategy.

    python benchmarks/side3.py [--games 20] [--opponent random]

Master plays games on side 3 from the empty board against the opponent (a level
name, or ``random``), taking Red and Blue in turn. Beside it, in the same run,
the same games with Master searching side 3 as it did before the strategy
(``perfect_side3`` off). Every turn Master makes from a position with a choice
is judged exactly by the compiled solver of ``python -m tools.side3 build``
(so this needs a C compiler): a turn that lowers the position's value by even
one tile is a misplay. Goal: no misplay from any position, and Master's wait
within its 1.85 s.
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai import side3
from game.ai.levels import LEVELS, Level, choose_turn
from game.ai.search import Searcher
from game.rules import BLUE, RED, Board
from tools.side3 import Solver


@dataclasses.dataclass
class Tally:
    turns: int = 0
    misplays: int = 0
    tiles_lost: int = 0
    early: int = 0  # turns the strategy covers (side3.MIN_EMPTY or more empty cells)
    early_misplays: int = 0
    waits: list[float] = dataclasses.field(default_factory=list)
    margin: int = 0  # Master's final margins, summed
    games: int = 0

    def line(self, name: str) -> str:
        waits = sorted(self.waits)
        margin = self.margin / max(1, self.games)
        return (
            f"{name:<26} {self.turns:>5} turns judged   misplays {self.misplays:>3} "
            f"({self.early_misplays} from {side3.MIN_EMPTY}+ empty cells, "
            f"{self.early} such turns)   "
            f"tiles lost {self.tiles_lost:>3}   mean margin {margin:+.2f}   "
            f"wait median {statistics.median(waits):.3f} s worst {waits[-1]:.3f} s"
        )


def play(master: Level, opponent: str, game: int, solver: Solver, tally: Tally) -> None:
    rng = random.Random(game)
    board = Board(size=3)
    master_colour = RED if game % 2 == 0 else BLUE
    searchers = {RED: Searcher(), BLUE: Searcher()}
    while not board.is_game_over():
        turns = board.legal_turns()
        if board.mover is master_colour:
            t0 = time.perf_counter()
            turn = choose_turn(board, master, rng, searcher=searchers[board.mover])
            tally.waits.append(time.perf_counter() - t0)
            if len(turns) > 1:
                value = solver.value(*side3.cell_masks(board))
                empties = side3.CELLS - board.count(RED) - board.count(BLUE)
                board.push(turn)
                kept = -solver.value(*side3.cell_masks(board))
                board.pop()
                tally.turns += 1
                tally.early += empties >= side3.MIN_EMPTY
                if kept < value:
                    tally.misplays += 1
                    tally.tiles_lost += value - kept
                    tally.early_misplays += empties >= side3.MIN_EMPTY
        elif opponent == "random":
            turn = rng.choice(turns)
        else:
            turn = choose_turn(board, LEVELS[opponent], rng, searcher=searchers[board.mover])
        board.push(turn)
    tally.games += 1
    tally.margin += board.count(master_colour) - board.count(master_colour.other)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--opponent", default="random", help="a level's name, or random")
    args = ap.parse_args()
    if side3.strategy() is None:
        print(f"no strategy at {side3.DATA}: run python -m tools.side3 build")
        return 1
    master = LEVELS["master"]
    before = dataclasses.replace(master, perfect_side3=False)
    with tempfile.TemporaryDirectory() as folder:
        solver = Solver(Path(folder))
        try:
            tallies = {"Master": Tally(), "Master without strategy": Tally()}
            for game in range(args.games):
                play(master, args.opponent, game, solver, tallies["Master"])
                play(before, args.opponent, game, solver, tallies["Master without strategy"])
        finally:
            solver.close()
    print(f"Side 3, {args.games} games against {args.opponent}, every Master turn judged exactly:")
    for name, tally in tallies.items():
        print(tally.line(name))
    return 0


if __name__ == "__main__":
    sys.exit(main())
