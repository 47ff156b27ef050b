"""History's rows say which colour the person played (play-test: a newcomer
could not tell from the list which side they had had); a game between two
people, or two AIs, has no one colour to name."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.i18n import set_language
from game.play.history import Entry


def game(red: str, blue: str, *, you: str | None = None) -> Entry:
    return Entry(Path("g.json"), red, blue, 5, "red", 19, 18, 40, "2026-11-01", you)


def test_the_row_names_the_persons_colour() -> None:
    assert game("Human", "Club").line().startswith("2026-11-01  as Red v Club  won 19-18")
    assert game("Club", "Human").line().startswith("2026-11-01  as Blue v Club  lost 18-19")
    assert "as Blue v Ann online" in game("Ann", "Bob", you="blue").line()
    assert "as Red v Bob online" in game("Ann", "Bob", you="red").line()


def test_no_colour_is_named_where_no_one_side_is_the_players() -> None:
    for entry in (game("Human", "Human"), game("Club", "Expert")):
        assert " as " not in entry.line()
        assert entry.line().startswith("2026-11-01  v ")


@pytest.mark.parametrize(
    ("language", "blue"), [("de", "Blau"), ("fr", "Bleu"), ("es", "Azul"), ("it", "Blu")]
)
def test_the_colour_is_said_in_each_language(language: str, blue: str) -> None:
    set_language(language)
    try:
        line = game("Club", "Human").line()
    finally:
        set_language("en")
    assert line.startswith(f"2026-11-01  {blue} "), line
    assert " as " not in line, line
