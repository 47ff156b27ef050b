"""History's results against each opponent: only the opponent the filter
chooses, the most played first (they were by name, whatever the filter)."""

from __future__ import annotations

from pathlib import Path

from game.play.history import ALL, Entry, summary


def game(opponent: str, side: int, result: str) -> Entry:
    return Entry(Path("g.json"), "Human", opponent, side, result, 5, 4, 20, "2026-11-01")


GAMES = [
    game("Beginner", 3, "red"),
    game("Club", 4, "blue"),
    game("Club", 4, "red"),
    game("Club", 4, "draw"),
    game("Expert", 5, "blue"),
    game("Expert", 5, "blue"),
    game("Apprentice", 5, "red"),
    game("Apprentice", 5, "red"),
    game("Club", 3, "blue"),
]


def test_the_most_played_come_first_then_by_name_then_side() -> None:
    rows = summary(GAMES)
    assert [(o, s, sum(t.values())) for o, s, t in rows] == [
        ("Club", 4, 3),
        ("Apprentice", 5, 2),
        ("Expert", 5, 2),
        ("Beginner", 3, 1),
        ("Club", 3, 1),
    ]
    assert rows[0][2] == {"won": 1, "drawn": 1, "lost": 1}


def test_the_filter_keeps_only_its_opponents_lines() -> None:
    assert summary(GAMES, ALL) == summary(GAMES)
    rows = summary(GAMES, "Club")
    assert [(o, s) for o, s, _t in rows] == [("Club", 4), ("Club", 3)]
    assert summary(GAMES, "Expert") == [("Expert", 5, {"won": 0, "drawn": 0, "lost": 2})]
    assert summary(GAMES, "Master") == []


def test_the_lines_left_out_say_how_to_see_them() -> None:
    """Play-test: with All chosen "and 5 more lines of results" could not be
    reached; the line names the way (the filter). With one opponent chosen,
    where the filter can do no more, they scroll (below)."""
    from game.play.history import results_lines

    games = [game(who, side, "blue") for who in ("Club", "Casual") for side in (3, 4, 5)]
    every = results_lines(games, ALL, room=None)
    assert len(every) == 6 and not any(line.startswith("and ") for line in every)
    assert results_lines(games, ALL, room=3) == [
        *every[:2],
        "and 4 more lines: choose an opponent above",
    ]
    assert results_lines([], ALL) == ["Your results against each AI level show here."]


def test_one_opponents_results_past_their_room_scroll_to_the_last() -> None:
    """Play-test: with one opponent chosen, "and 2 more lines of results" had no
    way to them. They scroll: the room shows as many as fit with a line saying
    which, from any first line up to the one that brings the last into view."""
    from game.play.history import results_lines, results_top

    games = [game(who, side, "blue") for who in ("Club", "Casual") for side in (3, 4, 5, 6)]
    club = results_lines(games, "Club", room=None)
    assert len(club) == 4
    assert results_top(games, "Club", 3) == 2  # two in view, the last at line 2
    assert results_lines(games, "Club", room=3) == [
        *club[:2],
        "Results 1 to 2 of 4: scroll for the others",
    ]
    assert results_lines(games, "Club", room=3, first=2) == [
        *club[2:],
        "Results 3 to 4 of 4: scroll up for the others",
    ]
    assert results_lines(games, "Club", room=3, first=9) == results_lines(games, "Club", 3, 2)
    # Two lines of room: one result and the line saying which.
    assert results_top(games, "Club", 2) == 3
    assert results_lines(games, "Club", room=2, first=3) == [
        club[3],
        "Result 4 of 4: scroll up for the others",
    ]
    # Every result reached by stepping through them.
    seen = {line for first in range(4) for line in results_lines(games, "Club", 2, first)}
    assert set(club) <= seen
    # Nothing to scroll where they fit, or with every opponent's (the filter is the way).
    assert results_top(games, "Club", 4) == 0 and results_top(games, ALL, 3) == 0


def test_the_notes_say_up_at_the_end_of_a_list_where_none_are_below() -> None:
    """Play-test: the last result read "Result 6 of 6: scroll for the others"."""
    from game.play.history_notes import games_note, results_note

    assert results_note(6, 6, 6) == "Result 6 of 6: scroll up for the others"
    assert results_note(1, 1, 6) == "Result 1 of 6: scroll for the others"
    assert results_note(2, 3, 6) == "Results 2 to 3 of 6: scroll for the others"
    assert results_note(4, 6, 6) == "Results 4 to 6 of 6: scroll up for the others"
    assert games_note(1, 8, 25) == "Games 1 to 8 of 25: scroll for the others"
    assert games_note(18, 25, 25) == "Games 18 to 25 of 25: scroll up for the others"
