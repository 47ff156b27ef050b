"""The pattern (n-tuple) evaluation: how good a position is, read from small
shapes of cells, as Othello programs read theirs (Buro's Logistello; Edax).

Every cell anchors one copy of each shape: the cell and its six neighbours
(``hex7``), and the five cells of a line through it along each of the three
axes (``line5``). Each cell of a copy is empty, the mover's, the opponent's or
off the board (digits 0 to 3), so a copy reads as a number, and that number
indexes the shape's weight table. Copies that the board's twelve symmetries
(rotations and reflections) map onto each other share a weight: the weights
are kept per class of symmetric copies and spread over the full table when
loaded. Off-board digits let the same weights see edges and corners on every
side, so one table serves sides 2 to 12.

Beside the shapes the evaluation keeps five terms of :mod:`.evaluate`, which
no small shape sees (flips and placements in hand, groups, edge tiles, lone
tiles), each with a weight. Everything has its own weights in each of
:attr:`Patterns.stages` stages of the game, by the share of the board still
empty. Weights are whole ten-thousandths of a tile; the score, the sum of a
position's weights, is floored to hundredths of a tile as every score is.

This is the reference: the compiled search (``game/ai/_patterns.h``) sums the
same weights, position for position (``tests/ai/test_patterns.py``).
``tools/train_patterns.py`` fits the weights; ``docs/ai-patterns.md`` tells how.
"""

from __future__ import annotations

import functools
import io
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from game.rules import Board
from game.rules.geometry import DIRECTIONS

from .evaluate import CLASSIC, DEFAULT, Weights, leaf_terms, terms

#: Digits of a cell in a copy of a shape.
EMPTY, MINE, THEIRS, OFF = 0, 1, 2, 3
#: A weight's unit: ten-thousandths of a tile (scores are in hundredths).
UNIT = 10_000
#: The largest weight a file may hold (100 tiles): sums stay far inside 32 bits.
MAX_WEIGHT = 1_000_000
#: The terms of :func:`.evaluate._terms` the evaluation keeps, by name.
TERMS = ("flips", "places", "groups", "edge", "single")
#: Where the shipped weights are (``tools/train_patterns.py`` writes them).
DATA = Path(__file__).with_name("patterns.npz")
#: The version of the file's layout (bumped when the shapes change).
FORMAT = 1


class PatternError(ValueError):
    """A weights file that cannot be used: the message says what is wrong."""


@dataclass(frozen=True)
class Shape:
    """Cells around an anchor (axial offsets), once per orientation, and the
    permutations of its digits under which the board's symmetries map one copy
    onto another (digit ``j`` of the image is digit ``perm[j]``)."""

    name: str
    orientations: tuple[tuple[tuple[int, int], ...], ...]
    perms: tuple[tuple[int, ...], ...]

    @property
    def digits(self) -> int:
        return len(self.orientations[0])

    @property
    def size(self) -> int:
        """Entries in its full table."""
        return 1 << (2 * self.digits)


def _ring_perms() -> tuple[tuple[int, ...], ...]:
    # The ring lists the neighbours in DIRECTIONS' order; a rotation of the
    # board by 60 degrees moves direction i to i - 1, and the reflection
    # (q, r) -> (r, q) moves it to 5 - i: together, the twelve symmetries.
    out = []
    for reflect in (False, True):
        for turn in range(6):
            ring = [((5 - i) if reflect else i) for i in range(6)]
            ring = [(x - turn) % 6 for x in ring]
            out.append((0, *(1 + x for x in ring)))
    return tuple(out)


HEX7 = Shape("hex7", (((0, 0), *DIRECTIONS),), _ring_perms())
LINE5 = Shape(
    "line5",
    tuple(tuple((k * dq, k * dr) for k in range(-2, 3)) for dq, dr in DIRECTIONS[:3]),
    ((0, 1, 2, 3, 4), (4, 3, 2, 1, 0)),
)
SHAPES = (HEX7, LINE5)


@functools.cache
def classes(shape: Shape) -> tuple[np.ndarray, int]:
    """Each index of ``shape``'s full table mapped to its class (symmetric
    copies share one), and the number of classes."""
    index = np.arange(shape.size, dtype=np.int64)
    digits = np.stack([(index >> (2 * j)) & 3 for j in range(shape.digits)], axis=1)
    images = [sum(digits[:, p[j]] << (2 * j) for j in range(shape.digits)) for p in shape.perms]
    canon = np.min(np.stack(images), axis=0)
    _, inverse = np.unique(canon, return_inverse=True)
    return inverse.astype(np.int64), int(inverse.max()) + 1


