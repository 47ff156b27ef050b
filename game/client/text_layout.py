"""Text laid out to fit its box, at every window size.

:class:`TextBlock` is the one way a screen shows a paragraph or a page of text:
wrapped to the box's width at the largest size, from its own down to a floor,
at which it all fits the box; where it does not fit even at the floor, it
scrolls by whole lines (the wheel over it, Up and Down, Page Up and Page Down)
and a bar at its right edge shows where the view is. It never runs under the
screen's buttons or off the window, and :func:`theme.block` does the same for a
line or two that must not scroll (the text shrinks, and at the floor ends in
"...").
"""

from __future__ import annotations

import pygame

from . import theme

#: Room kept at the right for the scroll bar when the text scrolls.
BAR = 12


class TextBlock:
    def __init__(
        self,
        text: str = "",
        *,
        size: int = 24,
        smallest: int = 18,
        color: theme.Color = theme.TEXT,
        gap: int = 6,
    ) -> None:
        self.text = text
        self.base_size = size
        self.smallest = smallest
        self.color = color
        self.gap = gap
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.size = size
        self.lines: list[str] = []
        #: The first line in view, and how many fit.
        self.first = 0
        self.rows = 0

    # -- layout ------------------------------------------------------------------------
    def set_text(self, text: str) -> None:
        if text != self.text:
            self.text = text
            self.first = 0
            self.layout(self.rect)

    def layout(self, rect: pygame.Rect) -> None:
        """Fit the text to ``rect``: the largest size at which it all shows, else
        the floor size, scrolling."""
        self.rect = pygame.Rect(rect)
        if rect.width <= BAR or rect.height <= 0:
            self.lines, self.rows = [], 0
            return
        for size in range(self.base_size, self.smallest - 1, -1):
            lines = theme.wrap(self.text, size, rect.width)
            if len(lines) * self.step(size) - self.gap <= rect.height:
                self.size, self.lines = size, lines
                self.rows = len(lines)
                self.first = 0
                return
        self.size = self.smallest
        self.lines = theme.wrap(self.text, self.size, rect.width - BAR)
        self.rows = max(1, (rect.height + self.gap) // self.step(self.size))
        self.first = min(self.first, self.last_first)

    def step(self, size: int) -> int:
        return theme.font(size).get_linesize() + self.gap

    @property
    def scrolls(self) -> bool:
        return len(self.lines) > self.rows

    @property
    def last_first(self) -> int:
        return max(0, len(self.lines) - self.rows)

    # -- input -------------------------------------------------------------------------
    def scroll(self, lines: int) -> bool:
        """Move the view by ``lines``; True if it moved."""
        first = max(0, min(self.last_first, self.first + lines))
        moved = first != self.first
        self.first = first
        return moved

    def handle(self, event: pygame.event.Event, pointer: tuple[int, int] | None) -> bool:
        """The wheel over the block, and Up, Down, Page Up and Page Down, scroll it
        when it does not fit. True if the event was its."""
        if not self.scrolls:
            return False
        if event.type == pygame.MOUSEWHEEL:
            if pointer is not None and self.rect.collidepoint(pointer):
                self.scroll(-3 * event.y)
                return True
        elif event.type == pygame.KEYDOWN:
            page = max(1, self.rows - 1)
            by = {
                pygame.K_UP: -1,
                pygame.K_DOWN: 1,
                pygame.K_PAGEUP: -page,
                pygame.K_PAGEDOWN: page,
            }.get(event.key)
            if by is not None:
                self.scroll(by)
                return True
        return False

    # -- drawing -----------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        step = self.step(self.size)
        y = self.rect.top
        for line in self.lines[self.first : self.first + self.rows]:
            theme.text(
                surface,
                line,
                (self.rect.left, y),
                size=self.size,
                color=self.color,
                box=self.rect,
            )
            y += step
        if self.scrolls:
            track = pygame.Rect(self.rect.right - BAR + 4, self.rect.top, 6, self.rect.height)
            pygame.draw.rect(surface, theme.BG_LIGHT, track, border_radius=3)
            n = len(self.lines)
            thumb = track.copy()
            thumb.height = max(16, track.height * self.rows // n)
            thumb.top = track.top + (track.height - thumb.height) * self.first // max(
                1, n - self.rows
            )
            pygame.draw.rect(surface, theme.ACCENT, thumb, border_radius=3)
