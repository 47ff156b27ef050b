"""Post-game analysis: how long the engine takes to go through a whole game, and
how many of its turns it settles exactly.

    python benchmarks/analysis.py [--turns 60] [--side 5] [--seed 0] [--seconds S]
                                  [--players random|master] [--judge-seconds 3]
                                  [--skip-before] [--skip-judge] [--today COMMIT]

Plays a seeded game on the given side: random turns (the first finished game of
``--turns`` to ``--turns`` + 9 turns, so its ending is in it), or with
``--players master`` Master against Casual (Master as Red with an even seed, as
Blue with an odd one). Then it analyses every turn the way the client does
(``game.play.game_analysis``: the middle game at the analysis screen's seconds
a turn, then the ending from its last turn back within the ending's budget),
through the AI worker process, timing it on the wall clock. The baselines in
the same run: the same analysis in this process, without the worker; and the
judge before it took exact values from the ending solver and the side-3
strategy (commit 21816e4, taken from this repository's history with ``git
archive``), through its ``python -m game.ai analyse`` at the same seconds per
turn. Every turn both settle exactly must get the same loss. And the judge the
labels are held against: the same analysis in this process at
``--judge-seconds`` a turn (3 s, and the ending's budget grown in step): once
searching as deep as the analysis (:data:`~game.ai.analysis.JUDGE_DEPTH`), so
that only the exact values get more time, then as deep as the time allows, the
judge the goal holds the labels against.

The analysis runs in two passes (issue 54): the first labels every turn with a
short search, the second judges the rest as before; the time until every turn
has its first label is given beside the whole. With ``--today COMMIT`` the
analysis as it was at that commit (59e11d3: one pass) runs too, through its
own worker, as the baseline: its time, and the share of turns given the same
label.

Goals (issue 43), on the 70-turn side-5 game of the defaults: under 10 s
through the worker, exact for at least its last 20 turns, and the same label as
the 3-second judge on at least 90% of its turns. Issue 54, on sides 5 to 8
(``--side 8 --turns 215`` is a 219-turn game): every turn labelled within 10 s,
and the whole within 30 s on sides 6 to 8.
"""

from __future__ import annotations

import argparse
import collections
import json
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.v01 import unpack
from game.ai.analysis import Verdict, VerdictData, judge
from game.ai.endgame import Endgame
from game.ai.levels import LEVELS, choose_turn
from game.ai.worker import AIWorker
from game.play.game_analysis import ENDING_SECONDS, SECONDS, GameAnalysis
from game.play.match import Match
from game.rules import Board

#: The judge before exact values came from the ending solver and the side-3 strategy.
BEFORE = "21816e4"
#: Seconds through the worker, the turns settled exactly at the game's end, and
#: the share of labels the slower judge agrees with.
GOAL = 10.0
EXACT_GOAL = 20
#: Issue 54, on every side up to 8: every turn labelled within 10 s, and
#: done within 30 s (:data:`GOAL` is side 5's).
FIRST_GOAL = 10.0
BIG_GOAL = 30.0
AGREE_GOAL = 0.90


def a_match(side: int, line: list) -> Match:
    match = Match(side, "Human", "Human")
    for t in line:
        if not t.is_pass:  # the match plays forced passes itself
            match.play(t)
    return match


def master_game(side: int, seed: int) -> Match:
    """Master against Casual, Master as Red with an even seed."""
    rng = random.Random(seed)
    board = Board(size=side)
    players = [LEVELS["master"], LEVELS["casual"]][:: 1 if seed % 2 == 0 else -1]
    line = []
    while not board.is_game_over():
        t = choose_turn(board, players[len(line) % 2], rng)
        board.push(t)
        line.append(t)
    return a_match(side, line)


def a_game(side: int, turns: int, seed: int) -> Match:
    for s in range(seed, seed + 5000):
        rng = random.Random(s)
        board = Board(size=side)
        line = []
        while not board.is_game_over() and len(line) < turns + 10:
            t = rng.choice(board.legal_turns())
            board.push(t)
            line.append(t)
        if board.is_game_over() and len(line) >= turns:
            return a_match(side, line)
    raise SystemExit(f"no finished game of {turns} to {turns + 9} turns on side {side}")


