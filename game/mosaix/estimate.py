"""The placer's estimate of the final points a sheet is heading for, the plain
way: one sheet at a time, as the rules read. :mod:`.batch` works out the same
numbers for many placements at once, and the tests hold it to this.

An area of 5 or more counts in full, a smaller one by how likely it is to reach
5 (its size, and whether it has room to grow), so the player builds several
areas of each symbol instead of one sprawling one (points are areas x cells, per
symbol), and keeps the empty part of the sheet compact so that later formations
fit.
"""

from __future__ import annotations

from functools import lru_cache

from .sheet import AREA_MIN, FULL, STRIDE, areas_of, spread

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
    k = n = 0
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
    return heading_for(k, n, tuple(sorted(open_areas)), empty.bit_count())


@lru_cache(maxsize=1 << 14)
def heading_for(k: int, n: int, needs: tuple[int, ...], empty: int) -> float:
    """:func:`outlook`'s sum: ``k`` finished areas of ``n`` cells, open areas that
    need ``needs`` cells (fewest first), ``empty`` cells empty. It depends on
    nothing else, so :mod:`.batch` does this arithmetic through here too, and
    gets the same floats."""
    kf, nf = float(k), float(n)
    budget = SHARE * empty
    for need in needs:
        if budget < need:
            break
        budget -= need
        sure = SURE**need
        kf += sure
        nf += sure * AREA_MIN
    fresh = FRESH * budget / AREA_MIN
    kf += fresh
    nf += fresh * AREA_MIN + EXTEND * (1 - FRESH) * budget
    return kf * nf


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
    """The estimate of the sheet whose symbols' cells are ``masks``."""
    empty = FULL & ~(masks[0] | masks[1] | masks[2])
    return (
        outlook(masks[0], empty)
        + outlook(masks[1], empty)
        + outlook(masks[2], empty)
        - HOLE * trapped(empty)
        - ROUGH * ragged(empty)
    )
