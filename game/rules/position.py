"""Positions (board + side to move) and their MFEN text.

MFEN lists the rows top to bottom joined by ``/``; inside a row ``R`` is a red
tile, ``B`` a blue tile and a number a run of empty cells; then a space and the
side to move. The empty side-5 board with Red to move::

    >>> p = Position.from_mfen("5/6/7/8/9/8/7/6/5 r")
    >>> p.size, p.mover.title, p.mfen()
    (5, 'Red', '5/6/7/8/9/8/7/6/5 r')
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache, lru_cache

import numpy as np
import numpy.typing as npt

from .color import BLUE, RED, Color
from .errors import MfenError, RulesError, clip
from .geometry import MAX_SIDE, MIN_SIDE, Geometry, geometry


@dataclass(frozen=True, slots=True)
class Position:
    """An immutable position. ``red`` and ``blue`` are bitboards in the layout of
    :class:`~game.rules.geometry.Geometry`; use :meth:`tiles` or :meth:`tile_at`
    for cell numbers. Positions are hashable and compare by value."""

    size: int
    red: int
    blue: int
    #: The player to move.
    mover: Color

    @property
    def geometry(self) -> Geometry:
        return geometry(self.size)

    @classmethod
    def empty(cls, size: int = 5, mover: Color = RED) -> Position:
        geometry(size)  # validates the side
        return cls(size, 0, 0, mover)

    @classmethod
    def from_cells(
        cls, size: int, red: Iterable[int], blue: Iterable[int], mover: Color = RED
    ) -> Position:
        """A position from iterables of red and blue cells."""
        geo = geometry(size)
        r, b = geo.mask(red), geo.mask(blue)
        if r & b:
            raise RulesError(f"cells {geo.cells_of(r & b)} are given both colours")
        return cls(size, r, b, Color(mover))

    @classmethod
    def from_array(cls, states: npt.ArrayLike, mover: Color = RED) -> Position:
        """From a per-cell array: 0 empty, 1 red, 2 blue (the inverse of :meth:`to_array`)."""
        states = np.asarray(states)
        size = _side_for_cells(len(states))
        cells = np.arange(len(states))
        return cls.from_cells(size, cells[states == 1], cells[states == 2], mover)

    @classmethod
    def from_mfen(cls, text: str) -> Position:
        """Parse MFEN; raises :class:`MfenError` saying what is wrong and where."""
        return parse_mfen(text)

    def mfen(self) -> str:
        return format_mfen(self)

    def __str__(self) -> str:
        return self.mfen()

    def tile_at(self, cell: int | str) -> Color | None:
        geo = self.geometry
        bit = 1 << geo.bit_of[geo.index(cell)]
        if self.red & bit:
            return RED
        if self.blue & bit:
            return BLUE
        return None

    def tiles(self, color: Color) -> list[int]:
        """The cells holding ``color``'s tiles, in increasing order."""
        return self.geometry.cells_of(self.red if color == RED else self.blue)

    def count(self, color: Color) -> int:
        return (self.red if color == RED else self.blue).bit_count()

    def to_array(self) -> np.ndarray:
        """Per-cell states as ``int8``: 0 empty, 1 red, 2 blue."""
        geo = self.geometry
        out = np.zeros(geo.cells, dtype=np.int8)
        out[geo.cells_of(self.red)] = 1
        out[geo.cells_of(self.blue)] = 2
        return out

    def swapped(self) -> Position:
        """The same position with the colours (and the side to move) exchanged."""
        return Position(self.size, self.blue, self.red, self.mover.other)

    def transformed(self, symmetry: int) -> Position:
        """The image of this position under one of the board's 12 symmetries."""
        geo = self.geometry
        perm = geo.symmetries[symmetry]
        a = self.to_array()
        out = np.empty_like(a)
        out[perm] = a
        return Position.from_array(out, self.mover)

    def canonical(self) -> Position:
        """One representative of this position's class under the 12 symmetries and
        the colour swap: the same for every member, so it keys duplicates.

        The colour swap is settled by putting Red to move; then the symmetry whose
        image has the smallest cell array (lexicographically) is chosen.
        """
        p = self if self.mover is RED else self.swapped()
        geo = self.geometry
        a = p.to_array()
        images = np.empty((len(geo.symmetries), geo.cells), dtype=np.int8)
        rows = np.arange(len(geo.symmetries))[:, None]
        images[rows, geo.symmetries] = a[None, :]
        best = min(range(len(images)), key=lambda i: images[i].tobytes())
        return Position.from_array(images[best], RED)


def _side_for_cells(cells: int) -> int:
    n = 2
    while 3 * n * (n - 1) + 1 < cells:
        n += 1
    if 3 * n * (n - 1) + 1 != cells:
        raise RulesError(f"{cells} cells is not the size of a hexhex board")
    return n


