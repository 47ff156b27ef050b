"""History's list of games: each row at the list's own text size, fitted on
its own (:func:`game.play.history_rows.row_lines`), one line or two, stacked
from the first in view."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

import pygame

from game.play.history import Entry
from game.play.history_rows import row_lines

from .. import text_layout as tl
from .. import theme
from ..layout import split

#: Between two rows.
GAP = 4
#: The text's margin at either end of a row.
INSET = 10


@cache
def lines_at(whole: str, short: str, pixels: int, room: int) -> tuple[str, ...]:
    """A row (``short``: without its turns) as ``room`` pixels show it at ``pixels``."""
    face = theme.face(pixels)
    return row_lines(whole, short, lambda text: face.size(text)[0], room)


class RowSizes:
    """The list's rows, their lines and heights, for its text ``size`` (as
    Normal gives it) and its rows' one-line ``height``."""

    def __init__(self, size: int, height: int) -> None:
        self.size = size
        self.height = height

    def lines(self, game: Entry, width: float) -> tuple[str, ...]:
        """A game's row in a list ``width`` wide."""
        room = int(width) - 2 * INSET
        return lines_at(game.line(), game.line(turns=False), theme.px(self.size), room)

    def tall(self, game: Entry, width: float) -> int:
        """A row's height with the gap under it: each line past the first adds its own."""
        more = len(self.lines(game, width)) - 1
        return self.height + more * theme.font(self.size).get_linesize()

    def fitting(self, games: Sequence[Entry], width: float, room: float) -> int:
        """How many of the rows of ``games`` (from the first) fit ``room``: one at least."""
        # The last row needs no gap under it (play-test: a row's room left empty).
        used, n = -GAP, 0
        for game in games:
            used += self.tall(game, width)
            if used > room:
                break
            n += 1
        return max(1, n)

    def used(self, games: Sequence[Entry], width: float) -> int:
        """The height the rows of ``games`` take."""
        return sum(self.tall(game, width) for game in games)

    def boxes(self, games: Sequence[Entry], box: pygame.FRect) -> list[pygame.FRect]:
        """The boxes of the rows of ``games`` that fit ``box``, from its top."""
        out, rest = [], box
        for game in games[: self.fitting(games, box.width, box.height)]:
            row, rest = split(rest, self.tall(game, box.width) - GAP, gap=GAP)
            out.append(row)
        return out

    def draw(self, surface: pygame.Surface, game: Entry, box: pygame.FRect, *, lit: bool) -> None:
        """A game's row in its box, ``lit`` where selected: each line at the
        list's size (all of them as large as the widest fits, where a field
        alone is wider than the row)."""
        pygame.draw.rect(surface, theme.CELL if lit else theme.BG_LIGHT, box, border_radius=6)
        if lit:
            pygame.draw.rect(surface, theme.ACCENT, box, 2, border_radius=6)
        color = {"won": theme.GOOD, "lost": theme.BAD}.get(game.outcome, theme.TEXT)
        lines = self.lines(game, box.width)
        inner = box.inflate(-2 * INSET, 0)
        # The lines together in the middle, as a row's one line is.
        line = theme.font(self.size).get_linesize()
        rest = split(inner, max(1.0, (inner.height - len(lines) * line) / 2))[1]
        parts = []
        for _line in lines:
            part, rest = split(rest, line)
            parts.append(part)
        most = min(tl.label_px(t, part, self.size) for t, part in zip(lines, parts, strict=True))
        for text, part in zip(lines, parts, strict=True):
            tl.label(surface, text, part, size=self.size, color=color, most=most)
