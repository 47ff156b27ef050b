"""History lists games by when they were played, not by their files' times: an
analysis kept with an old game writes its file again and must not move it."""

from __future__ import annotations

import datetime as dt
import json
import os

from game.play.history import archive, entries
from game.play.match import HUMAN, Match
from game.rules import RED


def resigned(level: str) -> Match:
    match = Match(3, HUMAN, level)
    match.resign(RED)
    return match


def test_games_are_listed_newest_played_first_whatever_their_files_times(tmp_path):
    old = archive(resigned("Beginner"), tmp_path, dt.datetime(2026, 1, 1, 9, 0))
    new = archive(resigned("Casual"), tmp_path, dt.datetime(2026, 2, 1, 9, 0))
    os.utime(old, (2e9, 2e9))  # the old game's file written last (its analysis kept)
    assert [g.path for g in entries(tmp_path)[0]] == [new, old]


def test_games_kept_in_one_second_keep_the_order_they_were_kept_in(tmp_path):
    when = dt.datetime(2026, 1, 1, 9, 0)
    paths = [archive(resigned(level), tmp_path, when) for level in ("Beginner", "Casual", "Club")]
    assert paths[1].name.endswith("-2.json")  # the same second: numbered
    for path in paths:
        os.utime(path, (1e9, 1e9))  # the files' times say nothing
    assert [g.path for g in entries(tmp_path)[0]] == paths[::-1]


def test_a_date_that_cannot_be_read_falls_back_to_the_files_time(tmp_path):
    dated = archive(resigned("Beginner"), tmp_path, dt.datetime(2026, 1, 1, 9, 0))
    odd = archive(resigned("Casual"), tmp_path, dt.datetime(2026, 1, 2, 9, 0))
    odd.write_text(json.dumps(json.loads(odd.read_text()) | {"date": "last Tuesday"}))
    os.utime(odd, (dt.datetime(2025, 6, 1).timestamp(),) * 2)
    assert [g.path for g in entries(tmp_path)[0]] == [dated, odd]
    os.utime(odd, (dt.datetime(2026, 6, 1).timestamp(),) * 2)
    assert [g.path for g in entries(tmp_path)[0]] == [odd, dated]
