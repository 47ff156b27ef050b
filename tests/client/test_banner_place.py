"""The first-run banner covered the "MOSAIC" title and the "Settings" heading
(play-test, 1280x800 and 640x480): a banner goes where it covers no text."""

from __future__ import annotations

import random

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


def covering_every_place(box, texts, height):
    """free_top as first written: each place's cover summed from clipped rectangles."""
    start, best, least = box.top, box.top, -1
    for top in [*range(start, height - box.height + 1, 2), *range(start, -1, -2)]:
        moved = box.move(0, top - start)
        covered = sum(moved.clip(t).width * moved.clip(t).height for t in texts)
        if covered == 0:
            return top
        if least < 0 or covered < least:
            best, least = top, covered
    return best


def test_the_place_is_the_one_clipping_every_text_at_every_place_finds():
    rng = random.Random(5)
    for _ in range(400):
        box = pygame.Rect(rng.randrange(0, 300), rng.randrange(0, 200), rng.randrange(40, 300), 30)
        texts = [
            pygame.Rect(rng.randrange(-50, 400), rng.randrange(-20, 240), *size)
            for size in [(rng.randrange(0, 200), rng.randrange(0, 60)) for _ in range(8)]
        ]
        assert free_top(box, texts, 240) == covering_every_place(box, texts, 240), (box, texts)
