"""What a screenshot of the game's window shows, told by its colours (no OCR): the
theme's colours (game/client/theme.py) are flat, and each screen has its own mix.

Each check is a share of pixels within a small distance of one theme colour, in one
part of the screen; the shares it asks for were read off the real window under Wine at
640x480 and 1280x800, with room to spare, and a black, white or wrongly drawn screen
falls well short of them (tests/windows/test_looks.py).
"""

from __future__ import annotations

import numpy as np

from game.client import theme


def near(pixels: np.ndarray, colour: tuple[int, int, int], within: int = 24) -> np.ndarray:
    """Which pixels are within ``within`` of ``colour`` on each channel."""
    diff = np.abs(pixels.astype(np.int16) - np.array(colour, np.int16))
    return np.asarray(diff.max(axis=2) <= within)


def share(pixels: np.ndarray, colour: tuple[int, int, int]) -> float:
    return float(near(pixels, colour).mean())


def blank(pixels: np.ndarray) -> bool:
    """One colour, or nearly: nothing drawn (a black or white window, a hung one)."""
    flat = pixels.reshape(-1, 3)
    step = max(1, len(flat) // 20_000)
    return len(np.unique(flat[::step], axis=0)) < 16 or float(pixels.std()) < 8.0


def title(pixels: np.ndarray) -> dict[str, float]:
    """The title screen's parts: the gold of "MOSAIC" across the top quarter's middle, and
    the light text ("by Mark Steere", the buttons' words) below it."""
    h, w = pixels.shape[:2]
    return {
        "gold title": share(pixels[: h // 4, w // 5 : 4 * w // 5], theme.ACCENT),
        "text": share(pixels, theme.TEXT),
        "background": share(pixels, theme.BG),
    }


def title_shown(pixels: np.ndarray) -> bool:
    parts = title(pixels)
    return (
        not blank(pixels)
        and parts["gold title"] > 0.03
        and parts["text"] > 0.002
        and parts["background"] > 0.2
    )


def board(pixels: np.ndarray) -> dict[str, float]:
    """A match's board, in the window's left 65% (the side panel starts at 67% of the
    width at 640x480, 74% at 1280x800): its empty cells and the red and blue tiles on it."""
    left = pixels[:, : pixels.shape[1] * 65 // 100]
    return {
        "empty cells": share(left, theme.CELL),
        "red tiles": share(left, theme.RED_TILE),
        "blue tiles": share(left, theme.BLUE_TILE),
    }


def board_shown(pixels: np.ndarray, red: bool, blue: bool) -> bool:
    """A board, not the title screen (whose backdrop has cells too, but also the gold
    title), with (or without) red and blue tiles on it. One tile covers 0.26% of the
    board's part at 640x480 and 0.41% at 1280x800."""
    parts = board(pixels)
    return (
        not blank(pixels)
        and title(pixels)["gold title"] < 0.01
        and parts["empty cells"] > 0.2
        and (parts["red tiles"] > 0.001) == red
        and (parts["blue tiles"] > 0.001) == blue
    )
