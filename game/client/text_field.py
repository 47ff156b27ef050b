"""A line of text the player types: a server address, a name, a code."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.i18n import _

from . import text_layout, theme
from .widgets import LABEL_FLOOR, FocusControl


class TextField(FocusControl):
    """A line of text the player types: a server address, a name, a code.

    A click on it (or the keyboard focus) starts typing; a click elsewhere, Enter
    or Escape ends it. It is never a trap: Up and Down (a line has no use for
    them) are the screen's, to move the focus on, and so is Escape once typing
    has ended, to go back as on any other screen. Typed text arrives as
    ``TEXTINPUT`` events; Backspace deletes, Ctrl+V pastes, and ``allowed``
    filters what may be typed (a code takes upper-case letters and digits
    only). Enter calls ``on_enter``.
    """

    def __init__(
        self,
        title: str,
        value: str = "",
        *,
        limit: int = 40,
        allowed: Callable[[str], bool] | None = None,
        upper: bool = False,
        on_enter: Callable[[], None] | None = None,
        hint: str = "",
    ) -> None:
        super().__init__(title, 22)
        self.value = value[:limit]
        self.limit = limit
        self.allowed = allowed or (lambda c: c.isprintable())
        self.upper = upper
        self.on_enter = on_enter
        self.hint = hint
        self.editing = False
        self.blink = 0.0
        #: The title's width the fields drawn with it share, so their values start
        #: at one edge (:func:`widgets.draw_all`); None: its own.
        self.title_room: int | None = None

    @property
    def typing(self) -> bool:
        return self.editing or self.focused

    def type(self, text: str) -> None:
        for c in text.upper() if self.upper else text:
            if len(self.value) < self.limit and self.allowed(c):
                self.value += c

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.editing = self.rect.collidepoint(event.pos)
            return self.editing
        if not self.typing:
            return False
        if event.type == pygame.TEXTINPUT:
            self.type(event.text)
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_BACKSPACE:
                self.value = self.value[:-1]
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.editing = False
                if self.on_enter is not None:
                    self.on_enter()
            elif event.key in (pygame.K_UP, pygame.K_DOWN):
                self.editing = False
                return False
            elif event.key == pygame.K_ESCAPE:
                if not self.editing:
                    return False
                self.editing = False
            elif event.key == pygame.K_v and event.mod & pygame.KMOD_CTRL:
                self.type(_clipboard())
            return True  # every other key is the field's while typing (no shortcuts)
        return False

    def activate(self) -> bool:
        self.editing = True
        return False

    def nudge(self, by: int) -> bool:
        return False

    def update(self, dt: float) -> bool:
        if not self.typing:
            return False
        self.blink = (self.blink + dt) % 1.0
        return True  # the caret blinks

    def title_need(self) -> int:
        """The title's own share of the field: 150, or what it needs whole at its
        size (a title smaller than the value beside it reads as a footnote), but
        never more than half the field."""
        need = theme.face(theme.px(self.size)).size(_(self.title))[0] + 12
        return min(self.rect.width // 2, max(min(self.rect.width // 3, 150), need))

    def title_width(self) -> int:
        """The title's share: the one the fields drawn with it share, else its own."""
        if self.title_room is None:
            return self.title_need()
        return min(self.rect.width // 2, self.title_room)

    def title_box(self) -> pygame.Rect:
        title_w = self.title_width()
        return pygame.Rect(self.rect.left + 4, self.rect.top, title_w - 8, self.rect.height)

    def label_px(self) -> int:
        """The pixel size its title fits at by itself."""
        return text_layout.label_px(_(self.title), self.title_box(), self.size, floor=LABEL_FLOOR)

    def draw(self, surface: pygame.Surface) -> None:
        title_w = self.title_width()
        text_layout.label(
            surface,
            _(self.title),
            self.title_box(),
            size=self.size,
            floor=LABEL_FLOOR,
            most=self.shared_px,
        )
        box = pygame.Rect(
            self.rect.left + title_w, self.rect.top, self.rect.width - title_w, self.rect.height
        )
        pygame.draw.rect(surface, theme.BG, box, border_radius=8)
        edge = theme.ACCENT if self.typing else theme.CELL_EDGE
        pygame.draw.rect(surface, edge, box, 2, border_radius=8)
        shown = self.value or ("" if self.typing else _(self.hint) if self.hint else "")
        color = theme.TEXT if self.value else theme.MUTED
        font = theme.font(self.size)
        while shown and font.size(shown)[0] > box.width - 24:
            shown = shown[1:]  # the end of a long value stays in view
        r = theme.text(
            surface,
            shown,
            (box.left + 10, box.centery),
            size=self.size,
            color=color,
            anchor="midleft",
            box=box,
        )
        if self.typing and self.blink < 0.5:
            x = r.right + 2 if self.value else box.left + 10
            pygame.draw.line(surface, theme.ACCENT, (x, box.top + 8), (x, box.bottom - 8), 2)
        self.draw_focus(surface)


def _clipboard() -> str:
    """The clipboard's text, or nothing where there is no clipboard."""
    try:
        return pygame.scrap.get_text() or ""
    except (pygame.error, AttributeError):
        return ""
