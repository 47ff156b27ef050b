"""How far a player can trust the analysis's labels: precision and recall against
a judge searching ten times as long (issue 53).

    python benchmarks/label_trust.py [--games 12] [--first 0] [--seed 0]
                                     [--play-seconds S] [--factor 10]
                                     [--least 0.2] [--no-settle] [--record F]
    python benchmarks/label_trust.py --tally F [F ...]
    python benchmarks/label_trust.py --again F [F ...]

The games are realistic ones: Expert and Master against each other and against
Club, on sides 4, 5 and 6 in turn (game ``k`` plays pairing ``k`` of
``PAIRINGS`` on side ``SIDES[k % 3]``, seeded by ``--seed + k``), each level
on its own time a turn, or ``--play-seconds`` to make games faster. Each game
is analysed in this process as the client does (``game.play.game_analysis``:
the quick pass, the deeper one, the ending from its last turn back, through
``benchmarks.analysis.here``), timing each turn; its labels are read when
every turn has its final verdict ("done": the labels a player first sees
whole) and, unless ``--no-settle``, again once the deeper looks at the unsure
ones ("?") and the mistakes and blunders have settled. The judge then judges
each turn with ``--factor`` times the seconds the analysis spent on it in all,
deeper looks included (at least ``--least``), searching as deep as that time
allows, its exact tries given the same.

Printed, for each reading, over every judged turn and over the turns without a
"?" (the labels the screen shows as sure):

- precision: of the turns the analysis calls a mistake or a blunder, the
  share that are at least an inaccuracy to the judge (goal >= 95%);
- recall: of the judge's blunders, the share the analysis calls a blunder
  (goal >= 85%); beside it, the share it calls a mistake or a blunder.

``--first K`` starts at game ``K``, so a long sample can be made by two
processes (one a core) and ``--record F`` appends each game's labels to F as
a JSON line, with each turn's position, the turn played, the judge's label and
whether the judge settled it exactly;
``--tally`` prints the same figures over the records' games. ``--again``
analyses the recorded games anew, with the analysis as it is now, and holds
its labels against the recorded judge's: a change to the analysis is tried in
minutes where the judge took most of an hour (the judge's time was ten times
the analysis's then, not now: figures to quote come from a new sample).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from dataclasses import astuple, dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.analysis import a_match, here
from game.ai.analysis import LABELS, judge
from game.ai.endgame import Endgame
from game.ai.first_levels import FIRST_LEVELS
from game.ai.levels import LEVELS, Level, choose_turn
from game.ai.search import Searcher
from game.play.game_analysis import GameAnalysis, TurnVerdict
from game.play.match import Match
from game.rules import Board

#: Red against Blue, in turn.
PAIRINGS = (
    ("expert", "master"),
    ("master", "club"),
    ("club", "expert"),
    ("master", "expert"),
    ("club", "master"),
    ("expert", "club"),
)
SIDES = (4, 5, 6)
#: Expert as the first samples played it (three turns deep, learned weights),
#: so that runs before and after the ladder's re-tuning judge alike games.
PLAYING: dict[str, Level] = {**LEVELS, "expert": FIRST_LEVELS["expert"]}
PRECISION_GOAL = 0.95
RECALL_GOAL = 0.85
FLAGGED = ("mistake", "blunder")
AT_LEAST_INACCURATE = ("inaccuracy", "mistake", "blunder")
#: The judge's seconds on one turn at most (a failed exact try in the ending
#: can take the analysis seconds, and ten times that is more than it tells).
MOST = 10.0


def replayed(game: dict[str, Any]) -> Match:
    """A recorded game's match, from its turns."""
    board = Board(game["turns"][0][0])
    line = []
    for _mfen, played, *_judged in game["turns"]:
        line.append(board.parse_turn(played))
        board.push(line[-1])
    return a_match(board.size, line)


