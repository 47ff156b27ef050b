"""The window as pygame-ce's Window keeps it: its smallest size, fullscreen and
back; its title and the title screen's version."""

import pygame

from game.client.app import MIN_SIZE


def resize(drive, w, h):
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=w, h=h, size=(w, h)))
    drive.frames(2)


def test_the_window_keeps_to_its_smallest_size(app, drive):
    assert app.window.minimum_size == MIN_SIZE
    resize(drive, 300, 200)
    assert app.size == MIN_SIZE == app.window.size
    resize(drive, 900, 700)
    assert app.size == (900, 700) and app.screen.get_size() == (900, 700)


def test_fullscreen_and_back_to_the_window_as_it_was(app, drive):
    resize(drive, 900, 700)
    drive.key(pygame.K_F11)
    assert app.settings.fullscreen and app.size == app.window.size
    drive.key(pygame.K_F11)
    assert not app.settings.fullscreen and app.size == (900, 700)


def test_the_window_bears_the_credit_and_the_title_the_version(app, drive):
    from game import CREDIT, __version__
    from game.client.scenes.title import TitleScene

    from .drawn import words

    assert app.window.title == CREDIT == "Mosaic by Mark Steere"
    app.scenes.reset(TitleScene(app))
    drive.frames(2)
    assert f"Mosaic by Mark Steere. Digital edition {__version__}." in words(
        app.scenes.top.draw, app.screen
    )
