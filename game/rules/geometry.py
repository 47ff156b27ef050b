"""Board geometry: cells, names, neighbours and symmetries of a hexhex board.

A board of side ``n`` has ``3n(n-1)+1`` cells. Cells are numbered ``0..N-1`` in
reading order (rows top to bottom, left to right inside a row), the same order
MFEN lists them in, so a cell number is also an index into numpy arrays.

Cells are addressed in axial coordinates ``(q, r)`` with ``|q|, |r|, |q+r| <= n-1``.
Row ``r`` is lettered ``a`` (top) onwards; inside a row cells are numbered from 1.

The move generator works on bitboards: Python ints in which the tile on a cell
is one bit. Rows are laid out with a stride of ``2n`` bits, one more than the
widest row, so the spare bit at the end of every row keeps a shift by one column
from wrapping into the next row. Each of the six neighbour directions is then a
plain shift, and the neighbourhood of a whole set of tiles costs six shifts
(see :meth:`Geometry.dilate`). Plain ints beat numpy here: a board holds at most
a few hundred bits, and numpy's per-call overhead would dominate.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

import numpy as np

from .errors import CellError, SideError, clip

#: The six axial directions in ring order: consecutive ones are neighbours of each other.
DIRECTIONS: tuple[tuple[int, int], ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))

#: The board sides the engine supports. Up to 12 the rows are lettered a..w, so
#: no row letter is ``x`` (the flip prefix in turn text) and every name is plain.
MIN_SIDE, MAX_SIDE = 2, 12
SIDES = range(MIN_SIDE, MAX_SIDE + 1)


class Geometry:
    """Everything about the shape of a board of side ``n`` (2 to 12).

    Build it with :func:`geometry`, which caches one instance per side.
    """

    def __init__(self, n: int) -> None:
        if isinstance(n, bool) or not isinstance(n, int) or n not in SIDES:
            raise SideError(
                f"board side must be a whole number from {MIN_SIDE} to {MAX_SIDE}, not {n!r}"
            )
        self.n = n
        m = n - 1
        self.stride = 2 * n
        coords: list[tuple[int, int]] = []
        row_starts: list[int] = []
        for r in range(-m, m + 1):
            row_starts.append(len(coords))
            for q in range(max(-m, -m - r), min(m, m - r) + 1):
                coords.append((q, r))
        #: Number of cells.
        self.cells = len(coords)
        #: Axial coordinates of each cell, shape (N, 2).
        self.coords = np.array(coords, dtype=np.int16)
        self._coords = coords
        self._index = {qr: i for i, qr in enumerate(coords)}
        #: Number of rows (2n - 1) and the length of each.
        self.rows = 2 * n - 1
        self.row_lengths = tuple(
            (row_starts[i + 1] if i + 1 < self.rows else self.cells) - row_starts[i]
            for i in range(self.rows)
        )
        self.row_starts = tuple(row_starts)

        names: list[str] = []
        for q, r in coords:
            row = r + m
            number = q - max(-m, -m - r) + 1
            names.append(f"{chr(ord('a') + row)}{number}")
        #: Cell names such as ``"e5"``.
        self.names = tuple(names)
        #: Each cell's name as a step of a flip turn (``"xe5"``).
        self.flip_names = tuple("x" + name for name in names)
        self._by_name = {name: i for i, name in enumerate(names)}

        # Neighbour table in ring order, -1 off the board.
        table = np.full((self.cells, 6), -1, dtype=np.int16)
        for i, (q, r) in enumerate(coords):
            for k, (dq, dr) in enumerate(DIRECTIONS):
                table[i, k] = self._index.get((q + dq, r + dr), -1)
        #: Neighbours of each cell as tuples (edge cells have fewer than six).
        self.neighbours = tuple(tuple(int(j) for j in row if j >= 0) for row in table)

        # Bitboard layout.
        self.bit_of = tuple((r + m) * self.stride + (q + m) for q, r in coords)
        top = self.rows * self.stride
        self.cell_of_bit = [-1] * (top + 1)
        for cell, b in enumerate(self.bit_of):
            self.cell_of_bit[b] = cell
        self.full = sum(1 << b for b in self.bit_of)
        #: For each bit position: the bitboard of its neighbours, and of itself plus them.
        self.nbr_mask = [0] * top
        self.closed_mask = [0] * top
        for cell, b in enumerate(self.bit_of):
            nb = sum(1 << self.bit_of[j] for j in self.neighbours[cell])
            self.nbr_mask[b] = nb
            self.closed_mask[b] = nb | (1 << b)

        # Around a cell, neighbours next to each other in ring order touch, so a
        # group that loses the cell falls into at most as many pieces as there are
        # runs of its tiles in the ring: for each bit position, subset -> runs.
        self.ring_runs: list[dict[int, int]] = [{} for _ in range(top)]
        for cell, b in enumerate(self.bit_of):
            ring = [int(j) for j in table[cell]]
            for subset in range(64):
                on = [ring[k] >= 0 and subset >> k & 1 for k in range(6)]
                if any(ring[k] < 0 and subset >> k & 1 for k in range(6)):
                    continue
                runs = sum(1 for k in range(6) if on[k] and not on[k - 1])
                if all(on):
                    runs = 1
                key = sum(1 << self.bit_of[ring[k]] for k in range(6) if on[k])
                self.ring_runs[b][key] = runs

        self.symmetries = _symmetries(coords, self._index)

    def __repr__(self) -> str:
        return f"Geometry({self.n})"

    # -- names ---------------------------------------------------------------
    def name(self, cell: int) -> str:
        """The name of ``cell``, e.g. ``"e5"``."""
        return self.names[cell]

    def cell(self, name: str) -> int:
        """The cell called ``name``; raises :class:`ValueError` naming the problem."""
        try:
            return self._by_name[name]
        except (KeyError, TypeError):
            raise ValueError(
                f"{clip(str(name))} is not a cell of the side-{self.n} board "
                f"(rows a..{self.names[-1][0]}, e.g. {self.names[0]} or {self.names[-1]})"
            ) from None

    def index(self, cell: int | str) -> int:
        """``cell`` as a cell number, from a number or a name such as ``"e5"``;
        raises :class:`~game.rules.errors.CellError` when it is not on this board."""
        if isinstance(cell, str):
            try:
                return self._by_name[cell]
            except KeyError:
                pass
        elif isinstance(cell, int) and not isinstance(cell, bool) and 0 <= cell < self.cells:
            return cell
        shown = clip(cell) if isinstance(cell, str) else repr(cell)[:40]
        raise CellError(
            f"{shown} is not a cell of the side-{self.n} board (a number from 0 to "
            f"{self.cells - 1}, or a name from {self.names[0]} to {self.names[-1]})"
        )

    def coord(self, cell: int) -> tuple[int, int]:
        """Axial coordinates ``(q, r)`` of ``cell``."""
        return self._coords[cell]

    def at(self, q: int, r: int) -> int | None:
        """The cell at axial ``(q, r)``, or ``None`` off the board."""
        return self._index.get((q, r))

    # -- bitboards -----------------------------------------------------------
    def dilate(self, x: int) -> int:
        """``x`` plus every cell next to it, as a bitboard (may include off-board bits)."""
        w = self.stride
        return x | x << 1 | x >> 1 | x << w | x >> w | x << (w - 1) | x >> (w - 1)

    def mask(self, cells: Iterable[int]) -> int:
        """Bitboard of an iterable of cells."""
        bit_of = self.bit_of
        out = 0
        for c in cells:
            out |= 1 << bit_of[c]
        return out

    def cells_of(self, mask: int) -> list[int]:
        """The cells of a bitboard in increasing order."""
        cell_of_bit = self.cell_of_bit
        out = []
        while mask:
            low = mask & -mask
            out.append(cell_of_bit[low.bit_length() - 1])
            mask ^= low
        out.sort()
        return out


def _symmetries(coords: list[tuple[int, int]], index: dict[tuple[int, int], int]) -> np.ndarray:
    """The 12 symmetries of the hexhex board as cell permutations, shape (12, N).

    Row ``s`` maps each cell to its image: a tile on ``c`` moves to ``perms[s, c]``.
    Row 0 is the identity; rows 0..5 rotate by multiples of 60 degrees; rows 6..11
    reflect first.
    """
    perms = []
    for reflect in (False, True):
        for turns in range(6):
            perm = []
            for q0, r0 in coords:
                q, r = (r0, q0) if reflect else (q0, r0)
                for _ in range(turns):
                    q, r = -r, q + r
                perm.append(index[(q, r)])
            perms.append(perm)
    return np.array(perms, dtype=np.int16)


def geometry(n: int) -> Geometry:
    """The (shared, read-only) :class:`Geometry` of a side-``n`` board; raises
    :class:`~game.rules.errors.SideError` for a side outside :data:`SIDES`."""
    if isinstance(n, bool) or not isinstance(n, int) or n not in SIDES:
        Geometry(n)  # raises, with the message, before the cache sees an odd key
    return _geometry(n)


@cache
def _geometry(n: int) -> Geometry:
    return Geometry(n)
