"""The result card takes no click and no button's key for a moment after it
appears (play-test: a fast player's next click landed on the card as it came
up and started a rematch unasked)."""

import random

import pygame

from game.client.scenes.game_over import DEAF, GameOverScene
from game.client.scenes.match_scene import MatchScene

from .test_scenes import start_match


def played_to_the_card(app, drive) -> tuple[MatchScene, GameOverScene]:
    """A hot-seat game clicked to its end, then frames until the card is up and
    no further: the moment a fast player's next click comes."""
    scene = start_match(app, drive, side=3)
    rng = random.Random(4)
    board = scene.match.board
    while not board.is_game_over():
        for cell in rng.choice(board.legal_turns()).cells:
            drive.click_cell(cell)
    for _ in range(600):
        if isinstance(app.scenes.top, GameOverScene):
            break
        drive.frames(1)
    card = app.scenes.top
    assert isinstance(card, GameOverScene) and card.t < DEAF
    return scene, card


def test_a_click_as_the_card_appears_starts_no_rematch(app, drive):
    scene, card = played_to_the_card(app, drive)
    rematch = next(b for b in card.controls if b.label == "Rematch")
    drive.click(rematch.rect.center)
    drive.key(pygame.K_RETURN)  # Rematch's own key, and a controller's A
    drive.key(pygame.K_ESCAPE)  # nor does a key put the card away yet
    assert app.scenes.top is card and app.scenes.scenes[-2] is scene
    # Tab still moves the focus: it presses nothing.
    drive.key(pygame.K_TAB)
    assert [b.label for b in card.controls if b.focused] == ["Rematch"]
    # A moment later, as a player who has read the result, the click is taken.
    drive.settle(DEAF + 0.1)
    drive.click(rematch.rect.center)
    fresh = app.scenes.top
    assert isinstance(fresh, MatchScene) and fresh is not scene
    assert not fresh.match.board.turn_stack


def test_a_button_key_after_the_moment_is_taken(app, drive):
    scene, card = played_to_the_card(app, drive)
    drive.key(pygame.K_b)  # See board's key, too soon: nothing
    assert app.scenes.top is card
    drive.settle(DEAF + 0.1)
    drive.key(pygame.K_b)
    assert app.scenes.top is scene and scene.match.over
