"""Settings without a screen: what a new player starts with."""

from game.play.settings import Settings


def test_legal_markers_are_on_for_new_players():
    assert Settings().legal_markers
