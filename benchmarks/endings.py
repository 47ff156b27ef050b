"""Exact endings: the null-window solver against version 0.1's, and Master's reach.

    python benchmarks/endings.py [--empties 9,10,11] [--positions 3] [--reach 4]
                                 [--match 0] [--mine 16] [--against 0] [--from-empty 16]
                                 [--mine-solver compiled] [--against-solver python]
                                 [--before 9ef5ced] [--deep 11,12,13] [--deep-positions 2]
                                 [--solver compiled]

Part one solves the same side-5 endings (from games of mixed greedy and random
play, ``--positions`` for each count of empty cells) with three solvers: the
full-window alpha-beta of :func:`game.ai.search.solve_with` (the baseline, as in
0.1), :class:`game.ai.endgame.Endgame` as it was at ``--before`` (taken from this
repository's history with ``git archive``, run in its own process), and the
ending solver now, in Python and compiled (``game/ai/_endgame.c``, where it was
built). All must agree on every result, and the two solvers of now must search
the same positions; it prints their positions searched and CPU seconds.

Part two plays ``--reach`` Master-against-Master games on side 5 and, on every
turn with 16 or fewer empty cells, lets Master try the exact solve for its usual
share of the budget (CPU time), with ``--solver``: it prints how often the solve
finished at each count of empty cells, which is how far Master plays endings
exactly.

Part three asks whether that reach is worth its time: from ``--match`` side-5
positions with ``--from-empty`` empty cells, Master with its exact solver tried
from ``--mine`` empty cells (by default Master's own reach) plays against Master
with it tried from ``--against`` (0: the 0.1 behaviour, a full-window solve from
8), each position twice with the sides swapped, both on Master's usual CPU time;
each side's ending solver is ``--mine-solver`` and ``--against-solver``.
It prints the first one's score and mean final margin, a figure that moves with
every tile.

Part four asks how far the solver is from 16 empty cells: it solves
``--deep-positions`` endings for each count in ``--deep`` with no time
limit (with ``--solver``), prints the positions searched and CPU seconds, how many times more
positions each extra empty cell costs (the geometric mean over consecutive
counts), and what that growth makes of a 16-cell solve.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import multiprocessing
import random
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


from benchmarks.v01 import unpack
from game.ai.baselines import greedy_turn
from game.ai.endgame import COMPILED, Endgame
from game.ai.levels import LEVELS, choose_turn
from game.ai.search import SOLVE_EMPTIES, Budget, Searcher, empty_cells, solve_with
from game.ai.solver import margin
from game.ai.tournament import opening
from game.rules import Board


def solver(name: str, table_limit: int = 500_000) -> Endgame:
    """The ending solver called ``name``: "compiled" (where built) or "python"."""
    if name == "compiled" and not COMPILED:
        sys.exit("the compiled ending solver is not built here (it needs a C compiler)")
    return Endgame(table_limit=table_limit, compiled=name == "compiled")


def searcher_with(name: str) -> Searcher:
    searcher = Searcher()
    searcher.endgame = solver(name)
    return searcher


def ending(seed: int, empties: int) -> Board:
    rng = random.Random(seed)
    board = Board(size=5)
    while empty_cells(board) > empties and board.legal_turns():
        turns = board.legal_turns()
        board.push(greedy_turn(board, rng) if rng.random() < 0.5 else rng.choice(turns))
    return board


#: The last commit before the ending solver searched plain positions instead of a Board.
BEFORE = "9ef5ced"

#: Solves each MFEN line on standard input with the ending solver of the package
#: in the working directory: one JSON line [value, positions, CPU seconds] each.
SOLVE_EACH = """
import json, sys, time
from game.ai.endgame import Endgame
from game.rules import Board
for line in sys.stdin:
    eg = Endgame()
    t0 = time.process_time()
    value = eg.solve(Board(line.strip()))
    print(json.dumps([value, eg.nodes, time.process_time() - t0]), flush=True)
"""


def solve_at(commit: str, boards: list[Board]) -> list[list] | None:
    """Each board's [value, positions, CPU seconds] from the ending solver at
    ``commit``; None if that commit is not in this checkout's history."""
    with tempfile.TemporaryDirectory() as tmp:
        if not unpack(Path(tmp), commit):
            return None
        proc = subprocess.run(
            [sys.executable, "-c", SOLVE_EACH],
            input="".join(b.mfen() + "\n" for b in boards),
            capture_output=True,
            text=True,
            cwd=tmp,
            check=True,
        )
    return [json.loads(x) for x in proc.stdout.splitlines()]


