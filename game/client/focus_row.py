"""A keyboard focus on a row of buttons that has no menu around it (a lesson's
answers): the arrows move it, Enter or Space presses the button it is on. A
controller's d-pad and A come as those keys (see :mod:`.pad`), so they serve too.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from .widgets import Button

FORWARD = (pygame.K_RIGHT, pygame.K_DOWN)
BACKWARD = (pygame.K_LEFT, pygame.K_UP)
PRESS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


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
        if event.key in FORWARD or event.key in BACKWARD:
            self.move(1 if event.key in FORWARD else -1)
            return True
        if event.key in PRESS and self.at is not None and self.buttons[self.at].enabled:
            self.buttons[self.at].activate()
            click()
            return True
        return False

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