def through_worker(match: Match, seconds: float) -> tuple[GameAnalysis, float, float, int]:
    """The analysis through the worker, the seconds it took, the seconds until
    every turn had its first label, and the turns the second pass judged again."""
    analysis = GameAnalysis(match)
    analysis.seconds = seconds
    worker = AIWorker()
    t0 = time.perf_counter()
    first = 0.0
    again = 0
    try:
        # Until every turn has its final verdict: not the deeper looks at the
        # unsure labels that follow while the screen stays open.
        while not analysis.done and (ask := analysis.next_turn()) is not None:
            again += ask.deep
            if not first and ask.deep:
                first = time.perf_counter() - t0
            rid = worker.judge(ask.mfen, ask.played, ask.seconds, exact_seconds=ask.exact_seconds)
            (answer,) = worker.wait(60 + 10 * max(ask.seconds, ask.exact_seconds))
            if answer.id != rid or answer.verdict is None or answer.turn is None:
                raise SystemExit(f"turn {ask.at + 1}: {answer.error}")
            analysis.record(ask.at, answer.turn, answer.verdict)
    finally:
        worker.close()
    took = time.perf_counter() - t0
    return analysis, took, first or took, again


#: Today's analysis, run at an earlier commit: the game's turns come on stdin,
#: one a line; the labels (None for passes) and the seconds go out as JSON.
TODAY = """
import json, sys, time
from game.ai.worker import AIWorker
from game.play.game_analysis import GameAnalysis
from game.play.match import Match

if __name__ == "__main__":
    side, *line = sys.stdin.read().split()
    match = Match(int(side), "Human", "Human")
    for text in line:
        if text != "pass":
            match.play(match.board.parse_turn(text))
    analysis = GameAnalysis(match)
    worker = AIWorker()
    t0 = time.perf_counter()
    while (ask := analysis.next_turn()) is not None:
        worker.judge(ask.mfen, ask.played, ask.seconds, exact_seconds=ask.exact_seconds)
        (answer,) = worker.wait(600)
        analysis.record(ask.at, answer.turn, answer.verdict)
    took = time.perf_counter() - t0
    worker.close()
    labels = [None if v.played == "pass" else v.label for v in analysis.verdicts]
    print(json.dumps({"labels": labels, "seconds": took}))
"""


def today(match: Match, commit: str) -> tuple[list[str | None], float] | None:
    """The labels of the analysis at ``commit`` through its worker (None for
    passes) and its seconds; None if the commit is not in this checkout. The
    compiled modules built here serve it when its C sources are these."""
    root = Path(__file__).resolve().parent.parent
    with tempfile.TemporaryDirectory() as tmp:
        if not unpack(Path(tmp), commit):
            return None
        for built in (root / "game" / "ai").glob("_*.so"):
            sources = [p.name for p in (root / "game" / "ai").glob("_*.[ch]")]
            if all(
                (Path(tmp) / "game" / "ai" / name).read_bytes()
                == (root / "game" / "ai" / name).read_bytes()
                for name in sources
            ):
                (Path(tmp) / "game" / "ai" / built.name).write_bytes(built.read_bytes())
        (Path(tmp) / "today.py").write_text(TODAY)
        line = " ".join(text for _, text, _ in GameAnalysis(match).turns)
        proc = subprocess.run(
            [sys.executable, "today.py"],
            input=f"{match.board.size} {line}",
            capture_output=True,
            text=True,
            cwd=tmp,
            check=True,
        )
    out = json.loads(proc.stdout.splitlines()[-1])
    return out["labels"], float(out["seconds"])


def verdict_data(v: Verdict) -> VerdictData:
    return {
        "loss": v.loss,
        "label": v.label,
        "exact": v.exact,
        "best_score": v.best_score,
        "played_score": v.played_score,
        "depth": v.depth,
        "unsure": v.unsure,
    }


