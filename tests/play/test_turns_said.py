"""The result panel's count of turns, said so that it squares with the move
list, whose rows hold a turn of each side."""

from game.play.match import turns_said
from game.rules import BLUE, RED


def test_the_turns_are_counted_with_each_side_s_share():
    assert turns_said(48, RED) == "48 turns, 24 each"  # the list's last row: 24
    assert turns_said(31, RED) == "31 turns: 16 by Red, 15 by Blue"
    assert turns_said(31, BLUE) == "31 turns: 16 by Blue, 15 by Red"
    assert turns_said(1, RED) == "1 turn"
    assert turns_said(0, RED) == "0 turns"


def test_passes_are_said_apart():
    """Play-test: "87 turns: 44 by Red, 43 by Blue" counted five passes as turns."""
    said = turns_said(87, RED, 5)
    assert said == "87 turns: 44 by Red, 43 by Blue, 5 of them passes"
    assert turns_said(48, BLUE, 1) == "48 turns, 24 each, 1 of them a pass"
    assert turns_said(31, RED, 0) == turns_said(31, RED)


def test_the_ending_counts_its_passes():
    import random

    from game.play.match import Match
    from game.play.match_end import ending
    from game.rules import PASS

    for seed in range(100):  # a game of side 3 with a pass in it
        rng = random.Random(seed)
        match = Match(3, "Human", "Human")
        while not match.board.is_game_over():
            match.board.push(rng.choice(match.board.legal_turns()))
        if PASS in match.board.turn_stack:
            break
    played = match.board.turn_stack
    passes = sum(t is PASS for t in played)
    assert passes > 0
    end = ending(match)
    assert (end.turns, end.passes) == (len(played), passes)
    assert turns_said(end.turns, end.first, end.passes).endswith(("a pass", "passes"))


def test_passes_apart_start_a_line_of_their_own_whole():
    """Play-test: wrapped at the last space that fits, the card read "...3 of /
    them passes"; apart, the line breaks after the comma, in every language."""
    from game.i18n import set_language

    assert (
        turns_said(27, RED, 3, apart=True) == "27 turns: 14 by Red, 13 by Blue,\n3 of them passes"
    )
    assert turns_said(27, RED, 3, apart=True).replace("\n", " ") == turns_said(27, RED, 3)
    assert turns_said(27, RED, apart=True) == turns_said(27, RED)  # no passes: one line
    try:
        for language in ("de", "es", "fr", "it"):
            set_language(language)
            head, tail = turns_said(27, RED, 3, apart=True).split("\n")
            assert head == turns_said(27, RED) + ",", language
            assert "3" in tail and head + " " + tail == turns_said(27, RED, 3), language
    finally:
        set_language("en")
