"""History's score reads from the player's side, "you-them", as the row names
the one they played: a play-test found "v Club  lost 19-18" for a game the
player lost as Blue by 18 tiles to 19 (Red's tiles were written first)."""

from __future__ import annotations

from pathlib import Path

from game.play.history import Entry


def game(red: str, blue: str, result: str, *, you: str | None = None) -> Entry:
    """A game Red won or lost by 19 tiles to 18, on side 5."""
    return Entry(Path("g.json"), red, blue, 5, result, 19, 18, 40, "2026-11-01", you)


def test_the_persons_tiles_come_first_on_either_side() -> None:
    as_blue = game("Club", "Human", "red")
    assert as_blue.score() == "18-19"
    assert "v Club  lost 18-19  " in as_blue.line()
    as_red = game("Human", "Club", "red")
    assert as_red.score() == "19-18"
    assert "v Club  won 19-18  " in as_red.line()


def test_online_the_players_own_colour_comes_first() -> None:
    blue = game("Ann", "Bob", "red", you="blue")
    assert "v Ann online  lost 18-19  " in blue.line()
    red = game("Ann", "Bob", "red", you="red")
    assert "v Bob online  won 19-18  " in red.line()


def test_with_no_side_of_the_players_own_red_comes_first_as_the_row_names_them() -> None:
    levels = game("Club", "Expert", "red")
    assert "v Club v Expert  Red won 19-18  " in levels.line()
    people = game("Human", "Human", "red")
    assert "v Human  Red won 19-18  " in people.line()
