"""The placer's estimate (:func:`.estimate.value`) and the points now
(:func:`.sheet.score_of`) of many placements on one sheet at once, with numpy:
the same numbers, to the last bit, as the plain way one placement at a time.

A placement writes at most four cells, so the sheet's areas stay as they were
except those next to what it writes, which join it: each placement's new areas
are its pieces of each symbol with the areas they touch (a few masked ORs over
all placements at once, not a flood fill each). Whether a small area has room
to grow, which pockets of the empty cells are too small for a formation, and
the ragged edges are bit arithmetic on every placement's empty cells at once.
The estimate's own sums are done once for each distinct count of finished
areas, cells and open areas' needs, by :func:`.estimate.heading_for`, the very
function the plain way uses.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cached_property, lru_cache

import numpy as np

from .estimate import HOLE, ROUGH, heading_for, reach
from .sheet import AREA_MIN, FULL, STRIDE, areas_of, spread

U64 = np.uint64
_FULL = U64(FULL)
#: Pieces of one symbol a formation can write: three, the arms of a T.
PIECES = 3
STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1))


def _spread(g: np.ndarray) -> np.ndarray:
    """:func:`.sheet.spread` of each row."""
    out: np.ndarray = (
        g | (g << U64(1)) | (g >> U64(1)) | (g << U64(STRIDE)) | (g >> U64(STRIDE))
    ) & _FULL
    return out


def _count(g: np.ndarray) -> np.ndarray:
    """The cells of each row."""
    out: np.ndarray = np.bitwise_count(g).astype(np.int64)
    return out


def _lowest(g: np.ndarray) -> np.ndarray:
    """The lowest cell of each row (none for none)."""
    out: np.ndarray = g & (~g + U64(1))
    return out


class Rows:
    """Placements as arrays: ``masks`` (3, n), the cells each symbol writes."""

    def __init__(self, masks: np.ndarray) -> None:
        self.masks = masks
        self.bits = masks[0] | masks[1] | masks[2]
        self.dropped = 4 - _count(self.bits)

    @cached_property
    def pieces(self) -> np.ndarray:
        """Each symbol's edge-connected pieces, lowest first, 0 where it has
        fewer: shape (3, PIECES, n)."""
        out = np.zeros((3, PIECES, self.masks.shape[1]), U64)
        for s in range(3):
            rest = self.masks[s]
            for j in range(PIECES):
                piece = _lowest(rest)
                for _ in range(3):  # four cells at most: three steps join them
                    piece = _spread(piece) & rest
                out[s, j] = piece
                rest = rest & ~piece
        return out

    def legal(self, filled: int, max_dropped: int) -> np.ndarray:
        """The rows that fit a sheet whose written cells are ``filled``."""
        fit = ((self.bits & U64(filled)) == 0) & (self.dropped <= max_dropped)
        return np.flatnonzero(fit)

    def take(self, idx: np.ndarray) -> Rows:
        """Rows ``idx`` of these (whose pieces are worked out once, here)."""
        out = Rows(self.masks[:, idx])
        out.__dict__["pieces"] = self.pieces[:, :, idx]
        return out

    @classmethod
    def join(cls, parts: Sequence[Rows]) -> Rows:
        out = cls(np.concatenate([p.masks for p in parts], axis=1))
        out.__dict__["pieces"] = np.concatenate([p.pieces for p in parts], axis=2)
        return out


def _grows(area: int | np.ndarray, empty: np.ndarray, steps: int) -> np.ndarray:
    """The empty cells ``area`` reaches in ``steps`` steps through each row's
    ``empty``. :func:`.estimate.reach` stops at the cells it needs; growing on
    instead only reaches more, and ``need`` steps always reach ``need`` cells
    unless the area is shut in, so "reaches ``need`` in ``need`` steps" (or in
    more) is the same test."""
    grown = np.asarray(area, U64)
    for _ in range(steps):
        grown = _spread(grown) & (grown | empty)
    return _count(grown & empty)


def _ball(area: int, steps: int) -> int:
    """The cells within ``steps`` steps of ``area``: all that
    :func:`.estimate.reach` looks at in that many."""
    for _ in range(steps):
        area = spread(area)
    return area


class _Batch:
    """One sheet and the rows to write on it."""

    def __init__(self, masks: tuple[int, int, int], rows: Rows) -> None:
        self.masks = masks
        self.rows = rows
        self.empty_before = FULL & ~(masks[0] | masks[1] | masks[2])
        self.empty = U64(self.empty_before) & ~rows.bits
        #: Every cell some row writes.
        self.near = int(np.bitwise_or.reduce(rows.bits)) if len(rows.bits) else 0

    def symbol(self, s: int, open_too: bool) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Symbol ``s``'s finished areas and their cells on every row's sheet, and
        (with ``open_too``) its open areas by the cells they need, shape
        (AREA_MIN, rows)."""
        empty, b = self.empty, self.rows.masks[s]
        n = len(empty)
        k = np.zeros(n, np.int64)
        cells = np.zeros(n, np.int64)
        needs = np.zeros((AREA_MIN, n), np.int64)
        nearby = []
        for area in areas_of(self.masks[s]):
            size = area.bit_count()
            around = spread(area)
            need = AREA_MIN - size
            if not around & self.near:
                # No row writes next to it: it stays as it is on every row.
                if size >= AREA_MIN:
                    k += 1
                    cells += size
                elif open_too and not _ball(area, need) & self.near:
                    needs[need] += reach(area, self.empty_before, need) >= need
                elif open_too:
                    needs[need] += _grows(area, empty, need) >= need
                continue
            nearby.append((area, around))
            kept = (b & U64(around)) == 0  # on rows that write next to it, it joins them
            if size >= AREA_MIN:
                k += kept
                cells += size * kept
            elif open_too:
                needs[need] += kept & (_grows(area, empty, need) >= need)
        if not b.any():
            return k, cells, needs
        # Each piece the row writes, with the areas next to it.
        pieces = self.rows.pieces[s]
        joined = []
        for piece in pieces:
            g = piece.copy()
            for area, around in nearby:
                g |= np.where((piece & U64(around)) != 0, U64(area), U64(0))
            joined.append(g)
        if pieces[1].any():
            # Pieces next to one area are one area (two rounds join a chain of three).
            for _ in range(2):
                for i in range(PIECES):
                    for j in range(PIECES):
                        if i != j:
                            both = (joined[i] & joined[j]) != 0
                            joined[i] = np.where(both, joined[i] | joined[j], joined[i])
        for j in range(PIECES):
            new = pieces[j] != 0
            for i in range(j):
                new &= joined[j] != joined[i]
            sizes = _count(joined[j])
            full = new & (sizes >= AREA_MIN)
            k += full
            cells += np.where(full, sizes, 0)
            small = new & (sizes < AREA_MIN)
            if open_too and small.any():
                ok = small & (_grows(joined[j], empty, AREA_MIN - 1) >= AREA_MIN - sizes)
                for need in range(1, AREA_MIN):
                    needs[need] += ok & (sizes == AREA_MIN - need)
        return k, cells, needs


