"""The arcade modes' rules, without pygame: Flip Rush, Streak, the Trainer and
the daily puzzle. The three runs are one :class:`~.arcade_run.Run` to the screen
that shows them.

Both runs climb in difficulty from a little below the player's rating, a step
of rating points per puzzle, so the slope shows within the first few; at each
step the run takes a puzzle the player has not tried yet when there is one
near enough, and never the same puzzle twice.
"""

from __future__ import annotations

import bisect
import datetime as dt
import functools
import hashlib
import math
import random
from dataclasses import dataclass, field

from game.i18n import N_, _, ngettext
from game.puzzles import Pack, Puzzle
from game.puzzles.own import PACK_ID as OWN_PACK

from .arcade_run import Result, Run, Tone

RUSH_SECONDS = 180.0
WRONG_PENALTY = 10.0  # seconds off the clock for a wrong answer
COMBO_BONUS = 3.0  # seconds added per right answer once a combo reaches 2
STRIKES = 3
#: Rating points each puzzle of a run climbs by.
STEP = 30
#: How far below the player's rating a run starts: "a little", as its card says.
START_BELOW = 100
#: How much further from the target rating an unseen puzzle may be than a seen one.
UNSEEN_SLACK = 120


def ladder(
    packs: list[Pack],
    rng: random.Random,
    *,
    seen: frozenset[str] | set[str] = frozenset(),
    start: float | None = None,
    step: float = STEP,
) -> list[Puzzle]:
    """Every puzzle once, in the order a run serves them: the n-th near rating
    ``start + n * step`` (``start``: the easiest puzzle if not given), preferring
    puzzles whose ``pack/puzzle`` key is not in ``seen``; ties at random.

    Each step takes the puzzle with the least ``distance + slack + u`` (slack
    :data:`UNSEEN_SLACK` for a seen puzzle, ``u`` uniform in [0, 1)). Only
    puzzles within 1 of the least ``distance + slack`` can win, so each step
    looks at those alone, found by bisection: a thousand puzzles take
    milliseconds, not the fifth of a second of trying them all at every step.
    """
    pool = sorted(((p.rating, f"{pack.id}/{p.id}"), p) for pack in packs for p in pack.puzzles)
    if not pool:
        return []
    groups = [
        ([kp for kp in pool if kp[0][1] not in seen], 0),
        ([kp for kp in pool if kp[0][1] in seen], UNSEEN_SLACK),
    ]
    ratings = [[kp[0][0] for kp in group] for group, _ in groups]
    target = pool[0][1].rating if start is None else start
    out: list[Puzzle] = []
    for _step in range(len(pool)):
        nearest = [
            _nearest(r, target) + slack for r, (_rating, slack) in zip(ratings, groups, strict=True)
        ]
        least = min(nearest)
        best = None
        for g, (group, slack) in enumerate(groups):
            if nearest[g] >= least + 1:
                continue
            lo = hi = bisect.bisect_left(ratings[g], target)
            while lo > 0 and target - ratings[g][lo - 1] + slack < least + 1:
                lo -= 1
            while hi < len(group) and abs(ratings[g][hi] - target) + slack < least + 1:
                hi += 1
            for i in range(lo, hi):
                cost = (abs(ratings[g][i] - target) + slack + rng.random(), group[i][0])
                if best is None or cost < best[0]:
                    best = (cost, g, i)
        assert best is not None
        _, g, i = best
        out.append(groups[g][0].pop(i)[1])
        ratings[g].pop(i)
        target += step
    return out


def _nearest(ratings: list[int], target: float) -> float:
    """The least distance from ``target`` to a rating in sorted ``ratings`` (inf if none)."""
    i = bisect.bisect_left(ratings, target)
    near = [abs(ratings[j] - target) for j in (i - 1, i) if 0 <= j < len(ratings)]
    return min(near, default=math.inf)


