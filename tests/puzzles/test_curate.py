"""Curation: spacing within a game, spreading over ratings, the pack rules."""

import itertools

from game.puzzles.curate import MIN_TURN_GAP, PER_GAME, curate, spaced, spread
from game.puzzles.pack import Puzzle


def fake(game: int, turn: int, goal: str = "most", rating: int = 1000, order: bool = False):
    return Puzzle(
        id=f"s1-g{game}-t{turn}-{goal}",
        fen="x",
        goal=goal,
        solution="xa1",
        rating=rating,
        themes=(),
        source="test",
        features={"order_matters": order},
    )


def test_spacing_keeps_few_puzzles_far_apart_per_game():
    kept = spaced([fake(1, t) for t in range(1, 30)])
    turns = [int(p.id.split("-")[2][1:]) for p in kept]
    assert len(kept) == PER_GAME
    assert all(b - a >= MIN_TURN_GAP for a, b in itertools.pairwise(turns))


def test_spread_takes_the_whole_rating_range():
    pool = [fake(g, 1, rating=500 + 10 * g) for g in range(100)]
    picked = spread(pool, 5)
    assert [p.rating for p in picked] == [500, 750, 1000, 1240, 1490]


def test_curated_packs_climb_and_hard_packs_need_order():
    mined = [fake(g, 10, rating=600 + g) for g in range(80)]
    mined += [fake(100 + g, 10, rating=1500 + g, order=True) for g in range(40)]
    mined += [fake(200 + g, 10, "win", rating=1200 + g) for g in range(50)]
    packs = curate(mined)
    assert next(name for name, _ in packs) == "01-first-chains.json" and len(packs) == 5
    for i, (_, pack) in enumerate(packs):
        ratings = [p.rating for p in pack.puzzles]
        assert ratings == sorted(ratings)
        if i >= 2:
            assert all(p.features["order_matters"] for p in pack.puzzles if p.goal == "most")
    assert sum(p.goal == "win" for _, pack in packs for p in pack.puzzles) == 50
