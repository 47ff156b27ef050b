"""See board after a game called off (play-test, 640x480 Large: "Undo and
Left step back through the game." over a board of no turns, Undo greyed; and
then the keys' line under the board: "Game over. Left, Right: the moves.")."""

from game.client.scripted.checks import text_problems
from game.client.scripted.tour import Driver

from .drawn import words
from .screens import large_at_640
from .test_pause import resign
from .test_rematch_ai_first import call_off, rematched, the_ais_turn
from .test_scenes import button, start_match


def test_a_game_called_off_before_any_turn_says_nothing_of_stepping(tmp_path):
    with large_at_640(tmp_path, "en") as app:
        drive = Driver(app)
        scene = start_match(app, drive, side=4, red="Human", blue="Club")
        over = resign(app, drive, scene, "Call off")
        said = scene.status[0]
        drive.click(button(over, "See board").rect.center)
        drive.frames(2)
        assert app.scenes.top is scene and scene.match.plies == 0
        assert "step" not in scene.status[0] and scene.status[0] == said
        assert not scene.panel.undo.enabled
        assert scene.keys_text() == ("The game is over.",)
        assert "The game is over." in words(scene.draw, app.screen)
        assert text_problems(app) == []


def test_after_the_ais_turn_only_left_is_named(tmp_path):
    with large_at_640(tmp_path, "en") as app:
        drive = Driver(app)
        fresh = rematched(app, drive)
        the_ais_turn(drive, fresh)
        over = call_off(app, drive, fresh)
        drive.click(button(over, "See board").rect.center)
        drive.frames(2)
        assert app.scenes.top is fresh
        assert fresh.status[0] == "Left steps back through the game."
        assert not fresh.panel.undo.enabled
        assert text_problems(app) == []
