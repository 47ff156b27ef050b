"""The Mosaix AI's fast way against its plain way (``plain.py``): the batch
estimate gives the plain estimate's very floats, a roll's placements worked out
once are the plain ones in the plain order, and each player makes the plain
player's choice with the same draws of its random numbers. Sheets of every
fullness, every roll and limit on the symbols dropped, drawn by hypothesis."""

import random

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from game.mosaix import ai, batch, estimate
from game.mosaix.formation import SHAPES, Formation, arrangements
from game.mosaix.rolls import roll, spots_of
from game.mosaix.sheet import Sheet, score_of, spots

from . import plain

FILLS = [0.0, 0.1, 0.3, 0.5, 0.7, 0.85, 0.95]
rolls = st.text("OXT", min_size=4, max_size=4)
sheets = st.builds(plain.random_sheet, st.randoms(use_true_random=False), st.sampled_from(FILLS))
#: Sheets that leave few placements, where the plain players are cheap.
fuller = st.builds(
    plain.random_sheet, st.randoms(use_true_random=False), st.sampled_from(FILLS[3:])
)
# 49 cells, one bit each, laid out eight bits a row as the sheet has them.
empties = st.integers(0, (1 << 49) - 1).map(
    lambda n: sum(1 << (i // 7 * 8 + i % 7) for i in range(49) if n >> i & 1)
)
formations = st.builds(Formation.build, st.sampled_from(list(SHAPES)), rolls, st.integers(0, 3))


@settings(max_examples=100, deadline=None)
@given(st.lists(empties, min_size=1, max_size=30))
def test_pockets_and_ragged_edges_of_many_sheets_at_once(empty):
    rows = np.array(empty, np.uint64)
    assert batch.trapped(rows).tolist() == [estimate.trapped(e) for e in empty]
    assert batch.ragged(rows).tolist() == [estimate.ragged(e) for e in empty]


@settings(max_examples=40, deadline=None)
@given(sheets, rolls, st.integers(0, 3), st.randoms(use_true_random=False))
@example(Sheet.empty("X"), "OXTO", 3, random.Random(0))
def test_the_batch_estimate_is_the_plain_estimate_to_the_last_bit(sheet, rolled, most, rng):
    """Each row on its own, and among all the roll's placements that fit (which
    change what the batch may take as unchanged)."""
    r = roll(rolled)
    fit = r.rows.legal(sheet.filled, most)
    some = np.array(sorted(rng.sample(fit.tolist(), min(25, len(fit)))), np.intp)
    every = dict(
        zip(fit.tolist(), batch.values(sheet.masks, r.rows.take(fit)).tolist(), strict=True)
    )
    alone = batch.values(sheet.masks, r.rows.take(some)).tolist()
    points = batch.points(sheet.masks, r.rows.take(some)).tolist()
    # Alone or among all, a row's value is the same (the sample may be empty: a full sheet).
    assert alone == [every[i] for i in some.tolist()]
    for i, v, p in zip(some.tolist(), alone, points, strict=True):
        masks = ai.after(sheet, r.placement(i))
        assert v == estimate.value(masks)
        assert p == sum(score_of(m) for m in masks)


@pytest.mark.parametrize("rolled", ["OXTO", "OOOO", "XTXT"])
def test_a_rolls_placements_are_the_plain_ones_in_the_plain_order(rolled):
    """A roll of three symbols, of one, of two twice: each way symbols repeat."""
    r = roll(rolled)
    made = [(r.placement(i), int(r.rows.bits[i]), int(r.rows.dropped[i])) for i in range(len(r))]
    assert made == plain.candidates(rolled)
    # Every spot of every formation in order, as the greedy player tries them.
    every = np.array([p.masks for f in arrangements(rolled) for p in spots(f)], np.uint64)
    assert np.array_equal(r.rows.masks[:, r.pairs], every.T)
    starts = np.cumsum([0] + [len(spots(f)) for f in arrangements(rolled)])
    assert r.starts.tolist() == starts.tolist()


@settings(max_examples=40, deadline=None)
@given(sheets, formations, st.integers(0, 3), st.integers(0, 99))
def test_the_placer_chooses_as_the_plain_placer(sheet, formation, most, seed):
    table = spots_of(formation)
    fit = table.rows.legal(sheet.filled, most).tolist()
    assert [table.placements[i] for i in fit] == sheet.placements(formation, most)
    fast, slow = random.Random(seed), random.Random(seed)
    assert ai.place(sheet, formation, fast, most) == plain.place(sheet, formation, slow, most)
    assert fast.getstate() == slow.getstate()


# The plain greedy player tries some 100,000 spots a turn: few examples. The
# one given is a sheet where dropping symbols or not makes the difference.
@settings(max_examples=3, deadline=None)
@given(fuller, rolls, st.integers(0, 3), st.integers(0, 99))
@example(plain.random_sheet(random.Random(1), 0.7), "OXTO", 3, 1)
def test_the_greedy_player_chooses_as_the_plain_one(sheet, rolled, most, seed):
    fast, slow = random.Random(seed), random.Random(seed)
    got = ai.greedy_roll_and_place(sheet, rolled, fast, most)
    assert got == plain.greedy_roll_and_place(sheet, rolled, slow, most)
    assert fast.getstate() == slow.getstate()


@settings(max_examples=6, deadline=None)
@given(fuller, rolls, st.integers(0, 3), st.integers(0, 99))
@example(Sheet.empty("T"), "TTOX", 3, 2)
def test_the_solo_player_chooses_as_the_plain_one(sheet, rolled, most, seed):
    fast, slow = random.Random(seed), random.Random(seed)
    got = ai.roll_and_place(sheet, rolled, fast, most)
    assert got == plain.roll_and_place(sheet, rolled, slow, most)
    assert fast.getstate() == slow.getstate()


@pytest.mark.parametrize(
    "text, rolled, scale",
    [
        # Four fifths full: the plain way values every reply of six placements
        # to four rolls, which on emptier sheets takes seconds.
        ("", "OXTO", 3),
        # Room for one I only, no symbol may drop: after it nothing fits.
        ("/".join(["OXTOXTO"] * 6 + ["OXT...."]), "OOOO", 0),
        # ... and once it is written there is no room at all.
        ("/".join(["OXTOXTO"] * 6 + ["OXTOXT."]), "OOOO", 0),
    ],
)
def test_the_look_ahead_chooses_as_the_plain_one(text, rolled, scale):
    sheet = Sheet.from_text(text) if text else plain.random_sheet(random.Random(0), 0.8)
    fast, slow = random.Random(0), random.Random(0)
    assert ai.plan(sheet, rolled, fast, scale) == plain.plan(sheet, rolled, slow, scale)
    assert fast.getstate() == slow.getstate()
