"""The part of a board a view shows (issue 44, section 3: sides 6-8 at 640x480)."""

from __future__ import annotations

import itertools

import pytest

from game.play.board_zoom import CLOSEST, STEP, Zoom

#: A view as wide as the board, and twice as tall as it is wide.
TALL = Zoom(view=(10.0, 20.0), board=(10.0, 10.0))


def test_all_of_the_board_shows_until_the_player_zooms():
    assert TALL.whole and TALL.seen == (10.0, 20.0)
    assert TALL.panned(5.0, 5.0).centre == (0.0, 0.0)  # nothing to move to


def test_a_zoom_keeps_the_point_under_the_pointer_where_it_is():
    square = Zoom(view=(10.0, 10.0), board=(10.0, 10.0))
    at = (6.0, 2.0)
    closer = square.zoomed(2, at)
    assert closer.scale == pytest.approx(STEP**2)
    # The point at the same place on the screen: as far from the centre, in
    # screen terms (board units times the scale), before and after.
    before = [(a - c) * square.scale for a, c in zip(at, square.centre, strict=True)]
    after = [(a - c) * closer.scale for a, c in zip(at, closer.centre, strict=True)]
    assert after == pytest.approx(before)
    # Where the view is taller than the board, the board stays in its middle.
    assert TALL.zoomed(2, at).centre[1] == 0.0


def test_zooming_stops_at_the_closest_and_out_at_the_whole_board():
    near = TALL.zoomed(50)
    assert near.scale == CLOSEST
    back = near.zoomed(-50, (9.0, 9.0))
    assert back.whole and back.centre == (0.0, 0.0)


def test_the_view_never_leaves_the_board():
    near = TALL.zoomed(50)  # sees 2.5 by 5 units of a 10 by 10 board
    far = near.panned(100.0, -100.0)
    assert far.centre == (7.5, -5.0)
    assert far.showing((-10.0, 0.0)).centre[0] == pytest.approx(-7.5)


def test_the_cursor_is_brought_into_view_with_a_margin_and_no_further():
    near = TALL.zoomed(50)
    shown = near.showing((6.0, 0.0), margin=1.0)
    assert shown.centre == (pytest.approx(4.5), 0.0)  # 6 - (2.5 - 1)
    assert shown.showing((5.0, 0.0), margin=1.0) == shown  # in view: nothing moves


def test_a_new_size_of_view_keeps_the_zoom_and_its_bounds():
    near = TALL.zoomed(50).panned(100.0, 0.0)
    wider = near.fitted((20.0, 20.0), (10.0, 10.0))
    assert wider.scale == CLOSEST and wider.centre == (5.0, 0.0)


def test_zoomed_in_every_row_with_any_part_in_view_has_its_letter_whole_and_apart():
    """Issue 54, item 4, and its sequel: zoomed in on side 8 the letters went, then
    came back on chips over the cells (hiding dots and numbers), and a row half
    in view had none. Now each row with any part in view has one, in the margins."""
    rows = [1.5 * k - 9.0 for k in range(13)]  # 13 rows 1.5 apart, as on side 7
    whole = Zoom(view=(12.0, 10.0), board=(12.0, 10.0))
    closer = whole.zoomed(3, (0.0, 1.0))
    cy, sy = closer.centre[1], closer.seen[1]
    letters = closer.row_letters(rows, 0.6)
    partly = [i for i, y in enumerate(rows) if y - 1 < cy + sy and y + 1 > cy - sy]
    assert [i for i, _y in letters] == partly
    assert any(abs(rows[i] - cy) > sy for i in partly), "a row only partly in view"
    ys = [y for _i, y in letters]
    assert all(cy - sy + 0.3 <= y <= cy + sy - 0.3 for y in ys)  # whole, in view
    assert all(b - a >= 0.6 - 1e-9 for a, b in itertools.pairwise(ys))  # apart
    for i, y in letters:  # beside its own row, if moved in then by less than a row
        assert abs(y - rows[i]) < 1.5
    middle = [(i, y) for i, y in letters if abs(rows[i] - cy) < sy - 1]
    assert middle and all(y == rows[i] for i, y in middle)  # untouched in the middle