def format_mfen(p: Position) -> str:
    # Rows are contiguous runs of bits, and the same row contents come back again
    # and again across positions, so each row's text is looked up, not rebuilt.
    geo = p.geometry
    red, blue = p.red, p.blue
    rows = [
        _row_text(length, red >> shift & mask, blue >> shift & mask)
        for shift, mask, length in _row_slices(geo.n)
    ]
    return "/".join(rows) + " " + p.mover.letter


@cache
def _row_slices(n: int) -> tuple[tuple[int, int, int], ...]:
    """For each row of a side-``n`` board: the shift to its first cell's bit, the
    mask of its cells from there, and its length."""
    geo = geometry(n)
    out = []
    for start, length in zip(geo.row_starts, geo.row_lengths, strict=True):
        shift = geo.bit_of[start]
        out.append((shift, (1 << length) - 1, length))
    return tuple(out)


@lru_cache(maxsize=1 << 16)
def _row_text(length: int, red: int, blue: int) -> str:
    parts = []
    run = 0
    for col in range(length):
        ch = "R" if red >> col & 1 else "B" if blue >> col & 1 else ""
        if ch:
            if run:
                parts.append(str(run))
                run = 0
            parts.append(ch)
        else:
            run += 1
    if run:
        parts.append(str(run))
    return "".join(parts)


#: The longest MFEN a supported board can need: side 12 written one cell at a
#: time (23 rows of up to 23 characters, the slashes, the side to move), with room
#: for surrounding white space. Longer text is refused before it is looked at.
MAX_MFEN_LENGTH = 600
_DIGITS = "0123456789"  # str.isdigit() also accepts superscripts and other scripts' digits


def parse_mfen(text: str) -> Position:
    if not isinstance(text, str):
        raise MfenError(f"MFEN must be text, not {type(text).__name__}")
    if len(text) > MAX_MFEN_LENGTH:
        raise MfenError(
            f"MFEN {clip(text)} is too long: no board of side {MIN_SIDE} to {MAX_SIDE} "
            f"needs more than {MAX_MFEN_LENGTH} characters"
        )
    s = text.strip()
    if not s:
        raise MfenError("empty MFEN (expected rows such as 5/6/7/8/9/8/7/6/5 and a side r or b)")
    fields = s.split()
    if len(fields) == 1:
        raise MfenError(f"MFEN {clip(s)} has no side to move (add ' r' or ' b' after the rows)")
    if len(fields) > 2:
        raise MfenError(
            f"MFEN {clip(s)} has {len(fields)} fields; expected two: the rows and the side to move"
        )
    board, side = fields
    if side not in ("r", "b"):
        raise MfenError(f"side to move {clip(side)} is not 'r' (Red) or 'b' (Blue)")
    rows = board.split("/")
    count = len(rows)
    if count % 2 == 0 or not 2 * MIN_SIDE - 1 <= count <= 2 * MAX_SIDE - 1:
        raise MfenError(
            f"MFEN has {count} row{'s' if count != 1 else ''}; a board of side n has 2n-1 rows "
            f"(3, 5, 7, ..., {2 * MAX_SIDE - 1} for the supported sides {MIN_SIDE} to {MAX_SIDE})"
        )
    n = (count + 1) // 2
    # Each row's length follows from the row count alone, so every row is checked
    # before the board's geometry is built.
    lengths = [n + min(i, count - 1 - i) for i in range(count)]
    parsed = [_parse_row(row, i, lengths[i], n) for i, row in enumerate(rows)]
    red = blue = 0
    for (shift, _, _), (r, b) in zip(_row_slices(n), parsed, strict=True):
        red |= r << shift
        blue |= b << shift
    return Position(n, red, blue, RED if side == "r" else BLUE)


@lru_cache(maxsize=1 << 16)
def _parse_row(row: str, index: int, want: int, n: int) -> tuple[int, int]:
    """One MFEN row's red and blue tiles as bits from its first cell; raises
    :class:`MfenError`. Rows repeat across positions, so answers are kept."""
    letter = chr(ord("a") + index)
    red = blue = 0
    col = 0
    j = 0
    while j < len(row):
        ch = row[j]
        if ch in _DIGITS:
            k = j
            while k < len(row) and row[k] in _DIGITS:
                k += 1
            if k - j > 2:  # no row is 100 cells long: don't read a huge number
                raise MfenError(
                    f"row {letter} ({clip(row)}): the run {clip(row[j:k], 8)} is longer than "
                    f"the row ({want} cells)"
                )
            run = int(row[j:k])
            if run == 0:
                raise MfenError(f"row {letter} ({clip(row)}): an empty run must be 1 or more")
            col += run
            j = k
            continue
        if ch not in "RB":
            raise MfenError(
                f"row {letter} ({clip(row)}): unexpected character {ch!r} at position {j + 1} "
                "(use R, B or a number of empty cells)"
            )
        if col < want:
            if ch == "R":
                red |= 1 << col
            else:
                blue |= 1 << col
        col += 1
        j += 1
    if col != want:
        raise MfenError(
            f"row {letter} ({clip(row)}) describes {col} cells; row {letter} of a side-{n} "
            f"board has {want}"
        )
    return red, blue
