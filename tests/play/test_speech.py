"""What Speech says, without pygame or a voice (game.play.speech)."""

from __future__ import annotations

import pytest

from game.i18n import set_language
from game.play import speech
from game.play.match import Event, Match
from game.rules import BLUE, RED, Board


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


def test_a_turn_is_said_in_words_with_the_cells_in_notation():
    assert speech.turn(RED, "e5") == "Red places a tile on e5."
    assert speech.turn(BLUE, "xd4") == "Blue flips d4."
    assert speech.turn(RED, "xd4xe4xe5") == "Red flips d4, e4 and e5: a chain of three."
    assert speech.turn(RED, "xa1xa2") == "Red flips a1 and a2: a chain of two."
    chain = "x" + "x".join(f"a{i}" for i in range(1, 15))
    assert speech.turn(BLUE, chain).endswith("a chain of 14.")
    assert speech.turn(BLUE, "pass") == "Blue passes."


def test_a_match_turn_and_the_result_it_brings_are_one_utterance():
    match = Match(3, "Human", "Human")
    said = speech.events(match.click(match.board.geometry.index("c3")))
    assert said == "Red places a tile on c3."
    said = speech.events(match.resign(RED))  # Red has played a turn: it counts
    assert said == "Game over: Red resigned: Blue wins."
    refused = speech.events([Event("refused", (0,), RED, "a1 is not empty.")])
    assert refused == "a1 is not empty."


def test_a_cell_says_its_owner_its_group_and_what_enter_would_do():
    board = Board(size=3)
    board.play("c3")
    board.play("b2")
    geo = board.geometry
    # Red places beside its c3 (a placement that touches Blue's b2 too).
    beside = next(
        t
        for t in board.legal_turns()
        if t.is_place and geo.index("c3") in geo.neighbours[t.cells[0]]
    )
    board.play(beside)
    c3 = speech.cell(board, None, geo.index("c3"), your_turn=False)
    assert c3 == "c3: Red, in a group of two."
    assert speech.cell(board, None, geo.index("b2"), your_turn=False) == "b2: Blue, on its own."
    empty = speech.cell(board, None, geo.index("a1"), your_turn=True)
    assert empty.startswith("a1 is empty.")
    assert "a1" in empty.split(". ", 1)[1]  # and what a press would do there
    # The mover's own tile: who owns it says it all.
    assert speech.cell(board, None, geo.index("b2"), your_turn=True) == "b2: Blue, on its own."


def test_the_score_says_each_side_the_last_turn_and_whose_turn():
    board = Board(size=3)
    board.play("c3")
    said = speech.score(board, {RED: "Human", BLUE: "Club"}, last="Red places a tile on c3.")
    assert said == (
        "Red, Human: 1 tile. Blue, Club: 0 tiles. Last turn: Red places a tile on c3. Blue to move."
    )
    over = speech.score(board, {RED: "Human", BLUE: "Club"}, over="Red wins, 1 tiles to 0.")
    assert over.endswith("Game over: Red wins, 1 tiles to 0.")


def test_controls_and_screens():
    assert speech.control("Play") == "Play, button"
    assert speech.control("Continue", enabled=False) == "Continue, button, not available now"
    assert speech.control("Speech: On", "choice") == (
        "Speech: On, a choice: Left or Right changes it"
    )
    assert speech.screen("MOSAIC", "by Mark Steere") == "Mosaic. by Mark Steere."
    assert speech.screen("Settings") == "Settings."


def test_together_joins_sentences_and_drops_repeats_and_blanks():
    assert speech.together(["Red to move", "", "Red to move.", "Flip e5."]) == (
        "Red to move. Flip e5."
    )


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        ("de", "Rot wendet d4, e4 und e5: eine Kette aus drei."),
        ("fr", "Rouge retourne d4, e4 et e5 : une chaîne de trois."),
        ("es", "Rojo voltea d4, e4 y e5: una cadena de tres."),
        ("it", "Rosso gira d4, e4 e e5: una catena di tre."),
    ],
)
def test_a_chain_is_said_in_each_language(code, expected):
    set_language(code)
    assert speech.turn(RED, "xd4xe4xe5") == expected
