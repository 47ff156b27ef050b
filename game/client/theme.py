"""Colours, fonts and sizes shared by every scene."""

from __future__ import annotations

from functools import cache, lru_cache

import pygame

#: An opaque colour as the palette gives it: red, green, blue.
Color = tuple[int, int, int]

BG = (18, 21, 31)
BG_LIGHT = (30, 35, 50)
PANEL = (26, 30, 44)
CELL = (44, 51, 70)
CELL_EDGE = (62, 71, 96)
TEXT = (236, 239, 245)
MUTED = (150, 158, 180)
ACCENT = (255, 200, 87)
GOOD = (96, 214, 140)
BAD = (240, 96, 96)
RED_TILE = (226, 74, 74)
RED_DARK = (150, 40, 44)
BLUE_TILE = (64, 130, 240)
BLUE_DARK = (34, 70, 150)
TILE = {0: RED_TILE, 1: BLUE_TILE}
#: The colour of each tone of a message (see explain.py and arcade.py).
TONES = {"good": GOOD, "bad": BAD, "chain": ACCENT, "accent": ACCENT, "info": MUTED, "muted": MUTED}
TILE_DARK = {0: RED_DARK, 1: BLUE_DARK}


#: How much larger than normal every text is drawn (the Text size setting).
#: Every size in the game goes through :func:`font`, so layouts that measure
#: their text (fit, wrap, block, label, TextBlock) follow it.
TEXT_SCALES = {"Normal": 1.0, "Large": 1.2}
_now = {"scale": 1.0}


def set_text_size(name: str) -> None:
    """Draw every text at ``name``'s size from now on (see :data:`TEXT_SCALES`)."""
    scale = TEXT_SCALES.get(name, 1.0)
    if scale != _now["scale"]:
        _now["scale"] = scale
        font.cache_clear()
        rendered.cache_clear()


