"""Colours, fonts and sizes shared by every scene."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache, lru_cache

import pygame

from .glyphs import Face

#: An opaque colour as the palette gives it: red, green, blue.
Color = tuple[int, int, int]

BG = (18, 21, 31)
BG_LIGHT = (30, 35, 50)
PANEL = (26, 30, 44)
CELL = (44, 51, 70)
CELL_EDGE = (62, 71, 96)
#: A cell's number on an empty cell: 3:1 against :data:`CELL` (the cells' edge
#: colour, 1.4:1, left it faint), quieter than the muted texts.
CELL_NUMBER = (122, 131, 158)
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
#: Every size in the game goes through :func:`px`, so layouts that measure their
#: text (:mod:`.text_layout`) follow it.
TEXT_SCALES = {"Normal": 1.0, "Large": 1.2}
_now = {"scale": 1.0}
#: Pixels of font height per unit of a text's ``size``.
PX_PER_SIZE = 1.3
#: The smallest pixel size any text is drawn at, whatever the text size setting:
#: a fit may shrink a text to it, never below (see :mod:`.text_layout`).
FLOOR_PX = 14


def set_text_size(name: str) -> None:
    """Draw every text at ``name``'s size from now on (see :data:`TEXT_SCALES`)."""
    scale = TEXT_SCALES.get(name, 1.0)
    if scale != _now["scale"]:
        _now["scale"] = scale
        rendered.cache_clear()


@contextmanager
def measured_as(name: str) -> Iterator[None]:
    """Measure as ``name``'s text size draws, then as before: for a layout that
    must come out alike in every text size."""
    # The drawn texts are kept by pixel size, the same in every setting: a
    # measure changes none of them (set_text_size's clearing would redraw all).
    kept = _now["scale"]
    _now["scale"] = TEXT_SCALES.get(name, 1.0)
    try:
        yield
    finally:
        _now["scale"] = kept


def reset_fonts() -> None:
    """Forget every font: those of an earlier ``pygame.init()`` are dead. The texts
    they drew are kept (:func:`rendered`): an image is the font's pixels, the same
    from any ``pygame.init()`` (tests/client/test_letter_spacing.py), and the
    tests start the game afresh hundreds of times a run."""
    face.cache_clear()


def px(size: float) -> int:
    """The pixel size a text of ``size`` is drawn at with the text size setting."""
    return max(8, int(size * PX_PER_SIZE * _now["scale"]))


def window_scale(size: tuple[int, int]) -> float:
    """How much larger the texts that follow the window are drawn in a window of
    ``size`` than at 1024x640 and under, as the menus' buttons grow with it: by
    its shorter proportion, at most 1.25 (a play-test at 1280x800 found the title
    screen's note and the analysis panel small beside the buttons). 640x480,
    where every text must fit in Large, is not changed."""
    w, h = size
    return max(1.0, min(w / 1024, h / 640, 1.25))


def normal_px(size: float) -> int:
    """The pixel size of ``size`` in Normal text, whatever the setting: the floor
    below which Large never goes (a pixel size is the same in both settings)."""
    return max(8, int(size * PX_PER_SIZE))


@cache
def face(pixels: int, bold: bool = False) -> Face:
    """The game's font at ``pixels`` high (pygame's bundled sans, so every system
    looks the same)."""
    f = Face(None, pixels)  # even letter spacing, wrapped at spaces (glyphs.py)
    f.bold = bold
    return f


def font(size: float, bold: bool = False) -> pygame.font.Font:
    """The game's font for a text of ``size``, larger with the Large text size."""
    return face(px(size), bold)


#: While a layout check runs: every text drawn, where, and the box it belongs in
#: (None: the window). See :func:`game.client.scripted.tour.text_problems`.
drawn_texts: list[tuple[pygame.Surface, str, pygame.Rect, pygame.Rect | None]] | None = None
#: While a layout check runs, beside :data:`drawn_texts`, entry for entry: the
#: pixel size each text was drawn at (Large must never be below Normal), and
#: where the letters of each of its lines are (a wrapped text has several).
drawn_px: list[int] = []
drawn_lines: list[list[pygame.Rect]] = []
#: While a layout check runs: the lines of each scrolled page left out of view.
drawn_hidden: list[tuple[pygame.Surface, list[str]]] = []
#: Beside :data:`drawn_px`: the pixel size each text was asked for, before a fit
#: shrank it (texts asked one size are one kind: a row's labels, a list's lines).
drawn_asked: list[int] = []


