import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"

import json

import pygame
import pytest

from game.client.app import App
from game.client.scripted.tour import Driver

CHAIN = "BBRR/RBBBR/BBRBBB/RRBBRBB/2RBBB/BBBBR/RBRB r"  # xc1xc2xd3xd4 takes 4


@pytest.fixture
def packs(app, tmp_path):
    """A good pack of two copies of one puzzle, and a broken pack."""
    folder = tmp_path / "packs"
    folder.mkdir()
    puzzle = {
        "id": "p1",
        "fen": CHAIN,
        "goal": "most",
        "solution": "xc1xc2xd3xd4",
        "rating": 900,
        "themes": [],
        "source": "a test",
    }
    pack = {
        "format": 1,
        "id": "test",
        "title": "Test Pack",
        "description": "For tests.",
        "puzzles": [puzzle, {**puzzle, "id": "p2"}],
    }
    (folder / "01-test.json").write_text(json.dumps(pack))
    (folder / "02-broken.json").write_text('{"format": 1, "id": "x"')
    app.puzzles.folder = folder
    return folder


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
