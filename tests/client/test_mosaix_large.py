"""Mosaix in Large text: the count in its card, the credit clear of the dice, the
scale's label clear of its spaces, and no text drawn smaller than Normal draws it
in a window of the same size. Each was wrong in a player's run at 640x480 or
1280x800 Large."""

import json

import pygame
import pytest

from game.client import theme
from game.client.app import App
from game.client.scenes.mosaix_menu import MosaixMenuScene
from game.client.scenes.mosaix_play import MosaixMatchScene, MosaixResultScene, MosaixSoloScene
from game.client.scripted.tour import Driver, text_problems
from game.client.widgets import Button
from game.mosaix import CREDIT


@pytest.fixture
def window(tmp_path):
    """``window(size, text_size)``: the game in a window of that size and text size."""
    made: list[App] = []

    def make(size, text_size="Large"):
        for a in made:
            a.close()
        data = tmp_path / f"data-{size[0]}x{size[1]}-{text_size}"
        data.mkdir()
        (data / "settings.json").write_text(json.dumps({"text_size": text_size}))
        pygame.init()
        made.append(App(size, data))
        return made[-1]

    yield make
    for a in made:
        a.close()
    pygame.quit()


def texts(draw, surface):
    """Each text one draw puts on ``surface``: its words, where, and how large."""
    theme.drawn_texts = []
    pixels = getattr(theme, "drawn_px", None)
    if pixels is not None:
        pixels.clear()
    try:
        draw(surface)
        drawn = [(m, r) for _s, m, r, _b in theme.drawn_texts]
        sizes = list(pixels) if pixels is not None else [r.height for _m, r in drawn]
        return [(m, r, p) for (m, r), p in zip(drawn, sizes, strict=True)]
    finally:
        theme.drawn_texts = None


def match_count(app):
    """A four-sheet match just begun, its count over it: every sheet at 0, so all
    four win, the longest line the count writes."""
    app.scenes.reset(MosaixMenuScene(app))
    play = MosaixMatchScene(app, ["Human", "AI", "AI", "AI"], seed=5)
    app.scenes.push(play)
    drive = Driver(app)
    drive.frames(2)
    step = Button("Next sheet (N)", play.flow.next_sheet, key=pygame.K_n, size=24)
    card = MosaixResultScene(app, play, extra=[step])
    app.scenes.push(card)
    drive.frames(2)
    return card


def test_the_match_count_stays_in_its_card_at_640x480_large(window):
    app = window((640, 480))
    card = match_count(app)
    assert text_problems(app) == []
    inside = pygame.Rect(card.box).inflate(-6, -6)
    for msg, r, _p in texts(card.draw, app.screen):
        assert inside.contains(r), msg
        for b in card.controls:
            if msg != b.label:
                assert not r.colliderect(b.rect), (msg, b.label)


def solo(app):
    scene = MosaixSoloScene(app, seed=7)
    app.scenes.reset(scene)
    Driver(app).settle(0.8)  # the dice have landed
    return scene


def test_the_solo_credit_is_whole_and_clear_of_the_dice_at_640x480_large(window):
    app = window((640, 480))
    scene = solo(app)
    credit = [(m, r) for m, r, _p in texts(scene.draw, app.screen) if m in CREDIT and len(m) > 3]
    assert " ".join(m for m, _r in credit).split() == CREDIT.split()
    # The dice are white; the credit's letters are drawn muted on the panel.
    for msg, r in credit:
        for x in range(r.left, r.right):
            for y in range(r.top, r.bottom):
                assert tuple(app.screen.get_at((x, y))[:3]) != theme.TEXT, (msg, (x, y))


def test_the_scale_label_keeps_clear_of_its_spaces_at_1280x800_large(window):
    app = window((1280, 800))
    scene = solo(app)
    (r,) = [r for m, r, _p in texts(scene.draw, app.screen) if m == "Scale"]
    # The spaces are outlined in the cells' edge colour: none within 6 pixels of it.
    # asserts-in-branch: the range holds at least 6 columns
    for x in range(r.left, r.right + 6):
        assert tuple(app.screen.get_at((x, r.centery))[:3]) != theme.CELL_EDGE, x


@pytest.mark.parametrize("size", [(640, 480), (1280, 800)])
def test_large_never_draws_a_mosaix_text_smaller_than_normal(window, size):
    seen: dict[str, dict[str, int]] = {}
    for text_size in ("Normal", "Large"):
        app = window(size, text_size)
        sizes = seen.setdefault(text_size, {})
        scene = solo(app)
        card = match_count(app)
        for draw in (scene.draw, card.play.draw, card.draw):
            for msg, _r, pixels in texts(draw, app.screen):
                sizes[msg] = min(pixels, sizes.get(msg, pixels))
    smaller = [m for m, p in seen["Large"].items() if p < seen["Normal"].get(m, 0)]
    assert smaller == []
