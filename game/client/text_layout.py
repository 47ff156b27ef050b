"""The one way a screen draws text: :func:`label` (one line in a box),
:func:`block` (a paragraph wrapped to its box) and :class:`TextBlock` (a page
that scrolls), all through ``Font.render(..., wraplength=)`` and ``Font.align``
of the game's font (:mod:`.glyphs`: letters at their own advances, wrapped at
spaces only).

Large text is never drawn smaller than Normal in the same box. A text's pixel
size is the largest, up to its ``size`` in the player's text size
(:func:`theme.px`), at which it fits; a fit never goes below a pixel floor that
is the same in both text sizes (``floor`` given as a Normal size, else
:data:`theme.FLOOR_PX`). Whatever fits Normal at some pixel size fits Large at
that size too, so Large's choice is never the smaller. What does not fit even at
the floor wraps (:func:`block`), scrolls (:class:`TextBlock`) or is given a
larger box by its screen (measure it with :func:`block_height`); a single line
is cut with "..." and shown whole under the pointer.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

import pygame

from . import theme

Box = pygame.Rect | pygame.FRect
#: How each line of a wrapped text is placed, by name.
ALIGN = {"left": pygame.FONT_LEFT, "center": pygame.FONT_CENTER, "right": pygame.FONT_RIGHT}


def floor_px(floor: float | None) -> int:
    """The pixel floor of a fit: ``floor`` as Normal draws it, else the game's."""
    return theme.FLOOR_PX if floor is None else theme.normal_px(floor)


def fit_px(
    msg: str, size: float, width: float, *, bold: bool = False, floor: float | None = None
) -> int:
    """The pixel size ``msg`` is drawn at on one line ``width`` wide: its own
    (:func:`theme.px`) if it fits, else the largest that does, not below the floor."""
    return _fit(msg, theme.px(size), floor_px(floor), int(width), bold)


def largest(top: int, low: int, fits: Callable[[int], bool]) -> int:
    """The largest pixel size from ``top`` down to ``low`` for which ``fits`` holds
    (``low`` if none does): how every fit here chooses, so a larger ``top`` (Large
    text) never chooses smaller than a smaller one in the same room."""
    if top <= low or fits(top):
        return max(top, 1)
    lo, hi = low, top  # lo is taken (the floor), hi does not fit
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if fits(mid):
            lo = mid
        else:
            hi = mid
    return lo


@lru_cache(maxsize=2048)
def _fit(msg: str, top: int, low: int, width: int, bold: bool) -> int:
    return largest(top, low, lambda p: theme.face(p, bold).size(msg)[0] <= width)


def cut(msg: str, pixels: int, width: float, bold: bool = False) -> str:
    """``msg`` as it fits ``width`` at ``pixels``: whole, or cut and ending "..."."""
    f = theme.face(pixels, bold)
    if f.size(msg)[0] <= width:
        return msg
    while msg and f.size(msg + "...")[0] > width:
        msg = msg[:-1]
    return msg.rstrip() + "..."


def label(
    surface: pygame.Surface,
    msg: str,
    box: Box,
    *,
    size: float = 22,
    color: theme.Color = theme.TEXT,
    align: str = "left",
    bold: bool = False,
    floor: float | None = None,
    pointer: tuple[int, int] | None = None,
    most: int | None = None,
) -> pygame.Rect:
    """One line in ``box``, centred on its height and placed by ``align`` ("left",
    "center", "right"): at ``size``, else as large as fits the box's width and
    height (never below the floor), then cut with "..."; a cut line shows whole in
    a box under it while ``pointer`` is over it. ``most``: no larger than that many
    pixels (the size the texts of its group share). Returns where the text went."""
    p = label_px(msg, box, size, bold=bold, floor=floor)
    if most is not None:
        p = min(p, most)
    shown = cut(msg, p, box.width, bold)
    anchor, x = placed(box, align)
    r = theme.text(
        surface,
        shown,
        (x, box.centery),
        pixels=p,
        color=color,
        anchor=anchor,
        bold=bold,
        box=box,
        asked=theme.px(size),
    )
    if shown != msg and pointer is not None:
        tooltip(surface, msg, pygame.Rect(box), pointer)
    return r


