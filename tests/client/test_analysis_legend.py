"""The analysis says what its labels mean (play-test: "inaccuracy", "mistake",
"blunder" and "?" were shown, nowhere explained): its Legend (or L) opens a
card that says each label's tiles, as the limits that give them, and what "?"
means; it fits at 640x480 in Large text in every language, and at 1280x800."""

import pygame
import pytest

from game.client.scenes.analysis_scene import AnalysisScene
from game.client.scenes.label_legend import LegendScene
from game.client.scripted.checks import look, text_problems
from game.client.scripted.tour import Driver
from game.play.label_legend import legend

from .screens import large_at_640, shown
from .test_analysis import random_game
from .tours import languages


def legend_shown(app) -> list[str]:
    """The texts the legend card draws, after checking it is on top."""
    assert isinstance(app.scenes.top, LegendScene)
    seen = look(app)
    assert seen is not None
    assert text_problems(app, seen) == []
    return [m for m, _r, _b, _p in seen.texts]


@pytest.mark.parametrize("language", languages())
def test_l_opens_the_legend_and_it_fits_at_640x480_large(tmp_path, language):
    with large_at_640(tmp_path, language) as app:
        drive = Driver(app)
        scene = AnalysisScene(app, random_game())
        app.scenes.reset(scene)
        drive.frames(2)
        drive.key(pygame.K_l)
        drive.settle(0.5)
        said = legend_shown(app)
        for _name, meaning in legend():
            assert meaning in said, meaning
        drive.key(pygame.K_ESCAPE)
        assert app.scenes.top is scene


def test_the_legend_button_opens_it_at_1280x800(tmp_path):
    make = lambda app: AnalysisScene(app, random_game())  # noqa: E731
    with shown(tmp_path, make, (1280, 800)) as (app, seen):
        scene = app.scenes.top
        button = next(c for c in scene.controls if c.label == "Legend")
        assert text_problems(app, seen) == []
        Driver(app).click(button.rect.center)
        said = legend_shown(app)
        assert "more than 2, up to 4" in said and "mistake" in said
        Driver(app).key(pygame.K_l)  # L puts it away as it opened it
        assert app.scenes.top is scene
