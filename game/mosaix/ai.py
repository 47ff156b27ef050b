"""Players for Mosaix: where to write a formation, and, as roller, which formation
to lay out.

The placer scores each legal placement by an estimate of the final points the
sheet is heading for, not just its points now (:mod:`.estimate`): several areas
of each symbol rather than one sprawling one, and a compact empty part of the
sheet so that later formations fit. The roller tries every shape and every
order of the rolled symbols and keeps the best placement of all; in a match it
also weighs what the formation gives the others.

The players value a roll's or a formation's every placement in one go
(:mod:`.batch`, over :mod:`.rolls`' placements worked out once a roll): the
same numbers as valuing each by itself, so the same choices, which the tests
check against the plain way.
"""

from __future__ import annotations

import random

import numpy as np

from . import batch
from .estimate import ROUGH, ragged, value
from .formation import Formation, arrangements
from .rolls import roll, spots_of
from .sheet import Placement, Sheet, spots

# The estimate's parts live in .estimate; callers and tests find them here too.
__all__ = [
    "ROUGH",
    "SCALE_COST",
    "SPITE",
    "STUCK",
    "after",
    "arrange",
    "greedy_roll_and_place",
    "place",
    "plan",
    "ragged",
    "ranked",
    "roll_and_place",
    "value",
]

#: What leaving a symbol off the edge costs in the solo game: its scale point,
#: and the freedom the scale gives later when the sheet is nearly full.
SCALE_COST = 2.0


def after(sheet: Sheet, p: Placement) -> tuple[int, int, int]:
    a, b = sheet.masks, p.masks
    return (a[0] | b[0], a[1] | b[1], a[2] | b[2])


def place(
    sheet: Sheet,
    formation: Formation,
    rng: random.Random,
    max_dropped: int = 3,
    scale_cost: float = 0.0,
) -> Placement | None:
    """The placement of ``formation`` the placer likes best (ties broken by ``rng``);
    ``scale_cost`` is what a dropped symbol costs (solo: the scale's points and the
    freedom it gives later)."""
    return _pick(*_valued(sheet, [formation], max_dropped)[0], rng, scale_cost)


def _valued(
    sheet: Sheet, formations: list[Formation], max_dropped: int = 3
) -> list[tuple[list[Placement], list[float], list[int]]]:
    """For each formation, its placements on ``sheet`` (as
    :meth:`.sheet.Sheet.placements` lists them), their values and the symbols
    each drops: all valued at once, which is cheaper than one formation at a
    time."""
    tables = [spots_of(f) for f in formations]
    rows = [t.rows.legal(sheet.filled, max_dropped) for t in tables]
    joined = batch.Rows.join([t.rows.take(r) for t, r in zip(tables, rows, strict=True)])
    values = batch.values(sheet.masks, joined).tolist()
    dropped = joined.dropped.tolist()
    out, at = [], 0
    for t, r in zip(tables, rows, strict=True):
        options = [t.placements[i] for i in r.tolist()]
        out.append((options, values[at : at + len(r)], dropped[at : at + len(r)]))
        at += len(r)
    return out


def _pick(
    options: list[Placement],
    values: list[float],
    dropped: list[int],
    rng: random.Random,
    scale_cost: float,
) -> Placement | None:
    """The best of ``options`` by ``values`` less what the symbols ``dropped``
    cost, ties broken by a draw of ``rng`` for each."""
    best, best_v = None, float("-inf")
    for p, worth, off in zip(options, values, dropped, strict=True):
        v = worth - scale_cost * off + rng.random() * 1e-6
        if v > best_v:
            best, best_v = p, v
    return best


def roll_and_place(
    sheet: Sheet,
    rolled: str,
    rng: random.Random,
    max_dropped: int = 3,
    scale_cost: float = SCALE_COST,
) -> Placement | None:
    """As roller (and placer) of a solo game, quickly: the best placement by the
    estimate of any formation of the ``rolled`` symbols (ties by ``rng``)."""
    values, rows = _ranked(sheet, rolled, max_dropped, scale_cost)
    if not len(values):
        return None
    ties = rows[values >= values[0] - 1e-9].tolist()
    return rng.choice([roll(rolled).placement(i) for i in ties])


def ranked(
    sheet: Sheet, rolled: str, max_dropped: int, scale_cost: float = SCALE_COST
) -> list[tuple[float, Placement]]:
    """Every distinct placement of any formation of ``rolled``, with its value, best
    first (equal values in the order of :mod:`.rolls`)."""
    values, rows = _ranked(sheet, rolled, max_dropped, scale_cost)
    made = roll(rolled).placement
    return [(v, made(i)) for v, i in zip(values.tolist(), rows.tolist(), strict=True)]


def _ranked(
    sheet: Sheet, rolled: str, max_dropped: int, scale_cost: float
) -> tuple[np.ndarray, np.ndarray]:
    """:func:`ranked`'s values, and the rows of :func:`.rolls.roll` they are of."""
    r = roll(rolled)
    rows = r.rows.legal(sheet.filled, max_dropped)
    values = batch.values(sheet.masks, r.rows.take(rows)) - scale_cost * r.rows.dropped[rows]
    order = np.argsort(-values, kind="stable")
    return values[order], rows[order]