def points(masks: tuple[int, int, int], rows: Rows) -> np.ndarray:
    """:func:`.sheet.score_of` summed over the symbols, for the sheet ``masks``
    with each row written."""
    sheet = _Batch(masks, rows)
    total = np.zeros(len(rows.bits), np.int64)
    for s in range(3):
        k, cells, _ = sheet.symbol(s, False)
        total += k * cells
    return total


def values(masks: tuple[int, int, int], rows: Rows) -> np.ndarray:
    """:func:`.estimate.value` of the sheet ``masks`` with each row written."""
    n = len(rows.bits)
    if not n:
        return np.zeros(0)
    sheet = _Batch(masks, rows)
    free = _count(sheet.empty)
    keys = []
    for s in range(3):
        k, cells, needs = sheet.symbol(s, True)
        # What :func:`.estimate.heading_for` is given, as one number (a symbol
        # has at most 9 finished areas, 49 cells and 24 open areas of one need).
        keys.append(
            k
            | cells << 4
            | needs[1] << 10
            | needs[2] << 15
            | needs[3] << 20
            | needs[4] << 25
            | free << 30
        )
    distinct, where = np.unique(np.concatenate(keys), return_inverse=True)
    worth = np.array([_heading_for(int(key)) for key in distinct])[where].reshape(3, n)
    out: np.ndarray = (
        worth[0] + worth[1] + worth[2] - HOLE * trapped(sheet.empty) - ROUGH * ragged(sheet.empty)
    )
    return out


