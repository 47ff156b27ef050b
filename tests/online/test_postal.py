"""The correspondence clock: days a turn, a reserve drawn a whole day at a time."""

import pytest

from game.online.postal import DAY, RESERVE, PostalClock


def test_a_turn_in_time_costs_no_reserve():
    c = PostalClock(days=3)
    c.start(0, now=0.0)
    c.press(now=3 * DAY - 1)
    assert c.reserve == [RESERVE[3]] * 2 and c.running == 1 and c.since == 3 * DAY - 1


def test_each_day_or_part_of_one_past_the_turn_takes_a_day_of_reserve():
    c = PostalClock(days=1, reserve=(5, 5))
    c.start(0, now=0.0)
    c.press(now=DAY + 1)  # a second late: a whole day
    assert c.reserve == [4, 5]
    c.press(now=DAY + 1 + 3 * DAY)  # blue: two whole days late
    assert c.reserve == [4, 3]


def test_the_flag_falls_when_the_turn_and_the_reserve_are_used_up():
    c = PostalClock(days=7, reserve=(2, 14))
    c.start(0, now=100.0)
    assert c.deadline() == 100.0 + 7 * DAY
    assert c.flag_at() == 100.0 + 9 * DAY
    assert c.left(0, now=100.0 + 8 * DAY) == DAY * 1000  # milliseconds, as a live clock's
    assert c.left(0, now=100.0 + 10 * DAY) == 0
    assert c.left(1, now=0.0) == 21 * DAY * 1000  # a whole turn and reserve, waiting


def test_a_clock_rebuilt_after_a_restart_goes_on_where_it_was():
    c = PostalClock(days=3, reserve=(4, 6))
    c.start(1, now=50.0)
    again = PostalClock(3, (c.reserve[0], c.reserve[1]), running=c.running, since=c.since)
    assert again.flag_at() == c.flag_at() and again.left(1, 60.0) == c.left(1, 60.0)


def test_only_the_offered_paces_are_taken():
    with pytest.raises(ValueError, match="1, 3 or 7 days"):
        PostalClock(days=2)
    with pytest.raises(RuntimeError):
        PostalClock(days=1).press(now=0.0)
