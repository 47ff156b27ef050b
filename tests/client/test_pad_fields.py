"""A screen with text fields, Play online, with a controller or the keys alone:
a field is never a trap. Up and Down (keys, d-pad, stick) move the focus out of
it, every button is reached, and Esc, B and Start leave the screen as on any
other (Esc first ends the typing, if the field was clicked to type in)."""

from __future__ import annotations

import pygame

from game.client.scenes.online_lobby import OnlineScene
from game.client.scenes.title import TitleScene
from game.client.text_field import TextField
from game.play.online_identity import field_words

from .test_pad import DPAD, START, B, pressed_on_title


def online_by_pad(app, drive) -> OnlineScene:
    """Play online, reached from the title with the d-pad and A."""
    scene = pressed_on_title(app, drive, "Play online")
    assert isinstance(scene, OnlineScene)
    return scene


def focused(scene: OnlineScene):
    return None if scene.focus is None else scene.controls[scene.focus]


def test_the_d_pad_reaches_every_control_of_the_form_from_its_first_field(app, drive):
    scene = online_by_pad(app, drive)
    assert focused(scene) is scene.server_field  # the focus starts in a field
    seen = [focused(scene)]
    for _ in scene.controls:
        drive.pad(DPAD["down"])
        seen.append(focused(scene))
    assert seen[1] is scene.name_field
    assert set(map(id, seen)) == set(map(id, scene.controls))
    drive.pad(DPAD["up"])  # and back up, out of the first field to the last button
    drive.pad(DPAD["up"])
    assert focused(scene) is scene.controls[-2]
    shown = field_words(scene.identity.server)
    assert scene.server_field.value == shown  # nothing typed by moving


def test_the_stick_and_the_keyboard_arrows_move_out_of_a_field(app, drive):
    scene = online_by_pad(app, drive)
    drive.tilt(pygame.CONTROLLER_AXIS_LEFTY, 32767)  # the stick down
    drive.tilt(pygame.CONTROLLER_AXIS_LEFTY, 0)
    assert focused(scene) is scene.name_field
    drive.key(pygame.K_DOWN)
    assert getattr(focused(scene), "label", "") == "Connect"
    drive.key(pygame.K_UP)
    drive.key(pygame.K_UP)
    assert focused(scene) is scene.server_field


def test_b_and_start_leave_from_a_field_as_from_any_screen(app, drive):
    for button in (B, START):
        scene = online_by_pad(app, drive)
        assert isinstance(focused(scene), TextField)
        drive.pad(button)
        assert isinstance(app.scenes.top, TitleScene), button


def test_esc_first_ends_the_typing_then_leaves(app, drive):
    scene = online_by_pad(app, drive)
    drive.key(pygame.K_ESCAPE)  # on a field the focus only passes through: out
    assert isinstance(app.scenes.top, TitleScene)
    scene = online_by_pad(app, drive)
    drive.click(scene.name_field.rect.center)
    assert scene.name_field.editing
    drive.key(pygame.K_ESCAPE)
    assert app.scenes.top is scene and not scene.name_field.editing
    drive.key(pygame.K_ESCAPE)
    assert isinstance(app.scenes.top, TitleScene)