def class_count() -> int:
    """Classes of every shape together: the pattern weights of one stage."""
    return sum(classes(s)[1] for s in SHAPES)


@functools.cache
def instances(side: int) -> tuple[np.ndarray, ...]:
    """For each shape, its copies on the side-``side`` board: one row per copy
    (each orientation, then each anchor cell), the cell under each digit, or
    the cell count for a cell off the board."""
    geo = Board(size=side).geometry
    out = []
    for shape in SHAPES:
        rows = []
        for offsets in shape.orientations:
            for q, r in map(geo.coord, range(geo.cells)):
                row = []
                for dq, dr in offsets:
                    cell = geo.at(q + dq, r + dr)
                    row.append(geo.cells if cell is None else cell)
                rows.append(row)
        out.append(np.array(rows, dtype=np.int64))
    return tuple(out)


def stage_of(empty: int, cells: int, stages: int) -> int:
    """The stage of a position with ``empty`` empty cells of ``cells``."""
    return empty * stages // (cells + 1)


def states(board: Board) -> np.ndarray:
    """Each cell's digit for the player to move, in cell order, and :data:`OFF`
    after the last cell (where copies look off the board)."""
    geo = board.geometry
    me, op, _, _ = board.mover_view()
    length = (geo.rows * geo.stride + 7) // 8 + 1
    bit_of = _bits_of(geo.n)
    mine, theirs = (
        np.unpackbits(np.frombuffer(x.to_bytes(length, "little"), np.uint8), bitorder="little")
        for x in (me, op)
    )
    out = np.full(geo.cells + 1, OFF, dtype=np.int64)
    out[: geo.cells] = mine[bit_of] + 2 * theirs[bit_of].astype(np.int64)
    return out


@functools.cache
def _bits_of(side: int) -> np.ndarray:
    return np.array(Board(size=side).geometry.bit_of, dtype=np.int64)


def indices(digits: np.ndarray, side: int) -> list[np.ndarray]:
    """For each shape, the full-table index of every copy, from cell digits
    (one row a position, as :func:`states` makes them; or one row alone)."""
    out = []
    for shape, copies in zip(SHAPES, instances(side), strict=True):
        index = np.zeros((*digits.shape[:-1], len(copies)), dtype=np.int64)
        for j in range(shape.digits):
            index |= digits[..., copies[:, j]] << (2 * j)
        out.append(index)
    return out


