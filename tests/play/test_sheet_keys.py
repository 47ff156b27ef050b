"""The Mosaix sheet's cursor, without pygame."""

from game.play.sheet_keys import MARGIN, sheet_step


def test_the_cursor_starts_in_the_middle_and_rows_count_up():
    assert sheet_step(None, "left", 10) == (5, 5)
    assert sheet_step((5, 5), "up", 10) == (5, 6)
    assert sheet_step((5, 5), "down", 10) == (5, 4)
    assert sheet_step((5, 5), "left", 10) == (4, 5)


def test_it_hangs_over_the_edge_only_as_far_as_a_formation_may():
    at = (0, 0)
    for _ in range(10):
        at = sheet_step(at, "left", 10)
    assert at == (-MARGIN, 0)
    at = (9, 9)
    for _ in range(10):
        at = sheet_step(at, "up", 10)
    assert at == (9, 9 + MARGIN)
