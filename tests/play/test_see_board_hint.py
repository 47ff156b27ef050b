"""What See board says of stepping through the game (play-test, 640x480
Large: after a game called off before any turn, "Undo and Left step back
through the game." with 0 turns and Undo greyed)."""

from __future__ import annotations

from game.play import look_back
from game.play.match import HUMAN, Match
from game.play.match_end import keys_when_over, see_board_hint
from game.rules import BLUE, RED


def test_nothing_is_said_of_a_game_without_a_turn() -> None:
    match = Match(3, HUMAN, "Club")
    match.resign(RED)
    assert match.called_off
    assert see_board_hint(match, review=False, takebacks=True) == ""
    # Nor does the line of keys under the board name the moves.
    assert keys_when_over(match) == ("The game is over.",)


def test_undo_is_named_only_where_it_takes_something_back() -> None:
    match = Match(3, "Club", HUMAN)
    match.play(match.board.legal_turns()[0])  # the AI's turn; none of the person's
    match.resign(BLUE)
    assert match.called_off and not match.can_undo and not match.undo()
    for takebacks in (True, False):
        said = see_board_hint(match, review=False, takebacks=takebacks)
        assert said == "Left steps back through the game."
    resigned = Match(3, HUMAN, HUMAN)
    resigned.play(resigned.board.legal_turns()[0])
    resigned.resign(RED)  # Red had played: a resignation, to take back
    assert resigned.can_undo
    said = see_board_hint(resigned, review=False, takebacks=True)
    assert said == "Undo and Left step back through the game."


def test_a_look_back_from_history_says_how_to_step() -> None:
    match = Match(3, HUMAN, HUMAN)
    match.play(match.board.legal_turns()[0])
    assert see_board_hint(match, review=True, takebacks=True) == look_back.stepping()


def test_the_keys_of_a_finished_game_with_turns_name_its_moves() -> None:
    match = Match(3, HUMAN, "Club")
    match.play(match.board.legal_turns()[0])
    match.resign(BLUE)
    assert match.over and match.plies == 1
    assert all("the moves" in keys for keys in keys_when_over(match))
