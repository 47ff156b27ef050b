import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"

import pygame
import pytest

from game.ai.worker import AIWorker
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
    """``tours(size, text_size, language)``: the tour's run at that window size, text
    size and language, made on first use."""
    runs: dict[tuple[tuple[int, int], str, str], TourRun] = {}
    # One AI process for every run of this pytest process, started by the first.
    worker = AIWorker()

    def at(size: tuple[int, int], text_size: str = "Normal", language: str = "en") -> TourRun:
        if (size, text_size, language) not in runs:
            name = f"tour-{size[0]}x{size[1]}-{text_size}-{language}"
            runs[size, text_size, language] = run_tour(
                tmp_path_factory.mktemp(name), size, text_size, language, worker
            )
        return runs[size, text_size, language]

    yield at
    worker.close()
