"""How a turn's label moves with the depth the analysis searches to.

    python benchmarks/label_depths.py [--turns 60] [--side 5] [--seed 0] [--judge-seconds 3]
                                      [--longer-judge SECONDS]

The game of ``benchmarks/analysis.py`` (the same seeded game of random turns).
For each turn of its middle game (more than 16 empty cells, two legal turns or
more) the judge's comparison (``game.ai.analysis.compared``) runs to depth 3, 4,
5 and on, each in a new searcher, until a depth costs more than
``--judge-seconds`` of CPU; each depth's loss gives a label. Prints, over those
turns:

- how often the labels at one depth and the next agree;
- for each depth, the CPU time the analysis would spend on them and how often
  its labels agree with the depth a judge given ``--judge-seconds`` a turn
  reaches (the deepest depth whose cost is within the time, stopping once a
  depth took 45% of it, as the search does);
- ways of reading the same searches that might hold still across depths: the
  mean or the smaller of the last two depths' losses, and even depths only;
- the same for deepening only the turns whose depth-5 loss lies within a
  margin of a label's edge;
- with ``--longer-judge``, how often the judge itself agrees with a judge given
  that many seconds a turn (the searches then go on to that cost, which makes
  the run several times longer).

It explains the label goal of issue 43 (the same label as the 3-second judge
on 90% of the turns): the labels move with the depth itself.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.analysis import a_game
from game.ai.analysis import JUDGE_DEPTH, THRESHOLDS, compared, label_for
from game.ai.evaluate import TILE
from game.ai.search import Budget, Searcher, empty_cells
from game.play.game_analysis import GameAnalysis
from game.rules import Board

#: Turns with at most this many empty cells are the ending, settled exactly.
ENDING = 16


def losses(board: Board, played_text: str, most: float) -> dict[int, tuple[float, float]]:
    """Depth -> (the played turn's loss in tiles, the CPU seconds that depth took),
    up to the first depth that took more than ``most``."""
    played = board.parse_turn(played_text)
    played = next(t for t in board.legal_turns() if t.outcome() == played.outcome())
    out: dict[int, tuple[float, float]] = {}
    for depth in range(3, 16):
        # A depth that takes four times the judge's time is one it never reaches;
        # a stop, not a deadline: with one, the search would skip its last depth
        # once 45% of the time had gone, and say a shallower result.
        t0 = time.process_time()

        def spent(t0: float = t0) -> bool:
            return time.process_time() > t0 + 4 * most

        budget = Budget(max_depth=depth, stop=spent)
        _, top, got = compared(board, played, budget, Searcher())
        took = time.process_time() - t0
        if took >= 4 * most:
            break
        out[depth] = (max(0.0, (top - got) / TILE), took)
        if took > most:
            break
    return out


def judge_depth(row: dict[int, tuple[float, float]], seconds: float) -> int:
    """The depth a judge with ``seconds`` reaches: deepening while a depth finishes
    in time, and not starting another once one took 45% of it."""
    reached = min(row)
    for depth in sorted(row):
        if row[depth][1] > seconds:
            break
        reached = depth
        if row[depth][1] > 0.45 * seconds:
            break
    return reached


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--turns", type=int, default=60)
    ap.add_argument("--side", type=int, default=5)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--judge-seconds", type=float, default=3.0)
    ap.add_argument("--longer-judge", type=float, help="seconds a turn of a judge for the judge")
    args = ap.parse_args()
    match = a_game(args.side, args.turns, args.seed)
    rows = []
    for mfen, played, _ in GameAnalysis(match).turns:
        board = Board(mfen)
        if played == "pass" or empty_cells(board) <= ENDING or len(board.legal_turns()) < 2:
            continue
        rows.append(losses(board, played, max(args.judge_seconds, args.longer_judge or 0)))
        print(f"  turn {len(rows)}: depth {max(rows[-1])} in time", file=sys.stderr, flush=True)
    print(f"a {match.plies}-turn side-{args.side} game: {len(rows)} middle-game turns")
    deepest = max(max(r) for r in rows)
    for depth in range(3, deepest):
        pairs = [(r[depth][0], r[depth + 1][0]) for r in rows if depth + 1 in r]
        same = sum(label_for(a) == label_for(b) for a, b in pairs)
        if pairs:
            print(f"  depths {depth} and {depth + 1}: the same label on {same} of {len(pairs)}")
    judged = [label_for(r[judge_depth(r, args.judge_seconds)][0]) for r in rows]
    reached = sorted(judge_depth(r, args.judge_seconds) for r in rows)
    print(f"the judge at {args.judge_seconds:g} s reaches depth {reached[0]} to {reached[-1]}")

    def at(r: dict[int, tuple[float, float]], depth: int) -> tuple[float, float]:
        return r[min(depth, max(r))]

    for depth in range(3, 8):
        same = sum(label_for(at(r, depth)[0]) == j for r, j in zip(rows, judged, strict=True))
        cost = sum(at(r, depth)[1] for r in rows)
        print(f"  depth {depth}: agrees on {same} of {len(rows)}, {cost:.1f} CPU-s")

    # Ways of reading the same searches that might hold still across depths:
    # the mean or the smaller of a depth's loss and the one before (the
    # odd-even swing of a search's score), and only even depths on both sides.
    def mean2(r: dict[int, tuple[float, float]], depth: int) -> float:
        return (at(r, depth)[0] + at(r, depth - 1)[0]) / 2

    def least2(r: dict[int, tuple[float, float]], depth: int) -> float:
        return min(at(r, depth)[0], at(r, depth - 1)[0])

    for name, read in (("the mean of it and the depth before", mean2), ("the smaller", least2)):
        reach = [judge_depth(r, args.judge_seconds) for r in rows]
        same = sum(
            label_for(read(r, JUDGE_DEPTH)) == label_for(read(r, d))
            for r, d in zip(rows, reach, strict=True)
        )
        print(f"  depth {JUDGE_DEPTH}, reading {name}, on both sides: {same} of {len(rows)}")
    even = [
        label_for(r[judge_depth(r, args.judge_seconds) // 2 * 2][0])
        if judge_depth(r, args.judge_seconds) // 2 * 2 in r
        else j
        for r, j in zip(rows, judged, strict=True)
    ]
    for depth in (4, 6):
        same = sum(label_for(at(r, depth)[0]) == e for r, e in zip(rows, even, strict=True))
        print(f"  depth {depth} against the judge's deepest even depth: {same} of {len(rows)}")
    same = sum(label_for(r[4][0]) == label_for(r[6][0]) for r in rows if 6 in r)
    print(f"  depths 4 and 6: the same label on {same} of {sum(6 in r for r in rows)}")
    if args.longer_judge:
        longer = [label_for(r[judge_depth(r, args.longer_judge)][0]) for r in rows]
        same = sum(a == b for a, b in zip(judged, longer, strict=True))
        reached = sorted(judge_depth(r, args.longer_judge) for r in rows)
        print(
            f"  the judge at {args.judge_seconds:g} s against one at {args.longer_judge:g} s "
            f"(depth {reached[0]} to {reached[-1]}): the same label on {same} of {len(rows)}"
        )
    edges = [v for v in THRESHOLDS.values() if v > 0]
    for margin in (0.2, 0.3, 0.5):
        for deep in (6, 7):
            same, cost = 0, 0.0
            for r, j in zip(rows, judged, strict=True):
                loss = at(r, JUDGE_DEPTH)[0]
                near = 0 < loss < margin or any(abs(loss - e) < margin for e in edges)
                loss, took = at(r, deep) if near else at(r, JUDGE_DEPTH)
                same += label_for(loss) == j
                cost += took
            print(
                f"  depth {deep} within {margin} tiles of an edge, else {JUDGE_DEPTH}: "
                f"agrees on {same} of {len(rows)}, {cost:.1f} CPU-s"
            )


if __name__ == "__main__":
    main()
