"""A controller's triggers, LT and RT: a focus through the buttons of a screen,
for the buttons its keys do not reach (the arcade modes under the puzzle list, a
match's Save game). A pulled trigger moves the focus to the previous or next
button that can be used; A then presses it, as a click would. Any other button,
or another screen on top, puts the focus away. A menu has a focus of its own,
which the triggers move instead.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from .scene import Scene
from .scenes.menu import MenuScene
from .widgets import Button

#: How far (of full pull) a trigger goes before it counts, and back before it
#: may count again.
PULLED = 0.6
LET_GO = 0.3
TRIGGERS = {pygame.CONTROLLER_AXIS_TRIGGERLEFT: -1, pygame.CONTROLLER_AXIS_TRIGGERRIGHT: 1}


def buttons(scene: Scene) -> list[Button]:
    """The buttons on show on ``scene``, the panel's where a board has one."""
    controls = getattr(scene, "controls", None)
    if not isinstance(controls, list):
        controls = getattr(getattr(scene, "panel", None), "controls", [])
    return [c for c in controls if isinstance(c, Button) and c.rect.width and c.rect.height]


class ButtonFocus:
    def __init__(self) -> None:
        self.scene: Scene | None = None
        self.on: Button | None = None
        self.pulled = dict.fromkeys(TRIGGERS, False)

    def trigger(self, axis: int, value: int, scene: Scene | None) -> bool:
        """A trigger moved; True if that moved the focus."""
        if axis not in TRIGGERS or scene is None:
            return False
        pull = value / 32767
        if self.pulled[axis]:
            self.pulled[axis] = pull > LET_GO
            return False
        if pull < PULLED:
            return False
        self.pulled[axis] = True
        by = TRIGGERS[axis]
        if isinstance(scene, MenuScene):
            scene.move_focus(by)
            return True
        usable = [b for b in buttons(scene) if b.enabled]
        if not usable:
            return False
        if self.scene is not scene or self.on not in usable:
            index = 0 if by > 0 else len(usable) - 1
        else:
            index = (usable.index(self.on) + by) % len(usable)
        self.put_away()
        self.scene, self.on = scene, usable[index]
        self.on.focused = True
        return True

    def press(self, scene: Scene | None, click: Callable[[], None]) -> bool:
        """A on ``scene``: press the focused button; False if none is focused here."""
        on = self.on
        if on is None or self.scene is not scene or scene is None:
            self.put_away()
            return False
        self.put_away()
        if on.activate():
            click()
        return True

    def put_away(self) -> None:
        if self.on is not None:
            self.on.focused = False
        self.scene = self.on = None
