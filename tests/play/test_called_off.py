"""A game resigned before the resigning side played a turn is called off:
neither rated nor kept in History, and the result card says so (play-test: five
resigns before a first turn pushed a new player's rating to its floor)."""

from __future__ import annotations

from pathlib import Path

from game.play import ai_rating
from game.play.called_off import called_off, calls_off, resign_words
from game.play.history import entries
from game.play.match import HUMAN, Match
from game.play.match_controller import MatchController
from game.play.match_end import ending
from game.rules import BLUE, RED

from .test_played_on import FirstTurnAI


def against_club(tmp_path: Path, red: str, blue: str) -> MatchController:
    ai = FirstTurnAI()
    control = MatchController(Match(3, red, blue), tmp_path, ai)
    control.ponder_allowed = False
    ai.match = control.match
    return control


def test_resigning_before_a_turn_is_neither_rated_nor_kept(tmp_path):
    control = against_club(tmp_path, HUMAN, "Club")
    assert "over" in [e.kind for e in control.resign(RED)]
    assert called_off(control.match) and not (tmp_path / ai_rating.FILE).exists()
    assert entries(tmp_path) == ([], [])
    assert control.over_note() == "Called off before you played a turn: not rated, not in History."


def test_the_ais_first_turn_does_not_make_it_the_persons(tmp_path):
    control = against_club(tmp_path, "Club", HUMAN)
    while control.match.board.mover == RED:
        control.poll(0.0, True)
    assert control.match.ply == 1  # the AI played its turn; the person none
    control.resign(BLUE)
    assert called_off(control.match) and entries(tmp_path) == ([], [])
    assert not (tmp_path / ai_rating.FILE).exists()
    # Play-test: the card said "1 turn" over "before a turn was played".
    assert control.over_note() == "Called off before you played a turn: not rated, not in History."


def test_resigning_after_a_turn_of_ones_own_is_rated_and_kept(tmp_path):
    control = against_club(tmp_path, HUMAN, "Club")
    turn = control.match.board.legal_turns()[0]
    for cell in turn.cells:
        control.click(cell)
    assert control.match.ply >= 1
    control.resign(RED)
    assert not called_off(control.match)
    assert control.over_note().startswith("Rating: -")  # counted
    games, _problems = entries(tmp_path)
    assert len(games) == 1 and (tmp_path / ai_rating.FILE).exists()
    assert ai_rating.load(tmp_path)[0].rating < ai_rating.START.rating


def test_two_people_are_told_it_is_not_kept_only(tmp_path):
    control = against_club(tmp_path, HUMAN, HUMAN)
    control.resign(RED)
    assert control.over_note() == "Called off before a turn was played: not in History."
    assert entries(tmp_path) == ([], [])


def test_two_people_are_told_whose_turn_was_not_played(tmp_path):
    control = against_club(tmp_path, HUMAN, HUMAN)
    for cell in control.match.board.legal_turns()[0].cells:
        control.click(cell)
    assert control.match.ply == 1
    control.resign(BLUE)
    assert control.over_note() == "Called off before Blue played a turn: not in History."


def test_the_person_is_who_counts_whichever_side_gives_up(tmp_path):
    """Against the AI it is the person's first turn that makes the game count,
    even if the AI's side is the one resigned."""
    control = against_club(tmp_path, HUMAN, "Club")
    control.resign(BLUE)
    assert called_off(control.match) and entries(tmp_path) == ([], [])


def test_before_the_persons_first_turn_resigning_is_put_as_calling_off(tmp_path):
    """Play-test: the menu said Resign, then the result card said "not rated"."""
    control = against_club(tmp_path, "Club", HUMAN)
    match = control.match
    words = resign_words(match, BLUE)
    assert calls_off(match, BLUE) and words.button == words.yes == "Call off"
    assert words.question == "Call off this game?"
    assert words.detail == (
        "You have not played a turn yet: the game is not rated or kept in History."
    )
    while match.board.mover == RED:
        control.poll(0.0, True)
    assert match.ply == 1 and resign_words(match, BLUE).button == "Call off"  # the AI's turn
    for cell in match.board.legal_turns()[0].cells:
        control.click(cell)
    words = resign_words(match, BLUE)
    assert not calls_off(match, BLUE) and words.button == words.yes == "Resign"
    assert words.question == "Resign as Blue?"


def test_two_people_call_off_for_the_one_who_has_not_played(tmp_path):
    control = against_club(tmp_path, HUMAN, HUMAN)
    match = control.match
    assert resign_words(match, RED).detail == (
        "You have not played a turn yet: the game is not kept in History."
    )
    for cell in match.board.legal_turns()[0].cells:
        control.click(cell)
    assert resign_words(match, RED).button == "Resign"
    assert resign_words(match, BLUE).button == "Call off"


def test_a_called_off_game_has_no_winner_on_its_card_or_status(tmp_path):
    """Play-test: a called-off game's card read "Blue wins" / "Red resigned." and
    the side panel "Red resigned: Blue wins.", for a game that counts for nothing."""
    control = against_club(tmp_path, HUMAN, "Club")
    control.resign(RED)
    end = ending(control.match)
    assert end.called_off and end.winner is None
    assert end.headline == "Called off"
    assert end.resign_line == "Red called the game off."
    assert control.match.result_text() == "Red called the game off: it does not count."


def test_a_resignation_that_counts_still_names_the_winner(tmp_path):
    control = against_club(tmp_path, HUMAN, "Club")
    for cell in control.match.board.legal_turns()[0].cells:
        control.click(cell)
    control.resign(RED)
    end = ending(control.match)
    assert not end.called_off and end.winner is BLUE
    assert (end.headline, end.resign_line) == ("Blue wins", "Red resigned.")
    assert control.match.result_text() == "Red resigned: Blue wins."


def test_a_game_called_off_before_any_turn_counts_nothing_on_its_card(tmp_path):
    """Play-test: such a card listed "0 tiles", "0 tiles" and "0 turns"."""
    control = against_club(tmp_path, HUMAN, "Club")
    control.resign(RED)
    assert not ending(control.match).counted


def test_a_game_with_turns_counts_them_on_its_card_called_off_or_not(tmp_path):
    """After the AI's first turn a game called off still has a turn to count."""
    control = against_club(tmp_path, "Club", HUMAN)
    control.match.play(control.match.board.legal_turns()[0])  # the AI's
    control.resign(BLUE)
    end = ending(control.match)
    assert end.called_off and end.counted and end.turns == 1
    played = against_club(tmp_path / "b", HUMAN, "Club")
    for cell in played.match.board.legal_turns()[0].cells:
        played.click(cell)
    played.resign(RED)
    assert ending(played.match).counted


def test_the_menu_says_what_calling_off_means_and_it_is_so(tmp_path):
    """Play-test: Resign became Call off before a first turn with no word why.
    The menu's note says what calling off does, and calling off does just that."""
    control = against_club(tmp_path, HUMAN, "Club")
    note = resign_words(control.match, RED).note
    assert note == "A game called off before your first turn is not rated or kept in History."
    control.resign(RED)
    assert not (tmp_path / ai_rating.FILE).exists() and entries(tmp_path) == ([], [])
    two = against_club(tmp_path / "two", HUMAN, HUMAN)
    note = resign_words(two.match, RED).note
    assert note == "A game called off before your first turn is not kept in History."
    for cell in two.match.board.legal_turns()[0].cells:
        two.click(cell)
    assert resign_words(two.match, RED).note == ""  # Resign: a game that counts
    two.resign(BLUE)
    assert entries(tmp_path / "two") == ([], [])
