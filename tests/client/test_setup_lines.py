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
    test_setup_steady), and Human again shows it on one line, at the same size."""
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
            blue = [(r, p) for m, r, _b, p in seen.texts if m == scene.lines()["blue"]]
            assert len(blue) == (2 if who == "Beginner" else 1), blue
            assert {p for _r, p in blue} == {scene.pixels}


@pytest.mark.parametrize("language", languages())
@pytest.mark.parametrize(
    ("size", "text_size"), [((640, 480), "Normal"), ((640, 480), "Large"), ((1280, 800), "Normal")]
)
def test_the_lines_keep_one_size_and_their_gaps_through_every_level(
    tmp_path, size, text_size, language
):
    """A long description was drawn smaller than a short one (the three lines
    shrank to the longest shown), and at 640x480 in Large text the lines ran
    into each other. Every level's line is drawn at one size, the room the
    longest needs kept (no control moves), the lines a gap apart."""
    from game.client.scripted.checks import look
    from game.client.scripted.tour import Driver

    with shown(tmp_path, SetupScene, size, text_size, language) as (app, _seen):
        scene = app.scenes.top
        drive = Driver(app)
        places = [c.rect.copy() for c in scene.controls]
        sizes = set()
        down, up = scene.blue.steps()
        while app.settings.blue_player != "Beginner":
            drive.click(down.center)
        for who in PLAYERS[1:]:
            assert app.settings.blue_player == who
            seen = look(app)
            assert seen is not None
            assert text_problems(app, seen) == [] and layout_problems(app) == []
            lines = scene.lines()
            ink = {
                key: [r for m, r, _b, _p in seen.texts if m == line] for key, line in lines.items()
            }
            sizes |= {p for m, _r, _b, p in seen.texts if m in lines.values()}
            gap = round(scene.pixels / 3) - 2  # a third of the letters' size, less the ink's edge
            for upper, lower in (("red", "blue"), ("blue", "rating")):
                assert ink[upper] and ink[lower], (who, ink)
                under = min(r.top for r in ink[lower]) - max(r.bottom for r in ink[upper])
                assert under >= gap, (who, upper, lower, under, gap)
            assert [c.rect for c in scene.controls] == places, who
            if who != PLAYERS[-1]:
                drive.click(up.center)
        assert sizes == {scene.pixels}, sizes