class Patterns:
    """A pattern evaluation's weights: ``pattern`` (stages x :func:`class_count`)
    and ``terms`` (stages x 5), whole ten-thousandths of a tile. Made once and
    shared: the compiled search keeps a copy per board side."""

    def __init__(self, pattern: np.ndarray, terms: np.ndarray, note: str = "") -> None:
        pattern, terms = np.asarray(pattern), np.asarray(terms)
        stages = pattern.shape[0] if pattern.ndim == 2 else 0
        if not 1 <= stages <= 16 or pattern.shape != (stages, class_count()):
            raise PatternError(
                f"pattern weights have shape {pattern.shape}, not (stages, {class_count()}) "
                "with 1 to 16 stages"
            )
        if terms.shape != (stages, len(TERMS)):
            raise PatternError(f"term weights have shape {terms.shape}, not ({stages}, 5)")
        for name, values in (("pattern", pattern), ("term", terms)):
            if not np.issubdtype(values.dtype, np.integer):
                raise PatternError(f"{name} weights are {values.dtype}, not whole numbers")
            if values.size and int(np.abs(values).max()) > MAX_WEIGHT:
                raise PatternError(f"a {name} weight is past {MAX_WEIGHT:,} (100 tiles)")
        self.stages = stages
        self.pattern = pattern.astype(np.int64)
        self.terms = terms.astype(np.int64)
        self.note = note
        # The full tables of one stage end to end: shape k's entries from base[k].
        parts, self.bases, base, first = [], [], 0, 0
        for shape in SHAPES:
            ids, count = classes(shape)
            parts.append(self.pattern[:, first + ids])
            self.bases.append(base)
            base += shape.size
            first += count
        self.table = np.concatenate(parts, axis=1)
        self._compiled: dict[int, object] = {}

    def __repr__(self) -> str:
        return f"Patterns({self.stages} stages{', ' + self.note if self.note else ''})"

    def leaf(self, board: Board) -> int | None:
        """As :func:`.evaluate.leaf`: the score for the player to move, or
        ``None`` when they have no placement and no flip."""
        t = leaf_terms(board)
        return None if t is None else self._sum(board, t)

    def evaluate(self, board: Board) -> int:
        """The score for the player to move, stuck or not."""
        return self._sum(board, terms(board))

    def _sum(self, board: Board, t: tuple[int, ...]) -> int:
        geo = board.geometry
        digits = states(board)
        stage = stage_of(int((digits == EMPTY).sum()), geo.cells, self.stages)
        row = self.table[stage]
        total = sum(
            int(row[b + i].sum()) for b, i in zip(self.bases, indices(digits, geo.n), strict=True)
        )
        total += sum(int(w) * v for w, v in zip(self.terms[stage], t[1:6], strict=True))
        return total // 100

    def compiled(self, side: int, lib: object) -> object:
        """The weights as the compiled search ``lib`` takes them for ``side``
        (made once a side): each copy's cells as bit numbers, 255 off the board."""
        handle = self._compiled.get(side)
        if handle is None:
            bits = np.append(_bits_of(side), 255)
            handle = self._compiled[side] = lib.patterns(  # type: ignore[attr-defined]
                side,
                self.stages,
                [(s.digits, len(c)) for s, c in zip(SHAPES, instances(side), strict=True)],
                b"".join(bits[c].astype(np.uint8).tobytes() for c in instances(side)),
                self.table.astype("<i4").tobytes(),
                [int(x) for x in self.terms.ravel()],
            )
        return handle

    # -- the file -----------------------------------------------------------

    def save(self, path: Path) -> None:
        """Write the weights to ``path`` (.npz) atomically."""
        buffer = io.BytesIO()
        np.savez_compressed(
            buffer,
            format=np.array(FORMAT),
            shapes=np.array([f"{s.name}:{s.orientations}" for s in SHAPES]),
            pattern=self.pattern.astype(np.int32),
            terms=self.terms.astype(np.int32),
            note=np.array(self.note),
        )
        write_atomically(path, buffer.getvalue())

    @classmethod
    def load(cls, path: Path) -> Patterns:
        """The weights in ``path``; :class:`PatternError` names what is wrong."""
        try:
            with np.load(path, allow_pickle=False) as data:
                found = {k: data[k] for k in data.files}
        except (OSError, ValueError, EOFError) as e:
            raise PatternError(f"{path}: cannot be read as weights ({e})") from None
        missing = {"format", "shapes", "pattern", "terms"} - set(found)
        if missing:
            raise PatternError(f"{path}: lacks {', '.join(sorted(missing))}")
        if int(found["format"]) != FORMAT:
            raise PatternError(f"{path}: format {int(found['format'])}, this game reads {FORMAT}")
        shapes = [f"{s.name}:{s.orientations}" for s in SHAPES]
        if [str(x) for x in found["shapes"]] != shapes:
            raise PatternError(f"{path}: its shapes are not this game's")
        try:
            return cls(found["pattern"], found["terms"], str(found.get("note", "")))
        except PatternError as e:
            raise PatternError(f"{path}: {e}") from None


def write_atomically(path: Path, data: bytes) -> None:
    """``data`` into ``path`` whole or not at all (a temporary file, then a rename)."""
    path = Path(path)
    fd, name = tempfile.mkstemp(dir=path.parent, prefix=path.name + ".", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.chmod(name, 0o644)  # as a file written plainly; mkstemp's own is 0o600
        os.replace(name, path)
    except BaseException:
        Path(name).unlink(missing_ok=True)
        raise


@functools.cache
def shipped() -> Patterns | None:
    """The shipped weights (:data:`DATA`), loaded once; ``None`` if the file is
    missing or bad (the AI then keeps to :mod:`.evaluate`)."""
    try:
        return Patterns.load(DATA)
    except PatternError:
        return None


#: An evaluation the search takes: weights of :mod:`.evaluate`'s terms, or a
#: pattern evaluation.
Evaluation = Weights | Patterns


def by_name(name: str) -> Evaluation:
    """An evaluation by name: ``learned`` (the AI's, :data:`.evaluate.DEFAULT`),
    ``classic``, ``patterns`` (the shipped pattern weights) or the path of a
    pattern weights file; :class:`PatternError` names what is wrong."""
    if name in ("learned", "classic"):
        return DEFAULT if name == "learned" else CLASSIC
    return Patterns.load(DATA if name == "patterns" else Path(name))
