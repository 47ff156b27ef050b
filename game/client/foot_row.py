"""A screen's row of buttons along its foot (the puzzle browser's), wrapped onto
a second row where one row would draw their labels a whole text size under the
text size's: Large text asks the room it needs, in every language."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.i18n import _

from . import theme
from .button_label import button_label_px
from .layout_tree import Column, Node, Row
from .widgets import LABEL_FLOOR, Button


def shrunk(buttons: Sequence[Button], width: float, height: float) -> bool:
    """Whether a label of ``buttons``, each ``width`` by ``height``, is drawn a
    whole text size (Large over Normal) under its size's."""
    step = theme.TEXT_SCALES["Large"] / theme.TEXT_SCALES["Normal"]
    box = pygame.Rect(0, 0, int(width), int(height))
    return any(
        button_label_px(_(b.label), box, b.size, floor=LABEL_FLOOR)
        <= round(theme.px(b.size) / step)
        for b in buttons
    )


def button_rows(buttons: Sequence[Button], w: int, height: int) -> Column:
    """``buttons`` in one row across a window ``w`` wide (each at most 200 wide,
    ``height`` high, its text size 24 where it is 170 wide or more, else 18), or,
    at that size, in two where one would shrink a label: the first the fuller."""
    per = len(buttons)
    wide = min(200, (w - 40) // per - 8)
    for b in buttons:
        b.size = 24 if wide >= 170 else 18
    if shrunk(buttons, wide, height):
        per = -(-per // 2)
        wide = min(200, (w - 40) // per - 8)
    rows = [buttons[i : i + per] for i in range(0, len(buttons), per)]
    return Column(
        dock="bottom",
        height=len(rows) * height + 8 * (len(rows) - 1),
        margin=(10, 20, 0, 20),
        gap=8,
        children=[
            Row(height=height, gap=8, children=[Node(b, width=wide) for b in row]) for row in rows
        ],
    )
