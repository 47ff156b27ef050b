"""Screens laid out by their trees: they follow the text size without a resize,
and the defects the tree fixed stay fixed."""

from __future__ import annotations

import pygame

from game.client import theme
from game.client.button_label import share_label_size
from game.client.scenes.confirm import ConfirmScene
from game.client.scenes.setup import SetupScene
from game.client.scenes.title import TitleScene
from game.client.widgets import Button


def test_a_change_of_text_size_lays_the_screen_out_again(app, drive):
    app.scenes.reset(TitleScene(app))
    question = ConfirmScene(
        app,
        "Quit Mosaic?",
        "Your match in progress is kept for next time, and this line wraps.",
        "Quit",
        lambda: None,
    )
    app.scenes.push(question)
    drive.frames(1)
    normal = question.box.height
    try:
        theme.set_text_size("Large")
        app.draw()  # no resize, no enter: the frame finds the layout stale
        assert question.box.height > normal  # its words, larger, need a taller panel
    finally:
        theme.set_text_size("Normal")
    app.draw()
    assert question.box.height == normal


def test_the_options_of_red_and_blue_line_up(app, drive):
    for size, text in (((640, 480), "Normal"), ((1280, 800), "Large")):
        theme.set_text_size(text)
        try:
            pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1]))
            app.scenes.reset(SetupScene(app))
            drive.frames(1)
            setup = app.scenes.top
            assert isinstance(setup, SetupScene)
            red, blue = setup.red.parts(), setup.blue.parts()
            assert [r.left for r in red] == [b.left for b in blue]
            assert [r.width for r in red] == [b.width for b in blue]
        finally:
            theme.set_text_size("Normal")


def test_buttons_of_any_height_can_share_one_label_size(app):
    short = Button("Undo", lambda: None, size=24)
    tall = Button("Take back the whole chain", lambda: None, size=24)
    short.rect, tall.rect = pygame.Rect(0, 0, 140, 40), pygame.Rect(0, 50, 140, 70)
    share_label_size([short, tall])
    assert short.shared_px != tall.shared_px  # by height, as a menu's rows
    share_label_size([short, tall], any_height=True)
    assert short.shared_px == tall.shared_px  # one size for the side panel's
