"""The layout tree: a screen's boxes declared once, as rows, columns, grids and
stacks, and solved again for every window size, text size and language. Pure
geometry, plain numbers, no pygame (:mod:`.layout` turns the answer into
``pygame.FRect`` and gives widgets their boxes).

Taken from Textual's CSS layouts and pygame-gui's anchors, kept to what a game
screen needs:

- a length is pixels (a number), :class:`Fr` (a share of what is left after the
  fixed lengths, by weight, as CSS's ``fr``), :class:`Pct` (a share of the
  parent's room), :class:`Fit` (measured: the height a text needs at a width) or
  ``None`` (all the room there is: one ``Fr`` along a line, the whole across);
- every node has a minimum and a maximum; a line too short squeezes its
  children down to their minimums before it overflows, so what cannot shrink
  keeps its size and the rest gives way;
- a node smaller than its slot sits where ``anchor`` says ("center",
  "topleft", "bottom"...), ``margin`` in from it;
- a child with ``dock`` ("top", "bottom", "left", "right") is cut off that edge
  of its container first, in order, and the others share what is left
  (Textual's ``dock``: a header, a footer, a side panel);
- :class:`Row` and :class:`Column` lay children along a line, :class:`Grid` in
  tracks shared by every row and column (so the cells of one column line up),
  :class:`Stack` over one another, each by its own size and anchor.

:func:`solve` returns the box of every node that has a ``key``: a name for a
region the screen draws in, or a widget itself (then :mod:`.layout` sets its
``rect``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from math import inf

#: Where a box sits in a larger slot, by name: (across, down), 0 left/top, 0.5 the
#: middle, 1 right/bottom.
WHERE = {
    "topleft": (0.0, 0.0),
    "top": (0.5, 0.0),
    "topright": (1.0, 0.0),
    "left": (0.0, 0.5),
    "center": (0.5, 0.5),
    "right": (1.0, 0.5),
    "bottomleft": (0.0, 1.0),
    "bottom": (0.5, 1.0),
    "bottomright": (1.0, 1.0),
}


@dataclass(frozen=True)
class Fr:
    """A share of what a line has left after its fixed lengths, by weight."""

    weight: float = 1.0


@dataclass(frozen=True)
class Pct:
    """A share (0 to 1) of the parent's room along the same axis."""

    share: float


@dataclass(frozen=True)
class Fit:
    """A measured length: ``measure(across)`` is what the node needs given its
    room the other way (a text's height at a width, from :mod:`.text_layout`)."""

    measure: Callable[[float], float]


Length = float | Fr | Pct | Fit | None
#: Room kept inside a box's edges, as CSS gives it: one number for all four,
#: (down, across) or (top, right, bottom, left).
Edges = float | tuple[float, float] | tuple[float, float, float, float]


def edges(by: Edges) -> tuple[float, float, float, float]:
    """``by`` as (top, right, bottom, left)."""
    if isinstance(by, tuple):
        return (by[0], by[1], by[0], by[1]) if len(by) == 2 else by
    return (by, by, by, by)


@dataclass(frozen=True)
class Rect:
    """A box in plain numbers: left, top, width, height."""

    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def bottom(self) -> float:
        return self.y + self.h

    def inset(self, by: Edges) -> Rect:
        """The box ``by`` in from its edges (never below nothing)."""
        top, right, bottom, left = edges(by)
        w, h = max(0.0, self.w - left - right), max(0.0, self.h - top - bottom)
        return Rect(self.x + min(left, self.w), self.y + min(top, self.h), w, h)


@dataclass(eq=False)
class Node:
    """A box of the tree. A plain node is a leaf: a widget, a text, a board."""

    key: object = None
    width: Length = None
    height: Length = None
    min_width: float = 0.0
    min_height: float = 0.0
    max_width: float = inf
    max_height: float = inf
    anchor: str = "center"
    margin: Edges = 0.0
    dock: str | None = None

    def across(self) -> float:
        """The margin's left and right together."""
        _t, right, _b, left = edges(self.margin)
        return left + right

    def down(self) -> float:
        """The margin's top and bottom together."""
        top, _r, bottom, _l = edges(self.margin)
        return top + bottom


@dataclass(eq=False)
class Container(Node):
    children: Sequence[Node] = ()
    gap: float = 0.0
    padding: Edges = 0.0


