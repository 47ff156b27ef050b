"""A column of choices keeps its title's room (game/client/widgets.py), measured
once for what the column is made of: whatever changes, a window's size, the
language, the text size, a choice's options, it answers what a fresh measure
does."""

from __future__ import annotations

from itertools import pairwise

import pygame

from game.client import theme
from game.client.widgets import Segments, title_column
from game.i18n import set_language


def column() -> list[Segments]:
    """Options shown as they are (names): the language reaches only the titles."""
    choices = [
        Segments("Red", ["Ann", "Bea", "Cy"], "Ann", lambda _v: None, shown=str),
        Segments("Board side", ["3", "4", "5", "6"], "4", lambda _v: None, shown=str),
    ]
    title_column(choices)
    for k, c in enumerate(choices):
        c.rect = pygame.Rect(20, 20 + 60 * k, 900, 48)
    return choices


def test_the_kept_title_room_follows_what_the_column_is_made_of(app):
    choices = column()
    first = choices[0]

    def kept_and_fresh() -> tuple[int, int]:
        return first.title_need(), Segments._title_need(choices)

    seen = [kept_and_fresh()]
    theme.set_text_size("Large")  # room to spare in a wide window: the title grows
    try:
        seen.append(kept_and_fresh())
        for c in choices:
            c.rect.width = 300  # a small window: nothing to spare
        seen.append(kept_and_fresh())
        for c in choices:
            c.rect.width = 900
        choices[0].options = ["Ann", "Bea", "Cy", "Dorothea", "Eleanor", "Francesca"]
        seen.append(kept_and_fresh())  # less to spare
    finally:
        theme.set_text_size("Normal")
    seen.append(kept_and_fresh())
    set_language("de")
    seen.append(kept_and_fresh())
    choices[1].title = "Side"
    seen.append(kept_and_fresh())
    assert all(kept == fresh for kept, fresh in seen), seen
    # Each change changed the room: a key that left one out would keep the one before.
    kept = [k for k, _fresh in seen]
    assert all(a != b for a, b in pairwise(kept)), kept