def compare(empties: list[int], positions: int, commit: str) -> bool:
    cases = [(e, seed) for e in empties for seed in range(1, positions + 1)]
    boards = [ending(seed, e) for e, seed in cases]
    earlier = solve_at(commit, boards)
    if earlier is None:
        print(f"(commit {commit} is not in this checkout's history: its column is skipped)")
        earlier = [[None, 0, 0.0] for _ in boards]
    print(
        f"empty  seed  result  0.1 positions  0.1 s  {commit} s  new positions  new s  ratio"
        "  compiled s"
    )
    agree = True
    totals = [0, 0]
    seconds = [0.0, 0.0]
    compiled_s = 0.0
    same = compiled_same = 0
    for (_, seed), board, (then, then_nodes, then_s) in zip(cases, boards, earlier, strict=True):
        old = Searcher(table_limit=4_000_000)
        t0 = time.process_time()
        result = solve_with(old, board.copy(), Budget())
        old_s = time.process_time() - t0
        eg = Endgame(compiled=False)
        t0 = time.process_time()
        value = eg.solve(board)
        new_s = time.process_time() - t0
        fast = Endgame() if COMPILED else None
        t0 = time.process_time()
        if fast is not None:
            agree &= fast.solve(board) == value
            compiled_same += fast.nodes == eg.nodes
        fast_s = time.process_time() - t0
        compiled_s += fast_s
        agree &= result is not None and margin(result.score) == value
        agree &= then is None or then == value
        totals[0] += old.nodes
        totals[1] += eg.nodes
        seconds[0] += then_s
        seconds[1] += new_s
        same += then_nodes == eg.nodes
        print(
            f"{empty_cells(board):5d} {seed:5d} {value:+7d} {old.nodes:14,d} {old_s:6.1f}"
            f" {then_s:9.2f} {eg.nodes:14,d} {new_s:6.2f} {old.nodes / eg.nodes:6.2f}x"
            f" {fast_s:10.3f}" * (fast is not None),
            flush=True,
        )
    print(f"all: {totals[0]:,} against {totals[1]:,} positions, {totals[0] / totals[1]:.2f}x fewer")
    if seconds[0]:
        print(
            f"the ending solver at {commit}: {seconds[0]:.2f} s, now {seconds[1]:.2f} s,"
            f" {seconds[0] / seconds[1]:.2f}x faster;"
            f" the same positions searched in {same} of {len(cases)} endings"
        )
    if COMPILED:
        print(
            f"compiled: {compiled_s:.2f} s against {seconds[1]:.2f} s in Python,"
            f" {seconds[1] / max(compiled_s, 1e-9):.1f}x faster;"
            f" the same positions searched in {compiled_same} of {len(cases)} endings"
        )
    else:
        print("(the compiled solver is not built here: its column is skipped)")
    print("results agree" if agree else "RESULTS DIFFER")
    return agree


def reach(games: int, name: str) -> None:
    lvl = LEVELS["master"]
    solved, tried = Counter(), Counter()
    for seed in range(1, games + 1):
        board = Board(opening(seed, 5))
        rng = random.Random(seed)
        searchers = {}
        while board.legal_turns():
            searcher = searchers.setdefault(board.mover, searcher_with(name))
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
    print(f"Master's exact solves finished, by empty cells ({games} games, side 5, {name}):")
    for e in sorted(tried, reverse=True):
        print(f"  {e:2d} empty: {solved[e]} of {tried[e]}")


def match_game(job: tuple[int, int, int, int, bool, str, str]) -> int:
    """One game of part three from ending ``seed``: the tested Master's final margin."""
    seed, from_empty, mine, against, mine_moves_first, my_solver, their_solver = job
    lvl = LEVELS["master"]
    board = ending(seed, from_empty)
    tested = board.mover if mine_moves_first else board.mover.other
    rng = random.Random(seed)
    searchers = {
        tested: searcher_with(my_solver),
        tested.other: searcher_with(their_solver),
    }
    while True:
        mover = board.mover
        turn = choose_turn(
            board,
            lvl,
            rng,
            searcher=searchers[mover],
            clock=time.process_time,
            exact_from=mine if mover == tested else against,
        )
        if turn is None:
            break
        board.push(turn)
    return board.count(tested) - board.count(tested.other)


