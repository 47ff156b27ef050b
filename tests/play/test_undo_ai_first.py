"""Play-test (640x480): in a rematch where the AI played Red, Undo on the
person's first turn took back the AI's tile alone, and the AI, left to move
with a turn to redo, was never asked again ("The AI is thinking." said falsely).
Undo goes back only to a turn of the person's; with none it does nothing; and
the AI is asked whenever it is to move and nobody is looking back."""

from __future__ import annotations

from pathlib import Path

from game.play.control import not_your_turn
from game.play.match import HUMAN, Match
from game.play.match_controller import MatchController
from game.play.offers import offers

from .test_played_on import FirstTurnAI


def ai_first(tmp_path: Path) -> tuple[MatchController, FirstTurnAI]:
    match = Match(3, "Beginner", HUMAN)
    ai = FirstTurnAI()
    ai.match = match
    control = MatchController(match, tmp_path, ai)
    control.poll(0.0, ready=True)  # asked and answered
    assert match.ply == 1 and match.human_to_move
    return control, ai


def test_undo_has_nothing_to_take_back_before_the_persons_first_turn(tmp_path: Path) -> None:
    control, _ai = ai_first(tmp_path)
    match = control.match
    assert not match.can_undo and not offers(match).undo
    assert not control.undo()
    assert match.ply == 1 and not match.redo_stack and match.human_to_move


def test_undo_goes_back_to_the_persons_turn_not_before_the_ais(tmp_path: Path) -> None:
    control, _ai = ai_first(tmp_path)
    match = control.match
    match.click(match.board.legal_turns()[0].cells[0])  # the person's place
    control.poll(0.2, ready=True)  # and the AI's answer
    plies = match.ply
    assert plies == 3 and match.can_undo
    assert control.undo()
    assert match.ply == 1 and match.human_to_move
    assert not match.can_undo  # back at the person's first turn: no further


def test_the_ai_to_move_after_a_take_back_is_asked(tmp_path: Path) -> None:
    """A position left with the AI to move and turns to redo (a record kept by
    the stalled game) is not looked back at once it is played on: asked."""
    control, ai = ai_first(tmp_path)
    match = control.match
    match.redo_stack.append(match.board.pop())  # the stalled position
    assert match.ai_to_move and not control.browsing
    asked = ai.asked
    control.poll(1.0, ready=True)  # asked, and answered at once
    assert ai.asked == asked + 1
    assert match.ply == 1 and match.human_to_move and not match.redo_stack


def test_looking_back_keeps_the_ai_waiting(tmp_path: Path) -> None:
    control, ai = ai_first(tmp_path)
    assert control.goto(0) and control.browsing
    asked = ai.asked
    control.poll(1.0, ready=True)
    assert ai.asked == asked and not control.thinking
    said = not_your_turn(control.match, control.thinking, control.browsing)
    assert said == "Wait for your turn."
    assert control.goto(1) and not control.browsing


def test_the_ai_is_said_to_think_only_while_it_does_or_is_about_to() -> None:
    match = Match(3, "Beginner", HUMAN)
    assert not_your_turn(match, thinking=True) == "The AI is thinking."
    # Its turn is due (play-test: a click 0.05 s after one's own turn was told to
    # wait while the panel said the AI was thinking)...
    assert not_your_turn(match, thinking=False) == "The AI is thinking."
    # ... but not while the player looks back: then the AI waits.
    assert not_your_turn(match, thinking=False, browsing=True) == "Wait for your turn."
    two = Match(3, HUMAN, HUMAN)
    two.board.play(two.board.legal_turns()[0])
    assert not_your_turn(two, thinking=False) == "Wait for your turn."
