"""The arcade's rules without a screen: Rush's clock and combos, Streak's one
skip, the ladder of puzzles a run climbs, the daily puzzle, and the Glicko-2
rating the Trainer moves. (Moved from tests/client, where they started pygame
only to write a pack folder.)"""

import datetime as dt
import itertools
import random
from dataclasses import replace

import pytest

from game.glicko import Rating
from game.play.arcade import (
    COMBO_BONUS,
    RUSH_SECONDS,
    STEP,
    UNSEEN_SLACK,
    WRONG_PENALTY,
    Rush,
    Streak,
    daily,
    ladder,
)
from game.puzzles import Pack, load_packs
from tests.helpers import write_packs


def test_glicko2_matches_glickmans_worked_example():
    r = Rating(1500, 200, 0.06).update([(1400, 30, 1), (1550, 100, 0), (1700, 300, 0)])
    assert r.rating == pytest.approx(1464.06, abs=0.01)
    assert r.rd == pytest.approx(151.52, abs=0.01)
    assert r.volatility == pytest.approx(0.05999, abs=1e-5)
    assert (
        Rating().after_puzzle(1500, True).rating > 1500 > Rating().after_puzzle(1500, False).rating
    )


def test_rush_rules(tmp_path):
    puzzles = load_packs(write_packs(tmp_path), prove=False)[0][0].puzzles
    run = Rush(list(puzzles) * 5)
    assert run.answer(True).seconds == 0  # a combo starts at two
    second = run.answer(True)
    assert second.seconds == COMBO_BONUS and run.time_left == RUSH_SECONDS + COMBO_BONUS
    assert run.score == second.points + 100 + 90 and run.best_combo == 2
    wrong = run.answer(False)
    assert wrong.seconds == -WRONG_PENALTY and run.combo == 0 and run.strikes == 1
    run.answer(False)
    assert run.answer(False).over and run.over
    clock = Rush(list(puzzles))
    clock.tick(RUSH_SECONDS + 1)
    assert clock.over and clock.time_left == 0


def test_streak_rules(tmp_path):
    puzzles = list(load_packs(write_packs(tmp_path), prove=False)[0][0].puzzles) * 3
    run = Streak(puzzles)
    run.answer(True)
    assert run.skip() and not run.skip()  # one skip per run
    assert run.index == 2 and run.count == 1
    assert run.answer(False).over and run.over and run.count == 1


def named(pick):
    pack, puzzle = pick
    return f"{pack.id}/{puzzle.id}"


def test_the_daily_puzzle_is_fixed_by_the_date_whatever_order_the_packs_come_in(shipped):
    day = dt.date(2026, 11, 21)
    month = [named(daily(shipped, day + dt.timedelta(days=k))) for k in range(30)]
    assert len(set(month)) == 30  # no repeat within 30 days (nor in N: the test below)
    # The same for every player, whatever order their packs were read in.
    for order in (shipped[::-1], sorted(shipped, key=lambda p: p.id)):
        assert [named(daily(order, day + dt.timedelta(days=k))) for k in range(30)] == month


def test_a_run_climbs_from_the_players_level_and_prefers_unseen_puzzles(shipped):
    packs = shipped
    first = ladder(packs, random.Random(1), start=900)
    ratings = [p.rating for p in first[:12]]
    assert abs(ratings[0] - 900) < 60 and ratings[-1] > ratings[0] + 6 * STEP  # it climbs
    assert len({p.id for p in first}) == len(first) == sum(len(p.puzzles) for p in packs)
    seen = {f"{pack.id}/{p.id}" for pack in packs for p in pack.puzzles if p in first[:10]}
    again = ladder(packs, random.Random(1), start=900, seen=seen)
    assert not {p.id for p in again[:10]} & {p.id for p in first[:10]}  # unseen first


class Steady:
    """A stand-in for random.Random that draws 0.5 every time."""

    def random(self):
        return 0.5


def test_the_quick_ladder_serves_what_trying_every_puzzle_would(shipped):
    packs = shipped
    keys = [f"{k.id}/{p.id}" for k in packs for p in k.puzzles]
    seen = set(keys[::3])
    key_of = {id(p): f"{k.id}/{p.id}" for k in packs for p in k.puzzles}

    def base(p, target):
        return abs(p.rating - target) + (UNSEEN_SLACK if key_of[id(p)] in seen else 0)

    # The rule, tried on every puzzle at every step, with equal draws: ties go to
    # the lower rating, then the key, as in the quick one.
    pool = sorted(((p.rating, key_of[id(p)]), p) for k in packs for p in k.puzzles)
    slow, target = [], 1100
    while pool:
        costs = [(base(p, target), rk) for rk, p in pool]
        slow.append(pool.pop(costs.index(min(costs)))[1])
        target += STEP
    quick = ladder(packs, Steady(), seen=seen, start=1100)
    assert [id(p) for p in quick] == [id(p) for p in slow]
    # With real draws each pick is within a point of the best the rule allows.
    served = ladder(packs, random.Random(7), seen=seen, start=1100)
    left, target = [p for k in packs for p in k.puzzles], 1100
    for p in served:
        assert base(p, target) < min(base(q, target) for q in left) + 1
        left.remove(p)
        target += STEP
    assert not left


def test_no_daily_puzzle_comes_back_before_every_other_has_had_its_day(shipped):
    # Six packs of unequal sizes, 165 puzzles, not the 1,276 shipped: each day sorts
    # every puzzle, and 2N days of the shipped ones took most of a minute.
    puzzle = shipped[0].puzzles[0]
    packs = [
        Pack(f"pack{k}", "T", "", tuple(replace(puzzle, id=f"p{i}") for i in range(10 + 7 * k)))
        for k in range(6)
    ]
    n = sum(len(p.puzzles) for p in packs)
    start = dt.date(2026, 11, 22)
    days = [daily(packs, start + dt.timedelta(days=k)) for k in range(2 * n)]
    keys = [f"{pack.id}/{p.id}" for pack, p in days]
    assert len(set(keys[:n])) == n  # every puzzle once in N days
    assert keys[n:] == keys[:n]  # then the same order again
    # With 730 puzzles or more, two years pass without a repeat.
    big = [
        Pack(f"p{k}", "T", "", tuple(replace(puzzle, id=f"q{i}") for i in range(100)))
        for k in range(8)
    ]
    two_years = {
        (pack.id, p.id)
        for pack, p in (daily(big, start + dt.timedelta(days=k)) for k in range(730))
    }
    assert len(two_years) == 730
    # The days do not walk through a pack in order: two days running seldom share one.
    same = sum(a.id == b.id for (a, _), (b, _) in itertools.pairwise(days[:n]))
    assert same < n // 2
