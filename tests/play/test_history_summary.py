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
