"""The controller's way through the flow of the game, posted as controller
events through the real scenes: the result's buttons, a lesson's Start, the
confirm dialogs' first focus, the History review's way out, what the status line
keeps after the AI's reply, and which way the hex cursor's Down goes."""

from __future__ import annotations

import random

from game.client.scenes.game_over import GameOverScene
from game.client.scenes.match_scene import MatchScene
from game.play.match import Match

from .test_pad import DPAD, A, cursor_to


def finished_match_scene(app, drive) -> MatchScene:
    """A match one turn from its end on screen, that turn then played with the pad."""
    rehearsal = Match(3, "Human", "Human")
    rng = random.Random(2)
    turns = []
    while not rehearsal.board.is_game_over():
        turns.append(rng.choice(rehearsal.board.legal_turns()))
        rehearsal.play(turns[-1])
    match = Match(3, "Human", "Human")
    for turn in turns[:-1]:
        match.play(turn)
    scene = MatchScene(app, match)
    app.scenes.push(scene)
    drive.frames(2)
    for cell in turns[-1].cells:
        cursor_to(drive, scene, cell)
        drive.pad(A)
    drive.settle(3.0)
    return scene


def test_the_d_pad_lights_the_result_buttons_and_a_presses_the_lit_one(app, drive):
    scene = finished_match_scene(app, drive)
    over = app.scenes.top
    assert isinstance(over, GameOverScene)
    labels = [b.label for b in over.controls]
    assert labels[:2] == ["Rematch", "See board"]
    drive.pad(DPAD["right"])
    drive.pad(DPAD["right"])
    assert [b.focused for b in over.controls][:2] == [False, True]
    drive.pad(A)  # See board, not Rematch
    assert app.scenes.top is scene
    assert scene.match.board.is_game_over()
