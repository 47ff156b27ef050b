"""New match at 640x480 in Large German text cut the Blue player's line
("Blau, Anfänger ...: Sieht nur den eigenen Zug und übersieht oft das beste
We..."): what each player does is wrapped, whole, at the lines' shared size."""

from __future__ import annotations

import pytest

from game.client.scenes.setup import SetupScene
from game.client.scripted.checks import layout_problems, text_problems
from game.play.match import PLAYERS

from .screens import shown
from .tours import languages


@pytest.mark.parametrize("language", languages())
@pytest.mark.parametrize("text_size", ["Normal", "Large"])
def test_every_players_line_is_whole_at_640x480(tmp_path, language, text_size):
    # asserts-in-branch: PLAYERS names every player New match offers
    for who in PLAYERS:
        folder = tmp_path / who
        folder.mkdir()

        def setup(app, who=who):
            app.settings.red_player = app.settings.blue_player = who
            return SetupScene(app)

        with shown(folder, setup, (640, 480), text_size, language) as (app, seen):
            scene = app.scenes.top
            lines = scene.lines()
            drawn = {m for m, _r, _b, _p in seen.texts}
            for line in lines.values():
                assert line in drawn, (who, line, sorted(drawn))
            sizes = {p for m, _r, _b, p in seen.texts if m in lines.values()}
            assert len(sizes) == 1, (who, sizes)
            assert text_problems(app, seen) == [] and layout_problems(app) == []


def test_a_line_chosen_on_the_screen_wraps_there(tmp_path):
    """Choosing Beginner for Blue on the screen shows its line wrapped, whole, in
    the room kept for it (nothing under the line moves as the player steps:
    test_setup_steady), and Human again shows the lines unwrapped."""
    from game.client.scripted.checks import look
    from game.client.scripted.tour import Driver

    with shown(tmp_path, SetupScene, (640, 480), "Large", "de") as (app, _seen):
        scene = app.scenes.top
        drive = Driver(app)
        down, person = scene.blue.steps()[0], scene.blue.areas()[0]
        # From Club down the ladder, and past Beginner no further; then the person.
        for who, clicks in (("Beginner", [down] * 4), ("Human", [person])):
            for spot in clicks:
                drive.click(spot.center)
            drive.frames(1)
            assert app.settings.blue_player == who
            seen = look(app)
            assert seen is not None
            drawn = {m for m, _r, _b, _p in seen.texts}
            assert scene.lines()["blue"] in drawn
            assert text_problems(app, seen) == [] and layout_problems(app) == []
            assert scene.wraps == (who == "Beginner")