def placed(box: Box, align: str) -> tuple[str, float]:
    """The anchor and the x a one-line text ``align``-ed in ``box`` is drawn at."""
    return {
        "left": ("midleft", box.left),
        "center": ("center", box.centerx),
        "right": ("midright", box.right),
    }[align]


def label_px(
    msg: str, box: Box, size: float, *, bold: bool = False, floor: float | None = None
) -> int:
    """The pixel size :func:`label` draws ``msg`` at in ``box``."""
    p = fit_px(msg, size, box.width, bold=bold, floor=floor)
    low = min(p, floor_px(floor))
    while p > low and theme.face(p, bold).get_height() > box.height:
        p -= 1  # a short box (a small window's button): the text's height fits too
    return p


def tooltip(
    surface: pygame.Surface,
    msg: str,
    box: pygame.Rect,
    pointer: tuple[int, int] | None,
    *,
    size: float = 18,
) -> None:
    """``msg`` whole, wrapped, in a box under ``box`` while the pointer is over it."""
    if pointer is None or not box.collidepoint(pointer):
        return
    width = max(160, box.width)
    tall = block_height(msg, size, width - 16)
    tip = pygame.Rect(box.left, box.bottom + 4, width, tall + 12)
    tip.clamp_ip(surface.get_rect())
    pygame.draw.rect(surface, theme.PANEL, tip, border_radius=8)
    pygame.draw.rect(surface, theme.ACCENT, tip, 2, border_radius=8)
    block(surface, msg, tip.inflate(-16, -12), size=size)


def room(size: float, bold: bool = False) -> int:
    """How tall a box must be for a line of ``size`` in the largest text size: a
    layout that gives every setting this room puts its boxes in the same place
    whatever the setting, so a fit in them keeps Large at least Normal's size."""
    largest = max(theme.TEXT_SCALES.values())
    return theme.face(int(theme.normal_px(size) * largest), bold).get_linesize()


def block_height(
    msg: str, size: float, width: float, *, bold: bool = False, pixels: int | None = None
) -> int:
    """How tall ``msg`` is wrapped to ``width`` at ``size`` (or ``pixels``): what a
    box must give it to show it whole without shrinking."""
    return theme.wrapped_height(msg, pixels or theme.px(size), max(1, int(width)), bold)


def block_px(
    msg: str,
    size: float,
    width: float,
    height: float,
    *,
    bold: bool = False,
    floor: float | None = None,
) -> int:
    """The pixel size at which ``msg`` wrapped to ``width`` fits ``height``: its own
    if it fits, else the largest that does, not below the floor."""
    return _block_px(msg, theme.px(size), floor_px(floor), int(width), int(height), bold)


@lru_cache(maxsize=1024)
def _block_px(msg: str, top: int, low: int, width: int, height: int, bold: bool) -> int:
    return largest(top, low, lambda p: theme.wrapped_height(msg, p, max(1, width), bold) <= height)


