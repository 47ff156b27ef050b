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
    assert settings.red_level == "Club" and problem and "red_level" in problem


def test_a_side_keeps_the_level_last_chosen_under_a_person():
    s = Settings()
    s.choose_player("blue", "Beginner")
    s.choose_player("blue", "Human")
    assert (s.blue_player, s.shown_level("blue")) == ("Human", "Beginner")
    assert s.shown_level("red") == "Club"  # the default until a level is chosen
