"""Where the widgets of a screen go: a centred column, and rows and grids from a
corner. Each sets the rectangles of the widgets it is given; their text sizes
stay the screen's to choose."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import pygame

from .widgets import Widget


def column(
    widgets: Iterable[Widget], centre_x: int, top: int, *, width: int, height: int, gap: int = 14
) -> None:
    """Stack widgets in a centred column."""
    y = top
    for w in widgets:
        w.rect = pygame.Rect(centre_x - width // 2, y, width, height)
        y += height + gap


def grid(
    widgets: Sequence[Widget],
    left: int,
    top: int,
    *,
    width: int,
    height: int,
    columns: int = 0,
    gap: int = 12,
    row_gap: int | None = None,
) -> None:
    """Widgets ``width`` by ``height`` from the top left corner (``left``, ``top``),
    in rows of ``columns`` (0: all in one row), ``gap`` apart across and
    ``row_gap`` (else ``gap``) apart down. One column stacks them."""
    across = columns or max(1, len(widgets))
    down = gap if row_gap is None else row_gap
    for i, w in enumerate(widgets):
        x = left + (i % across) * (width + gap)
        w.rect = pygame.Rect(x, top + (i // across) * (height + down), width, height)
