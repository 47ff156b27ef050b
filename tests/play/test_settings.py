"""Settings without a screen: what a new player starts with."""

from game.play.settings import Settings


def test_legal_markers_are_on_for_new_players():
    assert Settings().legal_markers


def test_the_language_is_kept_and_empty_means_the_systems(tmp_path):
    import json

    from game.play.settings import load, save

    assert Settings().language == ""
    save(Settings(language="de"), tmp_path)
    assert load(tmp_path) == (Settings(language="de"), None)
    assert json.loads((tmp_path / "settings.json").read_text())["language"] == "de"


def test_an_unknown_language_falls_back_with_a_message_naming_it(tmp_path):
    import json

    from game.play.settings import load

    (tmp_path / "settings.json").write_text(json.dumps({"language": "xx", "volume": 0.3}))
    settings, message = load(tmp_path)
    assert settings.language == "" and settings.volume == 0.3
    assert message is not None
    assert "language 'xx' is not one the game speaks (en, de, fr, es, it" in message


def test_speech_is_off_by_default_kept_when_on_and_checked_like_the_others(tmp_path):
    import json

    from game.play.settings import load, save

    assert Settings().speech is False
    save(Settings(speech=True), tmp_path)
    assert load(tmp_path) == (Settings(speech=True), None)
    (tmp_path / "settings.json").write_text(json.dumps({"speech": "yes", "volume": 0.3}))
    settings, message = load(tmp_path)
    assert settings.speech is False and settings.volume == 0.3
    assert message is not None and "speech should be true or false" in message


def test_a_level_the_game_does_not_know_falls_back_with_a_note(tmp_path):
    import json

    from game.play.settings import load

    (tmp_path / "settings.json").write_text(json.dumps({"red_level": "Grandmaster"}))
    settings, problem = load(tmp_path)
    assert settings.red_level == "Beginner" and problem and "red_level" in problem


def test_a_side_keeps_the_level_last_chosen_under_a_person():
    s = Settings()
    s.choose_player("blue", "Expert")
    s.choose_player("blue", "Human")
    assert (s.blue_player, s.shown_level("blue")) == ("Human", "Expert")
    assert s.shown_level("red") == "Beginner"  # the default until a level is chosen


def test_a_new_players_ai_side_is_what_match_my_level_picks_and_a_saved_one_stays(tmp_path):
    """Play-test: a new player met Club (Elo 981) on New match. "Match my level"
    picks Beginner before any result (the level nearest the starting rating,
    the easiest): a new player's AI side starts there; a returning player's
    choice, in their file, is kept."""
    import json

    from game.ai.levels import LEVELS
    from game.play import ai_rating
    from game.play.match import HUMAN
    from game.play.settings import load

    newcomer = ai_rating.load(tmp_path)[0]
    assert not ai_rating.rated(newcomer)
    pick = ai_rating.match_my_level(HUMAN, "Club", newcomer)
    assert pick.blue == ai_rating.NEWCOMER_LEVEL == "Beginner"
    settings, problem = load(tmp_path)  # no file yet: a new player
    assert problem is None
    assert (settings.red_player, settings.blue_player) == (HUMAN, pick.blue)
    assert settings.shown_level("red") == pick.blue
    # Beginner is a game a newcomer can win: above even odds at the start.
    expected = 1 / (1 + 10 ** ((LEVELS["beginner"].elo - ai_rating.START.rating) / 400))
    assert expected > 0.5
    (tmp_path / "settings.json").write_text(json.dumps({"blue_player": "Club"}))
    settings, _problem = load(tmp_path)
    assert settings.blue_player == "Club"  # a returning player's choice