def a_game(k: int, seed: int, seconds: float | None) -> tuple[Match, str]:
    """Game ``k`` of the sample, and what it was."""
    red, blue = PAIRINGS[k % len(PAIRINGS)]
    side = SIDES[k % len(SIDES)]
    rng = random.Random(seed + k)
    board = Board(size=side)
    searchers = (Searcher(), Searcher())
    line = []
    while not board.is_game_over():
        mover = len(line) % 2
        lvl = PLAYING[(red, blue)[mover]]
        turn = choose_turn(board, lvl, rng, searcher=searchers[mover], seconds=seconds)
        assert turn is not None
        board.push(turn)
        line.append(turn)
    return a_match(side, line), f"side {side}, {red} (Red) against {blue}, {len(line)} turns"


@dataclass
class Turn:
    label: str  # the analysis's
    unsure: bool
    judged: str  # the judge's


def judged(match: Match, analysis: GameAnalysis, spent: dict[int, float], factor: float,
           least: float, *, exact: list[bool] | None = None) -> list[str | None]:  # fmt: skip
    """The judge's label of each turn (None where the analysis judged nothing:
    passes and forced turns). A turn the analysis settled exactly keeps its
    label: the judge would prove the same value. ``exact`` gets whether each
    label was settled exactly."""
    endgame = Endgame(table_limit=500_000)
    out: list[str | None] = []
    for i, (mfen, played, _mover) in enumerate(analysis.turns):
        v = analysis.verdicts[i]
        if i not in spent or i in analysis.forced or v is None:
            out.append(None)
            if exact is not None:
                exact.append(False)
            continue
        if v.exact:
            out.append(v.label)
            if exact is not None:
                exact.append(True)
            continue
        seconds = min(MOST, max(least, factor * spent[i]))
        board = Board(mfen)
        v = judge(board, board.parse_turn(played), seconds, endgame=endgame, depth=64)
        out.append(v.label)
        if exact is not None:
            exact.append(v.exact)
    return out


def rows(verdicts: list[TurnVerdict | None], judge_labels: list[str | None]) -> list[Turn]:
    return [
        Turn(v.label, v.unsure, j)
        for v, j in zip(verdicts, judge_labels, strict=True)
        if v is not None and j is not None
    ]


def share(hit: int, of: int) -> str:
    return f"{hit} of {of} ({hit / of:.1%})" if of else "none"


def report(name: str, turns: list[Turn]) -> None:
    for which, kept in (
        ("every turn", turns),
        ('turns without "?"', [t for t in turns if not t.unsure]),
    ):
        called = [t for t in kept if t.label in FLAGGED]
        right = sum(t.judged in AT_LEAST_INACCURATE for t in called)
        blunders = [t for t in kept if t.judged == "blunder"]
        named = sum(t.label == "blunder" for t in blunders)
        flagged = sum(t.label in FLAGGED for t in blunders)
        precision = right / len(called) if called else 1.0
        recall = named / len(blunders) if blunders else 1.0
        print(
            f'{name}, {which} ({len(kept)} turns, {sum(t.unsure for t in turns)} with "?" in all):'
        )
        print(
            f"  precision: {share(right, len(called))} of the mistakes and blunders are at "
            f"least inaccuracies to the judge (goal >= {PRECISION_GOAL:.0%}: "
            f"{'met' if precision >= PRECISION_GOAL else 'MISSED'})"
        )
        print(
            f"  recall: {share(named, len(blunders))} of the judge's blunders called blunders "
            f"(goal >= {RECALL_GOAL:.0%}: {'met' if recall >= RECALL_GOAL else 'MISSED'}); "
            f"called a mistake or a blunder: {share(flagged, len(blunders))}"
        )


def tally(paths: list[str]) -> tuple[list[Turn], list[Turn], int]:
    """The turns of every recorded game, when done and once settled (the
    latter empty if a game was not settled), and how many games."""
    done: list[Turn] = []
    settled: list[Turn] = []
    games = 0
    for path in paths:
        for line in Path(path).read_text().splitlines():
            game = json.loads(line)
            games += 1
            done += [Turn(*t) for t in game["done"]]
            settled += [Turn(*t) for t in game["settled"]]
    return done, settled, games