@dataclass(eq=False)
class Row(Container):
    """Children side by side, left to right. Space no :class:`Fr` child takes is
    put where ``justify`` says: "start", "center" or "end"."""

    justify: str = "center"


@dataclass(eq=False)
class Column(Container):
    """Children stacked top to bottom; ``justify`` as :class:`Row`'s."""

    justify: str = "center"


@dataclass(eq=False)
class Grid(Container):
    """Children in cells, a row at a time: ``columns`` the width of each column
    (a count: that many equal ones), ``rows`` the height of each row (one
    length: every row that high). ``gap`` is across, ``row_gap`` down (None:
    ``gap``). The tracks are shared, so a column's cells line up."""

    columns: Sequence[Length] | int = 1
    rows: Sequence[Length] | Length = None
    row_gap: float | None = None


@dataclass(eq=False)
class Stack(Container):
    """Children over one another, each placed in the whole by its own size and
    anchor (pygame-gui's anchors): a dialog in the middle, a badge in a corner."""


@dataclass
class _Solver:
    out: dict[object, Rect] = field(default_factory=dict)

    def record(self, node: Node, box: Rect) -> None:
        if node.key is None:
            return
        if node.key in self.out:
            # i18n: not shown (a screen's own mistake, for its programmer)
            raise ValueError(f"the layout tree has two nodes keyed {node.key!r}")
        self.out[node.key] = box


def solve(root: Node, room: Rect) -> dict[object, Rect]:
    """The box of every keyed node of ``root`` laid out in ``room``."""
    solver = _Solver()
    _place(solver, root, room, along_w=None, along_h=None)
    return solver.out


def _own(length: Length, room: float, across: float) -> float:
    """A length resolved for one node in ``room`` (its measure given ``across``)."""
    if length is None or isinstance(length, Fr):
        return room
    if isinstance(length, Pct):
        return length.share * room
    if isinstance(length, Fit):
        return length.measure(across)
    return float(length)


def _clamp(v: float, low: float, high: float) -> float:
    return max(low, min(high, v))


def _place(
    s: _Solver, node: Node, slot: Rect, along_w: float | None, along_h: float | None
) -> None:
    """Lay ``node`` in ``slot``. A line decides its children's extent along it
    (``along_w`` or ``along_h``); the node decides the other by its own length,
    within the slot (unless its minimum says more), and sits by its anchor."""
    inner = slot.inset(node.margin)
    if along_w is None:
        w = _own(node.width, inner.w, inner.h)
        w = min(_clamp(w, node.min_width, node.max_width), max(inner.w, node.min_width))
    else:
        w = max(0.0, along_w - node.across())
    if along_h is None:
        h = _own(node.height, inner.h, w)
        h = min(_clamp(h, node.min_height, node.max_height), max(inner.h, node.min_height))
    else:
        h = max(0.0, along_h - node.down())
    ax, ay = WHERE[node.anchor]
    box = Rect(inner.x + (inner.w - w) * ax, inner.y + (inner.h - h) * ay, w, h)
    s.record(node, box)
    if isinstance(node, Container):
        _lay_children(s, node, box.inset(node.padding))


def _lay_children(s: _Solver, node: Container, room: Rect) -> None:
    flow = []
    for child in node.children:
        if child.dock is None:
            flow.append(child)
        else:
            room = _dock(s, child, room, node.gap)
    if isinstance(node, Row | Column):
        _line(s, node, flow, room)
    elif isinstance(node, Grid):
        _grid(s, node, flow, room)
    else:
        for child in flow:
            _place(s, child, room, None, None)


def _dock(s: _Solver, child: Node, room: Rect, gap: float) -> Rect:
    """Cut ``child`` off its edge of ``room``; what is left for the others."""
    side = child.dock
    if side in ("top", "bottom"):
        h = _clamp(
            _own(child.height, room.h, room.w) + child.down(),
            child.min_height,
            child.max_height,
        )
        y = room.y if side == "top" else room.bottom - h
        _place(s, child, Rect(room.x, y, room.w, h), None, h)
        rest = max(0.0, room.h - h - gap)
        return Rect(room.x, room.bottom - rest if side == "top" else room.y, room.w, rest)
    if side in ("left", "right"):
        w = _clamp(
            _own(child.width, room.w, room.h) + child.across(), child.min_width, child.max_width
        )
        x = room.x if side == "left" else room.right - w
        _place(s, child, Rect(x, room.y, w, room.h), w, None)
        rest = max(0.0, room.w - w - gap)
        return Rect(room.right - rest if side == "left" else room.x, room.y, rest, room.h)
    # i18n: not shown (a screen's own mistake, for its programmer)
    raise ValueError(f"dock must be top, bottom, left or right, not {side!r}")