def here(
    analysis: GameAnalysis,
    depth: int | None = None,
    *,
    settle: bool = False,
    spent: dict[int, float] | None = None,
) -> float:
    """Run ``analysis`` in this process as the worker would, searching to ``depth``
    (None: as the analysis does), until every turn has its final verdict, and
    with ``settle`` on through the deeper looks at the unsure labels; the
    seconds it took. ``spent`` gets the seconds each turn took, by its index."""
    endgame = Endgame(table_limit=500_000)  # as the worker keeps one
    t0 = time.perf_counter()
    while (settle or not analysis.done) and (ask := analysis.next_turn()) is not None:
        board = Board(ask.mfen)
        began = time.perf_counter()
        v = judge(
            board,
            board.parse_turn(ask.played),
            seconds=ask.seconds,
            endgame=endgame,
            depth=ask.depth if ask.depth is not None else depth,
            exact_seconds=ask.exact_seconds,
        )
        if spent is not None:
            spent[ask.at] = spent.get(ask.at, 0.0) + time.perf_counter() - began
        analysis.record(ask.at, board.notation(v.best), verdict_data(v))
    return time.perf_counter() - t0


def in_process(match: Match, seconds: float) -> float:
    analysis = GameAnalysis(match)
    analysis.seconds = seconds
    return here(analysis)


def slow_labels(match: Match, seconds: float, depth: int | None) -> tuple[list[str | None], float]:
    """Each turn's label from the same analysis at ``seconds`` a turn (None for
    passes), its ending's budget grown in step, searching to ``depth`` (None: as
    the analysis does), and the time it took."""
    analysis = GameAnalysis(match)
    analysis.seconds = seconds
    analysis.ending_seconds = ENDING_SECONDS * seconds / SECONDS
    took = here(analysis, depth)
    labels = [None if v is None or v.played == "pass" else v.label for v in analysis.verdicts]
    return labels, took


def agreement(analysis: GameAnalysis, labels: list[str | None]) -> tuple[float, str]:
    """The share of turns with the same label, and the turns that differ."""
    judged = [
        (v.ply, v.label, other)
        for v, other in zip(analysis.verdicts, labels, strict=True)
        if v is not None and other is not None
    ]
    differ = [f"{ply}: {mine}/{other}" for ply, mine, other in judged if mine != other]
    return 1 - len(differ) / len(judged), ", ".join(differ)


def exact_tail(verdicts: list) -> int:
    """How many of the game's last turns in a row were settled exactly."""
    n = 0
    for v in reversed(verdicts):
        if v is None or not v.exact:
            break
        n += 1
    return n


