"""Formations: the four dice laid edge to edge by the roller, with their symbols.

A formation is a set of ``(x, y, symbol)`` with ``x`` the column and ``y`` the row
counted upwards, as on the sheet. Its text gives the rows top to bottom, ``.``
where the shape has no die::

    >>> f = Formation.from_text("O./X./TT")
    >>> f.shape, f.text()
    ('L', 'O./X./TT')
    >>> len(f.turns())
    4
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass
from functools import cached_property, lru_cache
from itertools import permutations

from .errors import FormationError

SYMBOLS = "OXT"

#: The seven tetrominoes as the roller may lay them, each in one orientation
#: (cells as (x, y), y upwards). Mirror images are different shapes.
SHAPES: dict[str, tuple[tuple[int, int], ...]] = {
    "I": ((0, 0), (1, 0), (2, 0), (3, 0)),
    "O": ((0, 0), (1, 0), (0, 1), (1, 1)),
    "T": ((0, 1), (1, 1), (2, 1), (1, 0)),
    "S": ((1, 1), (2, 1), (0, 0), (1, 0)),
    "Z": ((0, 1), (1, 1), (1, 0), (2, 0)),
    "L": ((0, 2), (0, 1), (0, 0), (1, 0)),
    "J": ((1, 2), (1, 1), (1, 0), (0, 0)),
}

Cell = tuple[int, int, str]


def _normal(cells: Collection[Cell]) -> tuple[Cell, ...]:
    """Cells moved to start at (0, 0), in a fixed order."""
    mx = min(c[0] for c in cells)
    my = min(c[1] for c in cells)
    return tuple(sorted((x - mx, y - my, s) for x, y, s in cells))


def _turned(cells: Collection[Cell]) -> tuple[Cell, ...]:
    """A quarter turn clockwise: (x, y) -> (y, -x)."""
    return _normal([(y, -x, s) for x, y, s in cells])


def _shape_key(cells: Collection[Cell]) -> tuple[tuple[int, int], ...]:
    return tuple(sorted((x, y) for x, y, _ in _normal(cells)))


def _shape_name(cells: Collection[Cell]) -> str:
    """Which of the seven tetrominoes ``cells`` are, in any turn."""
    keys = set()
    turn = _normal(cells)
    for _ in range(4):
        keys.add(_shape_key(turn))
        turn = _turned(turn)
    for name, base in SHAPES.items():
        if _shape_key([(x, y, "") for x, y in base]) in keys:
            return name
    raise FormationError("the four dice are not edge to edge")  # pragma: no cover


@dataclass(frozen=True)
class Formation:
    """Four symbols in a tetromino. Compares by its cells as laid out; any turn of
    it is the same formation for placement (see :meth:`turns`)."""

    cells: tuple[Cell, ...]

    @classmethod
    def from_text(cls, text: str) -> Formation:
        """Parse formation text; raises :class:`FormationError` saying what is wrong."""
        if not isinstance(text, str):
            raise FormationError(f"formation text must be text, not {type(text).__name__}")
        s = text.strip()
        if not s:
            raise FormationError("empty formation (expected e.g. O./X./TT)")
        if len(s) > 40:
            raise FormationError(f"formation {s[:20]!r}... is far longer than four dice")
        rows = s.split("/")
        width = len(rows[0])
        if any(len(r) != width for r in rows):
            raise FormationError(f"formation {s!r}: every row must be {width} wide")
        cells = []
        for i, row in enumerate(rows):
            for x, ch in enumerate(row):
                if ch == ".":
                    continue
                if ch not in SYMBOLS:
                    raise FormationError(
                        f"formation {s!r}: unexpected character {ch!r} (use O, X, T or .)"
                    )
                cells.append((x, len(rows) - 1 - i, ch))
        return cls.of(cells, s)

    @classmethod
    def of(cls, cells: Iterable[Cell], shown: str | None = None) -> Formation:
        """A formation from ``(x, y, symbol)`` cells; checks it is a tetromino."""
        shown = shown or "formation"
        cells = list(cells)
        if len(cells) != 4:
            raise FormationError(f"{shown!r} has {len(cells)} dice; a formation has four")
        spots = {(x, y) for x, y, _ in cells}
        if len(spots) != 4:
            raise FormationError(f"{shown!r} puts two dice on one spot")
        seen = {next(iter(spots))}
        frontier = list(seen)
        while frontier:
            x, y = frontier.pop()
            for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if n in spots and n not in seen:
                    seen.add(n)
                    frontier.append(n)
        if len(seen) != 4:
            raise FormationError(f"{shown!r}: the four dice are not edge to edge")
        return cls(_normal(cells))

    @classmethod
    def build(cls, shape: str, symbols: str, turns: int = 0) -> Formation:
        """Shape ``shape`` (one of :data:`SHAPES`) with ``symbols`` on its cells in
        the shape's order, turned ``turns`` quarter turns."""
        if shape not in SHAPES:
            raise FormationError(f"unknown shape {shape!r}; choose from {', '.join(SHAPES)}")
        if len(symbols) != 4 or any(s not in SYMBOLS for s in symbols):
            raise FormationError(f"{symbols!r} is not four symbols from O, X, T")
        cells = _normal([(x, y, s) for (x, y), s in zip(SHAPES[shape], symbols, strict=True)])
        for _ in range(turns % 4):
            cells = _turned(cells)
        return cls(cells)

    @cached_property
    def shape(self) -> str:
        return _shape_name(self.cells)

    @property
    def symbols(self) -> str:
        return "".join(sorted(s for _, _, s in self.cells))

    def text(self) -> str:
        w = max(x for x, _, _ in self.cells) + 1
        h = max(y for _, y, _ in self.cells) + 1
        grid = [["."] * w for _ in range(h)]
        for x, y, s in self.cells:
            grid[h - 1 - y][x] = s
        return "/".join("".join(r) for r in grid)

    def turns(self) -> tuple[Formation, ...]:
        """The distinct quarter turns of this formation (1, 2 or 4 of them)."""
        return _turns(self.cells)

    def turned(self, turns: int = 1) -> Formation:
        cells = self.cells
        for _ in range(turns % 4):
            cells = _turned(cells)
        return Formation(cells)

    def __str__(self) -> str:
        return self.text()


@lru_cache(maxsize=4096)
def _turns(cells: tuple[Cell, ...]) -> tuple[Formation, ...]:
    """Worked out once a formation: the AI asks for them on every roll."""
    out: list[Formation] = []
    for _ in range(4):
        f = Formation(cells)
        if f not in out:
            out.append(f)
        cells = _turned(cells)
    return tuple(out)


def arrangements(symbols: str) -> list[Formation]:
    """Every formation a roller can lay with the four rolled ``symbols``: each
    shape, each assignment of the symbols to its cells, each turn; once each."""
    seen: set[Formation] = set()
    out: list[Formation] = []
    for shape in SHAPES:
        for order in sorted(set(permutations(symbols))):
            for turn in Formation.build(shape, "".join(order)).turns():
                if turn not in seen:
                    seen.add(turn)
                    out.append(turn)
    return out
