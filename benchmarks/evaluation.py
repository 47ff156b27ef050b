"""One evaluation against another, at the same node budget.

    python benchmarks/evaluation.py [--openings 30] [--nodes 20000] [--side 5]
        [--new learned] [--old classic]

By default Master with the weights the AI plays with (``game.ai.evaluate.DEFAULT``,
"learned") against Master with version 0.1's hand-set weights ("classic"); either
side may instead be "patterns" (the pattern evaluation's shipped weights,
``game/ai/patterns.npz``) or the path of another pattern weights file. Each turn
is searched to the same number of nodes, so the result does not depend on the
machine's load. Each seeded opening (a few random turns) is played twice,
colours swapped. Prints the score of the new evaluation with a 95% interval.
"""

from __future__ import annotations

import argparse
import random
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.matches import opening, points, score_line
from game.ai.evaluate import CLASSIC, DEFAULT
from game.ai.levels import LEVELS, choose_turn
from game.ai.patterns import Evaluation, Patterns, by_name
from game.ai.search import Searcher
from game.rules import PASS, RED, Board


def play(job: tuple[str, bool, int, int, str, str]) -> float:
    """The new evaluation's points from one game: 1 a win, 0.5 a draw, 0 a loss."""
    start, new_is_red, nodes, seed, new_name, old_name = job
    new_w, old_w = by_name(new_name), by_name(old_name)
    rng = random.Random(seed)
    board = Board(start)
    new, old = Searcher(weights=new_w), Searcher(weights=old_w)
    while not board.is_game_over():
        if board.legal_turns() == [PASS]:
            board.push(PASS)
            continue
        ours = (board.mover is RED) == new_is_red
        searcher, weights = (new, new_w) if ours else (old, old_w)
        master = LEVELS["master"]
        board.push(choose_turn(board, master, rng, searcher=searcher, nodes=nodes, weights=weights))
    return points(board, new_is_red)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--openings", type=int, default=30)
    ap.add_argument("--nodes", type=int, default=20_000)
    ap.add_argument("--side", type=int, default=5)
    ap.add_argument("--turns", type=int, default=4, help="random turns in each opening")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--new", default="learned", help="classic, learned, patterns or a file")
    ap.add_argument("--old", default="classic", help="classic, learned, patterns or a file")
    args = ap.parse_args()
    if args.new == args.old or (
        DEFAULT == CLASSIC and {args.new, args.old} == {"classic", "learned"}
    ):
        print("the two evaluations are the same: nothing to compare")
        return 1
    new, old = by_name(args.new), by_name(args.old)  # a bad file stops the run here
    jobs = [
        (opening(args.side, seed, args.turns), red, args.nodes, seed, args.new, args.old)
        for seed in range(1, args.openings + 1)
        for red in (True, False)
    ]
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        results = list(pool.map(play, jobs))
    print(
        f"{args.new} {describe(new)} against {args.old} {describe(old)}, side {args.side}, "
        f"{args.nodes:,} nodes a turn, {len(results)} games: {score_line(results)}"
    )
    return 0


def describe(weights: Evaluation) -> str:
    return repr(weights) if isinstance(weights, Patterns) else str(tuple(weights))


if __name__ == "__main__":
    sys.exit(main())
