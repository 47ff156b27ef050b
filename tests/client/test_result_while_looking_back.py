"""The Result button while looking back opens the card of the game's end, not
of the position shown (play-test: a game Red won 11-8, looked at at turn 2,
read "Draw / 1 tile / 1 tile / 2 turns, 1 each")."""

import pygame

from game.client.scenes.game_over import GameOverScene
from game.client.scenes.match_scene import MatchScene
from game.play import look_back
from game.play.match import player_name, turns_said
from game.rules import BLUE, PASS, RED
from tests.play.test_match_end import decided

from .looking_back import from_the_start, opened_from_history


def result_lines(app, drive, scene) -> list[str]:
    """The card the panel's Result button opens, its lines' words."""
    assert scene.panel.hint is not None and scene.panel.hint.label == "Result"
    drive.click(scene.panel.hint.rect.center)
    drive.frames(2)
    card = app.scenes.top
    assert isinstance(card, GameOverScene)
    return [line[0] for line in card.lines()]


def the_end(match) -> list[str]:
    board = match.board  # at the end: the lines the card must show
    winner = board.winner()
    assert winner is not None
    tiles = [
        f"{side.title} ({player_name(match.player(side))}): {board.count(side)} tiles"
        for side in (RED, BLUE)
    ]
    return [
        f"{winner.title} wins",
        *tiles,
        turns_said(
            len(board.turn_stack), board.root.mover, sum(t is PASS for t in board.turn_stack)
        ),
    ]


def test_result_from_historys_look_back_at_turn_2_tells_the_end(app, drive):
    match = decided()
    expected = the_end(match)
    review = from_the_start(drive, opened_from_history(app, drive, match))
    drive.key(pygame.K_RIGHT)
    drive.key(pygame.K_RIGHT)
    assert review.match.ply == 2 and review.match.board.winner() is None
    lines = result_lines(app, drive, review)
    assert lines[: len(expected)] == expected, lines


def test_result_after_undo_in_a_live_game_tells_the_end(app, drive):
    match = decided()
    expected = the_end(match)
    scene = MatchScene(app, match)
    app.scenes.reset(scene)
    drive.frames(2)
    app.scenes.pop_to(scene)  # the card shown at the end, put away
    drive.frames(2)
    drive.click(scene.panel.undo.rect.center)
    drive.frames(2)
    assert match.ply < match.plies
    lines = result_lines(app, drive, scene)
    assert lines[: len(expected)] == expected, lines


def test_putting_the_result_away_in_a_look_back_keeps_its_own_words(app, drive):
    """Not a live game's "Undo and Left step back through the game."."""
    review = opened_from_history(app, drive, decided())
    result_lines(app, drive, review)
    drive.settle(0.5)  # past the card's deaf moment
    drive.key(pygame.K_ESCAPE)
    assert app.scenes.top is review
    assert review.status[0] == look_back.stepping() != ""
    assert "Undo" not in review.status[0]
