"""A scene made of a title and a column of buttons, the base of the menus."""

from __future__ import annotations

import pygame

from .. import theme
from ..scene import Scene
from ..widgets import column, draw_all, press, update_all


class MenuScene(Scene):
    title = ""
    subtitle = ""
    button_width = 420

    def __init__(self, app) -> None:
        super().__init__(app)
        self.widgets: list = []

    def build(self) -> list:
        """The widgets, top to bottom."""
        return []

    def enter(self) -> None:
        self.widgets = self.build()
        self.resize(self.app.size)

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        count = max(1, len(self.widgets))
        height = max(40, min(64, (h - 300) // count - 14))
        top = max(190, (h - count * (height + 14)) // 2 + 70)
        column(self.widgets, w // 2, top, width=min(self.button_width, w - 60), height=height)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return
        press(self.widgets, event, self.app.click)

    def back(self) -> None:
        self.app.scenes.pop()

    def update(self, dt: float) -> None:
        update_all(self.widgets, dt)

    def draw(self, surface: pygame.Surface) -> None:
        w, _ = surface.get_size()
        theme.text(surface, self.title, (w // 2, 70), size=64, anchor="midtop", bold=True)
        if self.subtitle:
            theme.text(
                surface, self.subtitle, (w // 2, 140), size=26, color=theme.MUTED, anchor="midtop"
            )
        draw_all(self.widgets, surface)
