"""The result card tells how the game ended, wherever the player is looking
(play-test: a game Red won 11-8, looked at at turn 2, read "Draw, 1 tile each")."""

import random

from game.play.match import Match
from game.play.match_end import card_on_redo, ending
from game.rules import BLUE, RED


def finished(seed: int) -> Match:
    """A game of random turns on the small board, played to its end with a winner."""
    rng = random.Random(seed)
    match = Match(3, "Human", "Beginner")
    while not match.over:
        match.play(rng.choice(match.board.legal_turns()))
    return match


def decided() -> Match:
    seed = 0
    while (match := finished(seed)).winner() is None:
        seed += 1
    return match


def test_the_ending_is_the_games_end_at_every_turn_looked_at():
    match = decided()
    board = match.board
    end = ending(match)
    assert end.winner == board.winner() is not None
    assert end.tiles == {RED: board.count(RED), BLUE: board.count(BLUE)}
    assert end.turns == match.plies and end.first == board.root.mover and end.resigned is None
    for ply in range(match.plies + 1):
        match.goto(ply)
        assert ending(match) == end, ply
    match.goto(2)
    assert match.board.winner() != end.winner  # the position shown has not decided it


def test_undo_after_the_end_keeps_the_ending():
    match = decided()
    end = ending(match)
    while match.undo():
        assert ending(match) == end
    assert match.ply == 0 and match.plies == end.turns


def test_a_resignation_is_the_ending_even_looked_back_from():
    match = Match(3, "Human", "Beginner")
    rng = random.Random(1)
    for _ in range(3):
        match.play(rng.choice(match.board.legal_turns()))
    match.resign(RED)
    match.goto(1)
    end = ending(match)
    assert end.winner == BLUE and end.resigned == RED and end.turns == 3
    assert match.winner() is None  # the position at turn 1 names none


def test_redo_onto_the_end_brings_the_card_up_in_a_live_game_only():
    """Play-test: Redo onto a look back's last turn put the result card back up."""
    match = decided()
    match.goto(match.plies - 1)
    assert not card_on_redo(match, looking_back=False)  # not at the end yet
    match.goto(match.plies)
    assert card_on_redo(match, looking_back=False)
    assert not card_on_redo(match, looking_back=True)