def match(
    positions: int, from_empty: int, mine: int, against: int, *, my_solver: str, their_solver: str
) -> None:
    jobs = [
        (seed, from_empty, mine, against, first, my_solver, their_solver)
        for seed in range(1, positions + 1)
        for first in (True, False)
    ]
    with multiprocessing.Pool() as pool:
        margins = pool.map(match_game, jobs)
    print(
        f"Master (exact from {max(mine, SOLVE_EMPTIES)}, {my_solver}) against Master"
        f" (exact from {max(against, SOLVE_EMPTIES)},"
        f" {'0.1' if not against else their_solver} solver), {len(margins)} games"
        f" from {from_empty} empty cells: {paired(margins)}"
    )


def paired(margins: list[int]) -> str:
    """The score of the tested side's final ``margins``, each position's two games
    in a row, and their mean margin with its standard error."""
    # Each position's two games (one from each side) make one paired sample,
    # which cancels most of how good the position was for the side to move.
    pairs = [(a + b) / 2 for a, b in zip(margins[::2], margins[1::2], strict=True)]
    mean = sum(pairs) / len(pairs)
    spread = (sum((p - mean) ** 2 for p in pairs) / max(1, len(pairs) - 1)) ** 0.5
    error = spread / len(pairs) ** 0.5
    wins = sum(m > 0 for m in margins)
    draws = sum(m == 0 for m in margins)
    score = (wins + draws / 2) / len(margins)
    return (
        f"won {wins}, drew {draws}, lost {len(margins) - wins - draws}, {score:.1%};"
        f" mean margin {mean:+.2f} tiles (standard error {error:.2f})"
    )


def deep(empties: list[int], positions: int, name: str) -> None:
    print("empty  seed  result      positions  CPU s")
    mean_positions, rates = {}, []
    for e in empties:
        counts = []
        for seed in range(1, positions + 1):
            board = ending(seed, e)
            eg = solver(name, table_limit=8_000_000)
            t0 = time.process_time()
            value = eg.solve(board)
            spent = time.process_time() - t0
            counts.append(eg.nodes)
            rates.append(eg.nodes / spent)
            print(f"{e:5d} {seed:5d} {value:+7d} {eg.nodes:14,d} {spent:6.1f}", flush=True)
        mean_positions[e] = math.exp(sum(math.log(c) for c in counts) / len(counts))
    steps = [
        (mean_positions[b] / mean_positions[a]) ** (1 / (b - a))
        for a, b in itertools.pairwise(empties)
    ]
    if not steps:
        return  # one count of empty cells: no growth to measure
    growth = math.exp(sum(math.log(x) for x in steps) / len(steps))
    rate = sum(rates) / len(rates)
    last = empties[-1]
    at_16 = mean_positions[last] * growth ** (16 - last)
    print(
        f"each extra empty cell: {growth:.1f}x the positions; {rate:,.0f} positions a CPU second;"
        f" so 16 empty cells: about {at_16:,.0f} positions, {at_16 / rate / 60:,.1f} CPU minutes"
    )


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--empties", default="9,10,11")
    ap.add_argument("--positions", type=int, default=3, help="endings for part one (0 skips it)")
    ap.add_argument("--reach", type=int, default=4, help="games for part two (0 skips it)")
    ap.add_argument("--match", type=int, default=0, help="positions for part three")
    ap.add_argument("--mine", type=int, default=LEVELS["master"].exact_reach(Board(size=5)))
    ap.add_argument("--against", type=int, default=0, help="the opponent's exact reach")
    ap.add_argument("--from-empty", type=int, default=16)
    ap.add_argument("--before", default=BEFORE, help="the earlier commit part one times")
    ap.add_argument("--deep", default="", help="empty-cell counts for part four, e.g. 11,12,13")
    ap.add_argument("--deep-positions", type=int, default=2, help="endings per count in part four")
    default = "compiled" if COMPILED else "python"
    names = ["compiled", "python"]
    ap.add_argument("--solver", choices=names, default=default, help="parts two and four")
    ap.add_argument("--mine-solver", choices=names, default=default, help="part three")
    ap.add_argument("--against-solver", choices=names, default=default, help="part three")
    args = ap.parse_args()
    ok = True
    if args.positions:
        ok = compare([int(x) for x in args.empties.split(",")], args.positions, args.before)
    if args.reach:
        reach(args.reach, args.solver)
    if args.match:
        match(
            args.match,
            args.from_empty,
            args.mine,
            args.against,
            my_solver=args.mine_solver,
            their_solver=args.against_solver,
        )
    if args.deep:
        deep([int(x) for x in args.deep.split(",")], args.deep_positions, args.solver)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
