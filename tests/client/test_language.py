"""The Language setting through the real Settings screen, and at start-up."""

import pytest

from game import i18n
from game.client.app import App
from game.client.scenes.settings_scene import SettingsScene
from game.play.settings import Settings, load, save


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")


def language_choice(scene):
    return next(c for c in scene.controls if getattr(c, "title", "") == "Language")


def test_choosing_a_language_applies_at_once_and_is_kept(app, drive, monkeypatch):
    monkeypatch.setattr(i18n, "system_language", lambda: "en")
    app.scenes.reset(SettingsScene(app))
    drive.frames(2)
    choice = language_choice(app.scenes.top)
    assert choice.value == "System"
    # Each language is named in its own words, after the system's.
    assert choice.options == ["System", "English", "Deutsch", "Français", "Español", "Italiano"]
    drive.click(choice.rect.center)  # English
    drive.click(language_choice(app.scenes.top).rect.center)  # Deutsch
    assert app.settings.language == "de" and load(app.data)[0].language == "de"
    assert i18n.language() == "de"
    assert i18n._("Wait for your turn.") != "Wait for your turn."
    # Back to the system's language (English here) by going round.
    for _step in range(4):
        drive.click(language_choice(app.scenes.top).rect.center)
    assert app.settings.language == "" and i18n.language() == "en"


def test_the_saved_language_is_spoken_from_the_start(tmp_path):
    import pygame

    save(Settings(language="fr"), tmp_path / "data")
    pygame.init()
    app = App((1280, 800), tmp_path / "data")
    try:
        assert i18n.language() == "fr"
    finally:
        app.close()
        pygame.quit()
