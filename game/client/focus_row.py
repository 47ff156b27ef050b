"""A keyboard focus on a row of buttons that has no menu around it (a lesson's
answers, the result card's): the arrows and Tab (Shift+Tab back) move it, Enter
or Space presses the button it is on. Buttons laid out in more than one row are
walked as they stand: Up and Down go to the nearest button of the row above or
below (round to the other end from the first or last row), Left, Right and Tab
in reading order. A controller's d-pad and A come as those keys (see
:mod:`.pad`), so they serve too.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

import pygame

from .widgets import Button

FORWARD = (pygame.K_RIGHT, pygame.K_DOWN)
BACKWARD = (pygame.K_LEFT, pygame.K_UP)
PRESS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
T = TypeVar("T")


def row_step(
    stops: Sequence[tuple[T, pygame.Rect | pygame.FRect]], at: pygame.Rect | pygame.FRect, by: int
) -> T | None:
    """Up (``by`` -1) or Down (1) from the box ``at``: of ``stops`` (a key and its
    box), the one nearest ``at``'s column in the nearest row that way; past the
    last row, in the row at the other end. ``None`` if every stop is in ``at``'s row."""
    half = at.height / 2

    def rows(way: int) -> list[tuple[T, pygame.Rect | pygame.FRect]]:
        return [(k, r) for k, r in stops if (r.centery - at.centery) * way > half]

    # Going down, the nearest row below is the highest of them, and round past
    # the last row, the top row is too: the highest either way (going up, the lowest).
    ahead = rows(by) or rows(-by)
    if not ahead:
        return None
    edge = (min if by > 0 else max)(r.centery for _k, r in ahead)
    row = [(abs(r.centerx - at.centerx), n) for n, (_k, r) in enumerate(ahead) if r.centery == edge]
    return ahead[min(row)[1]][0]


class FocusRow:
    def __init__(self, buttons: Sequence[Button]) -> None:
        self.buttons = list(buttons)
        #: The button the focus is on (None: not shown yet).
        self.at: int | None = None

    def handle(self, event: pygame.event.Event, click: Callable[[], None]) -> bool:
        """Move the focus or press its button; True if ``event`` was taken. Enter
        on a disabled button is left to the screen (a lesson's Next, once answered)."""
        if event.type != pygame.KEYDOWN or not self.buttons:
            return False
        if event.key == pygame.K_TAB:
            self.move(-1 if getattr(event, "mod", 0) & pygame.KMOD_SHIFT else 1)
            return True
        if event.key in (pygame.K_UP, pygame.K_DOWN) and self.at is not None:
            self.move_between_rows(1 if event.key == pygame.K_DOWN else -1)
            return True
        if event.key in FORWARD or event.key in BACKWARD:
            self.move(1 if event.key in FORWARD else -1)
            return True
        if event.key in PRESS and self.at is not None and self.buttons[self.at].enabled:
            self.buttons[self.at].activate()
            click()
            return True
        return False

    def move_between_rows(self, by: int) -> None:
        """Up (-1) or Down (1), by :func:`row_step`; all in one row: the previous
        or next button, as Left and Right."""
        assert self.at is not None
        usable = [(i, b.rect) for i, b in enumerate(self.buttons) if b.enabled]
        to = row_step(usable, self.buttons[self.at].rect, by)
        if to is None:
            self.move(by)
        else:
            self.show(to)

    def show(self, index: int) -> None:
        self.at = index
        for k, b in enumerate(self.buttons):
            b.focused = k == self.at

    def move(self, by: int) -> None:
        n = len(self.buttons)
        i = (-1 if by > 0 else 0) if self.at is None else self.at
        for _ in range(n):
            i = (i + by) % n
            if self.buttons[i].enabled:
                self.at = i
                break
        for k, b in enumerate(self.buttons):
            b.focused = k == self.at