def table(turns: list[Turn]) -> None:
    """How the analysis's labels (rows) meet the judge's (columns)."""
    print("  analysis \\ judge " + " ".join(f"{j:>10}" for j in LABELS))
    for a in LABELS:
        counts = [sum(t.label == a and t.judged == j for t in turns) for j in LABELS]
        print(f"  {a:>16} " + " ".join(f"{c:>10}" for c in counts))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--games", type=int, default=12)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--play-seconds", type=float, default=None, help="each level's own by default")
    ap.add_argument("--factor", type=float, default=10.0)
    ap.add_argument("--least", type=float, default=0.2)
    ap.add_argument("--no-settle", action="store_true")
    ap.add_argument("--first", type=int, default=0, help="the first game's number")
    ap.add_argument("--record", help="append each game's labels to this file (JSON lines)")
    ap.add_argument("--tally", nargs="+", help="report on recorded games instead of playing")
    ap.add_argument("--again", nargs="+", help="analyse recorded games anew, against their judge")
    args = ap.parse_args()
    if args.tally:
        done, settled, games = tally(args.tally)
        print(f"{games} games recorded")
        summary(done, settled)
        return 0
    if args.again:
        again(args.again)
        return 0
    done = []
    settled = []
    for k in range(args.first, args.first + args.games):
        t0 = time.perf_counter()
        match, what = a_game(k, args.seed, args.play_seconds)
        made = time.perf_counter() - t0
        analysis = GameAnalysis(match)
        spent: dict[int, float] = {}
        took = here(analysis, spent=spent)
        at_done = list(analysis.verdicts)
        settling = 0.0
        if not args.no_settle:  # its seconds count in the judge's time too
            t2 = time.perf_counter()
            here(analysis, settle=True, spent=spent)
            settling = time.perf_counter() - t2
        t1 = time.perf_counter()
        judge_exact: list[bool] = []
        judge_labels = judged(match, analysis, spent, args.factor, args.least, exact=judge_exact)
        judging = time.perf_counter() - t1
        game_done = rows(at_done, judge_labels)
        game_settled = [] if args.no_settle else rows(analysis.verdicts, judge_labels)
        done += game_done
        settled += game_settled
        if args.record:
            with open(args.record, "a") as out:
                found = zip(analysis.turns, judge_labels, judge_exact, strict=True)
                turns = [(m, p, j, e) for (m, p, _), j, e in found]
                record = {"game": k, "what": what, "done": game_done, "settled": game_settled}
                record["turns"] = turns
                out.write(json.dumps(record, default=astuple) + "\n")
        unsure = sum(v is not None and v.unsure for v in at_done)
        print(
            f"game {k}: {what}; made in {made:.0f} s, analysed in {took:.1f} s "
            f"({unsure} unsure), settled in {settling:.1f} s, judged in {judging:.0f} s",
            flush=True,
        )
    summary(done, settled)
    return 0


def again(paths: list[str]) -> None:
    """Analyse the recorded games (those with their turns) anew and report."""
    done: list[Turn] = []
    settled: list[Turn] = []
    for path in paths:
        for line in Path(path).read_text().splitlines():
            game = json.loads(line)
            if "turns" not in game:
                continue
            analysis = GameAnalysis(replayed(game))
            took = here(analysis)
            done += rows(list(analysis.verdicts), [t[2] for t in game["turns"]])
            t0 = time.perf_counter()
            here(analysis, settle=True)
            settled += rows(analysis.verdicts, [t[2] for t in game["turns"]])
            print(
                f"game {game['game']}: {game['what']}; analysed in {took:.1f} s, "
                f"settled in {time.perf_counter() - t0:.1f} s",
                flush=True,
            )
    summary(done, settled)


def summary(done: list[Turn], settled: list[Turn]) -> None:
    report("when done", done)
    table(done)
    if settled:
        report("once settled", settled)
        table(settled)


if __name__ == "__main__":
    sys.exit(main())
