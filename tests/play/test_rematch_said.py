"""A rematch swaps the colours, and says so (play-test: the swap went unsaid)."""

from game.play.match import HUMAN, Match
from game.play.match_end import rematch_said


def test_the_person_is_told_their_new_colour():
    assert rematch_said(Match(3, "Club", HUMAN)) == "Rematch: you play Blue"
    assert rematch_said(Match(3, HUMAN, "Beginner")) == "Rematch: you play Red"


def test_two_people_or_none_are_told_the_colours_swapped():
    assert rematch_said(Match(3, HUMAN, HUMAN)) == "Rematch: colours swapped"
    assert rematch_said(Match(3, "Club", "Master")) == "Rematch: colours swapped"


def test_the_ai_first_banner_is_read_as_long_as_the_person_first_one():
    from game.play.match_end import AI_UNDER_BANNER, BANNER, rematch_banner_seconds

    person_first = rematch_banner_seconds(Match(3, HUMAN, "Club"))
    ai_first = rematch_banner_seconds(Match(3, "Club", HUMAN))
    assert person_first == BANNER
    # The AI's turn shows once AI_UNDER_BANNER seconds are left: BANNER before it.
    assert ai_first - AI_UNDER_BANNER == person_first


def test_the_persons_colour_is_said_until_their_first_turn():
    from game.play.match_end import rematch_reminder

    match = Match(3, "Club", HUMAN)
    assert rematch_reminder(match) == "You play Blue."
    match.play(match.board.legal_turns()[0])  # the AI's (Red's) first turn
    assert rematch_reminder(match) == "You play Blue."
    match.play(match.board.legal_turns()[0])  # the person's
    assert rematch_reminder(match) == ""
    assert rematch_reminder(Match(3, HUMAN, HUMAN)) == ""
