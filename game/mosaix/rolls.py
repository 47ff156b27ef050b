"""A roll's placements, worked out once: every formation the roller can lay with
the rolled symbols (:func:`.formation.arrangements`), every way to put each down
(:func:`.sheet.spots`), and the distinct placements among them, as numpy arrays
for :mod:`.batch`.

A sheet only rules placements out, so what a roll can do is the same on every
sheet and each of the 81 rolls is worked out once a process. The formations'
turns repeat one another's placements several times over: of the placements
that write the same cells, the first (in the order of the formations and their
spots) stands for all, and the :class:`.sheet.Placement` itself is made only
when a player asks for it.
"""

from __future__ import annotations

from functools import cached_property, lru_cache

import numpy as np

from .batch import Rows
from .formation import SYMBOLS, Formation, arrangements
from .sheet import SIZE, STRIDE, Placement, spots

Geometry = tuple[tuple[int, int], ...]


@lru_cache(maxsize=32)
def _grid(cells: Geometry) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Where a formation of these cells can go, in :func:`.sheet.spots`' order
    (column by column, at least one cell on the sheet): the corner's x and y,
    and each cell's bit there (0 off the sheet)."""
    w = max(x for x, _ in cells) + 1
    h = max(y for _, y in cells) + 1
    xs, ys = np.meshgrid(np.arange(1 - w, SIZE), np.arange(1 - h, SIZE), indexing="ij")
    ox, oy = xs.ravel(), ys.ravel()
    bits = np.zeros((len(cells), len(ox)), np.uint64)
    for i, (x, y) in enumerate(cells):
        cx, cy = ox + x, oy + y
        on = (cx >= 0) & (cx < SIZE) & (cy >= 0) & (cy < SIZE)
        shift = np.where(on, cy * STRIDE + cx, 0).astype(np.uint64)
        bits[i] = np.where(on, np.uint64(1) << shift, np.uint64(0))
    some = np.bitwise_or.reduce(bits, axis=0) != 0
    return ox[some], oy[some], bits[:, some]


def turn_masks(turn: Formation) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every spot of one turn of a formation: the corner's x and y, and the bits
    each symbol writes, shape (3, spots)."""
    ox, oy, bits = _grid(tuple((x, y) for x, y, _ in turn.cells))
    masks = np.zeros((3, bits.shape[1]), np.uint64)
    for i, (_, _, s) in enumerate(turn.cells):
        masks[SYMBOLS.index(s)] |= bits[i]
    return ox, oy, masks


def first_of_each(masks: np.ndarray) -> np.ndarray:
    """For each column of ``masks`` (3, n), the first column equal to it."""
    order = np.lexsort(masks[::-1])
    ordered = masks[:, order]
    new = np.ones(len(order), bool)
    new[1:] = (ordered[:, 1:] != ordered[:, :-1]).any(axis=0)
    # lexsort is stable, so each run of equal columns starts at its first one.
    start = order[np.maximum.accumulate(np.where(new, np.arange(len(order)), 0))]
    first = np.empty(len(order), np.intp)
    first[order] = start
    return first


class Roll:
    """What the rolled symbols can do on any sheet.

    ``rows`` are the distinct placements: of those that write the same cells,
    the first in the order of the formations and of their spots; ``pairs``
    gives, for every spot of every formation in that order (what the greedy
    player goes through), the row it writes like, and ``starts`` where each
    formation's spots begin among them."""

    def __init__(self, rolled: str) -> None:
        self.formations = arrangements(rolled)
        self._turns_of = [formation.turns() for formation in self.formations]
        turns: dict[Formation, int] = {}
        for each in self._turns_of:
            for turn in each:
                turns.setdefault(turn, len(turns))
        self._turns = list(turns)
        self._turn_index = turns
        spots = [turn_masks(turn) for turn in self._turns]
        sizes = np.array([len(s[0]) for s in spots])
        self._spot_begins = np.concatenate(([0], np.cumsum(sizes)))
        masks = np.concatenate([s[2] for s in spots], axis=1)
        first = first_of_each(masks)
        kept = np.flatnonzero(first == np.arange(len(first)))
        # Each spot's row: the row of the first spot equal to it.
        row = np.full(len(first), -1, np.intp)
        row[kept] = np.arange(len(kept))
        self._spot_row = row[first]
        self._turn = np.repeat(np.arange(len(spots)), sizes)[kept]
        self._x = np.concatenate([s[0] for s in spots])[kept]
        self._y = np.concatenate([s[1] for s in spots])[kept]
        self.rows = Rows(masks[:, kept])
        self._made: list[Placement | None] = [None] * len(kept)

    def __len__(self) -> int:
        return len(self._made)

    def placement(self, i: int) -> Placement:
        """Row ``i`` as a placement."""
        p = self._made[i]
        if p is None:
            b = self.rows.masks[:, i].tolist()
            turn = self._turns[int(self._turn[i])]
            p = Placement(turn, int(self._x[i]), int(self._y[i]), (b[0], b[1], b[2]))
            self._made[i] = p
        return p

    @cached_property
    def _pairs(self) -> tuple[np.ndarray, np.ndarray]:
        rows = self._spot_row
        begins = self._spot_begins
        parts = []
        for each in self._turns_of:
            for turn in each:
                t = self._turn_index[turn]
                parts.append(rows[begins[t] : begins[t + 1]])
        sizes = np.diff(begins)
        counts = [sum(int(sizes[self._turn_index[t]]) for t in each) for each in self._turns_of]
        # int32: a roll has about 100,000 spots, and 81 rolls are kept.
        return np.concatenate(parts).astype(np.int32), np.concatenate(([0], np.cumsum(counts)))

    @property
    def pairs(self) -> np.ndarray:
        """Worked out the first time the greedy player asks: no other does."""
        return self._pairs[0]

    @property
    def starts(self) -> np.ndarray:
        return self._pairs[1]


class Spots:
    """The distinct placements of one formation (:meth:`.sheet.Sheet.placements`
    on an empty sheet): the placements and their rows."""

    def __init__(self, formation: Formation) -> None:
        every = spots(formation)
        masks = np.array([p.masks for p in every], np.uint64).T
        kept = np.flatnonzero(first_of_each(masks) == np.arange(len(every)))
        self.placements = [every[i] for i in kept.tolist()]
        self.rows = Rows(masks[:, kept])


@lru_cache(maxsize=4096)
def spots_of(formation: Formation) -> Spots:
    """The formation's :class:`Spots`, worked out once."""
    return Spots(formation)


@lru_cache(maxsize=128)
def roll(rolled: str) -> Roll:
    """The roll of these symbols (in the order rolled: the formations' order
    follows it)."""
    return Roll(rolled)
