"""The puzzle browser's pieces, each drawn in the box its layout gives it: a
pack's row, a puzzle's card with its stars and goal, and a list's scroll bar."""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from game.i18n import N_, _
from game.play.progress import MAX_STARS

from .. import text_layout as tl
from .. import theme
from ..layout import split
from ..margin import pads

#: A puzzle's goal, as its card names it.
GOALS = (N_("win"), N_("most"))
#: A solved puzzle's card.
SOLVED = (40, 70, 55)


def pack_boxes(r: pygame.Rect, fit: PackFit) -> tuple[pygame.FRect, pygame.FRect]:
    """A pack row's title box over its line's box, each as tall as ``fit`` makes
    it, with the room its text keeps from the row's top and foot (margin.py)."""
    top, foot = pads(fit.title, False)[1], pads(fit.line, False)[1]
    inner = split(split(pygame.FRect(r).inflate(-24, 0), top)[1], foot, "bottom")[1]
    below, above = split(inner, fit.line_height, "bottom")
    return above, below


def pack_sizes(small: bool) -> tuple[int, int]:
    """The sizes a pack row's title and line ask for."""
    return (19, 15) if small else (26, 20)


@dataclass(frozen=True)
class PackFit:
    """How every row of the pack list draws its title and line: one size for all
    titles (two lines where one is too short), one for all lines."""

    #: The titles' pixel size, and how tall their box is (one line, or two).
    title: int
    title_height: int
    #: The lines' pixel size, and how tall their box is.
    line: int
    line_height: int

    @property
    def row(self) -> int:
        """A row's height: its title over its line, with their room at top and
        foot (margin.py) and between them."""
        room = pads(self.title, False)[1] + pads(self.line, False)[1]
        return self.title_height + self.line_height + room + 4


def pack_fit(
    titles: list[str], lines: list[str], width: float, line_height: float, small: bool
) -> PackFit:
    """The sizes every row of the pack list shares: each line fitted on one line
    ``width`` wide and ``line_height`` tall; each title at its own size, else
    wrapped to two lines, else the largest size that takes two, and never
    smaller than the lines (a card's title is its largest text)."""
    title, line = pack_sizes(small)
    below = pygame.FRect(0, 0, width, line_height)
    line_px = min((tl.label_px(ln, below, line) for ln in lines), default=theme.px(line))

    def takes(p: int) -> int:
        return max((len(theme.face(p, True).wrap(t, int(width))) for t in titles), default=1)

    top = theme.px(title)
    title_px = tl.largest(top, min(top, line_px), lambda p: takes(p) <= 2)
    title_height = takes(title_px) * theme.face(title_px, True).get_linesize()
    return PackFit(title_px, title_height, line_px, int(line_height))


def pack_row(
    surface: pygame.Surface,
    r: pygame.Rect,
    title: str,
    line: str,
    chosen: bool,
    small: bool,
    fit: PackFit,
) -> None:
    """A pack's row: its title over its line of progress, ringed when chosen, at
    the sizes ``fit`` gives every row of the list."""
    pygame.draw.rect(surface, theme.BG_LIGHT, r, border_radius=10)
    if chosen:
        pygame.draw.rect(surface, theme.ACCENT, r, 3, border_radius=10)
    # The row is clipped to the list: the title must fit it, not be cut by it.
    title_box, stats = pack_boxes(r, fit)
    sizes = pack_sizes(small)
    # A one-line title in a row kept tall for another's two: in the middle of its room.
    tall = tl.block_height(title, sizes[0], title_box.width, bold=True, pixels=fit.title)
    at = title_box.move(0, max(0.0, (title_box.height - tall) / 2))
    tl.block(surface, title, split(at, min(tall, at.height))[0],
             size=sizes[0], bold=True, pixels=fit.title)  # fmt: skip
    tl.label(surface, line, stats, size=sizes[1], color=theme.MUTED, most=fit.line)


def card(
    surface: pygame.Surface,
    r: pygame.Rect,
    number: int,
    rating: int,
    goal: str,
    got: int,
    hovered: bool,
    stars: tuple[int, int],
) -> None:
    """Puzzle ``number``'s card: the number and the rating across the top, the
    ``got`` stars of the most (``stars``: their step and radius) and the goal
    ("win" or "most") across the foot."""
    pygame.draw.rect(surface, theme.BG_LIGHT if not got else SOLVED, r, border_radius=8)
    edge = theme.ACCENT if hovered else theme.CELL_EDGE
    pygame.draw.rect(surface, edge, r, 2, border_radius=8)
    # The number and the rating share the card's top: each its half.
    # The number's room from the card's top and sides (margin.py).
    x, y = pads(theme.px(24), False)
    # As tall as it is drawn: bold draws taller than its font says.
    high = theme.rendered(str(number), theme.px(24), theme.TEXT, True).get_height()
    top = split(pygame.FRect(r).inflate(-2 * x, -2 * y), high)[0]
    number_box, rating_box = split(top, 0.5, "left")
    tl.label(surface, str(number), number_box, size=24, bold=True)
    tl.label(surface, str(rating), rating_box, size=16, color=theme.MUTED, align="right")
    step, radius = stars
    for k in range(MAX_STARS):
        color = theme.ACCENT if k < got else theme.CELL_EDGE
        star(surface, (r.left + 12 + step * k, r.bottom - 14), radius, color)
    said = _(GOALS[0]) if goal == "win" else _(GOALS[1])
    theme.text(surface, said, (r.right - 8, r.bottom - 8), size=16, color=theme.MUTED,
               anchor="bottomright")  # fmt: skip


def scrollbar(surface: pygame.Surface, area: pygame.Rect, scroll: int, most: int) -> None:
    """How far down ``area`` is scrolled (of ``most`` pixels), beside its right edge."""
    if most <= 0:
        return
    # At least a pixel long: split reads a length below 1 as a share.
    bar = max(1.0, area.height * area.height / (area.height + most))
    # A track 5 wide, 6 right of the area, and the bar down it as far as the list is.
    track = split(area.inflate(22, 0), 5, "right")[0]
    thumb = split(track.move(0, (area.height - bar) * scroll / most), bar, "top")[0]
    pygame.draw.rect(surface, theme.CELL_EDGE, thumb, border_radius=3)


def star(surface: pygame.Surface, centre: tuple[int, int], r: float, color: theme.Color) -> None:
    """A five-pointed star."""
    cx, cy = centre
    pts = []
    for k in range(10):
        radius = r if k % 2 == 0 else r * 0.45
        a = math.pi / 2 + k * math.pi / 5
        pts.append((cx + radius * math.cos(a), cy - radius * math.sin(a)))
    pygame.draw.polygon(surface, color, pts)
