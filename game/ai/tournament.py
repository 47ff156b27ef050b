"""Round-robin calibration of the AI levels against two fixed baselines.

    python -m game.ai.tournament --games 40 --out docs/ai-ladder.md

Every pairing plays ``--games`` games on side 5 from seeded openings (a few
random placements), each opening twice with colours swapped; games run in
parallel on the machine's cores. Ratings are fitted with random play at 0.

The levels' time budgets are counted in CPU time of the process playing the game,
so the ladder measures the levels as a player gets them on an idle machine even
when this machine is busy. With ``--record FILE`` every finished game is appended
to FILE as a JSON line, and a rerun with the same arguments skips the games
already there: a long calibration can be stopped and resumed.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import random
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path

from game.rules import RED, Board

from .baselines import greedy_turn, random_turn
from .elo import bootstrap, fit
from .evaluate import CLASSIC
from .levels import LEVELS, choose_turn
from .search import SOLVE_EMPTIES, Searcher

Job = tuple[str, str, str, int, float | None]
Result = tuple[str, str, float, int, float]

BASELINES = ("Random", "Greedy")
PLAYERS = (*BASELINES, *(v.name for v in LEVELS.values()))


def opening(seed: int, size: int) -> str:
    rng = random.Random(seed)
    b = Board(size=size)
    for _ in range(rng.randint(2, 4)):
        b.push(rng.choice(b.legal_turns()))
    return b.mfen()


def play_game(job: tuple[str, str, str, int, float | None]) -> Result:
    """Play one game; returns (red player, blue player, red's score, turns, CPU seconds)."""
    red, blue, start, seed, movetime = job
    cpu0 = time.process_time()
    rng = random.Random(seed)
    board = Board(start)
    searchers = {red: Searcher(), blue: Searcher()}
    turns = 0
    while True:
        name = red if board.mover is RED else blue
        if name == "Random":
            turn = random_turn(board, rng)
        elif name == "Greedy":
            turn = greedy_turn(board, rng)
        else:
            turn = choose_turn(
                board,
                LEVELS[name.lower()],
                rng,
                searcher=searchers[name],
                seconds=movetime,
                clock=time.process_time,
            )
        if turn is None:
            break
        board.push(turn)
        turns += 1
    result = board.result()
    score = 1.0 if result == "red" else 0.0 if result == "blue" else 0.5
    return red, blue, score, turns, time.process_time() - cpu0


def pairings(players: Sequence[str], reach: int = 0) -> list[tuple[str, str]]:
    """Who plays whom: every pair, or with ``reach`` only players at most that many
    places apart in ``players`` (weakest first). Ten levels make 66 pairings a round
    robin, most of them foregone wins; neighbours' games are the ones that measure
    a gap, and the second neighbours tie the chain together."""
    pairs = itertools.combinations(range(len(players)), 2)
    return [(players[i], players[j]) for i, j in pairs if not reach or j - i <= reach]


def schedule(
    players: Sequence[str],
    games: int,
    seed: int,
    size: int,
    movetime: float | None,
    *,
    reach: int = 0,
) -> list[tuple[str, str, str, int, float | None]]:
    jobs = []
    for a, b in pairings(players, reach):
        for g in range(games):
            start = opening(seed * 100_003 + g // 2, size)
            red, blue = (a, b) if g % 2 == 0 else (b, a)
            jobs.append((red, blue, start, seed * 7919 + g, movetime))
    return jobs


def load_record(path: Path | None) -> dict[str, Result]:
    """Games already played, keyed by their job; unreadable lines are skipped
    (a run killed mid-write leaves at most a torn last line)."""
    done: dict[str, Result] = {}
    if path is None or not path.exists():
        return done
    for line in path.read_text().splitlines():
        try:
            row = json.loads(line)
            done[row["job"]] = (
                row["red"],
                row["blue"],
                float(row["score"]),
                int(row["turns"]),
                float(row["cpu"]),
            )
        except (ValueError, KeyError, TypeError):
            continue
    return done


def job_key(job: Job) -> str:
    return json.dumps(job)


def run(
    players: Sequence[str],
    *,
    games: int,
    seed: int,
    size: int,
    movetime: float | None,
    workers: int,
    record: Path | None = None,
    reach: int = 0,
) -> list[Result]:
    jobs = schedule(players, games, seed, size, movetime, reach=reach)
    done = load_record(record)
    todo = [j for j in jobs if job_key(j) not in done]
    print(f"{len(jobs) - len(todo)} of {len(jobs)} games already played", file=sys.stderr)
    sink = record.open("a") if record is not None else None

    def keep(job: Job, result: Result) -> None:
        done[job_key(job)] = result
        if sink is not None:
            keys = ("red", "blue", "score", "turns", "cpu")
            row = {"job": job_key(job), **dict(zip(keys, result, strict=True))}
            sink.write(json.dumps(row) + "\n")
            sink.flush()

    try:
        if workers <= 1:
            for j in todo:
                keep(j, play_game(j))
        else:
            with ProcessPoolExecutor(max_workers=workers) as pool:
                futures = {pool.submit(play_game, j): j for j in todo}
                for n, fut in enumerate(as_completed(futures), 1):
                    keep(futures[fut], fut.result())
                    if n % 20 == 0:
                        print(f"{n} of {len(todo)} games played", file=sys.stderr)
    finally:
        if sink is not None:
            sink.close()
    return [done[job_key(j)] for j in jobs]


def score_of(games: list[tuple[str, str, float]], a: str, b: str) -> tuple[float, int]:
    """Points ``a`` scored against ``b`` and the number of games they played."""
    pts, n = 0.0, 0
    for red, blue, s in games:
        if (red, blue) == (a, b):
            pts, n = pts + s, n + 1
        elif (red, blue) == (b, a):
            pts, n = pts + 1 - s, n + 1
    return pts, n


#: How far apart neighbouring levels should be: each beating the one below about
#: 70% of the time, no player without a level within reach of their own.
GAP = (150, 250)


def goals(
    players: Sequence[str], ratings: dict[str, float], games: list[tuple[str, str, float]]
) -> list[tuple[str, bool]]:
    """The calibration goals the issue sets, each with whether this run meets it.
    A goal between two players who never met (a ladder run with ``--reach``) is
    left out rather than called missed."""
    levels = [v.name for v in LEVELS.values() if v.name in players]
    low, high = GAP
    out = []
    for lower, upper in itertools.pairwise(levels):
        gap = ratings[upper] - ratings[lower]
        text = f"{upper} is {low} to {high} Elo above {lower} ({gap:+.0f})"
        out.append((text, low <= gap <= high))
    top = levels[-1] if levels else None
    for other, share in (("Greedy", 0.95), (levels[-2] if len(levels) > 1 else None, 0.70)):
        if top is None or other is None or other not in players:
            continue
        pts, n = score_of(games, top, other)
        if n:
            text = f"{top} scores at least {share:.0%} against {other} ({pts / n:.1%})"
            out.append((text, pts / n >= share))
    return out


def level_table(players: Sequence[str], size: int = 5) -> list[str]:
    """The settings of the levels that played, so the page says what it measured."""
    lines = [
        "| level | seconds (side 5) | depth cap | softmax temperature | blunders | exact endings "
        "| weights |",
        "| --- | ---: | ---: | ---: | ---: | --- | --- |",
    ]
    for lvl in LEVELS.values():
        if lvl.name in players:
            depth = str(lvl.max_depth) if lvl.max_depth < 64 else "none"
            reach = max(lvl.exact_reach(Board(size=size)), SOLVE_EMPTIES)
            exact = f"tried from {reach} empty cells" if lvl.solve else "no"
            weights = "classic" if lvl.weights == CLASSIC else "learned"
            if lvl.patterns:
                weights = f"patterns (compiled), else {weights}"
            lines.append(
                f"| {lvl.name} | {lvl.seconds:g} | {depth} | {lvl.temperature:g} "
                f"| {lvl.blunder:.0%} | {exact} | {weights} |"
            )
    return lines


def report(players: Sequence[str], results: list[Result], command: str, size: int = 5) -> str:
    games = [(r, b, s) for r, b, s, _, _ in results]
    # Random anchors the scale; a run without it (``--players Master,Greedy``)
    # is anchored at its first player instead.
    anchor = "Random" if "Random" in players else players[0]
    ratings = fit(players, games, anchor=anchor)
    intervals = bootstrap(players, games, anchor=anchor)
    cpu = sum(r[4] for r in results)
    turns = sum(r[3] for r in results) / max(1, len(results))
    lines = [
        "# AI ladder",
        "",
        f"Command: `{command}`",
        "",
        f"{len(games)} games on side {size}, {turns:.0f} turns a game on average, "
        f"{cpu / 3600:.1f} CPU-hours in all. Each level's time is counted in CPU "
        f"seconds of the process playing it. Elo is fitted with {anchor} at 0; the "
        "intervals come from resampling the games (200 bootstrap fits).",
        "",
        "## Levels",
        "",
        "Temperatures are in hundredths of a tile: higher means looser play.",
        "",
        *level_table(players, size),
        "",
        "## Ratings",
        "",
        "| player | Elo | 95% interval |",
        "| --- | ---: | --- |",
    ]
    for p in sorted(players, key=lambda p: ratings[p]):
        lo, hi = intervals[p]
        lines.append(f"| {p} | {ratings[p]:.0f} | {lo:.0f} .. {hi:.0f} |")
    lines += ["", "## Goals", ""]
    for text, met in goals(players, ratings, games):
        lines.append(f"- [{'x' if met else ' '}] {text}")
    lines += ["", "## Score of the row player against the column player", ""]
    lines.append("| | " + " | ".join(players) + " |")
    lines.append("| --- " * (len(players) + 1) + "|")
    for a in players:
        cells = []
        for b in players:
            pts, n = score_of(games, a, b)
            cells.append("-" if a == b else f"{100 * pts / n:.0f}%" if n else "")
        lines.append(f"| {a} | " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m game.ai.tournament", description=__doc__)
    ap.add_argument("--games", type=int, default=40, help="games per pairing (even)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--size", type=int, default=5)
    ap.add_argument("--players", default=",".join(PLAYERS))
    ap.add_argument("--movetime", type=float, default=None, help="override every level's time")
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    ap.add_argument(
        "--reach",
        type=int,
        default=0,
        help="pair only players at most this many places apart in --players (0: all)",
    )
    ap.add_argument("--out", default=None, help="write the ladder as Markdown here")
    ap.add_argument("--record", type=Path, default=None, help="append each game here; resume")
    args = ap.parse_args(argv)
    players = [p.strip() for p in args.players.split(",") if p.strip()]
    unknown = [p for p in players if p not in PLAYERS]
    if unknown:
        ap.error(f"unknown players {unknown}; choose from {', '.join(PLAYERS)}")
    results = run(
        players,
        games=args.games,
        seed=args.seed,
        size=args.size,
        movetime=args.movetime,
        workers=args.workers,
        record=args.record,
        reach=args.reach,
    )
    command = "python -m game.ai.tournament " + " ".join(argv if argv is not None else sys.argv[1:])
    text = report(players, results, command.strip(), args.size)
    print(text)
    if args.out:
        tmp = args.out + ".tmp"
        with open(tmp, "w") as f:
            f.write(text)
        os.replace(tmp, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
