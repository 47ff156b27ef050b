"""The compiled ending solver (``game/ai/_endgame.c``) as :class:`~game.ai.endgame.Endgame`
uses it: whether it was built, and the maps between the rules' bitboards (rows with
a stride) and its cell bits. Kept apart from the search itself, which it serves."""

from __future__ import annotations

import functools
import os
from collections.abc import Callable, Sequence
from typing import Protocol

from game.rules import Board
from game.rules.geometry import Geometry

#: Set (to anything but "" or "0"), the game runs as if the compiled solver had
#: not been built: the configuration of an install without a C compiler, which
#: the tests run whole on machines that have one (tests/ai/test_no_compiled.py).
NO_COMPILED_VARIABLE = "MOSAIC_NO_COMPILED"


class Compiled(Protocol):
    """The compiled solver's module (game/ai/_endgame.pyi): typed as a protocol, since
    a variable's type cannot say "this module or None"."""

    def new(self, neighbours: Sequence[Sequence[int]], table_bits: int, /) -> object: ...
    def clear(self, handle: object, /) -> None: ...
    def probe(
        self,
        handle: object,
        me: int,
        op: int,
        alpha: int,
        beta: int,
        node_limit: int,
        check: Callable[[], object] | None,
        /,
    ) -> tuple[int, int, bool]: ...
    def lookup(self, handle: object, me: int, op: int, /) -> tuple[int, int, int] | None: ...


_compiled: Compiled | None
if os.environ.get(NO_COMPILED_VARIABLE, "") not in ("", "0"):
    _compiled = None
else:
    try:
        from . import _endgame as _compiled
    except ImportError:  # installed without a C compiler: the Python solver serves alone
        _compiled = None

#: Is the compiled solver here? Master's exact reach depends on it (see levels).
COMPILED = _compiled is not None

#: The compiled solver's table holds ``table_limit`` entries (32 bytes each),
#: rounded up to a power of two, and at most 2 ** this (256 MB). Its size hardly
#: matters at Master's reach: a 16-cell solve searched within 5% of the same
#: number of positions with Master's 16 MB as with four times that.
COMPILED_MAX_BITS = 23


class Fast:
    """The compiled solver for one board size: its handle, and the maps between
    the rules' bitboards (rows with a stride) and its cell bits."""

    def __init__(self, geo: Geometry, table_limit: int) -> None:
        assert _compiled is not None  # an Endgame makes one only where it was built
        self.lib = _compiled
        bits = (table_limit - 1).bit_length()
        self.handle = self.lib.new(geo.neighbours, max(12, min(COMPILED_MAX_BITS, bits)))
        self.to_cells, self.to_bits = cell_maps(geo.n)

    def probe(
        self,
        me: int,
        op: int,
        alpha: int,
        beta: int,
        limit: int,
        check: Callable[[], bool] | None,
    ) -> tuple[int, int, bool]:
        return self.lib.probe(
            self.handle,
            map_bits(self.to_cells, me),
            map_bits(self.to_cells, op),
            alpha,
            beta,
            limit,
            check,
        )

    def lookup(self, board: Board, flip_tag: int) -> tuple[int, int, int | None] | None:
        me, op = board.mover_view()[:2]
        me_cells = map_bits(self.to_cells, me)
        found = self.lib.lookup(self.handle, me_cells, map_bits(self.to_cells, op))
        if found is None:
            return None
        lower, upper, best = found
        code = None
        if best:
            # The table keeps the mover's tiles after its best turn: the new ones
            # are a placement's cell, or the tiles a flip turn took.
            new = map_bits(self.to_bits, best & ~me_cells)
            code = new | flip_tag if new & op else new
        return lower, upper, code


@functools.cache
def cell_maps(n: int) -> tuple[list[list[int]], list[list[int]]]:
    """The byte tables from side ``n``'s bitboards to cell bits, and back."""
    bit_of = Geometry(n).bit_of
    return (
        byte_table([(b, c) for c, b in enumerate(bit_of)]),
        byte_table([(c, b) for c, b in enumerate(bit_of)]),
    )


def byte_table(pairs: list[tuple[int, int]]) -> list[list[int]]:
    """For each byte of a bitboard, the image of all 256 values of that byte under
    the map that sends bit ``src`` to bit ``dest`` for each ``(src, dest)``, so a
    bitboard maps with one lookup a byte."""
    top = max(src for src, _ in pairs) + 1
    tables = [[0] * 256 for _ in range((top + 7) // 8)]
    for src, dest in pairs:
        byte, i = divmod(src, 8)
        row = tables[byte]
        for v in range(256):
            if v >> i & 1:
                row[v] |= 1 << dest
    return tables


def map_bits(tables: list[list[int]], x: int) -> int:
    out = 0
    for row in tables:
        if not x:
            break
        out |= row[x & 255]
        x >>= 8
    return out


#: The most cells the compiled solver takes: four 64-bit words, side 8's 169 and more.
COMPILED_MAX_CELLS = 256
#: The most it holds in one word (side 5): the fastest, and the one it was made for.
WORD_CELLS = 64


def compiled_for(board: Board) -> bool:
    """Does the compiled solver serve ``board``'s size (when not ``symmetric``)?
    Every side the game offers: one word a board up to side 5, four beyond."""
    return COMPILED and board.geometry.cells <= COMPILED_MAX_CELLS
