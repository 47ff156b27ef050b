"""Scenes and the stack that holds them.

Each scene owns its input and its drawing. The top scene gets the events;
scenes marked ``overlay`` are drawn over the one below (a game-over panel over
the finished board). Push opens a scene on top, pop returns to the one below,
replace swaps the top one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from .widgets import Button, press, update_all

if TYPE_CHECKING:
    from .app import App


class Scene:
    overlay = False

    def __init__(self, app: App) -> None:
        self.app = app

    def enter(self) -> None:
        """Called when the scene becomes the top one (again)."""

    def leave(self) -> None:
        """Called when the scene is popped or replaced."""

    def handle(self, event: pygame.event.Event) -> None:
        """One input event."""

    def update(self, dt: float) -> None:
        """Advance time by ``dt`` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the whole scene (or, for an overlay, what goes over the one below)."""

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size; recompute the layout."""


class ButtonScene(Scene):
    """A scene whose input is its buttons alone; ``t`` counts the seconds since
    it opened, for its animations."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.t = 0.0
        self.buttons: list[Button] = []

    def handle(self, event: pygame.event.Event) -> None:
        press(self.buttons, event, self.app.click)

    def update(self, dt: float) -> None:
        self.t += dt
        update_all(self.buttons, dt)


class SceneStack:
    def __init__(self) -> None:
        self.scenes: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        self.scenes.append(scene)
        scene.enter()

    def pop(self) -> Scene | None:
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        scene.leave()
        if self.scenes:
            self.scenes[-1].enter()
        return scene

    def replace(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes.pop().leave()
        self.push(scene)

    def reset(self, scene: Scene) -> None:
        """Leave every scene and start again from ``scene``."""
        while self.scenes:
            self.scenes.pop().leave()
        self.push(scene)

    def visible(self) -> list[Scene]:
        """The scenes to draw, bottom first: the top one and any it is drawn over."""
        out: list[Scene] = []
        for scene in reversed(self.scenes):
            out.append(scene)
            if not scene.overlay:
                break
        return out[::-1]
