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


@pytest.mark.parametrize("language", ["it", "es", "de"])
def test_the_solo_panels_buttons_follow_large_text_at_640x480(tmp_path, language):
    """Issue 54: Order and Turn were set side by side where their labels fit at
    Normal's size, so in Large "Ordine (Spazio)" was fitted back down to it,
    and the shapes' buttons, sharing its size, with it: every button of the
    panel stayed at Normal's size. Each is now drawn at its own size in Large."""
    from game import i18n
    from game.client.scripted.checks import below_the_text_size, controls_of, look

    data = tmp_path / language
    data.mkdir()
    (data / "settings.json").write_text(json.dumps({"text_size": "Large", "language": language}))
    pygame.init()
    app = App((640, 480), data)
    try:
        scene = solo(app)
        seen = look(app)
        assert seen is not None
        assert below_the_text_size(seen.scene, seen, controls_of(scene)) == []
        for b in (*scene.shape_buttons, scene.order_button, scene.turn_button):
            drawn = [p for m, _r, box, p in seen.texts if box and b.rect.contains(box)]
            assert drawn and min(drawn) == theme.px(b.size), (i18n._(b.label), drawn)
            assert min(drawn) > theme.normal_px(b.size)
    finally:
        app.close()
        i18n.set_language("en")
        theme.set_text_size("Normal")
