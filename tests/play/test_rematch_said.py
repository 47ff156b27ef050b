"""A rematch swaps the colours, and says so (play-test: the swap went unsaid)."""

from game.play.match import HUMAN, Match
from game.play.match_end import rematch_said


def test_the_person_is_told_their_new_colour():
    assert rematch_said(Match(3, "Club", HUMAN)) == "Rematch: you play Blue"
    assert rematch_said(Match(3, HUMAN, "Beginner")) == "Rematch: you play Red"


def test_two_people_or_none_are_told_the_colours_swapped():
    assert rematch_said(Match(3, HUMAN, HUMAN)) == "Rematch: colours swapped"
    assert rematch_said(Match(3, "Club", "Master")) == "Rematch: colours swapped"
