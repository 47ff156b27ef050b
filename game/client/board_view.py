"""Drawing a board: hex layout to fit any rectangle, hit testing, tiles with
their animations (a placement pops in, a flip turns the tile over), and the
markers a scene asks for (hover, the keyboard's cursor, clickable cells, the
last turn, a chain).

The view never changes the board. Animations only decide how a tile looks
while they run: during the first half of a flip the tile still shows its old
colour, squeezed, then the new one opens out.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Protocol

import pygame

from game.play.board_zoom import Zoom
from game.rules import Color, geometry

from . import theme

SQRT3 = math.sqrt(3)
POP_TIME = 0.2
FLIP_TIME = 0.32
CHAIN_GAP = 0.22  # seconds between the flips of a chain
#: The keyboard's board cursor.
CURSOR = (196, 132, 255)


@dataclass
class TileAnim:
    kind: str  # "pop" or "flip"
    delay: float
    duration: float
    old: Color | None = None
    t: float = 0.0

    @property
    def progress(self) -> float:
        return min(1.0, max(0.0, (self.t - self.delay) / self.duration))

    @property
    def done(self) -> bool:
        return self.t >= self.delay + self.duration


def ease_out_back(p: float) -> float:
    """0 to 1 with a small overshoot at the end: reads as a tile landing."""
    c1 = 1.70158
    return 1 + (c1 + 1) * (p - 1) ** 3 + c1 * (p - 1) ** 2


HEX_UNIT = [
    (math.cos(math.radians(60 * k - 30)), math.sin(math.radians(60 * k - 30))) for k in range(6)
]


def hex_points(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    """Corners of a pointy-top hexagon."""
    return [(cx + r * ux, cy + r * uy) for ux, uy in HEX_UNIT]


class Tiles(Protocol):
    """What the view draws: a board, a position, a chain under way."""

    def tile_at(self, cell: int | str) -> Color | None: ...


class BoardView:
    def __init__(self, side: int) -> None:
        self.geo = geometry(side)
        self.rect = pygame.Rect(0, 0, 100, 100)
        self.middle: tuple[float, float] = (50, 50)
        #: The radius at which the whole board fits, and the cells' radius now.
        self.fit = self.radius = 10.0
        #: What part of the board is shown (all of it, unless the player zooms).
        self.zoom = Zoom()
        #: Each cell's centre in board units (a radius is 1, the middle is 0, 0).
        self.units = [
            (SQRT3 * (q + rr / 2), 1.5 * rr)
            for q, rr in (tuple(map(int, c)) for c in self.geo.coords)
        ]
        self.centres: list[tuple[float, float]] = []
        self.anims: dict[int, TileAnim] = {}
        self.speed = 1.0
        #: Row letters beside the rows and each cell's number in it (the notation's
        #: names: row e, cell 5 is e5). Set it, then lay the view out again.
        self.coordinates = True
        # The empty board as last laid out, and each resting tile's sprite.
        self._static_key: tuple[object, ...] = ()
        self._layer: pygame.Surface | None = None
        self._sprites: dict[tuple[int, bool], pygame.Surface] = {}
        self.layout(self.rect)

    # -- layout ---------------------------------------------------------------
    def layout(self, rect: pygame.Rect | pygame.FRect) -> None:
        """Fit the board into ``rect``, as large as it goes (times the zoom)."""
        self.rect = pygame.Rect(rect)
        self.middle = self.rect.center
        n = self.geo.n
        # With coordinates, a letter's width is kept free at each end of the rows.
        width_units = SQRT3 * (2 * n - 1) + (2.2 if self.coordinates else 0)
        height_units = 1.5 * (2 * n - 2) + 2
        self.fit = max(4.0, min(rect.width / width_units, rect.height / height_units))
        view = (rect.width / 2 / self.fit, rect.height / 2 / self.fit)
        self.zoom = self.zoom.fitted(view, (width_units / 2, height_units / 2))
        self._place()

    def _place(self) -> None:
        """Each cell's centre on the screen, for the zoom as it stands."""
        r = self.radius = self.fit * self.zoom.scale
        (cx, cy), (ox, oy) = self.middle, self.zoom.centre
        self.centres = [(cx + r * (x - ox), cy + r * (y - oy)) for x, y in self.units]

    # -- zoom -------------------------------------------------------------------------
    def unit_at(self, pos: tuple[float, float]) -> tuple[float, float]:
        """The board point (in board units) at ``pos`` on the screen."""
        (cx, cy), (ox, oy) = self.middle, self.zoom.centre
        return (pos[0] - cx) / self.radius + ox, (pos[1] - cy) / self.radius + oy

    def zoom_by(self, steps: float, pos: tuple[float, float] | None = None) -> None:
        """``steps`` closer (or further off), the point at ``pos`` staying put."""
        self.zoom = self.zoom.zoomed(steps, None if pos is None else self.unit_at(pos))
        self._place()

    def pan_by(self, dx: float, dy: float) -> None:
        """Move what is shown with the pointer, ``dx``, ``dy`` pixels."""
        self.zoom = self.zoom.panned(-dx / self.radius, -dy / self.radius)
        self._place()

    def keep_in_view(self, cell: int) -> None:
        """Move what is shown as little as brings ``cell`` into view."""
        # Clear of the row letters' strips as well as the view's edge.
        self.zoom = self.zoom.showing(self.units[cell], 1.2 + self.strip() / self.radius)
        self._place()

    def clear_of_tiles(self, box: pygame.FRect, board: Tiles) -> pygame.FRect:
        """``box`` moved up or down within the view, the nearest its own place
        first, to where it hides no tile of ``board`` (play-test, 640x480: the
        rematch banner half hid the AI's first tile); where it was, if no place
        does."""
        r = self.radius
        size = (SQRT3 * r, 2 * r)
        tiles = [
            pygame.FRect((0, 0), size).move_to(center=c)
            for cell, c in enumerate(self.centres)
            if board.tile_at(cell) is not None
        ]
        low, high = self.rect.top, self.rect.bottom - box.height
        for step in range(0, int(max(box.top - low, high - box.top)) + 1, 2):
            for top in (box.top + step, box.top - step):
                moved = box.move(0, top - box.top)
                if low <= top <= high and moved.collidelist(tiles) < 0:
                    return moved
        return box

    def centre(self, cell: int) -> tuple[int, int]:
        x, y = self.centres[cell]
        return round(x), round(y)

    def cell_at(self, pos: tuple[int, int]) -> int | None:
        """The cell under ``pos``, or ``None`` between or beside the cells (or
        outside the view, when it is zoomed in)."""
        if not self.zoom.whole and not self.cells_rect().collidepoint(pos):
            return None
        x, y = pos
        best, best_d = None, (self.radius * 0.92) ** 2
        for i, (cx, cy) in enumerate(self.centres):
            d = (cx - x) ** 2 + (cy - y) ** 2
            if d < best_d:
                best, best_d = i, d
        return best

    # -- animation ------------------------------------------------------------
    def pop(self, cell: int, delay: float = 0.0) -> None:
        self.anims[cell] = TileAnim("pop", delay, POP_TIME / self.speed)

    def flip(self, cell: int, old: Color, delay: float = 0.0) -> None:
        self.anims[cell] = TileAnim("flip", delay, FLIP_TIME / self.speed, old)

    def update(self, dt: float) -> None:
        for cell in list(self.anims):
            a = self.anims[cell]
            a.t += dt
            if a.done:
                del self.anims[cell]

    @property
    def busy(self) -> bool:
        return bool(self.anims)

    # -- drawing --------------------------------------------------------------
    def draw(
        self,
        surface: pygame.Surface,
        board: Tiles,
        *,
        hover: int | None = None,
        targets: frozenset[int] = frozenset(),
        markers: bool = False,
        last: tuple[int, ...] = (),
        chain: tuple[int, ...] = (),
        shapes: bool = False,
        hint: tuple[int, ...] = (),
        pulse: float = 0.0,
        cursor: int | None = None,
    ) -> None:
        r = self.radius
        clip = surface.get_clip()
        if not self.zoom.whole:  # closer up: nothing outside the view
            surface.set_clip(self.cells_rect().clip(clip))
        surface.blit(self._static(), self.rect.topleft)
        for cell, (cx, cy) in enumerate(self.centres):
            tile = board.tile_at(cell)
            if tile is not None and cell not in self.anims:
                sprite = self._sprite(tile, shapes)
                surface.blit(sprite, sprite.get_frect(center=(cx, cy)))
            elif tile is not None:
                self._tile(surface, cell, cx, cy, tile, shapes)
            elif markers and cell in targets:
                pygame.draw.circle(surface, theme.MUTED, (cx, cy), max(2, r * 0.12))
        glow = 0.5 + 0.5 * math.sin(pulse * 5)
        for cell in last:
            self._ring(surface, cell, theme.TEXT, 2)
        for cell in chain:  # flipped this turn: a white ring and a dot
            self._ring(surface, cell, theme.TEXT, 3)
            pygame.draw.circle(surface, theme.TEXT, self.centres[cell], max(2, r * 0.1))
        if markers or chain:
            for cell in targets:
                if board.tile_at(cell) is not None:
                    # A tile that can be flipped: a gold ring and a gold dot, unlike
                    # the last turn's white outline. During a chain the rings pulse.
                    width = 2 + round(2 * glow) if chain else 3
                    self._ring(surface, cell, theme.ACCENT, width, 0.7)
                    if not chain:
                        centre = self.centres[cell]
                        pygame.draw.circle(surface, theme.BG, centre, max(3, r * 0.17))
                        pygame.draw.circle(surface, theme.ACCENT, centre, max(2, r * 0.12))
        for cell in hint:
            self._ring(surface, cell, theme.GOOD, 3 + round(2 * glow), 0.9)
        if hover is not None and 0 <= hover < len(self.centres):
            color = theme.ACCENT if hover in targets else theme.MUTED
            self._ring(surface, hover, color, 3, 0.96)
        if cursor is not None and 0 <= cursor < len(self.centres):
            # The keyboard's cursor: a violet outline on a dark one, in a colour no
            # other marker uses (white is the last turn's, gold a flip's, green a
            # hint's) and wider than the hover ring, so it reads on either tile.
            self._ring(surface, cursor, theme.BG, 8, 1.02)
            self._ring(surface, cursor, CURSOR, 4, 1.02)
        if self.coordinates and not self.zoom.whole:
            surface.set_clip(self.rect.clip(clip))
            self._row_letters(surface)
        surface.set_clip(clip)

    def letter_size(self) -> int:
        """The row letters' size, closer up."""
        return max(11, min(20, round(self.radius * 0.55)))

    def strip(self) -> int:
        """Closer up, the width of the strip down each side of the view that holds
        the row letters (none with the whole board in view, or no coordinates)."""
        if self.zoom.whole or not self.coordinates:
            return 0
        face = theme.font(self.letter_size())
        return max(face.size(chr(ord("a") + row))[0] for row in range(self.geo.rows)) + 10

    def cells_rect(self) -> pygame.Rect:
        """Where cells are drawn and pointed at: the view, less the letters' strips."""
        return self.rect.inflate(-2 * self.strip(), 0)

    def _row_letters(self, surface: pygame.Surface) -> None:
        """Closer up, each row with any part in view has its letter down both sides,
        in a strip of its own beside the cells: it covers no dot, tile or number."""
        r, size = self.radius, self.letter_size()
        strip = self.strip()
        sides = (
            pygame.Rect(self.rect.left, self.rect.top, strip, self.rect.height),
            pygame.Rect(self.rect.right - strip, self.rect.top, strip, self.rect.height),
        )
        for side in sides:
            pygame.draw.rect(surface, theme.BG, side)
        height = theme.font(size).get_linesize() / r
        rows = [self.units[start][1] for start in self.geo.row_starts]
        cy, oy = self.middle[1], self.zoom.centre[1]
        for row, y in self.zoom.row_letters(rows, height):
            letter = chr(ord("a") + row)
            for side in sides:
                pos = (side.centerx, cy + r * (y - oy))
                theme.text(surface, letter, pos, size=size, color=theme.MUTED, anchor="center")

    def _static(self) -> pygame.Surface:
        """The empty board, drawn once per layout."""
        key = (self.rect.size, self.radius, self.zoom.centre, self.coordinates)
        if self._layer is None or self._static_key != key:
            self._sprites.clear()
            self._static_key = key
            layer = pygame.Surface(self.rect.size, pygame.SRCALPHA)
            ox, oy = self.rect.topleft
            r = self.radius
            # Under the cells, the edge's colour over the whole board, each hex a
            # pixel past its neighbour's: a cell's 2-pixel outline is thinner
            # along a slant, and where two rows meet the window showed through
            # in dots between them.
            for cx, cy in self.centres:
                pygame.draw.polygon(layer, theme.CELL_EDGE, hex_points(cx - ox, cy - oy, r + 1))
            for cx, cy in self.centres:
                pts = hex_points(cx - ox, cy - oy, r * 0.96)
                pygame.draw.polygon(layer, theme.CELL, pts)
                pygame.draw.polygon(layer, theme.CELL_EDGE, pts, 2)
            if self.coordinates:
                self._coordinates(layer, ox, oy)
            self._layer = layer
        return self._layer

    def _coordinates(self, layer: pygame.Surface, ox: float, oy: float) -> None:
        """Row letters beside both ends of each row, and each empty cell's number
        at its foot (a tile covers it; hover over a cell to read its name)."""
        geo = self.geo
        r = self.radius
        letters = max(11, round(r * 0.55))
        # Never under 13 pixels at Normal's size (9 was 11 pixels, too small to read).
        numbers = max(10, round(r * 0.36))
        for row, (start, length) in enumerate(zip(geo.row_starts, geo.row_lengths, strict=True)):
            letter = chr(ord("a") + row)
            # Closer up the letters are drawn over the cells, where the view's edges
            # keep them (:meth:`_row_letters`).
            ends = () if not self.zoom.whole else ((start, -1), (start + length - 1, 1))
            for cell, side in ends:
                cx, cy = self.centres[cell]
                pos = (cx - ox + side * r * 1.35, cy - oy)
                theme.text(layer, letter, pos, size=letters, color=theme.MUTED, anchor="center")
            if r >= 16:
                for k in range(length):
                    cx, cy = self.centres[start + k]
                    pos = (cx - ox, cy - oy + r * 0.55)
                    theme.text(
                        layer,
                        str(k + 1),
                        pos,
                        size=numbers,
                        color=theme.CELL_NUMBER,
                        anchor="center",
                    )

    def _sprite(self, tile: Color, shapes: bool) -> pygame.Surface:
        """A resting tile, drawn once per layout."""
        self._static()
        key = (int(tile), shapes)
        if key not in self._sprites:
            size = int(self.radius * 2) + 4
            sprite = pygame.Surface((size, size), pygame.SRCALPHA)
            self._tile(sprite, -1, size / 2, size / 2, tile, shapes)
            self._sprites[key] = sprite
        return self._sprites[key]

    def _ring(
        self,
        surface: pygame.Surface,
        cell: int,
        color: theme.Color,
        width: int,
        scale: float = 0.8,
    ) -> None:
        cx, cy = self.centres[cell]
        pygame.draw.polygon(surface, color, hex_points(cx, cy, self.radius * scale), width)

    def _tile(
        self, surface: pygame.Surface, cell: int, cx: float, cy: float, tile: Color, shapes: bool
    ) -> None:
        r = self.radius * 0.8
        sx = sy = 1.0
        color = tile
        a = self.anims.get(cell)
        if a is not None:
            p = a.progress
            if a.kind == "pop":
                sx = sy = ease_out_back(p)
            elif a.old is not None:
                if p < 0.5:
                    color, sx = a.old, 1 - 2 * p
                else:
                    sx = 2 * p - 1
                sy = 1 + 0.15 * math.sin(p * math.pi)
        if sx <= 0.02 or sy <= 0.02:
            return
        pts = [(cx + (x - cx) * sx, cy + (y - cy) * sy) for x, y in hex_points(cx, cy, r)]
        pygame.draw.polygon(surface, theme.TILE_DARK[color], pts)
        inner = [(cx + (x - cx) * sx, cy + (y - cy) * sy) for x, y in hex_points(cx, cy, r * 0.82)]
        pygame.draw.polygon(surface, theme.TILE[color], inner)
        if shapes:
            self._shape(surface, cx, cy, r * 0.38 * min(sx, sy) ** 0.5 * sx, color)

    @staticmethod
    def _shape(surface: pygame.Surface, cx: float, cy: float, s: float, color: Color) -> None:
        """Colour-blind marks: a ring on Red tiles, a diamond on Blue ones."""
        if s < 2:
            return
        ink = (250, 250, 250)
        if color == 0:
            pygame.draw.circle(surface, ink, (cx, cy), s, max(2, round(s / 3)))
        else:
            pts = [(cx, cy - s * 1.2), (cx + s, cy), (cx, cy + s * 1.2), (cx - s, cy)]
            pygame.draw.polygon(surface, ink, pts)
