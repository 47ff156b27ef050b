"""History's list fills its room at every scroll position (play-test: at
640x480 in Large text, scrolled to the end, three rows of one line left a
fourth's room empty; rows of two lines at the top had set where the line
saying which games are in view sat, and rows of one line ran over it)."""

import datetime as dt
import random

import pytest

from game.client.scenes.history_list import GAP
from game.client.scenes.history_scene import HistoryScene
from game.client.scripted.checks import look, text_problems
from game.client.scripted.tour import Driver
from game.play.history import archive
from game.play.history_notes import games_note
from game.play.match import Match
from game.rules import BLUE

from .screens import shown


def long_rows_over_short(app) -> HistoryScene:
    """Five games played out (rows of one line), the oldest, under four
    resigned (rows of two lines in Large text at 640x480)."""
    for k in range(5):
        red, blue = (("Human", "Beginner"), ("Beginner", "Human"))[k % 2]
        match = Match(3, red, blue)
        rng = random.Random(k)
        while not match.over:
            match.play(rng.choice(match.board.legal_turns()))
        archive(match, app.data, dt.datetime(2026, 11, 1, 12, k))
    for k in range(4):
        match = Match(3, "Beginner", "Human")
        for _turn in range(3):
            match.play(match.board.legal_turns()[0])
        match.resign(BLUE)
        archive(match, app.data, dt.datetime(2026, 11, 1, 13, k))
    return HistoryScene(app)


def wrongs(app, history: HistoryScene) -> list[str]:
    """What is wrong with the list as it is scrolled now: a row over the line
    under it, a row's room left empty, a note that is not true."""
    rows = history.rows()
    room = history.rows_rect
    out = [f"row {i} out of its room" for i, r in rows if not room.contains(r)]
    more = history.more_rect
    out += [f"row {i} over the note" for i, r in rows if more.colliderect(r)]
    n, width = len(rows), room.width
    after = history.shown[history.first : history.first + n + 1]
    if len(after) > n and history.sizes.used(after, width) - GAP <= room.height:
        out.append(f"room for one more row at {history.first}")
    seen = look(app)
    assert seen is not None
    note = games_note(history.first + 1, history.first + n, len(history.shown))
    drawn = {m for m, _r, _b, _p in seen.texts}
    if more and note not in drawn:
        out.append(f"note {note!r} not drawn")
    return out + [f"{history.first}: {p}" for p in text_problems(app, seen)]


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("text_size", ["Normal", "Large"])
@pytest.mark.parametrize("size", [(640, 480), (1280, 800)])
def test_the_list_is_full_at_every_scroll(tmp_path, size, text_size, language):
    with shown(tmp_path, long_rows_over_short, size, text_size, language) as (app, _seen):
        history = app.scenes.top
        assert isinstance(history, HistoryScene)
        drive = Driver(app)
        found, firsts = [], []
        for _step in range(len(history.shown)):
            found += wrongs(app, history)
            firsts.append(history.first)
            drive.wheel(history.rows_rect.center, -1)
        assert found == [], found
        last = history.first + len(history.rows())
        assert last == len(history.shown), firsts  # the wheel reaches the oldest
