"""The room a text keeps inside the control or card it is drawn in: the rule the
label fits keep (:mod:`.button_label`) and the tour's check measures
(:mod:`.scripted.margins`). It is a share of the height of the text's font, so a
larger text keeps more: a label that fills its button edge to edge, or a title
against its card's top, reads as too big for it, though it is inside."""

from __future__ import annotations

from functools import cache

import pygame

from . import theme

#: The least room between a text's letters (its capitals' tops, its line's foot,
#: its first and last letter) and each edge of the card or control it is drawn
#: in: this share of the height of its font's line...
ROOM = 0.3
#: ... and at the left and right of a control's label (it stands in the middle:
#: one from edge to edge reads as too big for its button), this share.
LABEL_ROOM = 0.6
#: ... and never less than this many pixels, whatever the size.
LEAST_ROOM = 3


def letters(r: pygame.Rect) -> pygame.Rect:
    """Where a line's letters are in its box: a font's box keeps room above the
    capitals (for accents) and under the line (for descenders), about a sixth of
    its height each, and a pixel at each end."""
    return r.inflate(-2, -max(4, r.height // 3))


# The room depends on the font's height alone, the same at a size for the whole
# run; a layout asks it for every label it fits, at size after size.
@cache
def needed(pixels: int, labels: bool = False) -> tuple[int, int]:
    """The least room a text of ``pixels`` keeps at its sides, and above and under
    it; ``labels``: as a control's label."""
    high = theme.face(pixels).get_height()
    end = max(LEAST_ROOM, round(ROOM * high))
    return (max(end, round(LABEL_ROOM * high)) if labels else end), end


@cache
def pads(pixels: int, labels: bool = True) -> tuple[int, int]:
    """How far in from a frame's sides, and from its top and foot, the box of a
    text of ``pixels`` keeps :func:`needed`'s room: its font's box may come
    nearer the edges than its letters do."""
    side, end = needed(pixels, labels)
    high = theme.face(pixels).get_height()
    # A pixel more above and under: a line centred in a box an odd number of
    # pixels taller than it sits a pixel off its middle.
    return max(0, side - 1), max(0, end - max(4, high // 3) // 2 + 1)


def inset(frame: pygame.Rect | pygame.FRect, pixels: int, labels: bool = True) -> pygame.Rect:
    """The box a text of ``pixels`` may fill in ``frame`` and keep its room."""
    x, y = pads(pixels, labels)
    r = pygame.Rect(frame)
    return pygame.Rect(r.left + x, r.top + y, max(1, r.width - 2 * x), max(1, r.height - 2 * y))


def framed_height(pixels: int, lines: int = 1) -> int:
    """How tall a frame must be for ``lines`` lines of ``pixels`` with their room."""
    # As a wrapped text measures itself: a line's full step each (text_layout).
    f = theme.face(pixels)
    return (f.get_height() if lines == 1 else lines * f.get_linesize()) + 2 * pads(pixels)[1]
