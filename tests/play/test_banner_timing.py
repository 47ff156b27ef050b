"""A banner over the board gives way to the turn after it (play-test: the
rematch's banner stayed 1.5 s into the person's turn, and a click in it played
a cell hidden under it)."""

import pytest

from game.play.match_end import BANNER_AFTER_TURN, BANNER_GRACE, banner_takes
from game.play.notices import UNTIL_MOVED, Notices


@pytest.mark.parametrize("seconds", [4.5, 0.0, UNTIL_MOVED])
def test_a_shortened_banner_goes_within_its_new_time(seconds):
    notices = Notices()
    notices.say("banner", "Rematch: you play Blue", seconds=seconds)
    notices.shorten("banner", BANNER_AFTER_TURN)
    notices.update(BANNER_AFTER_TURN - 0.01)
    assert notices.get("banner") is not None
    notices.update(0.02)
    assert notices.get("banner") is None


def test_shortening_never_lengthens():
    notices = Notices()
    notices.say("banner", "Blue passes", seconds=0.2)
    notices.shorten("banner", BANNER_AFTER_TURN)
    shown = notices.get("banner")
    assert shown is not None and shown.left == pytest.approx(0.2)


def test_the_banner_goes_well_before_the_ai_would_have_waited():
    from game.play.match_end import AI_UNDER_BANNER

    assert BANNER_AFTER_TURN < AI_UNDER_BANNER


@pytest.mark.parametrize(
    ("click", "on_board", "up", "since", "taken"),
    [
        (True, True, True, 1e9, True),  # a click on the board or the banner
        (True, False, True, 1e9, False),  # the panel's buttons still work
        (False, False, True, 1e9, False),  # a key, or the pointer moving
        (True, True, False, 0.15, True),  # a double-click's second click
        (True, True, False, BANNER_GRACE, False),  # a click once the grace is over
        (True, True, False, 1e9, False),  # no banner lately: the click plays
    ],
)
def test_what_a_banner_takes(click, on_board, up, since, taken):
    assert banner_takes(click, on_board, up, since) is taken
