"""A scene made of a title and a column of buttons, the base of the menus."""

from __future__ import annotations

import pygame

from .. import theme
from ..layout import column
from ..scene import Scene, Services
from ..widgets import Widget, draw_all, press, update_all


class MenuScene(Scene):
    title = ""
    button_width = 420

    @property
    def subtitle(self) -> str:
        """The line under the title (a menu may name it as a plain attribute)."""
        return ""

    def __init__(self, app: Services) -> None:
        super().__init__(app)
        self.controls: list[Widget] = []
        self.focus: int | None = None  # the widget the keyboard is on, if any

    def build(self) -> list[Widget]:
        """The widgets, top to bottom."""
        return []

    def enter(self) -> None:
        self.controls = self.build()
        if self.focus is not None:  # coming back to the menu: stay where you were
            self.set_focus(min(self.focus, len(self.controls) - 1))
        self.resize(self.app.size)

    def set_focus(self, index: int | None) -> None:
        self.focus = index if self.controls else None
        for i, w in enumerate(self.controls):
            w.focused = i == self.focus

    def move_focus(self, by: int) -> None:
        """Up/Down and Tab: the next widget that can be used, wrapping round."""
        n = len(self.controls)
        if not n:
            return
        i = (-1 if by > 0 else 0) if self.focus is None else self.focus
        for _ in range(n):
            i = (i + by) % n
            if getattr(self.controls[i], "enabled", True):
                self.set_focus(i)
                return

    def handle_focus_key(self, key: int, mod: int) -> bool:
        if key in (pygame.K_DOWN, pygame.K_UP, pygame.K_TAB):
            back = key == pygame.K_UP or (key == pygame.K_TAB and mod & pygame.KMOD_SHIFT)
            self.move_focus(-1 if back else 1)
            return True
        if self.focus is None:
            return False
        widget = self.controls[self.focus]
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if widget.activate():
                self.app.click()
            return True
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            by = 1 if key == pygame.K_RIGHT else -1
            if widget.nudge(by):
                self.app.click()
            else:  # a plain button: Left and Right go to the next column's
                self.move_across(by)
            return True
        return False

    def move_across(self, by: int) -> None:
        """Left (-1) or Right (1) from the focused widget: the nearest usable one
        beside it in that direction, on the same row (none: the focus stays)."""
        if self.focus is None:
            return
        at = self.controls[self.focus].rect
        beside = [
            (abs(w.rect.centery - at.centery), abs(w.rect.centerx - at.centerx), i)
            for i, w in enumerate(self.controls)
            if getattr(w, "enabled", True)
            and (w.rect.centerx - at.centerx) * by > 0
            and abs(w.rect.centery - at.centery) < max(at.height, w.rect.height)
        ]
        if beside:
            self.set_focus(min(beside)[2])

    def header(self, h: int) -> int:
        """Pixels the title and subtitle take at the top for a window ``h`` high."""
        return min(190, max(120, h * 30 // 100))

    def resize(self, size: tuple[int, int]) -> None:
        """Fit the column between the header and the bottom, from 640x480 up: the
        buttons shrink (down to 30 pixels, with their text) before they overflow,
        and a long menu that still does not fit goes into two columns."""
        w, h = size
        count = max(1, len(self.controls))
        top = self.header(h)
        room = h - top - 30
        columns = 1 if count * 36 <= room else 2
        rows = -(-count // columns)
        gap = 14 if room >= rows * 54 else 6
        height = max(30, min(64, room // rows - gap))
        top += max(0, (room - rows * (height + gap)) // 2)
        width = min(self.button_width, (w - 60 - 20 * (columns - 1)) // columns)
        for k in range(columns):
            centre = w // 2 if columns == 1 else w // 2 + (2 * k - 1) * (width + 20) // 2
            part = self.controls[k * rows : (k + 1) * rows]
            column(part, centre, top, width=width, height=height, gap=gap)
        for c in self.controls:
            c.size = max(16, min(c.base_size, height * 45 // 100))

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.back()
                return
            if self.handle_focus_key(event.key, getattr(event, "mod", 0)):
                return
        elif event.type == pygame.MOUSEMOTION and self.focus is not None:
            self.set_focus(None)  # the mouse takes over from the keyboard
        press(self.controls, event, self.app.click)

    def back(self) -> None:
        self.app.scenes.pop()

    def update(self, dt: float) -> bool:
        return update_all(self.controls, dt)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        k = self.header(h) / 190
        theme.text(
            surface,
            self.title,
            (w // 2, round(60 * k)),
            size=theme.fit(self.title, round(60 * k), w - 40, bold=True, smallest=24),
            anchor="midtop",
            bold=True,
        )
        if self.subtitle:
            size = theme.fit(self.subtitle, max(16, round(26 * k)), w - 40, smallest=11)
            theme.text(
                surface,
                self.subtitle,
                (w // 2, round(134 * k)),
                size=size,
                color=theme.MUTED,
                anchor="midtop",
            )
        draw_all(self.controls, surface)
