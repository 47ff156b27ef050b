"""History's notes under its list: the results against each opponent, and the
line saying which games are in view; read as one note, at one size."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from .. import text_layout as tl
from .. import theme
from ..layout import column

STAT_SIZE = 18  # how large a line of the results against each opponent reads


def stat_line(size: int = STAT_SIZE) -> int:
    """The height of a line of the results, at the text size in use."""
    return theme.font(size).get_linesize()


@dataclass(frozen=True)
class Notes:
    """The results' lines in their box, and the games' line ("" for none) in its own."""

    lines: list[str]
    box: pygame.FRect
    more: str
    more_box: pygame.FRect
    size: int


def draw_notes(
    surface: pygame.Surface, notes: Notes, pointer: tuple[int, int] | None, *, lit: bool
) -> None:
    """Draw ``notes``; ``lit``: the focus is on the results (they scroll), marked."""
    boxes = column(notes.box, len(notes.lines), height=stat_line(notes.size), gap=0)
    every = list(zip(notes.lines, boxes, strict=True))
    if notes.more:
        every.append((notes.more, notes.more_box))
    most = min((tl.label_px(line, box, notes.size) for line, box in every), default=None)
    if notes.more:
        tl.label(surface, notes.more, notes.more_box, size=notes.size, align="right", most=most)
    for line, box in zip(notes.lines, boxes, strict=True):
        tl.label(surface, line, box, size=notes.size, color=theme.MUTED, pointer=pointer, most=most)
    if lit:
        # A bar at their left, in the column's margin: a frame round them would
        # crowd the lines (they fill their box) and the list and buttons beside it.
        bar = pygame.Rect(notes.box)
        bar.width = 4
        bar.right = round(notes.box.left) - 8
        pygame.draw.rect(surface, theme.ACCENT, bar, border_radius=2)
