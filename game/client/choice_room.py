"""How much room a column of choices (:class:`~.widgets.Segments`) leaves
their options: where a screen gives them a window's width, or a second row."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.i18n import _

from . import button_label, theme
from .widgets import LABEL_FLOOR, Segments


def shrunk_in(choices: Sequence[Segments], width: float, size: float) -> bool:
    """Whether ``choices`` ``width`` wide, their titles in one column, would draw
    their options a whole text size (Large over Normal) under ``size``'s."""
    # The titles at Normal's size for ``size`` (as the column's title gets at
    # least), whatever size each choice was last drawn at: one answer a width.
    face = theme.face(theme.normal_px(size + 2))
    title = max((face.size(_(c.title))[0] + 12 for c in choices), default=0)
    step = theme.TEXT_SCALES["Large"] / theme.TEXT_SCALES["Normal"]
    for c in choices:
        n = -(-len(c.options) // c.rows)
        cell = pygame.Rect(0, 0, max(1, int((width - title - 4 * (n - 1)) / n)), 10_000)
        fit = min(button_label.one_line_px(c.shown(o), cell, size, LABEL_FLOOR) for o in c.options)
        if fit <= round(theme.px(size) / step):
            return True
    return False
