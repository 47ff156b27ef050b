"""What part of a board a screen shows: all of it, or a part of it closer up.

A side-8 board in a 640x480 window has cells about 12 pixels across. The player
may zoom in (the wheel, + and -) and move the part shown (a drag, or the board
cursor, which keeps itself in view). :class:`Zoom` is that choice, in the
board's own units (a cell's radius is 1, the board's middle is (0, 0)), so the
view only multiplies by its pixels; it decides nothing else.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

#: The closest a view comes: this many times the size at which all of it fits.
CLOSEST = 4.0
#: How much one step of the wheel (or one + or -) zooms.
STEP = 1.25

Point = tuple[float, float]


def _within(value: float, low: float, high: float) -> float:
    return max(low, min(high, value))


@dataclass(frozen=True)
class Zoom:
    """``view``: half the width and height of the view when all of the board
    fits it, and ``board``: half those of the board, both in board units.
    ``scale``: how many times closer than that (1: all of it); ``centre``: the
    board point in the middle of the view."""

    view: Point = (1.0, 1.0)
    board: Point = (1.0, 1.0)
    scale: float = 1.0
    centre: Point = (0.0, 0.0)

    @property
    def whole(self) -> bool:
        """The whole board is in view."""
        return self.scale <= 1.0

    @property
    def seen(self) -> Point:
        """Half the width and height of the part of the board in view."""
        return self.view[0] / self.scale, self.view[1] / self.scale

    def fitted(self, view: Point, board: Point) -> Zoom:
        """The same zoom in a view (and for a board) of another size."""
        return replace(self, view=view, board=board).kept()

    def kept(self) -> Zoom:
        """The centre moved as little as keeps the board filling the view: never
        more of the view empty beside the board than when all of it shows."""
        scale = _within(self.scale, 1.0, CLOSEST)
        seen = (self.view[0] / scale, self.view[1] / scale)
        centre = tuple(
            _within(c, -max(0.0, b - s), max(0.0, b - s))
            for c, b, s in zip(self.centre, self.board, seen, strict=True)
        )
        return replace(self, scale=scale, centre=(centre[0], centre[1]))

    def zoomed(self, steps: float, at: Point | None = None) -> Zoom:
        """``steps`` closer (fewer than 0: further off), the board point ``at``
        (else the centre) staying where it is on the screen."""
        scale = _within(self.scale * STEP**steps, 1.0, CLOSEST)
        ax, ay = self.centre if at is None else at
        cx, cy = self.centre
        k = self.scale / scale  # what is now 1 unit from the point was k units from it
        return replace(self, scale=scale, centre=(ax + (cx - ax) * k, ay + (cy - ay) * k)).kept()

    def panned(self, dx: float, dy: float) -> Zoom:
        """The part shown moved by (``dx``, ``dy``) board units."""
        cx, cy = self.centre
        return replace(self, centre=(cx + dx, cy + dy)).kept()

    def showing(self, point: Point, margin: float = 1.2) -> Zoom:
        """Moved as little as brings ``point`` (and ``margin`` around it) into view."""
        centre = []
        for c, p, s in zip(self.centre, point, self.seen, strict=True):
            room = max(0.0, s - margin)
            centre.append(_within(c, p - room, p + room))
        return replace(self, centre=(centre[0], centre[1])).kept()

    def row_letters(self, rows: list[float], height: float) -> list[tuple[int, float]]:
        """Closer up, where each row's letter goes down the margins beside the view
        (the strips either side, where it covers no cell, dot or number): ``rows``
        gives each row's middle height in board units, ``height`` a letter's. Every
        row with any part in view has its letter, at the row's height, moved in
        (and its neighbours on) as little as keeps each whole and clear of the next."""
        cy, sy = self.centre[1], self.seen[1]
        top, foot = cy - sy + height / 2, cy + sy - height / 2
        # A cell reaches 1 up and down from its row's middle.
        shown = [(i, y) for i, y in enumerate(rows) if abs(y - cy) < sy + 1]
        ys = [_within(y, top, foot) for _i, y in shown]
        for k in range(1, len(ys)):  # down the view: each clear of the one above
            ys[k] = max(ys[k], ys[k - 1] + height)
        for k in range(len(ys) - 1, -1, -1):  # and up from the foot: all in view
            ys[k] = min(ys[k], foot if k == len(ys) - 1 else ys[k + 1] - height)
        return [(i, y) for (i, _y), y in zip(shown, ys, strict=True)]
