"""Button labels the play-test saw shrunk below their neighbours or touching the
button's edge: a label keeps room at its sides, and breaks onto two lines
before it shrinks."""

from __future__ import annotations

import pygame

from game import i18n
from game.client import theme
from game.client.button_label import LABEL_PAD
from game.client.scenes.puzzle_browser import PuzzleBrowserScene
from game.client.widgets import Button


def drawn(button: Button, surface: pygame.Surface) -> list[tuple[str, pygame.Rect, int, int]]:
    theme.drawn_texts, theme.drawn_px, theme.drawn_lines = [], [], []
    try:
        button.draw(surface)
        return [
            (m, r, p, len(lines))
            for (_s, m, r, _b), p, lines in zip(
                theme.drawn_texts, theme.drawn_px, theme.drawn_lines, strict=True
            )
        ]
    finally:
        theme.drawn_texts = None


def test_a_label_too_wide_for_one_line_breaks_before_it_shrinks(app):
    msg = "10. Das Ende und die Zählung"
    wide = theme.face(theme.px(20)).size(msg)[0]
    button = Button(msg, lambda: None, size=20)
    button.rect = pygame.Rect(10, 10, wide * 2 // 3, 80)
    [(_m, r, pixels, lines)] = drawn(button, app.screen)
    assert pixels == theme.px(20) and lines == 2  # its own size, on two lines
    assert r.left - button.rect.left >= LABEL_PAD - 1
    assert button.rect.right - r.right >= LABEL_PAD - 1


def test_a_label_keeps_room_at_its_sides(app):
    msg = "Stellung analysieren"
    wide = theme.face(theme.px(20)).size(msg)[0]
    button = Button(msg, lambda: None, size=20)
    button.rect = pygame.Rect(10, 10, wide + 6, 40)  # room for the letters, not the sides
    [(_m, r, _pixels, _lines)] = drawn(button, app.screen)
    assert min(r.left - button.rect.left, button.rect.right - r.right) >= LABEL_PAD - 1


def test_the_puzzles_pack_line_keeps_clear_of_the_theme_button(app, drive):
    i18n.set_language("fr")
    try:
        app.scenes.reset(PuzzleBrowserScene(app))
        drive.frames(2)
        scene = app.scenes.top
        assert scene.theme_button.rect.left - scene.pack_line.right >= 24
    finally:
        i18n.set_language("en")


def test_the_buttons_of_a_row_share_one_label_size(app):
    from game.client.widgets import draw_all

    short = Button("Rätsel", lambda: None, size=20)
    long = Button("Zurücknehmen", lambda: None, size=20)
    for i, b in enumerate((short, long)):
        b.rect = pygame.Rect(10 + 110 * i, 10, 100, 40)
    theme.drawn_texts, theme.drawn_px, theme.drawn_lines = [], [], []
    try:
        draw_all([short, long], app.screen)
        sizes = dict(zip((m for _s, m, _r, _b in theme.drawn_texts), theme.drawn_px, strict=True))
    finally:
        theme.drawn_texts = None
    assert sizes["Zurücknehmen"] < theme.px(20)  # the long one had to shrink...
    assert sizes["Rätsel"] == sizes["Zurücknehmen"]  # ...and its row with it