def share(
    lengths: Sequence[Length],
    room: float,
    gap: float = 0.0,
    across: float = 0.0,
    mins: Sequence[float] | None = None,
    maxs: Sequence[float] | None = None,
    pads: Sequence[float] | None = None,
) -> list[float]:
    """The extent of each of a line's children: fixed lengths first, then
    :class:`Fr` (and ``None``, one ``Fr``) share what is left by weight, each
    kept within its minimum and maximum (CSS's flexible lengths). Too little
    room: every child gives way down to its minimum, in proportion to what it
    can give, before the line overflows. ``pads``: what each child's margins add
    to a fixed length."""
    n = len(lengths)
    lows = list(mins) if mins is not None else [0.0] * n
    highs = list(maxs) if maxs is not None else [inf] * n
    free = max(0.0, room - gap * max(0, n - 1))
    sizes: list[float | None] = [None] * n
    weights: dict[int, float] = {}
    for i, length in enumerate(lengths):
        if length is None or isinstance(length, Fr):
            weights[i] = 1.0 if length is None else length.weight
        else:
            pad = pads[i] if pads is not None else 0.0
            sizes[i] = _clamp(_own(length, room, across) + pad, lows[i], highs[i])
    # Flexible children frozen one by one at a limit they hit, the rest re-shared.
    while weights:
        left = free - sum(v for v in sizes if v is not None)
        total = sum(weights.values())
        each = {i: max(0.0, left) * w / total if total > 0 else 0.0 for i, w in weights.items()}
        stuck = {i: _clamp(v, lows[i], highs[i]) for i, v in each.items()}
        stuck = {i: v for i, v in stuck.items() if v != each[i]}
        if not stuck:
            for i, v in each.items():
                sizes[i] = v
            break
        for i, v in stuck.items():
            sizes[i] = v
            del weights[i]
    out = [v or 0.0 for v in sizes]
    over = sum(out) - free
    give = sum(v - low for v, low in zip(out, lows, strict=True) if v > low)
    if over > 0 and give > 0:
        k = min(1.0, over / give)
        out = [v - (v - low) * k if v > low else v for v, low in zip(out, lows, strict=True)]
    return out


def _line(s: _Solver, node: Row | Column, flow: Sequence[Node], room: Rect) -> None:
    across_row = isinstance(node, Row)
    length, across = (room.w, room.h) if across_row else (room.h, room.w)
    sizes = share(
        [(c.width if across_row else c.height) for c in flow],
        length,
        node.gap,
        across,
        [(c.min_width + c.across()) if across_row else (c.min_height + c.down()) for c in flow],
        [(c.max_width + c.across()) if across_row else (c.max_height + c.down()) for c in flow],
        [c.across() if across_row else c.down() for c in flow],
    )
    used = sum(sizes) + node.gap * max(0, len(flow) - 1)
    at = (room.x if across_row else room.y) + max(0.0, length - used) * {
        "start": 0.0,
        "center": 0.5,
        "end": 1.0,
    }[node.justify]
    for child, size in zip(flow, sizes, strict=True):
        if across_row:
            _place(s, child, Rect(at, room.y, size, room.h), size, None)
        else:
            _place(s, child, Rect(room.x, at, room.w, size), None, size)
        at += size + node.gap


def _grid(s: _Solver, node: Grid, flow: Sequence[Node], room: Rect) -> None:
    cols: Sequence[Length] = (
        [Fr()] * node.columns if isinstance(node.columns, int) else node.columns
    )
    count = -(-len(flow) // max(1, len(cols)))
    rows = list(node.rows) if isinstance(node.rows, Sequence) else [node.rows] * count
    down = node.gap if node.row_gap is None else node.row_gap
    widths = share(cols, room.w, node.gap, room.h)
    heights = share(rows, room.h, down, room.w)
    lefts = [room.x + sum(widths[:i]) + node.gap * i for i in range(len(widths))]
    tops = [room.y + sum(heights[:i]) + down * i for i in range(len(heights))]
    for i, child in enumerate(flow):
        r, c = divmod(i, len(cols))
        if r < len(heights):
            _place(s, child, Rect(lefts[c], tops[r], widths[c], heights[r]), None, None)
