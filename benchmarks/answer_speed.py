"""How long a player waits for a hint, and for the analysis board's answer, on side 5.

    python benchmarks/answer_speed.py [--positions 24] [--side 5] [--hint-seconds S]
    python benchmarks/answer_speed.py --deep-choices 0.5,1,2,4 [--positions 12]

A hint asks the worker for Master's turn at ``HINT_SECONDS``
(game/play/match_controller.py). The analysis board looks at a position as
``game.play.engine_look.EngineLook`` does: a judgement of the position's first
legal turn (which also gives the best turn and the position's score) at
``QUICK_SECONDS``, then, unless that was exact, a deeper one at
``DEEP_SECONDS`` in its place; the wait is until the quick answer shows, and
beside it the time until the deeper one does. Each wait is the wall time from
the request to the 60-a-second poll that sees the answer, through
``game.ai.worker.AIWorker`` as the client asks. The positions: seeded games of
random turns, stopped at every stage from the empty board to the last empty
cells.

The baseline in the same run: the same requests before the compiled search,
that is a worker with ``MOSAIC_NO_COMPILED=1`` (the Python search and solver),
the hint's old 1.0 s and the analysis board's one look of 2.0 s, in a process
of its own (the variable is read at import). Beside each, the mean depth the
hint's search reaches (0 when it settles the position exactly). Goal (issue
43): both answers under 0.3 s.

With ``--deep-choices`` it measures instead what the analysis board's deeper
look (``DEEP_SECONDS``) gains with its time, in this process: each position the
quick look does not settle
judged as the look judges it at each of the seconds given: the wall time,
the depth the search reaches, the share settled exactly, and the share whose
position score (in whole tiles) is the same as the longest choice's.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.master_wait import stats
from game.ai.analysis import judge
from game.ai.endgame import Endgame
from game.ai.levels import LEVELS
from game.ai.messages import Answer
from game.ai.search import Budget, Searcher
from game.ai.worker import AIWorker
from game.play.engine_look import DEEP_DEPTH, DEEP_SECONDS, QUICK_SECONDS, EngineLook
from game.play.game_analysis import score_in_tiles
from game.play.match_controller import HINT_LEVEL, HINT_SECONDS
from game.rules import Board

FRAME = 1 / 60
GOAL = 0.3
#: The hint's seconds before the compiled search, and the analysis board's.
HINT_BEFORE = 1.0
BOARD_BEFORE = 2.0


def positions(side: int, count: int) -> list[str]:
    """``count`` positions from seeded random games, spread over the stages of a game."""
    out: list[str] = []
    seed = 0
    while len(out) < count:
        rng = random.Random(seed)
        board = Board(size=side)
        line = []
        while not board.is_game_over():
            line.append(board.mfen())
            board.push(rng.choice(board.legal_turns()))
        # Six stages a game: from the empty board's first turns to the ending.
        for k in range(6):
            mfen = line[min(len(line) - 1, k * len(line) // 6 + seed % 3)]
            if len(Board(mfen).legal_turns()) > 1:
                out.append(mfen)
        seed += 1
    return out[:count]


def waited(worker: AIWorker, ask: Callable[[], object]) -> float:
    t0 = time.perf_counter()
    ask()
    answers: list[Answer] = []
    while not answers:
        time.sleep(FRAME)
        answers = worker.poll()
    if answers[0].error:
        raise SystemExit(f"the worker failed: {answers[0].error}")
    return time.perf_counter() - t0


def looked(look: EngineLook, mfen: str, first: str) -> tuple[float, float]:
    """The waits for the board's first answer and for its last (the deeper one,
    or the same when the first was exact)."""
    t0 = time.perf_counter()
    look.ask(mfen, first)
    shown = None
    while shown is None or look.request is not None:
        time.sleep(FRAME)
        changed, error = look.poll()
        if error is not None:
            raise SystemExit(f"the worker failed: {error}")
        if changed and shown is None:
            shown = time.perf_counter() - t0
    return shown, time.perf_counter() - t0


def hint_depth(mfen: str, seconds: float) -> int:
    board = Board(mfen)
    master = LEVELS[HINT_LEVEL.lower()]
    found = Searcher().search(
        board,
        Budget(seconds=master.budget(board, seconds)),
        ties=True,
        exact_from=master.exact_reach(board),
    )
    return 0 if found.exact else found.depth


def measure(mfens: list[str], hint_seconds: float, quick: bool) -> dict[str, list[float]]:
    hints, boards, deeper = [], [], []
    with AIWorker() as worker:
        look = EngineLook(worker.line())
        worker.request(mfens[0], HINT_LEVEL, seconds=0.05)  # start it
        worker.wait(30)
        for mfen in mfens:
            board = Board(mfen)
            first = board.notation(board.legal_turns()[0])
            hints.append(waited(worker, partial(worker.request, mfen, HINT_LEVEL, hint_seconds)))
            if quick:
                shown, last = looked(look, mfen, first)
            else:  # one look, as the board asked before
                shown = last = waited(worker, partial(worker.judge, mfen, first, BOARD_BEFORE))
            boards.append(shown)
            deeper.append(last)
    depths = [float(hint_depth(m, hint_seconds)) for m in mfens]
    return {"hint": hints, "board": boards, "deeper": deeper, "depth": depths}


def choices(mfens: list[str], seconds: list[float]) -> None:
    """The deeper look at each of ``seconds``: what its time buys."""
    found: dict[float, list[tuple[float, int, bool, float]]] = {s: [] for s in seconds}
    for mfen in mfens:
        board = Board(mfen)
        first = board.legal_turns()[0]
        if judge(board, first, QUICK_SECONDS, endgame=Endgame()).exact:
            continue  # the quick look settled it: no deeper one is asked
        for s in seconds:
            t0 = time.perf_counter()
            v = judge(board, first, s, endgame=Endgame(), depth=DEEP_DEPTH)
            tiles = score_in_tiles(v.best_score)
            found[s].append((time.perf_counter() - t0, v.depth, v.exact, round(tiles)))
    longest = found[max(seconds)]
    print(
        f"{len(longest)} of {len(mfens)} positions not settled by the quick look; "
        "the deeper look at each time, in this process"
    )
    for s in seconds:
        rows = found[s]
        mean, p95, worst = stats([r[0] for r in rows])
        searched = [r[1] for r in rows if not r[2]]
        depth = statistics.mean(searched) if searched else 0.0
        exact = sum(r[2] for r in rows)
        same = sum(r[3] == x[3] for r, x in zip(rows, longest, strict=True))
        print(
            f"{s:>5g} s: wait mean {mean:.2f} s, p95 {p95:.2f} s, max {worst:.2f} s; "
            f"depth {depth:.1f}; exact {exact} of {len(rows)}; "
            f"score as at {max(seconds):g} s: {same} of {len(rows)}"
        )


def line(name: str, times: list[float]) -> str:
    mean, p95, worst = stats(times)
    over = sum(t >= GOAL for t in times)
    return (
        f"{name:<34} mean {mean:.3f} s  p95 {p95:.3f} s  max {worst:.3f} s  "
        f"over {GOAL} s: {over} of {len(times)}"
    )


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--positions", type=int, default=24)
    ap.add_argument("--side", type=int, default=5)
    ap.add_argument("--before", action="store_true", help=argparse.SUPPRESS)  # one 2 s look
    ap.add_argument("--hint-seconds", type=float, default=HINT_SECONDS)
    ap.add_argument("--json", action="store_true", help=argparse.SUPPRESS)  # the baseline's run
    ap.add_argument("--deep-choices", default=None, help="seconds to try the deeper look at")
    args = ap.parse_args()
    mfens = positions(args.side, args.positions)
    if args.deep_choices:
        choices(mfens, sorted(float(s) for s in args.deep_choices.split(",")))
        return 0
    now = measure(mfens, args.hint_seconds, not args.before)
    if args.json:
        print(json.dumps(now))
        return 0
    env = dict(os.environ, MOSAIC_NO_COMPILED="1")
    command = [sys.executable, __file__, "--json", "--positions", str(args.positions)]
    command += ["--side", str(args.side), "--before"]
    command += ["--hint-seconds", str(HINT_BEFORE)]
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
    before = json.loads(done.stdout.splitlines()[-1])
    print(f"side {args.side}, {len(mfens)} positions of random games, through the worker")
    for name, got, hint, board in (
        ("now (compiled)", now, args.hint_seconds, f"{QUICK_SECONDS:g} s, then {DEEP_SECONDS:g} s"),
        ("before (Python)", before, HINT_BEFORE, f"{BOARD_BEFORE:g} s"),
    ):
        print(f"{name}: hint's search mean depth {statistics.mean(got['depth']):.1f}")
        print(line(f"  hint ({HINT_LEVEL}, {hint:g} s)", got["hint"]))
        print(line(f"  analysis board ({board})", got["board"]))
        if got is now:
            print(line("  analysis board, the deeper answer", got["deeper"]))
    for name in ("hint", "board"):
        worst = max(now[name])
        print(
            f"goal {name} under {GOAL} s: {'meets' if worst < GOAL else 'MISSES'} ({worst:.3f} s)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
