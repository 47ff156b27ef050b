"""What a screen shows in words: the texts one draw of it puts on the window."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.client import theme


def drawn(
    draw: Callable[[pygame.Surface], object], surface: pygame.Surface
) -> list[tuple[str, pygame.Rect]]:
    """Each text ``draw(surface)`` draws, with where it lands, in drawing order."""
    theme.drawn_texts = []
    try:
        draw(surface)
        return [(m, r) for _, m, r, _ in theme.drawn_texts]
    finally:
        theme.drawn_texts = None


def words(draw: Callable[[pygame.Surface], object], surface: pygame.Surface) -> str:
    """Every text ``draw(surface)`` draws, joined by spaces."""
    return " ".join(m for m, _ in drawn(draw, surface))
