import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"

import pygame
import pytest

from game.client.app import App
from game.client.scripted.tour import Driver
from tests.helpers import write_packs

from .tours import TourRun, run_tour


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


@pytest.fixture(scope="session")
def tours(tmp_path_factory):
    """``tours(size, text_size)``: the tour's run at that size, made on first use."""
    runs: dict[tuple[tuple[int, int], str], TourRun] = {}

    def at(size: tuple[int, int], text_size: str = "Normal") -> TourRun:
        if (size, text_size) not in runs:
            folder = tmp_path_factory.mktemp(f"tour-{size[0]}x{size[1]}-{text_size}")
            runs[size, text_size] = run_tour(folder, size, text_size)
        return runs[size, text_size]

    return at
