"""The line over a game looked back over says where in it the board is
(play-test: at the start it read "after turn 0 of 90")."""

from game.play.look_back import looking_at


def test_the_start_is_said_as_before_the_first_turn():
    assert looking_at(0, 90) == "Looking back: before turn 1 of 90"


def test_a_later_position_is_said_as_after_its_turn():
    assert looking_at(1, 90) == "Looking back: after turn 1 of 90"
    assert looking_at(89, 90) == "Looking back: after turn 89 of 90"
