"""Players for Mosaix: where to write a formation, and, as roller, which formation
to lay out.

The placer scores each legal placement by an estimate of the final points the
sheet is heading for, not just its points now: an area of 5 or more counts in
full, a smaller one by how likely it is to reach 5 (its size, and whether it
has room to grow), so the player builds several areas of each symbol instead
of one sprawling one (points are areas x cells, per symbol), and keeps the
empty part of the sheet compact so that later formations fit. The roller tries
every shape and every order of the rolled symbols and keeps the best placement
of all; in a match it also weighs what the formation gives the others.
"""

from __future__ import annotations

import random
from functools import lru_cache

from .formation import Formation, arrangements
from .sheet import AREA_MIN, FULL, STRIDE, Placement, Sheet, areas_of, score_of, spots, spread

#: Of the empty cells, the share each symbol can expect to get: a third of the
#: dice, less the cells that end up walled in or in the wrong place.
SHARE = 0.3
#: How sure an area is to get the cells it still needs, per cell it needs.
SURE = 0.9
#: How much of what is left after the open areas are finished becomes new areas.
FRESH = 0.5
#: How much of the rest makes the finished areas bigger.
EXTEND = 0.5


@lru_cache(maxsize=1 << 18)
def outlook(mask: int, empty: int) -> float:
    """The points one symbol's cells ``mask`` are heading for, with ``empty`` the
    sheet's empty cells.

    Areas of 5 or more count in full. The symbol can expect about a third of the
    cells still empty; that budget finishes its small areas that have room to
    grow, the ones needing fewest cells first, each counted by how sure it is to
    get them; part of what is left starts new areas, part makes the areas
    bigger. Points are areas x cells, so the estimate rewards several finished
    areas over one that keeps growing.
    """
    k = n = 0.0
    budget = SHARE * empty.bit_count()
    open_areas = []
    for area in areas_of(mask):
        size = area.bit_count()
        if size >= AREA_MIN:
            k += 1
            n += size
            continue
        need = AREA_MIN - size
        if reach(area, empty, need) >= need:
            open_areas.append(need)
    for need in sorted(open_areas):
        if budget < need:
            break
        budget -= need
        sure = SURE**need
        k += sure
        n += sure * AREA_MIN
    fresh = FRESH * budget / AREA_MIN
    k += fresh
    n += fresh * AREA_MIN + EXTEND * (1 - FRESH) * budget
    return k * n


def reach(area: int, empty: int, need: int) -> int:
    """Empty cells the area can grow into, counted up to ``need``."""
    grown = area
    got = 0
    while got < need:
        nxt = spread(grown) & (grown | empty)
        if nxt == grown:
            break
        got = (nxt & empty).bit_count()
        grown = nxt
    return got


#: What leaving a symbol off the edge costs in the solo game: its scale point,
#: and the freedom the scale gives later when the sheet is nearly full.
SCALE_COST = 2.0
#: Points an empty cell walled into a pocket too small for a formation costs: it
#: can only be filled by a formation hanging over the edge, or never.
HOLE = 4.0
#: Points each edge between an empty cell and a written one costs. A ragged or
#: narrow empty region takes fewer formations and fewer of their turns, so
#: later rolls have less choice of where their symbols go; as in Tetris, a
#: compact front is worth keeping. Measured, this alone lifted the one-turn
#: player's solo mean from about 100 to 115 (``benchmarks/mosaix.py``).
ROUGH = 0.8


@lru_cache(maxsize=1 << 16)
def trapped(empty: int) -> int:
    """Empty cells in pockets of fewer than four cells."""
    return sum(a.bit_count() for a in areas_of(empty) if a.bit_count() < 4)


def ragged(empty: int) -> int:
    """Edges between an empty cell and a written one (the sheet's border is not
    counted: formations may hang over it)."""
    filled = FULL & ~empty
    return (
        (empty << 1 & filled).bit_count()
        + (empty >> 1 & filled).bit_count()
        + (empty << STRIDE & filled).bit_count()
        + (empty >> STRIDE & filled).bit_count()
    )


def value(masks: tuple[int, int, int]) -> float:
    empty = FULL & ~(masks[0] | masks[1] | masks[2])
    return (
        outlook(masks[0], empty)
        + outlook(masks[1], empty)
        + outlook(masks[2], empty)
        - HOLE * trapped(empty)
        - ROUGH * ragged(empty)
    )


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
    best, best_v = None, float("-inf")
    for p in sheet.placements(formation, max_dropped):
        v = value(after(sheet, p)) - scale_cost * p.dropped + rng.random() * 1e-6
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
    options = ranked(sheet, rolled, max_dropped, scale_cost)
    if not options:
        return None
    top = options[0][0]
    return rng.choice([p for v, p in options if v >= top - 1e-9])


