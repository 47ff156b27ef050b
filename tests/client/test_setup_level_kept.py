"""New match: Blue stepped down to Beginner, then set to Human, showed Beginner
on its stepper; back on New match the stepper said Club again, and a step from
Human chose Club. The level shown under a person is kept (in the settings), so
a step from Human comes back to it, on this visit and the next."""

from __future__ import annotations

import json

import pygame

from game.client.scenes.setup import SetupScene
from game.client.scripted.tour import Driver
from game.play.match import HUMAN, PLAYERS
from game.play.settings import load

from .screens import shown
from .test_match_my_level import stepped


def test_the_level_left_shown_under_human_is_the_one_a_step_comes_back_to(tmp_path):
    with shown(tmp_path, SetupScene, (640, 480), "Large") as (app, _seen):
        scene = app.scenes.top
        drive = Driver(app)
        down = scene.blue.steps()[0]
        while app.settings.blue_player != "Beginner":
            drive.click(down.center)
        person, _level = scene.blue.areas()
        drive.click(person.center)
        assert app.settings.blue_player == HUMAN
        assert stepped(app, scene.blue.name_room()) == "Beginner"
        drive.key(pygame.K_ESCAPE)  # away from New match, and back
        kept = json.loads((app.data / "settings.json").read_text(encoding="utf-8"))
        assert (kept["blue_player"], kept["blue_level"]) == (HUMAN, "Beginner")
        app.scenes.reset(SetupScene(app))
        drive.settle(0.3)
        scene = app.scenes.top
        assert stepped(app, scene.blue.name_room()) == "Beginner"
        # Right from Human (the focus on Blue's choice) chooses the level shown.
        scene.set_focus(scene.controls.index(scene.blue))
        drive.key(pygame.K_RIGHT)
        assert app.settings.blue_player == "Beginner"
        drive.click(scene.blue.areas()[0].center)  # Human again, then up a step by click
        drive.click(scene.blue.steps()[1].center)
        assert app.settings.blue_player == PLAYERS[PLAYERS.index("Beginner") + 1]
    settings, problem = load(tmp_path / "data")
    assert problem is None and settings.shown_level("blue") == PLAYERS[2]
