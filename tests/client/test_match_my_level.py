"""New match shows each level's rating and the player's own, and "Match my level"
(decided in game/play/ai_rating) sets the AI side to the level it names."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.ai.levels import LEVELS
from game.client.app import App
from game.client.scenes.setup import SetupScene, line_gap
from game.client.scripted.checks import look
from game.client.scripted.tour import Driver
from game.glicko import Rating
from game.play import ai_rating
from game.play.match import HUMAN, PLAYERS

from .test_first_start_note import frame_texts
from .tours import languages


def test_match_my_level_picks_the_nearest_level_and_says_which(app, drive):
    expert, beginner = LEVELS["expert"].elo, LEVELS["beginner"].elo
    mine = expert - 40  # nearer Expert than either neighbour, 150 or more away
    ai_rating.save(Rating(float(mine), 90.0), app.data)
    app.settings.red_player, app.settings.blue_player = HUMAN, "Beginner"
    app.scenes.reset(SetupScene(app))
    drive.frames(2)
    texts = frame_texts(app, drive)
    assert f"Your rating against the AI: {mine} ± 90" in texts
    assert any(t.startswith(f"Blue, Beginner (Elo {beginner}):") for t in texts)
    scene = app.scenes.top
    button = next(c for c in scene.controls if getattr(c, "label", "") == "Match my level")
    drive.click(button.rect.center)
    drive.frames(2)
    assert (app.settings.red_player, app.settings.blue_player) == (HUMAN, "Expert")
    assert scene.blue.value == "Expert"
    said = (
        f"Match my level: you play Red against Expert (Elo {expert}), nearest your rating of"
        f" {mine}."
    )
    assert said in frame_texts(app, drive)
    kept = json.loads((app.data / "settings.json").read_text(encoding="utf-8"))
    assert kept["blue_player"] == "Expert"
    assert any(t.startswith(f"Blue, Expert (Elo {expert}):") for t in frame_texts(app, drive))
    down = scene.blue.steps()[0]
    drive.click(down.center)  # a step down the ladder, by hand: the rating's line again
    drive.click(down.center)
    assert app.settings.blue_player == PLAYERS[PLAYERS.index("Expert") - 2]
    assert f"Your rating against the AI: {mine} ± 90" in frame_texts(app, drive)


def test_a_newcomer_is_not_rated_yet_and_a_bad_file_is_said(app, drive):
    app.scenes.reset(SetupScene(app))
    drive.frames(2)
    start = ai_rating.shown(ai_rating.START)
    newcomer = f"Not rated yet: you start at about {start}, and each game against the AI moves it."
    texts = frame_texts(app, drive)
    assert newcomer in texts
    assert not any(t.startswith("Your rating against the AI") for t in texts)
    ai_rating.save(ai_rating.after(ai_rating.START, LEVELS["beginner"], 1.0), app.data)
    app.scenes.reset(SetupScene(app))  # after a first game: a figure, provisional
    drive.frames(2)
    assert any(
        t.endswith("(provisional: early games move it most)") for t in frame_texts(app, drive)
    )
    (app.data / ai_rating.FILE).write_text("[]", encoding="utf-8")
    app.scenes.reset(SetupScene(app))
    drive.frames(2)
    assert any("could not be read" in t for t, _left in app.toasts)
    assert list(app.data.glob("ai_rating.json.corrupt-*"))


@contextlib.contextmanager
def new_match_screen(data: Path) -> Iterator[tuple[App, Driver, SetupScene]]:
    """New match, shown at 1280x800 to the player whose data is in ``data``."""
    pygame.init()
    app = App((1280, 800), data)
    try:
        drive = Driver(app)
        app.scenes.reset(SetupScene(app))
        drive.frames(2)
        scene = app.scenes.top
        assert isinstance(scene, SetupScene)
        yield app, drive, scene
    finally:
        app.close()


def test_a_new_player_meets_the_level_match_my_level_picks_and_a_return_keeps_theirs(
    tmp_path,
):
    """Play-test: New match offered a new player Club (Elo 981). Before any result
    "Match my level" picks Beginner; a new player's Blue starts on it, and the
    button changes nothing. A returning player's saved level is kept."""
    for saved, meets in ((None, "Beginner"), ("Club", "Club")):
        data = tmp_path / f"data-{meets}"
        data.mkdir()
        if saved is not None:
            (data / "settings.json").write_text(json.dumps({"blue_player": saved}))
        with new_match_screen(data) as (app, drive, scene):
            assert scene.blue.value == meets and app.settings.red_player == HUMAN
            elo = LEVELS[meets.lower()].elo
            assert any(t.startswith(f"Blue, {meets} (Elo {elo}):") for t in frame_texts(app, drive))
    assert ai_rating.match_my_level(HUMAN, "Club", ai_rating.START).blue == "Beginner"
    # The new player's button picks what they already have.
    data = tmp_path / "data-new"
    data.mkdir()
    with new_match_screen(data) as (app, drive, scene):
        button = next(c for c in scene.controls if getattr(c, "label", "") == "Match my level")
        drive.click(button.rect.center)
        assert (app.settings.red_player, app.settings.blue_player) == (HUMAN, "Beginner")