def ranked(
    sheet: Sheet, rolled: str, max_dropped: int, scale_cost: float = SCALE_COST
) -> list[tuple[float, Placement]]:
    """Every distinct placement of any formation of ``rolled``, with its value, best first."""
    filled = sheet.filled
    out = [
        (value(after(sheet, p)) - scale_cost * dropped, p)
        for p, bits, dropped in candidates(rolled)
        if not bits & filled and dropped <= max_dropped
    ]
    out.sort(key=lambda vp: -vp[0])
    return out


@lru_cache(maxsize=128)
def candidates(rolled: str) -> tuple[tuple[Placement, int, int], ...]:
    """Every distinct placement of any formation of ``rolled`` on an empty sheet,
    with its bits and the symbols it drops: of the placements that write the same
    cells, the first in the order of :func:`arrangements` and
    :func:`~.sheet.spots`. The same for every sheet (a sheet only rules some
    out), so each of the 81 rolls is worked out once: the formations' turns
    repeat one another's placements several times over."""
    seen: set[tuple[int, int, int]] = set()
    placed: set[Formation] = set()
    out = []
    for formation in arrangements(rolled):
        turns = formation.turns()
        if placed.issuperset(turns):
            continue  # every placement of each of its turns is in already
        placed.update(turns)
        for p in spots(formation):
            if p.masks not in seen:
                seen.add(p.masks)
                bits = p.bits
                out.append((p, bits, 4 - bits.bit_count()))
    return tuple(out)


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
    same rolls for each, so they are compared fairly). About 17 times the work of
    :func:`roll_and_place`, and about 11 points more a game (``benchmarks/mosaix.py``)."""
    options = ranked(sheet, rolled, min(3, scale))[:width]
    if not options:
        return None
    rolls = ["".join(rng.choice("OXT") for _ in range(4)) for _ in range(samples)]
    best, best_v = None, float("-inf")
    for _, p in options:
        nxt = sheet.place(p)
        left = scale - p.dropped
        total = 0.0
        for r in rolls:
            replies = ranked(nxt, r, min(3, left))
            # No reply at all: the game would end here, with the points it has.
            total += replies[0][0] if replies else nxt.score() + left - STUCK
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
    dropping symbols unless it must; ties at random)."""
    filled = sheet.filled
    best, best_v = None, float("-inf")
    for formation in arrangements(rolled):
        for p in spots(formation):
            bits = p.bits
            if bits & filled or 4 - bits.bit_count() > max_dropped:
                continue
            masks = after(sheet, p)
            v = sum(score_of(m) for m in masks) - 0.5 * p.dropped + rng.random() * 1e-3
            if v > best_v:
                best, best_v = p, v
    return best


#: How much the roller in a match minds a formation helping the other sheets.
SPITE = 0.5


def arrange(
    sheet: Sheet, others: list[Sheet], rolled: str, rng: random.Random, shortlist: int = 8
) -> Formation:
    """As roller in a match: the formation of the ``rolled`` symbols that does the
    most for ``sheet`` and, among the best few, the least for the ``others``."""
    filled = sheet.filled
    mine: list[tuple[float, Formation]] = []
    # A formation's placements are its every turn's: the turns of one formation
    # share their best, worked out once.
    best_of: dict[frozenset[Formation], float] = {}
    for formation in arrangements(rolled):
        turns = frozenset(formation.turns())
        best = best_of.get(turns)
        if best is None:
            best = float("-inf")
            for p in spots(formation):
                if not p.bits & filled:
                    best = max(best, value(after(sheet, p)))
            best_of[turns] = best
        if best > float("-inf"):
            mine.append((best + rng.random() * 1e-6, formation))
    if not mine:  # nothing fits this sheet: any formation will do
        return arrangements(rolled)[0]
    mine.sort(key=lambda vf: -vf[0])
    if not others:
        return mine[0][1]

    def their_gain(formation: Formation) -> float:
        gains = []
        for other in others:
            p = place(other, formation, rng)
            gains.append(0.0 if p is None else value(after(other, p)) - value(other.masks))
        return sum(gains) / len(gains)

    return max(mine[:shortlist], key=lambda vf: vf[0] - SPITE * their_gain(vf[1]))[1]
