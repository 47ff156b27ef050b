import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"

import pygame
import pytest

from game.client.app import App
from game.client.scripted.tour import Driver
from tests.helpers import write_packs


@pytest.fixture
def packs(app, tmp_path):
    """A good pack of two copies of one puzzle, and a broken pack."""
    app.puzzles.folder = write_packs(tmp_path / "packs")
    return app.puzzles.folder


@pytest.fixture
def app(tmp_path):
    pygame.init()
    a = App((1280, 800), tmp_path / "data")
    yield a
    a.close()
    pygame.quit()


@pytest.fixture
def drive(app):
    return Driver(app)