def stepped(app, room) -> str:
    """The level's name drawn on a seat's stepper (``room``: between its arrows)."""
    seen = look(app)
    assert seen is not None
    (name,) = [m for m, r, _b, _p in seen.texts if room.contains(r)]
    return name


def test_the_german_screens_name_the_levels_in_german_and_keep_them_in_english(app, drive):
    from game import i18n
    from game.client.scenes.settings_scene import SettingsScene

    german_levels = [
        "Anfänger", "Hobby", "Lehrling", "Amateur", "Klub", "Anwärter",
        "Rivale", "Experte", "Veteran", "Elite", "Virtuose", "Meister",
    ]  # fmt: skip

    i18n.set_language("de")
    try:
        app.settings.red_player, app.settings.blue_player = HUMAN, "Master"
        app.scenes.reset(SetupScene(app))
        drive.frames(2)
        texts = frame_texts(app, drive)
        for german in ("Mensch", "Meister"):
            assert german in texts, german
        assert not {"Human", "Master"} & set(texts)
        scene = app.scenes.top
        down, stepper = scene.blue.steps()[0], scene.blue.name_room()
        seen = [stepped(app, stepper)]
        for _step in range(len(LEVELS) - 1):  # down the ladder to Anfänger
            drive.click(down.center)
            seen.append(stepped(app, stepper))
        assert seen == german_levels[::-1]
        assert app.settings.blue_player == "Beginner"  # kept as the settings file reads it
        app.scenes.reset(SettingsScene(app))
        drive.frames(2)
        assert any(t.startswith("Meister denkt") for t in frame_texts(app, drive))
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("language", languages())
def test_match_my_level_says_which_side_is_the_person_whole_at_640x480_in_large(tmp_path, language):
    """With a level on each side, "Match my level" made Red the person without a
    word (it said only "Blue is ..."): its line says the player plays Red against
    the level, whole in Large text at 640x480, and no control moves for it."""
    from game.client.scripted.checks import layout_problems, text_problems
    from game.client.scripted.tour import Driver

    from .screens import shown

    def setup(app):
        app.settings.red_player, app.settings.blue_player = "Expert", "Master"
        return SetupScene(app)

    with shown(tmp_path, setup, (640, 480), "Large", language) as (app, _seen):
        scene = app.scenes.top
        drive = Driver(app)
        places = [c.rect.copy() for c in scene.controls]
        button = next(c for c in scene.controls if getattr(c, "label", "") == "Match my level")
        drive.click(button.rect.center)
        drive.frames(2)
        assert (app.settings.red_player, app.settings.blue_player) == (HUMAN, "Beginner")
        said = scene.lines()["rating"]
        if language == "en":
            assert said.startswith("Match my level: you play Red against Beginner (Elo ")
        seen = look(app)
        assert seen is not None
        assert said in {m for m, _r, _b, _p in seen.texts}
        assert text_problems(app, seen) == [] and layout_problems(app) == []
        assert [c.rect for c in scene.controls] == places


@pytest.mark.parametrize("language", languages())
@pytest.mark.parametrize("text_size", ["Normal", "Large"])
def test_the_pick_wraps_to_the_width_it_has_at_640x480(tmp_path, text_size, language):
    """What "Match my level" said wrapped into a narrow column at 640x480 (two
    lines of about 340 pixels in a box of 580): it takes the screen's width."""
    from game.client import theme
    from game.client.scripted.tour import Driver

    from .screens import shown
    from .test_panel_wrap_width import could_fill

    with shown(tmp_path, SetupScene, (640, 480), text_size, language) as (app, _seen):
        scene = app.scenes.top
        button = next(c for c in scene.controls if getattr(c, "label", "") == "Match my level")
        Driver(app).click(button.rect.center)
        said = scene.lines()["rating"]
        seen = look(app)
        assert seen is not None
        drawn = [(r, b, p) for m, r, b, p in seen.texts if m == said]
        assert drawn, said
        box, pixels = drawn[0][1], drawn[0][2]
        assert box is not None and box.width >= 640 - 60
        lines = theme.face(pixels).wrap(said, box.width)
        assert len(lines) == len(drawn) and could_fill(theme.face(pixels), lines, box.width) is None
        if len(drawn) > 1:
            assert max(r.width for r, _b, _p in drawn) >= 0.75 * box.width, (lines, box)
        # Clear of the Red row under it, as the lines are of each other (play-test:
        # at 640x480 Normal the wrapped pick sat just above it).
        row = min(c.rect.top for c in scene.controls)
        under = row - max(r.bottom for r, _b, _p in drawn)
        assert under >= line_gap(scene.pixels) - 2, (under, scene.pixels)
