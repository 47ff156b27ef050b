"""A History row too long for one line at the list's size fits on its own:
without its count of turns, else on more lines broken between its fields, that
row alone (play-test: one long row made every row of the list smaller)."""

import pytest

from game.play.history_rows import row_lines

ROW = "2026-11-01  as Blue v Beginner  lost 2-9 (you resigned)  4 turns  side 3"
SHORT = "2026-11-01  as Blue v Beginner  lost 2-9 (you resigned)  side 3"


@pytest.mark.parametrize(
    ("room", "lines"),
    [
        (len(ROW), (ROW,)),  # it fits: one line
        (len(SHORT), (SHORT,)),  # without its turns
        (
            len("2026-11-01  as Blue v Beginner  lost 2-9 (you resigned)"),
            ("2026-11-01  as Blue v Beginner  lost 2-9 (you resigned)", "4 turns  side 3"),
        ),
        (
            len("lost 2-9 (you resigned)  4 turns  side 3"),
            ("2026-11-01  as Blue v Beginner", "lost 2-9 (you resigned)  4 turns  side 3"),
        ),
        (
            len("lost 2-9 (you resigned)"),
            ("2026-11-01", "as Blue v Beginner", "lost 2-9 (you resigned)", "4 turns  side 3"),
        ),
        # A field wider than the room: on its own line, to be drawn smaller.
        (5, ("2026-11-01", "as Blue v Beginner", "lost 2-9 (you resigned)", "4 turns", "side 3")),
    ],
)
def test_a_row_is_shortened_or_broken_between_its_fields_only_when_it_must(room, lines):
    assert row_lines(ROW, SHORT, len, room) == lines


def test_a_row_without_fields_stays_one_line():
    assert row_lines("x" * 50, "x" * 40, len, 10) == ("x" * 50,)


def test_a_rows_short_form_leaves_out_only_the_turns():
    import datetime as dt
    from pathlib import Path

    from game.play.history import Entry

    game = Entry(
        Path("g.json"), "Human", "Beginner", 3, "blue", 2, 9, 4, dt.date(2026, 11, 1).isoformat()
    )
    assert game.line() == "2026-11-01  as Red v Beginner  lost 2-9  4 turns  side 3"
    assert game.line(turns=False) == "2026-11-01  as Red v Beginner  lost 2-9  side 3"
