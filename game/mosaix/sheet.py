"""The 7x7 sheet: symbols as bitboards, placements, areas and the score.

Columns ``a``..``g`` run left to right and rows ``1``..``7`` bottom to top; the
centre ``d4`` is printed with a symbol before the game starts. Each symbol's
cells are one Python int with a bit per cell, eight bits a row (the eighth is
always clear, so a shift by one column never wraps into the next row): a
neighbourhood is four shifts, an area a few rounds of them. Plain ints beat
numpy on 49 cells.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from .errors import PlacementError, SheetError
from .formation import SYMBOLS, Formation

SIZE = 7
STRIDE = 8
CENTRE = (3, 3)  # d4
#: Areas smaller than this score nothing.
AREA_MIN = 5


def bit(x: int, y: int) -> int:
    return 1 << (y * STRIDE + x)


FULL = sum(bit(x, y) for x in range(SIZE) for y in range(SIZE))
CENTRE_BIT = bit(*CENTRE)


def name(x: int, y: int) -> str:
    """A cell's name, ``a1`` bottom left to ``g7`` top right."""
    return f"{'abcdefg'[x]}{y + 1}"


def spread(m: int) -> int:
    """``m`` and every cell that shares an edge with it."""
    return (m | m << 1 | m >> 1 | m << STRIDE | m >> STRIDE) & FULL


def areas_of(mask: int) -> list[int]:
    """The areas (edge-connected pieces) of ``mask``, as masks."""
    out = []
    while mask:
        area = mask & -mask
        while True:
            grown = spread(area) & mask
            if grown == area:
                break
            area = grown
        out.append(area)
        mask ^= area
    return out


def score_of(mask: int) -> int:
    """One symbol's points: (areas of 5 or more cells) x (the cells in them)."""
    k = n = 0
    for area in areas_of(mask):
        size = area.bit_count()
        if size >= AREA_MIN:
            k += 1
            n += size
    return k * n


@dataclass(frozen=True)
class Placement:
    """A formation turned and put down: ``x``, ``y`` where its corner (0, 0) goes
    (it may hang over the edge), and the bits it writes for each symbol."""

    formation: Formation
    x: int
    y: int
    masks: tuple[int, int, int]

    @property
    def bits(self) -> int:
        return self.masks[0] | self.masks[1] | self.masks[2]

    @property
    def written(self) -> int:
        """Symbols that land on the sheet."""
        return self.bits.bit_count()

    @property
    def dropped(self) -> int:
        """Symbols that jut out over the edge and are not written."""
        return 4 - self.written

    def cells(self) -> list[tuple[int, int, str]]:
        """``(x, y, symbol)`` of each symbol written."""
        out = []
        for fx, fy, s in self.formation.cells:
            x, y = fx + self.x, fy + self.y
            if 0 <= x < SIZE and 0 <= y < SIZE:
                out.append((x, y, s))
        return out


@lru_cache(maxsize=4096)
def spots(formation: Formation) -> tuple[Placement, ...]:
    """Every way to put down ``formation`` in any turn with at least one symbol on
    the sheet, ignoring what the sheet holds already."""
    out = []
    for turn in formation.turns():
        w = max(c[0] for c in turn.cells) + 1
        h = max(c[1] for c in turn.cells) + 1
        for ox in range(1 - w, SIZE):
            for oy in range(1 - h, SIZE):
                masks = [0, 0, 0]
                for fx, fy, s in turn.cells:
                    x, y = fx + ox, fy + oy
                    if 0 <= x < SIZE and 0 <= y < SIZE:
                        masks[SYMBOLS.index(s)] |= bit(x, y)
                if any(masks):
                    out.append(Placement(turn, ox, oy, (masks[0], masks[1], masks[2])))
    return tuple(out)