def before(match: Match, seconds: float) -> tuple[list[dict | None], float] | None:
    """The verdicts of the judge at :data:`BEFORE` (None for passes), and its time;
    None if that commit is not in this checkout's history."""
    turns = GameAnalysis(match).turns
    lines = [f"{mfen}\t{played}" for mfen, played, _ in turns if played != "pass"]
    with tempfile.TemporaryDirectory() as tmp:
        if not unpack(Path(tmp), BEFORE):
            return None
        t0 = time.perf_counter()
        proc = subprocess.run(
            [sys.executable, "-m", "game.ai", "analyse", "--movetime", str(seconds)],
            input="\n".join(lines) + "\n",
            capture_output=True,
            text=True,
            cwd=tmp,
            check=True,
        )
        wall = time.perf_counter() - t0
    answers = iter(json.loads(x) for x in proc.stdout.splitlines())
    return [None if played == "pass" else next(answers) for _, played, _ in turns], wall


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--turns", type=int, default=60)
    ap.add_argument("--side", type=int, default=5)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--seconds", type=float, default=SECONDS)
    ap.add_argument("--players", choices=["random", "master"], default="random")
    ap.add_argument("--judge-seconds", type=float, default=3.0)
    ap.add_argument("--skip-before", action="store_true", help=f"no run of the judge at {BEFORE}")
    ap.add_argument("--skip-judge", action="store_true", help="no labels from the slower judge")
    ap.add_argument(
        "--today",
        metavar="COMMIT",
        help="also run the analysis at COMMIT (e.g. main before the two passes) and "
        "compare its labels and time with these",
    )
    args = ap.parse_args()
    if args.players == "master":
        match = master_game(args.side, args.seed)
        who = "Master against Casual"
    else:
        match = a_game(args.side, args.turns, args.seed)
        who = "random turns"
    print(
        f"a finished {match.plies}-turn side-{args.side} game of {who}, "
        f"{args.seconds} s per turn at most"
    )
    analysis, wall, first, again = through_worker(match, args.seconds)
    verdicts = [v for v in analysis.verdicts if v is not None and v.played != "pass"]
    labels = collections.Counter(v.label for v in verdicts)
    exact = sum(v.exact for v in verdicts)
    tail = exact_tail(analysis.verdicts)
    print(
        f"through the worker: every turn labelled after {first:.1f} s, "
        f"done after {wall:.1f} s ({wall / match.plies:.2f} s per turn); "
        f"the second pass judged {again} turns again"
    )
    print(
        f"  {exact} of {len(verdicts)} turns settled exactly, the last {tail} in a row; "
        f"labels: {dict(labels)}"
    )
    if args.today:
        got = today(match, args.today)
        if got is None:
            print(f"today's analysis at {args.today} skipped: not in this checkout's history")
        else:
            old_labels, old_wall = got
            same, diffs = agreement(analysis, old_labels)
            print(
                f"the analysis at {args.today}, through its worker: {old_wall:.1f} s; "
                f"the same label on {same:.1%} of the turns"
            )
            if diffs:
                print(f"  differing (turn: here/there): {diffs}")
    base = in_process(match, args.seconds)
    print(f"in this process: {base:.1f} s (worker overhead {wall - base:+.1f} s)")
    agree = 0.0
    judges = (
        () if args.skip_judge else ((None, "as deep as here"), (64, "as deep as the time allows"))
    )
    for depth, how in judges:
        slow, took = slow_labels(match, args.judge_seconds, depth)
        agree, diffs = agreement(analysis, slow)
        print(
            f"the judge at {args.judge_seconds:g} s a turn, searching {how}: {took:.1f} s; "
            f"the same label on {agree:.1%} of the turns"
        )
        if diffs:
            print(f"  differing (turn: here/there): {diffs}")
    old = None if args.skip_before else before(match, args.seconds)
    if old is None:
        why = "--skip-before" if args.skip_before else "it is not in this checkout's history"
        print(f"baseline at commit {BEFORE} skipped: {why}")
    else:
        olds, old_wall = old
        pairs = [
            (v, o)
            for v, o in zip(analysis.verdicts, olds, strict=True)
            if o is not None and v is not None
        ]
        old_exact = sum(o["exact"] for _, o in pairs)
        both = [(v, o) for v, o in pairs if v.exact and o["exact"]]
        differ = [v.ply for v, o in both if abs(v.loss - o["loss"]) > 1e-6]
        print(
            f"before ({BEFORE}), its own process: {old_wall:.1f} s, "
            f"{old_exact} of {len(pairs)} turns settled exactly"
        )
        print(
            f"  settled by both: {len(both)}, same loss: {len(both) - len(differ)}"
            + (f"; DIFFERENT at turns {differ}" if differ else "")
        )
    goal = GOAL if args.side <= 5 else BIG_GOAL
    goals = [
        (f"every turn labelled within {FIRST_GOAL:.0f} s", first < FIRST_GOAL, f"{first:.1f} s"),
        (f"under {goal:.0f} s through the worker", wall < goal, f"{wall:.1f} s"),
        (f"the last {EXACT_GOAL} turns exact", tail >= EXACT_GOAL, f"the last {tail}"),
    ]
    if judges:
        goals.append((f"labels agree on {AGREE_GOAL:.0%}", agree >= AGREE_GOAL, f"{agree:.1%}"))
    for goal, met, got in goals:
        print(f"goal {goal}: {'meets' if met else 'MISSES'} ({got})")


if __name__ == "__main__":
    main()