@cache
def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The game's font at ``size`` pixels (pygame's bundled sans, so every system
    looks the same), larger with the Large text size."""
    f = pygame.font.Font(None, max(8, int(size * 1.3 * _now["scale"])))
    f.bold = bold
    return f


#: While a layout check runs: every text drawn, where, and the box it belongs in
#: (None: the window). See :func:`game.client.scripted.tour.text_problems`.
drawn_texts: list[tuple[pygame.Surface, str, pygame.Rect, pygame.Rect | None]] | None = None


def text(
    surface: pygame.Surface,
    msg: str,
    pos: tuple[float, float],
    *,
    size: int = 24,
    color: Color = TEXT,
    anchor: str = "topleft",
    bold: bool = False,
    box: pygame.Rect | None = None,
) -> pygame.Rect:
    """Draw ``msg`` with one corner (or the centre) of its box at ``pos``.
    ``box``: the box the text belongs in (a button's, a panel's), for the layout
    check; it is not clipped to it."""
    img = rendered(msg, size, tuple(color), bold)
    rect = img.get_rect(**{anchor: pos})
    surface.blit(img, rect)
    if drawn_texts is not None and msg.strip():
        clip = surface.get_clip()
        if clip != surface.get_rect():
            # A scrolled list draws its edge rows cut by its clip: what shows is
            # what counts, and it belongs in the clip.
            shown = rect.clip(clip)
            if shown.width and shown.height:
                drawn_texts.append((surface, msg, shown, box.clip(clip) if box else clip))
        else:
            drawn_texts.append((surface, msg, rect, box))
    return rect


@lru_cache(maxsize=1024)
def rendered(msg: str, size: int, color: tuple[int, ...], bold: bool) -> pygame.Surface:
    """Text as an image, kept: most of a frame's text is the same as last frame's."""
    return font(size, bold).render(msg, True, color)


def dialog(surface: pygame.Surface, box: pygame.Rect, shade: int) -> None:
    """A panel over the screen: the screen dimmed by ``shade`` (0-150, it fades in
    as the caller raises it), then the panel with its accent edge."""
    surface.blit(_dimmer(surface.get_size(), max(0, min(150, shade))), (0, 0))
    pygame.draw.rect(surface, PANEL, box, border_radius=16)
    pygame.draw.rect(surface, ACCENT, box, 3, border_radius=16)


#: The see-through sheet a dialog dims the screen with, by window size, and the
#: shade it was last filled with: a dialog is drawn every frame, and a surface
#: the size of the window is not cheap to make.
_veils: dict[tuple[int, int], tuple[pygame.Surface, int]] = {}


def _dimmer(size: tuple[int, int], shade: int) -> pygame.Surface:
    kept = _veils.get(size)
    if kept is None:
        if len(_veils) >= 4:  # sizes of windows gone by
            _veils.clear()
        veil, filled = pygame.Surface(size, pygame.SRCALPHA), -1
    else:
        veil, filled = kept
    if filled != shade:
        veil.fill((0, 0, 0, shade))
    _veils[size] = (veil, shade)
    return veil


def fit(msg: str, size: int, width: int, bold: bool = False, smallest: int = 14) -> int:
    """The largest text size up to ``size`` at which ``msg`` fits in ``width``."""
    while size > smallest and font(size, bold).size(msg)[0] > width:
        size -= 2
    return size


def wrap(msg: str, size: int, width: int) -> list[str]:
    """Split ``msg`` into lines no wider than ``width`` pixels."""
    f = font(size)
    lines: list[str] = []
    for para in msg.split("\n"):
        line = ""
        for word in para.split(" "):
            trial = f"{line} {word}".strip()
            if f.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def block(
    surface: pygame.Surface,
    msg: str,
    box: pygame.Rect,
    *,
    size: int = 24,
    smallest: int = 14,
    color: Color = TEXT,
    align: str = "center",
) -> pygame.Rect:
    """Draw ``msg`` wrapped to ``box``: at ``size`` if it fits, else the largest
    smaller size at which every line fits the box's height; at ``smallest`` the
    last line that fits ends in "...". Returns the area drawn on."""
    for s in range(size, smallest - 1, -2):
        lines = wrap(msg, s, box.width)
        step = font(s).get_linesize()
        if len(lines) * step <= box.height or s <= smallest:
            break
    keep = max(1, box.height // step)
    if len(lines) > keep:
        lines = lines[:keep]
        lines[-1] = cut(lines[-1] + " ", s, box.width)
    drawn = pygame.Rect(box.left, box.top, 0, 0)
    y = box.top
    for line in lines:
        if align == "center":
            r = text(surface, line, (box.centerx, y), size=s, color=color, anchor="midtop", box=box)
        else:
            r = text(surface, line, (box.left, y), size=s, color=color, box=box)
        drawn.union_ip(r)
        y += step
    return drawn


def cut(msg: str, size: int, width: int) -> str:
    """``msg`` as it fits ``width`` at ``size``: whole, or cut and ending "..."."""
    if font(size).size(msg)[0] <= width:
        return msg
    while msg and font(size).size(msg + "...")[0] > width:
        msg = msg[:-1]
    return msg.rstrip() + "..."


def label(
    surface: pygame.Surface,
    msg: str,
    box: pygame.Rect,
    *,
    size: int = 22,
    smallest: int = 14,
    color: Color = TEXT,
    pointer: tuple[int, int] | None = None,
) -> pygame.Rect:
    """One line in ``box``: at ``size`` if it fits, else smaller down to
    ``smallest``, then cut with "..."; a cut line shows whole in a box under it
    while the pointer is over it. A screen that draws more over that place
    afterwards passes no pointer here and calls :func:`tooltip` last."""
    s = fit(msg, size, box.width, smallest=smallest)
    r = text(
        surface,
        cut(msg, s, box.width),
        (box.left, box.centery),
        size=s,
        color=color,
        anchor="midleft",
        box=box,
    )
    tooltip(surface, msg, box, pointer, size=size, smallest=smallest)
    return r


def tooltip(
    surface: pygame.Surface,
    msg: str,
    box: pygame.Rect,
    pointer: tuple[int, int] | None,
    *,
    size: int = 22,
    smallest: int = 14,
) -> None:
    """``msg`` whole in a box under ``box`` while the pointer is over it, where
    :func:`label` with the same sizes had to cut it."""
    if pointer is None or not box.collidepoint(pointer):
        return
    if cut(msg, fit(msg, size, box.width, smallest=smallest), box.width) == msg:
        return  # shown whole already
    lines = wrap(msg, smallest + 2, max(120, box.width - 16))
    step = font(smallest + 2).get_linesize()
    tip = pygame.Rect(box.left, box.bottom + 4, box.width, 12 + step * len(lines))
    tip.clamp_ip(surface.get_rect())
    pygame.draw.rect(surface, PANEL, tip, border_radius=8)
    pygame.draw.rect(surface, ACCENT, tip, 2, border_radius=8)
    for i, line in enumerate(lines):
        text(surface, line, (tip.left + 8, tip.top + 6 + step * i), size=smallest + 2, box=tip)
