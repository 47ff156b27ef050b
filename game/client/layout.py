"""Where things go on a screen: boxes cut from boxes, as Tuxemon's layout does for
its menus. Every function takes the box to fill and returns rectangles
(``pygame.FRect``: no rounding by hand); :func:`place` gives them to widgets.

- :func:`column`, :func:`row`, :func:`grid`: ``count`` boxes stacked, side by
  side, or in rows, ``gap`` apart, centred in the box they fill;
- :func:`anchor`: a box of a given size against an edge, a corner or the centre
  of another, ``margin`` in from it;
- :func:`split`: a box cut in two, a strip off one side and the rest;
- :func:`whole_rows`: the top of a box that holds only whole rows (a list
  that scrolls: no row cut across at its foot);
- :class:`Boxes`: a screen's layout tree (:mod:`.layout_tree`) solved in its
  window, again whenever the size, the text size or the language changes, and
  its widgets given their boxes.

Text sizes are not decided here: see :mod:`.text_layout`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Protocol

import pygame

from game.i18n import language

from . import layout_tree as tree
from . import theme

Box = pygame.Rect | pygame.FRect


class Placed(Protocol):
    """What :func:`place` needs of a widget: only its rectangle (so this module
    does not depend on the widgets it places)."""

    rect: pygame.Rect


#: Where :func:`anchor` puts a box, by name (the layout tree's own names).
WHERE = tree.WHERE


def anchor(
    box: Box, size: tuple[float, float], where: str = "center", margin: float = 0
) -> pygame.FRect:
    """A box ``size`` big in ``box``, against the edge, corner or centre ``where``
    names (:data:`WHERE`), ``margin`` in from the edges it touches."""
    ax, ay = WHERE[where]
    w, h = size
    inner = pygame.FRect(box).inflate(-2 * margin, -2 * margin)
    return pygame.FRect(
        inner.left + (inner.width - w) * ax, inner.top + (inner.height - h) * ay, w, h
    )


def split(
    box: Box, at: float, side: str = "top", gap: float = 0
) -> tuple[pygame.FRect, pygame.FRect]:
    """``box`` cut in two: a strip ``at`` deep off ``side`` ("top", "bottom",
    "left", "right"; ``at`` below 1 is a share of the box), and the rest, ``gap``
    apart."""
    b = pygame.FRect(box)
    across = side in ("left", "right")
    whole = b.width if across else b.height
    depth = at * whole if at < 1 else at
    rest = max(0.0, whole - depth - gap)
    if side == "top":
        return pygame.FRect(b.left, b.top, b.width, depth), pygame.FRect(
            b.left, b.bottom - rest, b.width, rest
        )
    if side == "bottom":
        return pygame.FRect(b.left, b.bottom - depth, b.width, depth), pygame.FRect(
            b.left, b.top, b.width, rest
        )
    if side == "left":
        return pygame.FRect(b.left, b.top, depth, b.height), pygame.FRect(
            b.right - rest, b.top, rest, b.height
        )
    return pygame.FRect(b.right - depth, b.top, depth, b.height), pygame.FRect(
        b.left, b.top, rest, b.height
    )


def whole_rows(box: Box, pitch: float, gap: float = 0) -> pygame.Rect:
    """The top of ``box`` that holds whole rows ``pitch`` apart (a row and the
    ``gap`` under it), at least one: a list that scrolls in it shows no row cut
    across at its foot."""
    rows = max(1, int((pygame.FRect(box).height + gap) // pitch))
    return whole(split(box, rows * pitch - gap, "top")[0])


def grid(
    box: Box,
    count: int,
    *,
    columns: int,
    height: float,
    width: float | None = None,
    gap: float = 12,
    row_gap: float | None = None,
    align: str = "top",
) -> list[pygame.FRect]:
    """``count`` boxes in rows of ``columns``, ``height`` high and ``width`` wide
    (None: the columns share the box's width), ``gap`` apart across and
    ``row_gap`` (else ``gap``) down; the whole centred across ``box`` and placed
    against its "top", "center" or "bottom"."""
    down = gap if row_gap is None else row_gap
    b = pygame.FRect(box)
    across = max(1, min(columns or count, count))
    if width is None:
        width = (b.width - gap * (across - 1)) / across
    rows = -(-count // across)
    whole = (across * width + gap * (across - 1), rows * height + down * max(0, rows - 1))
    at = anchor(b, whole, align)
    return [
        pygame.FRect(
            at.left + (i % across) * (width + gap),
            at.top + (i // across) * (height + down),
            width,
            height,
        )
        for i in range(count)
    ]


def column(
    box: Box,
    count: int,
    *,
    height: float,
    width: float | None = None,
    gap: float = 14,
    align: str = "top",
) -> list[pygame.FRect]:
    """``count`` boxes stacked, ``height`` high, ``width`` wide (None: the box's),
    centred across ``box``, against its "top", "center" or "bottom"."""
    return grid(box, count, columns=1, height=height, width=width, gap=gap, align=align)


def row(
    box: Box,
    count: int,
    *,
    width: float | None = None,
    height: float | None = None,
    gap: float = 12,
    align: str = "center",
) -> list[pygame.FRect]:
    """``count`` boxes side by side, ``width`` wide (None: sharing the box's width)
    and ``height`` high (None: the box's), centred across ``box``."""
    h = pygame.FRect(box).height if height is None else height
    return grid(box, count, columns=max(1, count), height=h, width=width, gap=gap, align=align)


def place(widgets: Iterable[Placed], rects: Iterable[Box]) -> None:
    """Give each widget its box (widgets keep whole pixels: a click is on one)."""
    for w, r in zip(widgets, rects, strict=False):
        w.rect = pygame.Rect(round(r.left), round(r.top), round(r.width), round(r.height))


def frect(box: tree.Rect) -> pygame.FRect:
    """A solved box as pygame's."""
    return pygame.FRect(box.x, box.y, box.w, box.h)


def whole(box: tree.Rect | Box) -> pygame.Rect:
    """A box in whole pixels (a widget's: a click is on one pixel or another)."""
    if isinstance(box, tree.Rect):
        box = frect(box)
    return pygame.Rect(round(box.left), round(box.top), round(box.width), round(box.height))


def _now(size: tuple[int, int]) -> tuple[object, ...]:
    """What a solved layout depends on: the window, the text size, the language."""
    return (size, theme.px(100), language())


class Boxes:
    """A screen's layout, declared once by ``declare`` (the tree for a window
    size) and solved in the window by :meth:`lay`; :meth:`stale` says when the
    window size, the text size or the language differ from the last solve. It is
    laid in the window, or in what ``room`` says for the size. A key that lays
    itself out (a board view, a side panel) is given its box by its ``layout``;
    one with a ``rect`` (a widget), its box in whole pixels; names and tuples
    are read by key (``boxes["title"]``)."""

    def __init__(
        self,
        declare: Callable[[tuple[int, int]], tree.Node],
        room: Callable[[tuple[int, int]], Box] | None = None,
    ) -> None:
        self.declare = declare
        self.room = room
        self.solved: dict[object, tree.Rect] = {}
        self.seen: tuple[object, ...] = ()

    def lay(self, size: tuple[int, int]) -> None:
        self.seen = _now(size)
        r = pygame.FRect(self.room(size) if self.room else (0, 0, *size))
        self.solved = tree.solve(self.declare(size), tree.Rect(r.x, r.y, r.w, r.h))
        for key, box in self.solved.items():
            if isinstance(key, str | tuple):
                continue
            lays = getattr(key, "layout", None)
            if callable(lays):  # a part that lays itself out in its box (a board)
                lays(frect(box))
            elif hasattr(key, "rect"):
                key.rect = whole(box)

    def mark(self, size: tuple[int, int]) -> None:
        """Count the layout as made for ``size`` now."""
        self.seen = _now(size)

    def stale(self, size: tuple[int, int]) -> bool:
        """Has anything the layout depends on changed since it was solved?"""
        return self.seen != _now(size)

    def __getitem__(self, key: object) -> pygame.FRect:
        return frect(self.solved[key])

    def __contains__(self, key: object) -> bool:
        return key in self.solved

    def rect(self, key: object) -> pygame.Rect:
        """The box of ``key`` in whole pixels."""
        return whole(self.solved[key])
