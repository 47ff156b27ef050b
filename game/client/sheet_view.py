"""Drawing a Mosaix sheet: the 7x7 grid fitted to a rectangle, its symbols (a
circle, a cross, a triangle, each in its own colour, so they read without
colour too), a placement's preview, and the areas outlined at the count."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

import pygame

from game.mosaix.sheet import SIZE, Sheet, bit

from . import theme
from .layout import anchor

SYMBOL_COLOR = {"O": (90, 200, 220), "X": (245, 160, 70), "T": (190, 130, 240)}
POP_TIME = 0.25


def draw_symbol(
    surface: pygame.Surface,
    symbol: str,
    rect: pygame.Rect | pygame.FRect,
    color: theme.Color | None = None,
    width: int = 0,
) -> None:
    """One symbol filling most of ``rect``."""
    color = color or SYMBOL_COLOR[symbol]
    c = rect.center
    r = rect.width * 0.32
    w = width or max(2, round(rect.width * 0.1))
    if symbol == "O":
        pygame.draw.circle(surface, color, c, r, w)
    elif symbol == "X":
        d = r * 0.9
        pygame.draw.line(surface, color, (c[0] - d, c[1] - d), (c[0] + d, c[1] + d), w + 1)
        pygame.draw.line(surface, color, (c[0] - d, c[1] + d), (c[0] + d, c[1] - d), w + 1)
    else:
        pts = [
            (c[0] + r * math.cos(a), c[1] + r * math.sin(a) + r * 0.15)
            for a in (-math.pi / 2, math.pi / 6, 5 * math.pi / 6)
        ]
        pygame.draw.polygon(surface, color, pts, w)


class SheetView:
    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 100, 100)
        self.cell = 10
        self.pops: dict[tuple[int, int], float] = {}  # cell -> seconds since written
        self.glow: dict[int, float] = {}  # area mask -> seconds left of its light-up
        #: Where a symbol past the sheet's edge may be drawn (the screen's top line
        #: and its panel are outside it); None: anywhere.
        self.room: pygame.Rect | None = None

    def layout(self, box: pygame.Rect | pygame.FRect) -> None:
        """The largest sheet of whole cells in ``box``, centred in it (cells stay
        whole pixels: the pointer and the keys land on one)."""
        self.cell = max(8, int(min(box.width, box.height)) // SIZE)
        side = self.cell * SIZE
        self.rect = pygame.Rect(anchor(box, (side, side), "center"))

    def cell_rect(self, x: int, y: int) -> pygame.Rect:
        """Column ``x`` from the left, row ``y`` from the bottom."""
        return pygame.Rect(
            self.rect.left + x * self.cell,
            self.rect.top + (SIZE - 1 - y) * self.cell,
            self.cell,
            self.cell,
        )

    def centre(self, x: int, y: int) -> tuple[int, int]:
        return self.cell_rect(x, y).center

    def cell_at(self, pos: tuple[int, int], margin: int = 0) -> tuple[int, int] | None:
        """The cell under ``pos``; with ``margin``, also that many cells beyond the
        edge (a formation may hang over it)."""
        x = (pos[0] - self.rect.left) // self.cell
        y = SIZE - 1 - (pos[1] - self.rect.top) // self.cell
        if -margin <= x < SIZE + margin and -margin <= y < SIZE + margin:
            return int(x), int(y)
        return None

    def written(self, cells: Iterable[tuple[int, int, str]]) -> None:
        """Symbols just written: they are drawn in."""
        for x, y, _ in cells:
            self.pops[(x, y)] = 0.0

    def light(self, area: int) -> None:
        """An area just reached five cells: it lights up."""
        self.glow[area] = 1.0

    @property
    def busy(self) -> bool:
        return bool(self.pops or self.glow)

    def update(self, dt: float) -> None:
        for cell in list(self.pops):
            self.pops[cell] += dt
            if self.pops[cell] >= POP_TIME:
                del self.pops[cell]
        for area in list(self.glow):
            self.glow[area] -= dt
            if self.glow[area] <= 0:
                del self.glow[area]

    def draw(
        self,
        surface: pygame.Surface,
        sheet: Sheet,
        *,
        preview: Sequence[tuple[int, int, str]] = (),
        preview_ok: bool = True,
        hanging: Sequence[tuple[int, int, str]] = (),
        outline: bool = False,
        labels: bool = True,
    ) -> None:
        pygame.draw.rect(surface, theme.BG_LIGHT, self.rect.inflate(8, 8), border_radius=8)
        for x in range(SIZE):
            for y in range(SIZE):
                r = self.cell_rect(x, y)
                centre = (x, y) == (3, 3)
                pygame.draw.rect(
                    surface,
                    theme.PANEL if centre else theme.CELL,
                    r.inflate(-2, -2),
                    border_radius=4,
                )
                s = sheet.symbol_at(x, y)
                if s:
                    t = self.pops.get((x, y))
                    grow = 1.0 if t is None else 0.4 + 0.6 * min(1.0, t / POP_TIME)
                    inner = r.inflate(-r.width * (1 - grow), -r.height * (1 - grow))
                    draw_symbol(surface, s, inner)
        for area, left in self.glow.items():
            self._outline(surface, area, theme.ACCENT, 3 + round(3 * left))
        if outline:
            for symbol, area in sheet.areas():
                if area.bit_count() >= 5:
                    self._outline(surface, area, SYMBOL_COLOR[symbol], 3)
                else:  # too small to count: crossed out, as on paper
                    for x, y in cells_of(area):
                        r = self.cell_rect(x, y).inflate(-self.cell // 3, -self.cell // 3)
                        pygame.draw.line(surface, theme.MUTED, r.topleft, r.bottomright, 2)
        for x, y, s in preview:
            r = self.cell_rect(x, y)
            shade = pygame.Surface(r.size, pygame.SRCALPHA)
            shade.fill((*(theme.GOOD if preview_ok else theme.BAD), 70))
            surface.blit(shade, r)
            draw_symbol(surface, s, r, SYMBOL_COLOR[s] if preview_ok else theme.BAD)
        for x, y, s in hanging:  # past the edge: faint, as they will be left out
            r = self.hanging_rect(x, y, labels)
            if min(r.size) < self.cell // 3:
                continue  # no room left for it there: a sliver would say nothing
            pygame.draw.rect(surface, theme.CELL_EDGE, r.inflate(-4, -4), 2, border_radius=4)
            draw_symbol(surface, s, r, theme.MUTED)
        if labels and self.cell >= 24:
            size = self.label_size()
            for x in range(SIZE):
                theme.text(
                    surface,
                    "abcdefg"[x],
                    (self.cell_rect(x, 0).centerx, self.rect.bottom + 6),
                    size=size,
                    color=theme.MUTED,
                    anchor="midtop",
                )
            for y in range(SIZE):
                theme.text(
                    surface,
                    str(y + 1),
                    (self.rect.left - 8, self.cell_rect(0, y).centery),
                    size=size,
                    color=theme.MUTED,
                    anchor="midright",
                )

    def label_size(self) -> int:
        return max(12, self.cell // 4)

    def hanging_rect(self, x: int, y: int, labels: bool = True) -> pygame.Rect:
        """Where a symbol past the edge is drawn: its cell off the sheet, made
        smaller where the row numbers (left) or the column letters (below) are,
        so that it never hides one of them."""
        r = self.cell_rect(x, y)
        if self.room is not None:  # never over the top line, the panel or off screen
            r = r.clip(self.room)
        if not labels or self.cell < 24:
            return square_in(r)
        face = theme.font(self.label_size())
        if x < 0:  # the numbers end 8 pixels left of the sheet
            r.width = min(
                r.width,
                self.rect.left - 8 - max(face.size(str(n))[0] for n in range(1, 8)) - 6 - r.left,
            )
        if y < 0:  # the letters start 6 pixels under it
            top = self.rect.bottom + 6 + face.get_linesize() + 4
            r.height, r.top = r.bottom - max(r.top, top), max(r.top, top)
        return square_in(r)

    def _outline(self, surface: pygame.Surface, area: int, color: theme.Color, width: int) -> None:
        """The outer edge of an area: each cell's sides that face out of it."""
        for x, y in cells_of(area):
            r = self.cell_rect(x, y)
            if not area & bit_or_zero(x, y + 1):
                pygame.draw.line(surface, color, r.topleft, r.topright, width)
            if not area & bit_or_zero(x, y - 1):
                pygame.draw.line(surface, color, r.bottomleft, r.bottomright, width)
            if not area & bit_or_zero(x - 1, y):
                pygame.draw.line(surface, color, r.topleft, r.bottomleft, width)
            if not area & bit_or_zero(x + 1, y):
                pygame.draw.line(surface, color, r.topright, r.bottomright, width)


def square_in(r: pygame.Rect) -> pygame.Rect:
    """The largest square centred in ``r``: a symbol's cell again, in what is left of it."""
    side = max(0, min(r.width, r.height))
    square = pygame.Rect(0, 0, side, side)
    square.center = r.center
    return square


def bit_or_zero(x: int, y: int) -> int:
    return bit(x, y) if 0 <= x < SIZE and 0 <= y < SIZE else 0


def cells_of(mask: int) -> list[tuple[int, int]]:
    return [(x, y) for y in range(SIZE) for x in range(SIZE) if mask & bit(x, y)]
