"""The online lobby's layout where its choices are too wide for a column of
their own (a small window in Large text): the choices across the window, the
lobby's buttons and its lists in two columns under them."""

from __future__ import annotations

import pygame

from game.i18n import _

from .. import theme
from ..button_label import label_width
from ..choice_room import shrunk_in
from ..layout import column, place, split
from ..widgets import Button, Segments, Widget

#: The least size the lobby's rows draw their choices at (``OnlineScene.resize``).
LEAST_SIZE = 15


def spread(choices: list[Segments], w: int) -> bool:
    """Whether the lobby's choices take the window's whole width, over its two
    columns: where in a column their options would be drawn a whole text size
    under the text size's (the time row's five at 640 wide in Large)."""
    return shrunk_in(choices, min(520, (w - 60) // 2), LEAST_SIZE)


def spread_out(
    left: list[Widget], body: pygame.FRect, height: int, gap: int, most: int
) -> tuple[int, list[pygame.FRect]]:
    """The choices of ``left`` across ``body``'s width, its buttons under them on
    the left, as wide as their labels need (``most`` at most): the right column's
    width, and its rows beside the buttons in the rest of the width."""
    choices = [c for c in left if isinstance(c, Segments)]
    full = column(body, len(left), height=height, width=body.width - 40, gap=gap)
    place(choices, full[: len(choices)])
    under = full[len(choices) :]
    buttons = [c for c in left[len(choices) :] if isinstance(c, Button)]
    need = max(label_width(_(c.label), theme.px(c.size), True) + 4 for c in buttons)
    mine = min(most, need)
    halves = [split(r, mine, "left", gap=20) for r in under]
    place(left[len(choices) :], [own for own, _rest in halves])
    return int(body.width - 60 - mine), [rest for _own, rest in halves]
