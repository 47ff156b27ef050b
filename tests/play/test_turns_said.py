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
