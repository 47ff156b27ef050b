"""The controller's stick and held directions, without pygame."""

from __future__ import annotations

from game.play.pad_repeat import EVERY, FIRST_REPEAT, Repeat, stick_direction


def test_the_stick_points_only_past_its_dead_zone_along_the_axis_tilted_further():
    assert stick_direction(0.3, -0.3) is None
    assert stick_direction(0.6, 0.2) == "right"
    assert stick_direction(-0.2, -0.9) == "up"
    assert stick_direction(0.1, 0.7) == "down"
    assert stick_direction(-0.8, 0.7) == "left"


def test_a_stick_keeps_pointing_until_it_comes_back_under_the_release():
    assert stick_direction(0.45, 0.0, "right") == "right"  # under the dead zone, held
    assert stick_direction(0.3, 0.0, "right") is None
    assert stick_direction(0.4, 0.9, "right") == "right"  # still held, however y goes


def test_a_held_direction_repeats_after_a_pause_then_steadily():
    r = Repeat()
    r.press("dpad", "up")
    assert r.update(FIRST_REPEAT - 0.01) == []
    assert r.update(0.02) == ["up"]
    assert r.update(EVERY) == ["up"]
    r.release("dpad")
    assert r.update(1.0) == []


def test_a_long_frame_repeats_a_few_times_at_most():
    r = Repeat()
    r.press("stick", "left")
    assert r.update(10.0) == ["left"] * 3
    assert r.update(EVERY / 2) == []


def test_letting_go_of_one_source_leaves_the_others_direction():
    r = Repeat()
    r.press("stick", "down")
    r.press("dpad", "left")
    r.release("stick")
    assert r.update(FIRST_REPEAT) == ["left"]
