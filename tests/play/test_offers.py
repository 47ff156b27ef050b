"""What a match still offers, decided in game/play so the match screen, its side
panel, pause menu and result card only draw it: a called-off game is neither
analysed nor saved and gets the card without Analyse; before the first turn
giving up is aborting. No pygame."""

from __future__ import annotations

import random

from game.play.match import HUMAN, Match
from game.play.offers import offers
from game.rules import BLUE, RED


def played(turns: int) -> Match:
    """A side-3 game of two people with ``turns`` random turns played."""
    match = Match(3, HUMAN, HUMAN)
    rng = random.Random(turns)
    for _turn in range(turns):
        match.play(rng.choice(match.board.legal_turns()))
    return match


def test_a_new_game_offers_to_abort_and_to_save_but_not_yet_to_analyse_from_the_menu():
    can = offers(played(0))
    assert can.give_up and can.give_up_label == "Abort"
    assert can.save and can.analyse and not can.analyse_from_menu
    assert can.card == "analysed"


def test_once_a_turn_is_played_giving_up_is_resigning():
    can = offers(played(1))
    assert can.give_up and can.give_up_label == "Resign"


def test_a_called_off_game_is_neither_analysed_nor_saved():
    match = played(1)  # Red's turn is played; Blue gives up before one of their own
    match.resign(BLUE)
    assert match.called_off
    can = offers(match)
    assert not can.analyse and not can.analyse_from_menu and not can.save
    assert not can.give_up and can.card == "plain"


def test_a_resigned_game_that_counts_offers_everything_but_giving_up():
    match = played(2)  # each side has played a turn
    match.resign(RED)
    assert match.finished and not match.called_off
    can = offers(match)
    assert can.analyse and can.analyse_from_menu and can.save
    assert not can.give_up and can.card == "analysed"


def test_a_game_played_to_its_end_offers_analysis_from_the_menu_too():
    match = played(0)
    rng = random.Random(5)
    while not match.board.is_game_over():
        match.play(rng.choice(match.board.legal_turns()))
    can = offers(match)
    assert can.analyse_from_menu and not can.give_up and can.card == "analysed"
