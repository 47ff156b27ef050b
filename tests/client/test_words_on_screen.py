"""Words the play-test found in English (or in the wrong sense) on German screens,
through the real scenes: "Human", the AI level's description, Fullscreen after a
change of language, a pass in the move list, and the level Casual drawn as the
lobby's unrated game. The AI levels are named in the player's language too (issue 54's
second play-test: "Master denkt: Schnell")."""

from __future__ import annotations

import pytest

from game import i18n
from game.client.scenes.history_scene import HistoryScene
from game.client.scenes.online_lobby import rated_shown
from game.client.scenes.settings_scene import SettingsScene
from game.client.scenes.setup import SetupScene
from game.client.side_panel import shown_move
from game.play.match import Match, player_name

from .drawn import words


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")


def test_new_match_names_the_levels_and_the_human_in_german(app, drive):
    i18n.set_language("de")
    app.settings.red_player, app.settings.blue_player = "Human", "Casual"
    app.scenes.reset(SetupScene(app))
    drive.frames(2)
    seen = words(app.scenes.top.draw, app.screen)
    assert "Mensch" in seen and "Human" not in seen
    assert "Hobby" in seen and "Casual" not in seen and "Ungewertet" not in seen
    # The level's description is German too.
    assert "Plays sensible turns" not in seen
    assert i18n._("Plays sensible turns without looking at your reply.") in seen


def test_the_match_sidebar_and_status_say_the_side_and_human_in_german(app, drive):
    i18n.set_language("de")
    from game.client.scripted.tour import match_scene

    scene = match_scene(app, [], 5)
    drive.frames(2)
    seen = words(scene.draw, app.screen)
    assert "Rot: Mensch" in seen and "Human" not in seen
    assert "Red" not in seen.split()


def test_fullscreen_is_said_in_the_language_just_chosen(app, drive):
    app.scenes.reset(SettingsScene(app))
    drive.frames(2)
    scene = app.scenes.top
    scene._language("Deutsch")
    drive.frames(1)
    assert scene.fullscreen.label.startswith("Vollbild (F11): Aus")
    assert "Fullscreen" not in words(scene.draw, app.screen)


def test_a_pass_in_the_move_list_is_said_in_the_players_words():
    i18n.set_language("de")
    assert shown_move("pass") == "Passen"
    assert shown_move("a1xb2") == "a1xb2"  # notation is the same everywhere


def test_the_lobbys_casual_game_and_the_level_casual_are_two_texts():
    i18n.set_language("de")
    assert rated_shown("Casual") == "Ungewertet"
    assert rated_shown("Rated") == "Gewertet"
    assert player_name("Casual") == "Hobby"
    assert player_name("Human") == "Mensch"
    # The level's name has its own entry: nothing can draw it as the lobby's word.
    assert i18n._("Casual") == "Hobby"


def test_the_history_filter_names_a_level_in_german(app, drive):
    i18n.set_language("de")
    app.scenes.reset(HistoryScene(app))
    drive.frames(2)
    choice = app.scenes.top.filter_choice
    assert choice.shown("Casual") == "Hobby"
    assert choice.shown("Human") == "Mensch"
    assert choice.shown("All") == i18n._("All") != "All"


def test_the_game_is_by_mark_steere_in_each_language():
    for code, by in {"de": "von", "fr": "par", "es": "de", "it": "di"}.items():
        i18n.set_language(code)
        for msgid in (
            "Mosaic by Mark Steere. Digital edition {version}.",
            "Mosaic by Mark Steere, in ten short lessons on a live board.",
        ):
            said = i18n._(msgid)
            assert " by " not in said and f" {by} Mark Steere" in said, (code, said)


def test_the_ai_thinking_names_the_level_in_german(app, drive):
    from game.client.scenes.match_scene import MatchScene

    i18n.set_language("de")
    app.settings.master_long = True  # it thinks long enough to be seen thinking
    scene = MatchScene(app, Match(5, "Master", "Human"))
    app.scenes.push(scene)
    drive.frames(2)
    assert scene.thinker is not None and scene.thinker.thinking
    line = scene.turn_line()[0]
    assert line.startswith("Meister denkt nach") and "Master" not in line
    scene.thinker.cancel_ai()


def test_the_history_results_name_the_level_in_german(app, drive):
    import datetime as dt

    from game.play.history import archive
    from game.rules import RED

    i18n.set_language("de")
    lost = Match(3, "Human", "Beginner")
    lost.play(lost.board.legal_turns()[0])
    lost.resign(RED)
    archive(lost, app.data, dt.datetime(2026, 11, 1, 12, 0))
    history = HistoryScene(app)
    app.scenes.reset(history)
    drive.frames(2)
    assert history.stats_lines() == [
        "gegen Anfänger auf Brettseite 3: 0 gewonnen, 0 unentschieden, 1 verloren"
    ]
