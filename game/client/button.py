"""A button, and what every control of a menu shares: the protocol a scene
drives them by, the least size of a label, the focus ring.

A widget has a rectangle (set by the scene's layout), draws itself, and reacts
to the mouse and its own shortcut key. It is given its words in English, marked
with ``N_``, and translates them as it draws them (a change of language shows
on the next frame). A menu can also move a keyboard focus
through its widgets: the focused one glows as if hovered, Enter activates it,
and Left/Right change a choice or a slider.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

import pygame

from game.i18n import _

from . import button_label, pointer, theme
from .margin import pads

#: What a control does when used; what it returns is not used (so that
#: ``app.scenes.pop``, which returns the scene, serves as an action too).
Action = Callable[[], object]


class Widget(Protocol):
    rect: pygame.Rect
    focused: bool
    #: The size its text is drawn at, which a layout may choose from the window
    #: (never from the text size setting: see :mod:`.text_layout`).
    size: int
    base_size: int

    def handle(self, event: pygame.event.Event) -> bool: ...
    def activate(self) -> bool: ...
    def nudge(self, by: int) -> bool: ...
    def update(self, dt: float) -> bool: ...
    def draw(self, surface: pygame.Surface) -> None: ...


#: The smallest size a control's label is drawn at before the layout has failed,
#: as Normal text draws it (Large's floor is the same: see :mod:`.text_layout`).
LABEL_FLOOR = 11


class Button:
    def __init__(
        self,
        label: str,
        action: Action,
        *,
        key: int | None = None,
        size: int = 28,
        enabled: bool = True,
    ) -> None:
        self.label = label
        self.action = action
        self.key = key
        self.size = size
        #: The text size the button was made with; a layout may shrink ``size``.
        self.base_size = size
        self.enabled = enabled
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.glow = 0.0  # 0..1, eases towards 1 while hovered or focused
        self.focused = False
        #: The screen's next action: drawn to stand out (enabled buttons on a panel
        #: otherwise look much like disabled ones).
        self.primary = False
        #: A word for a button recommended to some players ("new here?"), on a tag
        #: at its top edge: unlike the focus's and the pointer's light, never read
        #: as a second button selected. Marked for translation by the caller.
        self.badge = ""
        #: The label size the button's row shares (set as the row is drawn): a
        #: label draws no larger, so no label of a row looks shrunk beside the others.
        self.shared_px: int | None = None

    def handle(self, event: pygame.event.Event) -> bool:
        if not self.enabled:
            return False
        if (
            event.type == pygame.MOUSEBUTTONDOWN
            and event.button == 1
            and self.rect.collidepoint(event.pos)
        ):
            self.action()
            return True
        if event.type == pygame.KEYDOWN and self.key is not None and event.key == self.key:
            self.action()
            return True
        return False

    def activate(self) -> bool:
        """What a click does; False if the button is disabled."""
        if not self.enabled:
            return False
        self.action()
        return True

    def nudge(self, by: int) -> bool:
        """Left or Right while focused: nothing for a plain button."""
        return False

    def update(self, dt: float) -> bool:
        """Ease the glow towards hovered or not; True while it is still moving."""
        hovered = (
            self.enabled and pointer.lights() and self.rect.collidepoint(pygame.mouse.get_pos())
        )
        target = 1.0 if hovered or (self.focused and self.enabled) else 0.0
        if abs(target - self.glow) < 0.01:
            self.glow = target
            return False
        self.glow += (target - self.glow) * min(1.0, dt * 14)
        return True

    def draw(self, surface: pygame.Surface) -> None:
        r = self.rect.inflate(int(6 * self.glow), int(4 * self.glow))
        base = theme.BG_LIGHT if self.enabled else theme.PANEL
        # The pointer and the focus light a button by its fill and a gold edge (the
        # focus with a ring as well); the next action stands out by its gold label
        # alone: an edge or a fill like theirs read as a second button selected.
        tint = 0.25 * self.glow
        color = tuple(int(b + (a - b) * tint) for a, b in zip(theme.ACCENT, base, strict=True))
        pygame.draw.rect(surface, color, r, border_radius=10)
        edge = theme.ACCENT if self.glow > 0.5 else theme.CELL_EDGE
        pygame.draw.rect(surface, edge, r, width=2, border_radius=10)
        if self.focused and self.enabled:
            focus_ring(surface, r)
        fg = theme.MUTED if not self.enabled else theme.ACCENT if self.primary else theme.TEXT
        room = self.rect
        if self.badge:  # the tag at the right end, the label in what is left
            tag, room = self.badge_room()
            badge(surface, _(self.badge), self.rect, tag)
        button_label.button_label(
            surface, _(self.label), room, self.size, fg, LABEL_FLOOR, self.shared_px
        )

    def badge_room(self) -> tuple[int, pygame.Rect]:
        """The badge's text size and the room it leaves the label: the label
        keeps the size it has in the whole button where a smaller tag lets it,
        the tag never smaller than Normal text draws it."""
        label, word = _(self.label), _(self.badge)
        want = button_label.button_label_px(label, self.rect, self.size, LABEL_FLOOR)
        size = max(11, round(self.size * 0.55))
        least = theme.normal_px(size)
        while True:
            room = self.rect.copy()
            # The label's room at its right is the gap before the tag, not the
            # room it keeps from the button's edge (margin.py).
            left = badge_rect(word, self.rect, size).left
            room.width = left - 4 + pads(theme.px(self.size))[0] - room.left
            got = button_label.button_label_px(label, room, self.size, LABEL_FLOOR)
            if got >= want or theme.px(size - 1) < least:
                return size, room
            size -= 1


def badge_rect(word: str, rect: pygame.Rect, size: int) -> pygame.Rect:
    """Where :func:`badge` puts its tag with ``word`` at ``size`` in ``rect``."""
    w, h = theme.font(size, True).size(word)
    y = pads(theme.px(size), False)[1]  # the word's room in its tag (margin.py)
    tag = pygame.Rect(0, 0, w + 12, h + 2 * max(1, y))
    tag.midright = (rect.right - 8, rect.centery)
    return tag


def badge(surface: pygame.Surface, word: str, rect: pygame.Rect, size: int) -> pygame.Rect:
    """A small tag with ``word`` inside ``rect``'s right end: dark on gold, the
    colours of no selection. Returns where it went."""
    tag = badge_rect(word, rect, size)
    pygame.draw.rect(surface, theme.ACCENT, tag, border_radius=tag.height // 2)
    theme.text(
        surface, word, tag.center, size=size, color=theme.BG, anchor="center", bold=True, box=tag
    )
    return tag


def focus_ring(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """The keyboard focus, around ``rect``: in the text's colour, which no fill
    (hovered, chosen or plain) shares, so it shows on any of them."""
    pygame.draw.rect(surface, theme.TEXT, rect.inflate(8, 8), width=3, border_radius=12)


class FocusControl:
    """What a control beside the buttons keeps (a slider, a text field): its title,
    its place, whether the keyboard focus is on it, its text size, and the ring
    that shows the focus, as a button's does."""

    def __init__(self, title: str, size: int) -> None:
        self.title = title
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.focused = False
        self.size = self.base_size = size
        #: The label size the controls drawn with it share (:func:`draw_all`).
        self.shared_px: int | None = None

    def draw_focus(self, surface: pygame.Surface) -> None:
        if self.focused:
            focus_ring(surface, self.rect)
