"""The synthesised sounds, and a hint asked of the AI during a match."""

import time

import numpy as np
import pygame

from game.client.audio import QUIET_CLOSE, RATE, Audio, recipes
from game.client.scenes.match_scene import MatchScene
from game.play.match import Match


def test_every_effect_is_short_audible_and_unclipped():
    sounds = recipes()
    for name in ("place", "flip", "chain", "refuse", "win", "loss", "right", "wrong", "pass"):
        wave = sounds[name]
        assert 0.03 < len(wave) / RATE < 1.5, name
        peak = float(np.max(np.abs(wave)))
        assert 0.05 < peak <= 1.0, name


def test_the_mixer_gets_every_effect_at_the_set_volume(app):
    audio = Audio(0.25)
    assert audio.available and set(audio.sounds) == set(recipes())
    audio.play("place")
    assert audio.sounds["place"].get_volume() == 0.25


def test_the_sound_device_is_let_go_when_quiet_and_opened_for_the_next_sound(app):
    """An open device mixes silence many times a second in a thread of the game:
    a third of a still title's cost (issue 54)."""
    audio = Audio(0.25)
    assert audio.open and pygame.mixer.get_init()
    audio.update(QUIET_CLOSE / 2)
    assert audio.open
    audio.update(QUIET_CLOSE / 2)
    assert not audio.open and not pygame.mixer.get_init() and audio.available
    audio.play("flip")
    assert audio.open and pygame.mixer.get_init()
    assert audio.sounds["flip"].get_volume() == 0.25
    audio.update(QUIET_CLOSE / 2)
    audio.play("place")  # a sound keeps it open
    audio.update(QUIET_CLOSE / 2)
    assert audio.open


def test_a_hint_rings_the_turn_master_would_play(app, drive):
    scene = MatchScene(app, Match(3, "Human", "Human"))
    app.scenes.push(scene)
    drive.frames(2)
    drive.key(pygame.K_h)
    deadline = time.monotonic() + 60
    while not scene.hint and time.monotonic() < deadline:
        drive.frames(1)
        time.sleep(0.01)
    assert scene.hint, "no hint came back"
    assert "Master would play" in scene.status[0]
    board = scene.match.board
    assert all(board.tile_at(c) is None or board.tile_at(c) != board.mover for c in scene.hint)


def test_settings_shows_that_the_sound_is_off_and_its_slider_turns_it_on(app, drive):
    from game.client.scenes.settings_scene import SettingsScene

    app.scenes.reset(SettingsScene(app))
    drive.frames(2)
    scene = app.scenes.top
    assert scene.volume.note == ""
    drive.key(pygame.K_m)  # off, from anywhere
    assert app.settings.muted and scene.volume.note == "off (M)"
    drive.click(scene.volume.bar().center)  # the sound's slider: sound wanted again
    assert not app.settings.muted and scene.volume.note == ""
    assert app.audio.volume == app.settings.volume > 0


def test_the_text_size_setting_makes_every_text_larger_and_is_kept(app, drive):
    from game.client import theme
    from game.client.scenes.settings_scene import SettingsScene
    from game.play.settings import load

    app.scenes.reset(SettingsScene(app))
    drive.frames(2)
    scene = app.scenes.top
    choice = next(c for c in scene.controls if getattr(c, "title", "") == "Text size")
    normal = theme.font(20).get_height()
    try:
        drive.click(choice.rect.center)
        assert app.settings.text_size == "Large" and load(app.data)[0].text_size == "Large"
        assert theme.font(20).get_height() > normal
    finally:
        theme.set_text_size("Normal")
