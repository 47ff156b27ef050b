"""Undo and Take back side by side confused a newcomer in a Windows play-test:
Take back was greyed with no reason given, and did what Undo did during a chain.
Where Undo is there it takes back the chain too, and is the one button; where it
is not (online), the button says what it takes back."""

from __future__ import annotations

import pygame

from game.client.scripted.tour import chain_start, game_until, match_scene


def test_undo_is_the_one_take_back_button_and_takes_back_a_chain(app, drive):
    turns, chain = game_until(5, 1, chain_start)
    scene = match_scene(app, turns, 5)
    drive.frames(2)
    labels = [b.label for b in scene.panel.controls]
    assert "Undo" in labels
    assert not [label for label in labels if label.startswith("Take back")], labels
    plies = len(scene.match.board.turn_stack)
    drive.click_cell(chain.cells[0])
    assert scene.match.chain is not None
    drive.click(scene.panel.undo.rect.center)
    assert scene.match.chain is None
    assert len(scene.match.board.turn_stack) == plies  # the chain only, not a turn
    assert scene.status[0] == "Took back 1 flip."
    drive.key(pygame.K_u)  # then Undo goes back a turn, as it says
    assert len(scene.match.board.turn_stack) < plies


def test_a_right_click_take_back_says_what_the_button_says(app, drive):
    """Issue 54 (continued), item 7: a right click took back the chain's only flip
    and left the top line empty; the button says "Took back 1 flip."."""
    turns, chain = game_until(5, 1, chain_start)
    scene = match_scene(app, turns, 5)
    drive.frames(2)
    drive.click_cell(chain.cells[0])
    drive.click_cell(chain.cells[1])
    drive.click(scene.view.centre(chain.cells[1]), button=3)
    assert scene.match.chain is not None and scene.status[0].startswith("Chain: now flip")
    drive.click(scene.view.centre(chain.cells[0]), button=3)
    assert scene.match.chain is None
    assert scene.status[0] == "Took back 1 flip."


def test_undo_after_the_end_against_the_ai_says_both_turns_went(app, drive):
    """Play-test: after the end against the AI each Undo took back two turns (the
    AI's and the person's) and said "Back one turn. Redo goes forward again."."""
    import random

    from game.client.scenes.match_scene import MatchScene
    from game.play.match import Match
    from game.rules import PASS

    for seed in range(50):  # a game whose last turn is the AI's, not a pass
        match = Match(3, "Human", "Beginner")
        rng = random.Random(seed)
        while not match.over:
            match.play(rng.choice(match.board.legal_turns()))
        last = match.board.turn_stack[-1]
        if last is not PASS and match.board.turn_stack[-2] is not PASS and match.plies % 2 == 0:
            break
    scene = MatchScene(app, match)
    app.scenes.reset(scene)
    drive.settle(1.0)
    assert app.scenes.top is scene and match.over
    end = match.ply
    drive.key(pygame.K_u)
    assert end - match.ply == 2 and match.human_to_move
    assert scene.status[0] == "Back 2 turns. Redo goes forward again."
