"""Perfect play on the side-3 board, from a shipped strategy.

The empty side-3 board is a loss by one tile for Red (``docs/ai-endings.md``).
Master plays it perfectly from any position it can meet in a game from the empty
board, as either colour: ``side3.npz`` holds the exact value of every such
position with 6 or more empty cells, Master to move, and of the position its
chosen best turn leads to, marked *answered*: the strategy holds Master's
position after every reply to it. Master only ever moves to an answered
position, so it never leaves the strategy. Smaller endings the ending solver
proves within Master's time. Positions are keyed by their class under the board's 12
symmetries, with "the mover's tiles, the other's" in place of colours, so a
mirror image of the chosen turn is just as good, and Master picks among them.

The file is made from a checkout by ``python -m tools.side3 build``
(``tools/side3.py``, not part of the game), which compiles
``tools/side3_solve.c`` (a direct C solver: a pure-Python solve of every
position would take days), checks its rules and values against
:mod:`game.rules` and :mod:`game.ai.endgame` on thousands of positions first,
and then writes the strategy. Every value in the file can be checked by the
Python solver. This module only reads it.
"""

from __future__ import annotations

import functools
import sys
import zipfile
from pathlib import Path

import numpy as np

from game.rules import RED, Board, Turn

SIDE = 3
CELLS = 19
DATA = Path(__file__).with_name("side3.npz")
#: Master's own solve takes over below this many empty cells.
MIN_EMPTY = 6


# -- keys -------------------------------------------------------------------


@functools.cache
def _images() -> tuple[tuple[list[int], list[int]], ...]:
    """For each symmetry, the image of a cell mask's low 10 and high 9 bits."""
    perms = Board(size=SIDE).geometry.symmetries
    out = []
    for perm in perms:
        lo = [sum(1 << int(perm[c]) for c in range(10) if m >> c & 1) for m in range(1024)]
        hi = [sum(1 << int(perm[c + 10]) for c in range(9) if m >> c & 1) for m in range(512)]
        out.append((lo, hi))
    return tuple(out)


def canonical(me: int, op: int) -> int:
    """The key of a position given as cell masks (the mover's tiles, the other's):
    the smallest ``me | op << 19`` among its 12 symmetric images."""
    best = -1
    for lo, hi in _images():
        key = lo[me & 1023] | hi[me >> 10] | (lo[op & 1023] | hi[op >> 10]) << CELLS
        if best < 0 or key < best:
            best = key
    return best


def cell_masks(board: Board) -> tuple[int, int]:
    """``board``'s tiles as cell masks: the mover's, then the other player's."""
    geo = board.geometry
    red, blue, mover = board.transposition_key()
    me, op = (red, blue) if mover == int(RED) else (blue, red)
    return (
        sum(1 << c for c in geo.cells_of(me)),
        sum(1 << c for c in geo.cells_of(op)),
    )


def key(board: Board) -> int:
    return canonical(*cell_masks(board))


# -- the strategy -------------------------------------------------------------


class Strategy:
    """Exact values of positions, by :func:`canonical` key, and which of them are
    answered (every reply leads to a position the strategy holds)."""

    def __init__(self, keys: np.ndarray, values: np.ndarray, answered: np.ndarray) -> None:
        if not len(keys) == len(values) == len(answered):
            raise ValueError("the strategy's arrays differ in length")
        self.keys = keys
        self.values = values
        self.answered = answered

    @classmethod
    def load(cls, path: Path = DATA) -> Strategy:
        with np.load(path) as data:
            return cls(data["keys"], data["values"], data["answered"])

    def __len__(self) -> int:
        return len(self.keys)

    def _find(self, board: Board) -> int | None:
        k = key(board)
        # As the keys' own type: a Python int makes numpy convert all of them first.
        i = int(np.searchsorted(self.keys, np.uint64(k)))
        return i if i < len(self.keys) and int(self.keys[i]) == k else None

    def value(self, board: Board) -> int | None:
        """The mover's final margin under perfect play, if the strategy holds it."""
        i = self._find(board)
        return None if i is None else int(self.values[i])

    def best_turns(self, board: Board) -> list[Turn]:
        """The turns that keep ``board``'s exact value and lead to an answered
        position; empty when the strategy does not hold ``board``."""
        if board.size != SIDE:
            return []
        v = self.value(board)
        if v is None:
            return []
        best = []
        for turn in board.legal_turns():
            board.push(turn)
            try:
                i = self._find(board)
            finally:
                board.pop()
            if i is not None and self.answered[i] and -int(self.values[i]) == v:
                best.append(turn)
        return best


@functools.cache
def strategy() -> Strategy | None:
    """The shipped strategy, or None if its file is missing or unreadable (Master
    then searches side 3 like any other board)."""
    return load_or_none(DATA)


def load_or_none(path: Path) -> Strategy | None:
    """The strategy in ``path``, or None (with a message naming the file and the
    fault on standard error) if it is missing, truncated or not a strategy."""
    try:
        return Strategy.load(path)
    except (OSError, EOFError, KeyError, ValueError, zipfile.BadZipFile) as exc:
        print(f"side-3 strategy {path} not used: {exc}", file=sys.stderr)
        return None
