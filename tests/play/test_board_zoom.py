"""The part of a board a view shows (issue 44, section 3: sides 6-8 at 640x480)."""

from __future__ import annotations

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


def test_zoomed_in_each_row_in_view_keeps_its_letters_at_the_view_s_edges():
    """Issue 54, item 4: zoomed in on side 8, the row letters (beside the rows'
    ends, out of view) went, and the player could not tell which row was shown."""
    rows = [(-3.0, -6.0, 6.0), (0.0, -7.0, 7.0), (3.0, -6.0, 6.0)]
    whole = Zoom(view=(9.0, 5.0), board=(9.0, 5.0))
    # All of it in view: each letter beside its row's end cells.
    assert whole.row_labels(rows, 1.35, 0.6) == [
        (0, (-7.35, -3.0), (7.35, -3.0)),
        (1, (-8.35, 0.0), (8.35, 0.0)),
        (2, (-7.35, 3.0), (7.35, 3.0)),
    ]
    closer = whole.zoomed(4, (2.0, 2.0))
    (seen_x, seen_y), (cx, cy) = closer.seen, closer.centre
    labels = closer.row_labels(rows, 1.35, 0.6)
    assert [i for i, _l, _r in labels] == [
        i for i, (y, _f, _l) in enumerate(rows) if abs(y - cy) <= seen_y - 0.5
    ]
    assert labels, "a row in view"
    for i, (lx, ly), (rx, ry) in labels:
        assert ly == ry == rows[i][0]
        assert cx - seen_x < lx < rx < cx + seen_x  # both letters in view
        assert lx == pytest.approx(cx - seen_x + 0.6) and rx == pytest.approx(cx + seen_x - 0.6)