@dataclass
class Rush:
    """Three minutes; wrong answers cost time and a strike; combos add time."""

    puzzles: list[Puzzle]
    index: int = 0
    time_left: float = RUSH_SECONDS
    strikes: int = 0
    combo: int = 0
    best_combo: int = 0
    score: int = 0
    solved: int = 0
    mode = "rush"
    teaches = False
    can_skip = can_hint = skip_is_miss = may_skip = False
    skip_label = ""

    @property
    def puzzle(self) -> Puzzle:
        return self.puzzles[self.index % len(self.puzzles)]

    @property
    def over(self) -> bool:
        return self.time_left <= 0 or self.strikes >= STRIKES

    @property
    def clock(self) -> float | None:
        return self.time_left

    @property
    def score_line(self) -> str:
        return _("Score {score}").format(score=self.score)

    @property
    def wrong_text(self) -> str:
        return _("On to the next one.")

    def summary(self) -> str:
        return ngettext(
            "{n} solved, best combo x{combo}", "{n} solved, best combo x{combo}", self.solved
        ).format(n=self.solved, combo=self.best_combo)

    def popups(self, result: Result) -> list[tuple[str, Tone]]:
        if result.seconds < 0:
            return [(f"{result.seconds:.0f} s", "bad")]
        shown: list[tuple[str, Tone]] = []
        if result.points:
            shown.append((f"+{result.points}", "accent"))
        if result.seconds:
            shown.append((_("+{seconds} s combo").format(seconds=f"{result.seconds:.0f}"), "good"))
        return shown

    def next_puzzle(self, rating: float) -> Puzzle:
        return self.puzzle

    def skip(self) -> bool:
        return False

    def touch(self) -> None:
        """Nothing to note: every puzzle of a rush is answered or the clock ends it."""

    def tick(self, seconds: float) -> None:
        self.time_left = max(0.0, self.time_left - seconds)

    def answer(self, right: bool) -> Result:
        if self.over:
            return Result(over=True)
        if right:
            self.combo += 1
            self.best_combo = max(self.best_combo, self.combo)
            self.solved += 1
            points = 100 + self.puzzle.rating // 10 + 50 * (self.combo - 1)
            bonus = COMBO_BONUS if self.combo >= 2 else 0.0
            self.score += points
            self.time_left += bonus
            result = Result(points, bonus, self.combo)
        else:
            self.combo = 0
            self.strikes += 1
            self.time_left = max(0.0, self.time_left - WRONG_PENALTY)
            result = Result(0, -WRONG_PENALTY, 0)
        self.index += 1
        result.over = self.over
        return result


class Untimed:
    """What a run without a clock shares: no time to tick, no strikes, no combos
    and no pop-ups beside the score."""

    clock = None
    strikes = 0
    combo = 0

    def tick(self, seconds: float) -> None:
        """No clock to run down."""

    def touch(self) -> None:
        """The player acted on the puzzle: only a run that counts puzzles tried notes it."""

    def popups(self, result: Result) -> list[tuple[str, Tone]]:
        return []


@dataclass
class Streak(Untimed):
    """No clock; one mistake ends the run; one skip per run."""

    puzzles: list[Puzzle]
    index: int = 0
    count: int = 0
    skipped: bool = False
    ended: bool = False
    mode = "streak"
    teaches = False
    can_skip = True
    can_hint = skip_is_miss = False
    skip_label = N_("Skip (once)")

    @property
    def puzzle(self) -> Puzzle:
        return self.puzzles[self.index % len(self.puzzles)]

    @property
    def over(self) -> bool:
        return self.ended

    @property
    def score(self) -> int:
        return self.count

    @property
    def score_line(self) -> str:
        return _("Streak {n}").format(n=self.count)

    @property
    def wrong_text(self) -> str:
        return _("The run is over.")

    def summary(self) -> str:
        return ngettext("{n} in a row", "{n} in a row", self.count).format(n=self.count)

    def next_puzzle(self, rating: float) -> Puzzle:
        return self.puzzle

    def answer(self, right: bool) -> Result:
        if self.ended:
            return Result(over=True)
        if right:
            self.count += 1
            self.index += 1
            return Result(points=1, combo=self.count)
        self.ended = True
        return Result(over=True)

    @property
    def may_skip(self) -> bool:
        return not (self.skipped or self.ended)

    def skip(self) -> bool:
        """Skip the current puzzle, once per run."""
        if not self.may_skip:
            return False
        self.skipped = True
        self.index += 1
        return True


