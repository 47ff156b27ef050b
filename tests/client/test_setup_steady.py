"""New match at 640x480: a level whose description wraps to two lines pushed
every control under it ~18 pixels down when the player stepped onto it from a
level with a short one, so a second click on the stepper's arrow at the same
place missed. Each side's line keeps the room its longest description needs."""

from __future__ import annotations

import pytest

from game.ai.levels import LEVELS
from game.client.scenes.setup import SetupScene
from game.client.scripted.checks import layout_problems, look, text_problems
from game.client.scripted.tour import Driver
from game.play.match import HUMAN, PLAYERS

from .screens import shown


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("text_size", ["Normal", "Large"])
def test_no_control_moves_as_the_player_steps_through_the_levels(tmp_path, text_size, language):
    with shown(tmp_path, SetupScene, (640, 480), text_size, language) as (app, _seen):
        scene = app.scenes.top
        drive = Driver(app)
        places = [c.rect.copy() for c in scene.controls]
        for seat, setting in ((scene.red, "red_player"), (scene.blue, "blue_player")):
            person, _level = seat.areas()
            down, up = seat.steps()
            drive.click(person.center)
            assert getattr(app.settings, setting) == HUMAN
            # From the person, down the ladder by clicks at one place, then up it.
            for _step in range(len(LEVELS)):
                drive.click(down.center)
                assert [c.rect for c in scene.controls] == places
            assert getattr(app.settings, setting) == "Beginner"
            for who in PLAYERS[2:]:
                drive.click(up.center)
                assert getattr(app.settings, setting) == who
                assert [c.rect for c in scene.controls] == places, who
                seen = look(app)
                assert seen is not None
                assert scene.lines()[setting.split("_")[0]] in {m for m, *_r in seen.texts}
                assert text_problems(app, seen) == [] and layout_problems(app) == []