def text(
    surface: pygame.Surface,
    msg: str,
    pos: tuple[float, float],
    *,
    size: float = 24,
    color: Color = TEXT,
    anchor: str = "topleft",
    bold: bool = False,
    box: pygame.Rect | pygame.FRect | None = None,
    pixels: int | None = None,
    asked: int | None = None,
) -> pygame.Rect:
    """Draw ``msg`` with one corner (or the centre) of its box at ``pos``, at
    ``size`` (or exactly ``pixels`` high, as a fit chose). ``box``: the box the
    text belongs in (a button's, a panel's), for the layout check; it is not
    clipped to it. ``asked``: the pixel size the fit started from, for the check."""
    p = px(size) if pixels is None else pixels
    img = rendered(msg, p, tuple(color), bold)
    rect = img.get_rect(**{anchor: pos})
    surface.blit(img, rect)
    record(surface, msg, rect, box, p, asked=asked)
    return rect


def record(
    surface: pygame.Surface,
    msg: str,
    rect: pygame.Rect,
    box: pygame.Rect | pygame.FRect | None,
    pixels: int,
    lines: list[pygame.Rect] | None = None,
    asked: int | None = None,
) -> None:
    """Note a drawn text for the layout check, while one runs: its whole area, and
    (a wrapped text) the area of each line's letters."""
    if drawn_texts is None or not msg.strip():
        return
    owner = pygame.Rect(box) if box is not None else None
    clip = surface.get_clip()
    lines = lines or [rect]
    if clip != surface.get_rect():
        # A scrolled list draws its edge rows cut by its clip: what shows is
        # what counts, and it belongs in the clip.
        rect, owner = rect.clip(clip), owner.clip(clip) if owner else clip
        lines = [r.clip(clip) for r in lines]
        lines = [r for r in lines if r.width and r.height]
        if not (rect.width and rect.height and lines):
            return
    drawn_texts.append((surface, msg, rect, owner))
    drawn_px.append(pixels)
    drawn_lines.append(lines)
    drawn_asked.append(asked or pixels)


@lru_cache(maxsize=1024)
def rendered(
    msg: str,
    pixels: int,
    color: tuple[int, ...],
    bold: bool,
    wrap: int = 0,
    align: int = 0,
    gap: int = 0,
) -> pygame.Surface:
    """Text as an image, kept: most of a frame's text is the same as last frame's.
    ``wrap``: pygame's own wrapping at that many pixels wide (0: one line), each
    line placed by ``align`` (``pygame.FONT_LEFT``, ``FONT_CENTER``, ``FONT_RIGHT``)
    and ``gap`` pixels further apart than the font's own line height."""
    f = face(pixels, bold)
    if not wrap:
        return f.render(msg, True, color)
    line = f.get_linesize()
    f.align = align
    f.set_linesize(line + gap)
    try:
        return f.render(broken(msg, f, wrap), True, color, wraplength=wrap)
    finally:
        f.align = pygame.FONT_LEFT
        f.set_linesize(line)


@lru_cache(maxsize=4096)
def wrapped_height(msg: str, pixels: int, wrap: int, bold: bool = False) -> int:
    """How tall :func:`rendered` draws ``msg`` wrapped at ``wrap`` pixels (with no
    extra gap), measured without drawing it: a fit tries a text at size after
    size, and drawing each try was most of the time the screens spent on text.
    Kept for the run: a measure is the font's, the same after ``pygame.init()``."""
    f = face(pixels, bold)
    return f.get_linesize() * len(f.wrap(broken(msg, f, wrap), wrap))


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


def broken(msg: str, f: pygame.font.Font, wrap: int) -> str:
    """``msg`` with each word wider than ``wrap`` pixels and made of parts joined
    by "/" (a position's MFEN, which has no spaces) broken over lines after a
    "/": pygame wraps at spaces only, and what overflows a line is cut off,
    unseen. Any other word stays whole on a line of its own, as a word should."""
    lines = []
    for line in msg.split("\n"):
        words = []
        for word in line.split(" "):
            if "/" not in word or f.size(word)[0] <= wrap:
                words.append(word)
                continue
            pieces = [""]
            parts = word.split("/")
            for i, part in enumerate(parts):
                piece = part + "/" if i < len(parts) - 1 else part
                if pieces[-1] and f.size(pieces[-1] + piece)[0] > wrap:
                    pieces.append("")
                pieces[-1] += piece
            words.append("\n".join(pieces))
        lines.append(" ".join(words))
    return "\n".join(lines)
