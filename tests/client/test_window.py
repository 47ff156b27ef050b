"""The window as pygame-ce's Window keeps it: its smallest size, fullscreen and
back; its title and the title screen's version; its pixels on a scaled Windows display."""

import os
import sys

import pygame
import pytest

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


def test_windows_is_asked_for_sharp_pixels_before_the_display_starts(monkeypatch):
    from game.client import app as app_module

    monkeypatch.delenv("SDL_WINDOWS_DPI_AWARENESS", raising=False)
    for system in ("linux", "darwin"):
        monkeypatch.setattr(sys, "platform", system)
        app_module.ask_for_sharp_pixels()
        assert "SDL_WINDOWS_DPI_AWARENESS" not in os.environ, system
    monkeypatch.setattr(sys, "platform", "win32")
    app_module.ask_for_sharp_pixels()
    assert os.environ["SDL_WINDOWS_DPI_AWARENESS"] == "permonitorv2"
    # A player's own choice stands.
    monkeypatch.setenv("SDL_WINDOWS_DPI_AWARENESS", "unaware")
    app_module.ask_for_sharp_pixels()
    assert os.environ["SDL_WINDOWS_DPI_AWARENESS"] == "unaware"


def test_the_app_asks_before_it_starts_the_display(tmp_path, monkeypatch):
    from game.client import app as app_module

    asked: list[bool] = []
    monkeypatch.setattr(app_module, "ask_for_sharp_pixels", lambda: asked.append(True))

    def display_init() -> None:
        assert asked, "the display started before the hint was set"
        raise pygame.error("no display here")

    monkeypatch.setattr(pygame.display, "init", display_init)
    with pytest.raises(app_module.NoDisplay):
        app_module.App((640, 480), tmp_path)
    assert asked == [True]
