"""Buttons in rows that keep their labels at a panel's text size: two a row
where both labels fit half the width, else one a row, on two lines where one
line is not enough. What a narrow panel (a small window, Large text, a long
language) does instead of shrinking its labels."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.i18n import _

from . import button_label, theme
from .layout import grid, place
from .widgets import LABEL_FLOOR, Button

#: Pixels between two buttons of a row.
GAP = 10

#: Buttons and the height of the row they make.
Rows = list[tuple[list[Button], int]]


def label_rows(buttons: Sequence[Button], width: float, pixels: int, least: int) -> Rows:
    """``buttons`` in rows ``width`` wide, in order as far as the pairs allow,
    each label at ``pixels`` or more (where any size does); a row is at least
    ``least`` high."""
    one = max(least, theme.face(pixels).get_height() + 10)
    two = 2 * theme.face(pixels).get_linesize() + 10

    def fits(b: Button, w: float, h: int) -> bool:
        box = pygame.Rect(0, 0, int(w), h)
        return button_label.button_label_px(_(b.label), box, b.size, LABEL_FLOOR) >= pixels

    rows: Rows = []
    waiting: list[Button] | None = None
    for b in buttons:
        if fits(b, (width - GAP) / 2, one):
            if waiting is None:
                waiting = [b]
                rows.append((waiting, one))  # the pair's row, kept in its place
            else:
                waiting.append(b)
                waiting = None
        else:
            rows.append(([b], one if fits(b, width, one) else two))
    return rows


def height_of(rows: Rows, gap: int) -> int:
    return sum(h for _, h in rows) + gap * max(0, len(rows) - 1)


def place_rows(rows: Rows, box: pygame.Rect | pygame.FRect, gap: int) -> None:
    """Rows of buttons, each as tall as said, their buttons sharing its width,
    stacked ``gap`` apart against the bottom of ``box``."""
    y = box.bottom - height_of(rows, gap)
    for buttons, height in rows:
        strip = pygame.FRect(box.left, y, box.width, height)
        place(buttons, grid(strip, len(buttons), columns=len(buttons), height=height, gap=GAP))
        y += height + gap