def _best(sheet: Sheet, rolled: str, max_dropped: int) -> float | None:
    """The value of :func:`ranked`'s first, or None when nothing fits."""
    r = roll(rolled)
    rows = r.rows.legal(sheet.filled, max_dropped)
    if not len(rows):
        return None
    values = batch.values(sheet.masks, r.rows.take(rows)) - SCALE_COST * r.rows.dropped[rows]
    return float(values.max())


def plan(
    sheet: Sheet,
    rolled: str,
    rng: random.Random,
    scale: int,
    *,
    width: int = 6,
    samples: int = 4,
) -> Placement | None:
    """The solo player: of the ``width`` placements the estimate likes best, the one
    whose next turn looks best on average over ``samples`` rolls of the dice (the
    same rolls for each, so they are compared fairly). About 18 times the work of
    :func:`roll_and_place`, and about 11 points more a game (``benchmarks/mosaix.py``)."""
    values, rows = _ranked(sheet, rolled, min(3, scale), SCALE_COST)
    if not len(values):
        return None
    options = [roll(rolled).placement(i) for i in rows[:width].tolist()]
    rolls = ["".join(rng.choice("OXT") for _ in range(4)) for _ in range(samples)]
    best, best_v = None, float("-inf")
    for p in options:
        nxt = sheet.place(p)
        left = scale - p.dropped
        total = 0.0
        for r in rolls:
            reply = _best(nxt, r, min(3, left))
            # No reply at all: the game would end here, with the points it has.
            total += reply if reply is not None else nxt.score() + left - STUCK
        v = total / samples - SCALE_COST * p.dropped
        if v > best_v:
            best, best_v = p, v
    return best


#: What being unable to write the next formation costs in :func:`plan`'s eyes.
STUCK = 20.0


def greedy_roll_and_place(
    sheet: Sheet, rolled: str, rng: random.Random, max_dropped: int = 3
) -> Placement | None:
    """The baseline: the placement that scores the most points right now (never
    dropping symbols unless it must; ties at random).

    It tries every spot of every formation, each with its own draw of ``rng``;
    the points of the spots that write alike are worked out once."""
    r = roll(rolled)
    rows = r.rows.legal(sheet.filled, max_dropped)
    points = np.zeros(len(r), np.int64)
    points[rows] = batch.points(sheet.masks, r.rows.take(rows))
    fits = np.zeros(len(r), bool)
    fits[rows] = True
    tried = np.flatnonzero(fits[r.pairs])
    if not len(tried):
        return None
    draws = np.array([rng.random() for _ in range(len(tried))])
    row = r.pairs[tried]
    v = points[row] - 0.5 * r.rows.dropped[row] + draws * 1e-3
    pair = int(tried[int(np.argmax(v))])
    i = int(np.searchsorted(r.starts, pair, side="right")) - 1
    return spots(r.formations[i])[pair - int(r.starts[i])]


#: How much the roller in a match minds a formation helping the other sheets.
SPITE = 0.5


def arrange(
    sheet: Sheet, others: list[Sheet], rolled: str, rng: random.Random, shortlist: int = 8
) -> Formation:
    """As roller in a match: the formation of the ``rolled`` symbols that does the
    most for ``sheet`` and, among the best few, the least for the ``others``."""
    r = roll(rolled)
    rows = r.rows.legal(sheet.filled, 3)
    worth = np.full(len(r), -np.inf)
    worth[rows] = batch.values(sheet.masks, r.rows.take(rows))
    mine: list[tuple[float, Formation]] = []
    # A formation's placements are its every turn's: the turns of one formation
    # share their best, worked out once.
    best_of: dict[frozenset[Formation], float] = {}
    for i, formation in enumerate(r.formations):
        turns = frozenset(formation.turns())
        best = best_of.get(turns)
        if best is None:
            best = float(worth[r.pairs[r.starts[i] : r.starts[i + 1]]].max())
            best_of[turns] = best
        if best > float("-inf"):
            mine.append((best + rng.random() * 1e-6, formation))
    if not mine:  # nothing fits this sheet: any formation will do
        return arrangements(rolled)[0]
    mine.sort(key=lambda vf: -vf[0])
    if not others:
        return mine[0][1]

    # Where each other sheet would write each of the few: valued at once, then
    # chosen formation by formation as :func:`place` would, drawing as it does.
    few = [f for _, f in mine[:shortlist]]
    valued = [dict(zip(few, _valued(other, few), strict=True)) for other in others]

    def their_gain(formation: Formation) -> float:
        gains = []
        for other, options in zip(others, valued, strict=True):
            p = _pick(*options[formation], rng, 0.0)
            gains.append(0.0 if p is None else value(after(other, p)) - value(other.masks))
        return sum(gains) / len(gains)

    return max(mine[:shortlist], key=lambda vf: vf[0] - SPITE * their_gain(vf[1]))[1]
