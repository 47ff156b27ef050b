"""The first-run banner covered the "MOSAIC" title and the "Settings" heading
(play-test, 1280x800 and 640x480): a banner goes where it covers no text."""

from __future__ import annotations

import pygame

from game.client import theme
from game.client.app import free_top
from game.client.scenes.settings_scene import SettingsScene
from game.client.scenes.title import TitleScene

HINT = "Copied: a banner as long as a first start's note was, over the title."


def covered(app) -> list[str]:
    """The texts the banner's words overlap, as one frame draws them."""
    theme.drawn_texts = []
    try:
        app.draw()
        drawn = [(m, pygame.Rect(r)) for _s, m, r, _b in theme.drawn_texts]
    finally:
        theme.drawn_texts = None
    banner = next(r for m, r in drawn if m == HINT)
    return [m for m, r in drawn if m != HINT and r.colliderect(banner.inflate(0, 14))]


def test_the_first_run_banner_covers_neither_title_nor_heading(app, drive):
    app.scenes.reset(TitleScene(app))
    drive.frames(1)
    app.toast(HINT, 8.0)
    drive.frames(3)
    assert covered(app) == []
    app.scenes.push(SettingsScene(app))
    drive.frames(3)
    assert covered(app) == []


def test_a_banner_with_no_free_place_covers_the_least_text():
    box = pygame.Rect(0, 10, 100, 40)
    texts = [pygame.Rect(0, 0, 100, 60), pygame.Rect(0, 70, 100, 10), pygame.Rect(0, 120, 100, 80)]
    assert free_top(box, texts, 200) == 80  # the gap between the second and third
    assert free_top(box, [pygame.Rect(0, 0, 100, 200)], 200) == 10  # all covered alike
