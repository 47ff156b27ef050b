"""A whole match played with a controller SDL believes in (a virtual one, see
``virtual_pad``), from the title screen: plugged in, opened, read through SDL's
own controller events, stick and d-pad, then pulled out while the game runs."""

from __future__ import annotations

import random

import pygame
import pytest

from game.client.scenes.game_over import GameOverScene
from game.client.scenes.match_scene import MatchScene
from game.client.scenes.setup import SetupScene
from game.client.scenes.title import TitleScene

from .test_keyboard import way_to
from .virtual_pad import VirtualPad, sdl_library

LIB = sdl_library()
pytestmark = pytest.mark.skipif(
    LIB is None, reason="no SDL with virtual controllers beside pygame-ce (its wheel brings one)"
)


def focused(scene) -> str:
    return "" if scene.focus is None else getattr(scene.controls[scene.focus], "label", "")


def press_until(pad: VirtualPad, scene, direction: str, label: str) -> None:
    for _ in range(len(scene.controls) + 1):
        if focused(scene) == label:
            return
        pad.press(direction)
    raise AssertionError(f"the d-pad never reached {label!r}")


@pytest.fixture
def pad(app, drive):
    assert LIB is not None
    app.settings.red_player = app.settings.blue_player = "Human"
    app.settings.board_side = 3
    app.scenes.push(TitleScene(app))
    drive.frames(2)
    plugged = VirtualPad(LIB, drive.frames)
    drive.frames(2)
    yield plugged
    if plugged.instance in app.pads.open:
        plugged.unplug()


def test_sdl_plugs_a_controller_in_and_the_game_opens_and_names_it(app, drive, pad):
    assert pad.instance in app.pads.open
    told = [text for text, _ in app.toasts]
    assert any("connected" in text for text in told), "the player is told a controller came"


def test_back_shows_and_hides_the_help_and_the_next_press_does_its_job(app, drive, pad):
    """Back, through SDL's own events, toggles the help ("show or hide this
    help"), and a press after that is the screen's, not swallowed. (A play-test
    reported Back not hiding it; that was not seen here, nor with posted events.)"""
    title = app.scenes.top
    for _ in range(2):
        pad.press("back")
        assert app.pads.helping
        pad.press("back")
        assert not app.pads.helping
    focus = title.focus
    pad.press("down")
    assert title.focus != focus  # the press after the help is the screen's


def test_a_whole_match_from_the_title_with_a_controller_sdl_believes_in(app, drive, pad):
    title = app.scenes.top
    press_until(pad, title, "down", "Play")
    pad.press("a")
    setup = app.scenes.top
    assert isinstance(setup, SetupScene)
    press_until(pad, setup, "down", "Start")
    pad.press("a")
    scene = app.scenes.top
    assert isinstance(scene, MatchScene)
    board = scene.match.board
    rng = random.Random(11)
    while not board.is_game_over():
        turn = rng.choice(board.legal_turns())
        played = len(board.turn_stack)
        for cell in turn.cells:
            if scene.input.cursor is None:
                pad.press("a")  # the first A shows the cursor
            for step in way_to(scene, cell):
                pad.press(step)
            assert scene.input.cursor == cell
            pad.press("a")
        # the turn played (a pass the rules force may follow it)
        assert board.turn_stack[played] == turn, scene.status[0]
    drive.settle(3.0)
    assert isinstance(app.scenes.top, GameOverScene)


def test_the_stick_moves_the_focus_and_b_goes_back(app, drive, pad):
    title = app.scenes.top
    press_until(pad, title, "down", "Play")
    pad.press("a")
    assert isinstance(app.scenes.top, SetupScene)
    pad.press("b")
    assert app.scenes.top is title
    before = focused(title)
    pad.stick(0.0, 1.0)
    assert focused(title) not in ("", before), "the stick held down moves the focus on"


def test_pulled_out_mid_game_the_game_lets_it_go_and_the_keys_still_work(app, drive, pad):
    title = app.scenes.top
    pad.unplug()
    assert pad.instance not in app.pads.open
    assert any("disconnected" in text for text, _ in app.toasts)
    drive.key(pygame.K_DOWN)
    drive.key(pygame.K_DOWN)
    assert focused(title) != "", "the arrow keys move the focus with the controller gone"