@lru_cache(maxsize=1 << 14)
def _heading_for(key: int) -> float:
    needs = tuple(need for need in range(1, AREA_MIN) for _ in range(key >> (5 * need + 5) & 31))
    return heading_for(key & 15, key >> 4 & 63, needs, key >> 30 & 63)


def _polyominoes(most: int) -> list[tuple[list[int], list[int]]]:
    """Every fixed polyomino of up to ``most`` cells, as the offsets of its cells
    from its box's lower left corner and of the cells around it."""
    shapes: set[tuple[tuple[int, int], ...]] = {((0, 0),)}
    found = set(shapes)
    for _ in range(most - 1):
        grown = set()
        for shape in shapes:
            for x, y in shape:
                for nx, ny in ((x + dx, y + dy) for dx, dy in STEPS):
                    if (nx, ny) not in shape:
                        cells = [*shape, (nx, ny)]
                        mx, my = min(c[0] for c in cells), min(c[1] for c in cells)
                        grown.add(tuple(sorted((cx - mx, cy - my) for cx, cy in cells)))
        shapes = grown
        found |= grown
    out = []
    for shape in sorted(found):
        around = {(x + dx, y + dy) for x, y in shape for dx, dy in STEPS}
        out.append(
            (
                [y * STRIDE + x for x, y in shape],
                [y * STRIDE + x for x, y in sorted(around - set(shape))],
            )
        )
    return out


#: The pockets :func:`.estimate.trapped` counts: 1 to 3 empty cells, walled in.
POCKETS = _polyominoes(3)


def _at(g: np.ndarray, offset: int) -> np.ndarray:
    """Each row's bit at ``offset`` past each cell, moved onto that cell.

    What lies past the sheet reads as clear: the eighth column is, and every
    pocket has a cell in the first column of its box, so a pocket that would
    wrap from one row into the next has a cell in the eighth column and is not
    found."""
    out: np.ndarray = g >> U64(offset) if offset >= 0 else g << U64(-offset)
    return out


def trapped(empty: np.ndarray) -> np.ndarray:
    """:func:`.estimate.trapped` of each row's ``empty``: each pocket of fewer than
    four cells is one of the nine small polyominoes with its every cell empty
    and every cell around it not, found at its corner once."""
    shifted: dict[int, np.ndarray] = {}

    def at(offset: int) -> np.ndarray:
        if offset not in shifted:
            shifted[offset] = _at(empty, offset)
        return shifted[offset]

    total = np.zeros(len(empty), np.int64)
    for cells, around in POCKETS:
        found = at(cells[0])
        for o in cells[1:]:
            found = found & at(o)
        for o in around:
            # Moved in from past the sheet's edge is clear: walled, as it should read.
            found = found & ~at(o)
        total += len(cells) * _count(found & _FULL)
    return total


def ragged(empty: np.ndarray) -> np.ndarray:
    """:func:`.estimate.ragged` of each row's ``empty``."""
    filled = _FULL & ~empty
    one, row = U64(1), U64(STRIDE)
    out: np.ndarray = (
        _count(empty << one & filled)
        + _count(empty >> one & filled)
        + _count(empty << row & filled)
        + _count(empty >> row & filled)
    )
    return out