def block(
    surface: pygame.Surface,
    msg: str,
    box: Box,
    *,
    size: float = 24,
    color: theme.Color = theme.TEXT,
    align: str = "left",
    bold: bool = False,
    floor: float | None = None,
    pixels: int | None = None,
) -> pygame.Rect:
    """``msg`` wrapped to ``box`` (pygame's wrapping; a newline starts a line),
    each line placed by ``align``: at ``size`` if it all fits, else the largest
    size that does, not below the floor; at the floor, the lines that fit show
    and the rest is left out (a page that may not fit is a :class:`TextBlock`).
    ``pixels``: exactly that size (several texts fitted together, see :func:`largest`).
    Returns the area drawn on."""
    p = pixels or block_px(msg, size, box.width, box.height, bold=bold, floor=floor)
    img = theme.rendered(msg, p, tuple(color), bold, max(1, int(box.width)), ALIGN[align])
    step = theme.face(p, bold).get_linesize()
    shown = pygame.Rect(
        0, 0, img.get_width(), min(img.get_height(), max(1, int(box.height) // step) * step)
    )
    return _blit(surface, msg, img, shown, (box.left, box.top), box, p, step, theme.px(size))


def _blit(
    surface: pygame.Surface,
    msg: str,
    img: pygame.Surface,
    area: pygame.Rect,
    at: tuple[float, float],
    box: Box,
    pixels: int,
    step: int,
    asked: int | None = None,
) -> pygame.Rect:
    """Blit ``area`` of a wrapped text (lines ``step`` apart) and, while the layout
    check runs, note where the letters of each line are."""
    x, y = round(at[0]), round(at[1])
    surface.blit(img, (x, y), area)
    drawn = pygame.Rect(x, y, area.width, area.height)
    if theme.drawn_texts is not None:
        high = theme.face(pixels).get_height()
        lines = []
        for top in range(area.top, area.bottom, step):
            line = pygame.Rect(area.left, top, area.width, min(high, area.bottom - top))
            ink = img.subsurface(line).get_bounding_rect()
            if ink.width:
                lines.append(pygame.Rect(x + ink.left, y + top - area.top, ink.width, line.height))
        if lines:
            whole = lines[0].unionall(lines[1:])
            theme.record(surface, msg, whole, box, pixels, lines, asked)
    return drawn


#: The scroll bar's least width, and the room kept between it and the text: wide
#: enough to see, and to take with the mouse.
BAR = 10
BAR_ROOM = 4


def bar_width(pixels: int) -> int:
    """The scroll bar's width beside text drawn at ``pixels``: half the letters'
    size, never under :data:`BAR` (the text grows with the window, so does the bar)."""
    return max(BAR, round(pixels / 2))


class TextBlock:
    """A page of text in a box: as large as fits, down to ``smallest`` (in the
    player's text size); where it does not fit even then, it scrolls by whole lines (the wheel
    over it, Up and Down, Page Up and Page Down) and a bar at its right edge
    shows where the view is."""

    def __init__(
        self,
        text: str = "",
        *,
        size: float = 24,
        smallest: float = 18,
        color: theme.Color = theme.TEXT,
        gap: int = 6,
    ) -> None:
        self.text = text
        self.base_size = size
        self.smallest = smallest
        self.color = color
        #: Pixels between two lines, beyond the font's own line height.
        self.gap = gap
        self.rect = pygame.FRect(0, 0, 0, 0)
        #: The pixel size the page is drawn at, chosen by :meth:`layout`.
        self.pixels = theme.px(size)
        self.count = 0  # lines of the wrapped text
        #: The first line in view, and how many fit.
        self.first = 0
        self.rows = 0
        #: Where on the bar's thumb the mouse took it (pixels from its top), while
        #: the thumb is dragged; None: it is not.
        self.held: float | None = None

    # -- layout ------------------------------------------------------------------------
    def set_text(self, text: str) -> None:
        if text != self.text:
            self.text = text
            self.first = 0
            self.layout(self.rect)

    def step(self, pixels: int) -> int:
        return theme.face(pixels).get_linesize() + self.gap

    def image(self, pixels: int, width: float) -> pygame.Surface:
        return theme.rendered(
            self.text, pixels, tuple(self.color), False, max(1, int(width)), 0, self.gap
        )

    def layout(self, rect: Box) -> None:
        """Fit the text to ``rect``: the largest size at which it all shows, else
        the floor size, scrolling."""
        self.rect = pygame.FRect(rect)
        if rect.width <= BAR + BAR_ROOM or rect.height <= 0:
            self.count, self.rows = 0, 0
            return
        # The floor grows with the text size too: a page that scrolls anyway
        # keeps Large's letters large (and never below Normal's, in the same box).
        top, low = theme.px(self.base_size), theme.px(self.smallest)
        for p in range(top, min(top, low) - 1, -1):
            if self.image(p, rect.width).get_height() - self.gap <= rect.height:
                self.pixels = p
                self.count = self.rows = self.image(p, rect.width).get_height() // self.step(p)
                self.first = 0
                return
        self.pixels = min(top, low)
        room = bar_width(self.pixels) + BAR_ROOM
        self.count = self.image(self.pixels, rect.width - room).get_height() // self.step(
            self.pixels
        )
        self.rows = max(1, int(rect.height + self.gap) // self.step(self.pixels))
        self.first = min(self.first, self.last_first)

    @property
    def scrolls(self) -> bool:
        return self.count > self.rows

    @property
    def last_first(self) -> int:
        return max(0, self.count - self.rows)

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
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEMOTION, pygame.MOUSEBUTTONUP):
            return self.drag(event)
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

    def drag(self, event: pygame.event.Event) -> bool:
        """The bar's thumb taken and moved with the mouse (a press on the bar
        elsewhere brings the thumb there first). True if the event was its."""
        track, thumb = self.bar()
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if not track.inflate(BAR_ROOM, 0).collidepoint(event.pos):
                return False
            self.held = event.pos[1] - thumb.top
            if not thumb.collidepoint(track.centerx, event.pos[1]):
                self.held = thumb.height / 2
                self.follow(event.pos[1], track, thumb)
            return True
        if self.held is None:
            return False
        if event.type == pygame.MOUSEBUTTONUP:
            self.held = None
        else:
            self.follow(event.pos[1], track, thumb)
        return True

    def follow(self, y: float, track: pygame.FRect, thumb: pygame.FRect) -> None:
        """The view where the thumb's top at ``y`` less the held point puts it."""
        travel = max(1.0, track.height - thumb.height)
        share = (y - (self.held or 0.0) - track.top) / travel
        self.first = max(0, min(self.last_first, round(share * self.last_first)))

    def bar(self) -> tuple[pygame.FRect, pygame.FRect]:
        """The scroll bar's track and its thumb, where the view is."""
        wide = bar_width(self.pixels)
        track = pygame.FRect(self.rect.right - wide, self.rect.top, wide, self.rect.height)
        thumb = track.copy()
        thumb.height = max(2 * wide, track.height * self.rows / max(1, self.count))
        thumb.top = track.top + (track.height - thumb.height) * self.first / max(
            1, self.count - self.rows
        )
        return track, thumb

    # -- drawing -----------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        if not self.rows:
            return
        width = self.rect.width - (bar_width(self.pixels) + BAR_ROOM if self.scrolls else 0)
        img = self.image(self.pixels, width)
        step = self.step(self.pixels)
        area = pygame.Rect(0, self.first * step, img.get_width(), self.rows * step - self.gap)
        area = area.clip(img.get_rect())
        if area.height > 0:
            asked = theme.px(self.base_size)
            _blit(
                surface,
                self.text,
                img,
                area,
                self.rect.topleft,
                self.rect,
                self.pixels,
                step,
                asked,
            )
        if self.scrolls and theme.drawn_texts is not None:
            f = theme.face(self.pixels)
            lines = f.wrap(theme.broken(self.text, f, int(width)), int(width))
            hidden = lines[: self.first] + lines[self.first + self.rows :]
            theme.drawn_hidden.append((surface, hidden))
        if self.scrolls:
            track, thumb = self.bar()
            round_by = int(track.width) // 2
            pygame.draw.rect(surface, theme.BG_LIGHT, track, border_radius=round_by)
            pygame.draw.rect(surface, theme.ACCENT, thumb, border_radius=round_by)