@dataclass
class Trainer(Untimed):
    """Puzzles without end, each picked near the player's rating as it is now,
    ones not tried yet first; the rating moves after every first try. A player
    stuck may take a hint (a star, as anywhere, and the answer no longer a first
    try) or skip, which is a miss: it counts for the rating as a wrong answer."""

    pool: list[tuple[str, Puzzle]]
    rng: random.Random
    seen: set[str] = field(default_factory=set)
    count: int = 0
    solved: int = 0
    current: Puzzle | None = None
    ended: bool = False
    #: The puzzle on the board has been acted on (a click, a hint): tried.
    touched: bool = False
    #: The puzzle on the board has had its answer, or was skipped.
    answered: bool = False
    mode = "trainer"
    # It says more once the answer is on its way: the rating, or the answer played out.
    wrong_text = ""
    teaches = True
    can_skip = can_hint = skip_is_miss = True
    skip_label = N_("Skip")

    @property
    def over(self) -> bool:
        return self.ended

    @property
    def puzzle(self) -> Puzzle:
        """The puzzle picked last (the first is picked as the run starts)."""
        if self.current is None:
            raise ValueError("the trainer has no puzzle before its first pick")  # i18n: not shown
        return self.current

    @property
    def score(self) -> int:
        return self.solved

    @property
    def score_line(self) -> str:
        return _("Solved {n}").format(n=self.solved)

    @property
    def tried(self) -> int:
        """Puzzles tried: each answered or skipped, and the one on the board once
        acted on (a click the rules refused is a try to the player)."""
        return self.count + (self.touched and not self.answered)

    def summary(self) -> str:
        return ngettext("{n} solved of {total}", "{n} solved of {total}", self.tried).format(
            n=self.solved, total=self.tried
        )

    def touch(self) -> None:
        self.touched = True

    @property
    def may_skip(self) -> bool:
        """A puzzle not answered yet: after a miss its answer is on the board."""
        return not (self.ended or self.answered)

    def skip(self) -> bool:
        """Give up the puzzle on the board: tried, and not solved."""
        if not self.may_skip:
            return False
        self.count += 1
        self.answered = True
        return True

    def pick(self, rating: float) -> Puzzle:
        """The next puzzle, near ``rating``."""
        costs = [
            abs(p.rating - rating)
            + (UNSEEN_SLACK * 2 if key in self.seen else 0)
            + self.rng.random()
            for key, p in self.pool
        ]
        key, self.current = self.pool[costs.index(min(costs))]
        self.seen.add(key)
        self.touched = self.answered = False
        return self.current

    def next_puzzle(self, rating: float) -> Puzzle:
        return self.pick(rating)

    def answer(self, right: bool) -> Result:
        self.count += 1
        self.solved += right
        self.answered = True
        return Result(points=int(right))


#: Each mode's name and rules (the card before a run shows them), by its key.
MODES = {
    "rush": (
        N_("Flip Rush"),
        N_(
            "Three minutes: solve as many puzzles as you can. A wrong answer costs 10 seconds "
            "and a strike; three strikes end the run. Two or more right in a row add 3 seconds "
            "each. The puzzles start a little below your rating and get harder as you go."
        ),
    ),
    "streak": (
        N_("Streak"),
        N_(
            "No clock: solve puzzles one after another; the first wrong answer ends the run. "
            "You may skip one puzzle. They start a little below your rating and get harder."
        ),
    ),
    "trainer": (
        N_("Trainer"),
        N_(
            "Puzzles without end, each picked near your puzzle rating, ones you have not tried "
            "first. After each first try your rating and its change show. Stuck? A hint costs a "
            "star; a skip counts as a miss. End whenever you like."
        ),
    ),
}


def start_run(
    mode: str,
    packs: list[Pack],
    rng: random.Random,
    *,
    seen: set[str],
    rating: float,
    theme: str | None = None,
) -> tuple[Run, str | None]:
    """A new run of ``mode`` for a player rated ``rating`` who has tried the
    puzzles ``seen``, with the theme it serves (only the trainer serves one, and
    only when some puzzle has it). Raises :class:`ValueError` for an unknown mode."""
    if mode == "trainer":
        # The player's own puzzles stay out: they do not move the rating.
        pool = [(f"{k.id}/{p.id}", p) for k in packs if k.id != OWN_PACK for p in k.puzzles]
        themed = [(key, p) for key, p in pool if theme in p.themes]
        trainer = Trainer(themed or pool, rng, set(seen))
        trainer.pick(rating)
        return trainer, theme if themed else None
    if mode not in MODES:
        raise ValueError(  # i18n: not shown (a caller's mistake)
            f"no arcade mode {mode!r}: choose one of {', '.join(MODES)}"
        )
    puzzles = ladder(packs, rng, seen=seen, start=rating - START_BELOW)
    return (Rush(puzzles) if mode == "rush" else Streak(puzzles)), None


#: The daily sequence's first day: each day after it serves the next puzzle.
DAILY_EPOCH = dt.date(2026, 1, 1)


# Cached: :func:`daily` sorts every puzzle by it, and the tests ask for years of days.
@functools.cache
def _shuffled(key: str) -> bytes:
    return hashlib.sha256(key.encode()).digest()


def daily(packs: list[Pack], day: dt.date) -> tuple[Pack, Puzzle] | None:
    """The same puzzle for every player on ``day``. Every puzzle in the packs is
    put in one fixed shuffled order (by a hash of its pack and id), and the days
    walk through it, so no puzzle comes back before every other one has had its
    day: with N puzzles, none repeats within N days."""
    everything = sorted(
        ((pack, p) for pack in packs for p in pack.puzzles),
        key=lambda pp: _shuffled(f"{pp[0].id}/{pp[1].id}"),
    )
    if not everything:
        return None
    return everything[(day - DAILY_EPOCH).days % len(everything)]