class Sheet:
    """One player's sheet. Immutable: :meth:`place` returns a new sheet."""

    __slots__ = ("masks",)

    def __init__(self, masks: tuple[int, int, int]) -> None:
        self.masks = masks

    # -- making and reading ---------------------------------------------------------
    @classmethod
    def empty(cls, centre: str = "O") -> Sheet:
        if centre not in SYMBOLS:
            raise SheetError(f"the printed centre must be O, X or T, not {centre!r}")
        masks = [0, 0, 0]
        masks[SYMBOLS.index(centre)] = CENTRE_BIT
        return cls((masks[0], masks[1], masks[2]))

    @classmethod
    def from_text(cls, text: str) -> Sheet:
        """Parse sheet text; raises :class:`SheetError` saying what is wrong."""
        if not isinstance(text, str):
            raise SheetError(f"sheet text must be text, not {type(text).__name__}")
        s = text.strip()
        if len(s) > 100:
            raise SheetError(f"sheet {s[:20]!r}... is far longer than 7 rows of 7")
        rows = s.split("/")
        if len(rows) != SIZE:
            raise SheetError(f"a sheet has 7 rows joined by '/', not {len(rows)}")
        masks = [0, 0, 0]
        for i, row in enumerate(rows):
            y = SIZE - 1 - i
            if len(row) != SIZE:
                raise SheetError(f"row {y + 1} ({row!r}) has {len(row)} cells, not 7")
            for x, ch in enumerate(row):
                if ch == ".":
                    continue
                if ch not in SYMBOLS:
                    raise SheetError(
                        f"row {y + 1} ({row!r}): unexpected character {ch!r} (use O, X, T or .)"
                    )
                masks[SYMBOLS.index(ch)] |= bit(x, y)
        if not (masks[0] | masks[1] | masks[2]) & CENTRE_BIT:
            raise SheetError("the centre d4 is empty; every sheet has a printed symbol there")
        return cls((masks[0], masks[1], masks[2]))

    def text(self) -> str:
        rows = []
        for y in range(SIZE - 1, -1, -1):
            rows.append("".join(self.symbol_at(x, y) or "." for x in range(SIZE)))
        return "/".join(rows)

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return f"Sheet({self.text()!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sheet) and self.masks == other.masks

    def __hash__(self) -> int:
        return hash(self.masks)

    @property
    def filled(self) -> int:
        return self.masks[0] | self.masks[1] | self.masks[2]

    @property
    def empty_cells(self) -> int:
        return SIZE * SIZE - self.filled.bit_count()

    @property
    def full(self) -> bool:
        return self.filled == FULL

    @property
    def centre(self) -> str:
        return self.symbol_at(*CENTRE) or "?"

    def symbol_at(self, x: int, y: int) -> str | None:
        b = bit(x, y)
        for s, m in zip(SYMBOLS, self.masks, strict=True):
            if m & b:
                return s
        return None

    # -- placing ----------------------------------------------------------------------
    def placements(self, formation: Formation, max_dropped: int = 3) -> list[Placement]:
        """The legal placements of ``formation`` (any turn, anywhere, hanging over
        the edge, every written symbol on an empty cell, at least one written,
        at most ``max_dropped`` dropped), one for each different sheet they make."""
        filled = self.filled
        seen: set[tuple[int, int, int]] = set()
        out = []
        for p in spots(formation):
            bits = p.bits
            if bits & filled or 4 - bits.bit_count() > max_dropped:
                continue
            if p.masks in seen:
                continue
            seen.add(p.masks)
            out.append(p)
        return out

    def can_write(self, formation: Formation, max_dropped: int = 3) -> bool:
        filled = self.filled
        return any(
            not p.bits & filled and 4 - p.bits.bit_count() <= max_dropped for p in spots(formation)
        )

    def place(self, p: Placement) -> Sheet:
        """The sheet with ``p`` written; raises :class:`PlacementError` if a symbol
        would land on a written cell or none would land at all."""
        if p.bits & self.filled:
            taken = [name(x, y) for x, y, _ in p.cells() if self.symbol_at(x, y)]
            raise PlacementError(f"{', '.join(taken)} already hold a symbol")
        if not p.bits:
            raise PlacementError("at least one symbol must land on the sheet")
        (o, x, t), (po, px, pt) = self.masks, p.masks
        return Sheet((o | po, x | px, t | pt))

    # -- scoring ----------------------------------------------------------------------
    def score(self) -> int:
        """Points: for each symbol, its areas of 5 or more x the cells in them."""
        return sum(score_of(m) for m in self.masks)

    def areas(self) -> list[tuple[str, int]]:
        """Every area as ``(symbol, mask)``, largest first."""
        out = [(s, a) for s, m in zip(SYMBOLS, self.masks, strict=True) for a in areas_of(m)]
        out.sort(key=lambda sa: -sa[1].bit_count())
        return out

    def breakdown(self) -> dict[str, tuple[int, int]]:
        """For each symbol: (areas of 5 or more, cells in them), as the scoring
        table of the rule sheet has it."""
        out = {}
        for s, m in zip(SYMBOLS, self.masks, strict=True):
            big = [a.bit_count() for a in areas_of(m) if a.bit_count() >= AREA_MIN]
            out[s] = (len(big), sum(big))
        return out
