"""A slider from 0 to 1 with its title and value in words (the volume)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from game.i18n import _

from . import text_layout, theme
from .widgets import LABEL_FLOOR, FocusControl

#: The knob's radius, and the least gap between the label and the knob at 0.
KNOB = 10
LABEL_GAP = 12


class Slider(FocusControl):
    """A horizontal slider from 0 to 1."""

    def __init__(self, title: str, value: float, on_change: Callable[[float], None]) -> None:
        super().__init__(title, 26)
        self.value = value
        self.on_change = on_change
        self.dragging = False
        #: Said in place of the value (the sound is off, say), until cleared.
        self.note = ""
        #: The sliders of one column (this one among them): their bars share one
        #: width and left edge, the narrowest any of them leaves its label.
        self.peers: Sequence[Slider] = ()

    def _set_from(self, x: int) -> None:
        bar = self.bar()
        self.value = min(1.0, max(0.0, (x - bar.left) / max(1, bar.width)))
        self.on_change(self.value)

    def text(self) -> str:
        return _("{title}: {value}").format(
            title=_(self.title), value=self.note or f"{round(self.value * 100)}%"
        )

    def share(self) -> int:
        # The label has the room it needs at its size (more in Large), the bar
        # the rest, down to a quarter of the slider: the label is not shrunk to
        # make room for the bar.
        widest = _("{title}: {value}").format(title=_(self.title), value="100%")
        text = theme.font(self.size).size(max(widest, self.text(), key=len))[0]
        need = text + 18 + KNOB + LABEL_GAP + 4
        return max(self.rect.width // 4, min(self.rect.width // 2, self.rect.width - need))

    def bar(self) -> pygame.Rect:
        column = [p for p in self.peers if (p.rect.x, p.rect.w) == (self.rect.x, self.rect.w)]
        share = min([self.share(), *(p.share() for p in column)])
        return pygame.Rect(self.rect.right - share, self.rect.centery - 4, share - 16, 8)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.rect.collidepoint(event.pos):
                self.dragging = True
                self._set_from(event.pos[0])
                return True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.dragging = False
        elif event.type == pygame.MOUSEMOTION and self.dragging:
            self._set_from(event.pos[0])
            return True
        return False

    def activate(self) -> bool:
        return False

    def nudge(self, by: int) -> bool:
        """Left or Right while focused: move by a twentieth."""
        self.value = min(1.0, max(0.0, round(self.value * 20 + by) / 20))
        self.on_change(self.value)
        return True

    def update(self, dt: float) -> bool:
        return False

    def label_room(self) -> pygame.Rect:
        # Clear of the knob at the bar's left end, with a margin: at 640x480
        # Large the label "50%" sat right against the bar.
        return pygame.Rect(
            self.rect.left + 18,
            self.rect.top,
            self.bar().left - KNOB - LABEL_GAP - self.rect.left - 18,
            self.rect.height,
        )

    def label_px(self) -> int:
        """The pixel size its label fits at by itself."""
        return text_layout.label_px(self.text(), self.label_room(), self.size, floor=LABEL_FLOOR)

    def draw(self, surface: pygame.Surface) -> None:
        pygame.draw.rect(surface, theme.BG_LIGHT, self.rect, border_radius=10)
        edge = theme.ACCENT if self.focused else theme.CELL_EDGE
        pygame.draw.rect(surface, edge, self.rect, width=2, border_radius=10)
        text_layout.label(
            surface,
            self.text(),
            self.label_room(),
            size=self.size,
            floor=LABEL_FLOOR,
            most=self.shared_px,
        )
        bar = self.bar()
        pygame.draw.rect(surface, theme.CELL, bar, border_radius=4)
        filled = bar.copy()
        filled.width = int(bar.width * self.value)
        pygame.draw.rect(surface, theme.ACCENT, filled, border_radius=4)
        pygame.draw.circle(surface, theme.TEXT, (filled.right, bar.centery), KNOB)
        self.draw_focus(surface)
