"""Each History row reads at the list's own size and fits on its own
(play-test: the rows shared one size, so one long row, "(you resigned)", made
every row smaller, 17 to 23 pixels in some languages at 640x480)."""

import datetime as dt

import pytest

from game.client import theme
from game.client.scenes.history_scene import HistoryScene
from game.client.scripted.checks import text_problems
from game.play.history import archive
from game.play.match import Match
from game.rules import BLUE

from .screens import shown
from .test_history_colour import keep_two
from .tours import languages


def a_long_row_among_short_ones(app) -> HistoryScene:
    """Two games played out against Beginner, and one resigned as Blue."""
    keep_two(app)
    match = Match(3, "Beginner", "Human")
    for _turn in range(4):
        match.play(match.board.legal_turns()[0])
    match.resign(BLUE)
    archive(match, app.data, dt.datetime(2026, 11, 1, 12, 5))
    return HistoryScene(app)


@pytest.mark.parametrize("language", languages())
@pytest.mark.parametrize("text_size", ["Normal", "Large"])
@pytest.mark.parametrize("size", [(640, 480), (1280, 800)])
def test_every_row_reads_at_the_lists_size_whole(tmp_path, size, text_size, language):
    with shown(tmp_path, a_long_row_among_short_ones, size, text_size, language) as (app, seen):
        history = app.scenes.top
        assert isinstance(history, HistoryScene)
        rows = history.rows()
        assert len(rows) == 3
        drawn = [p for _m, r, _b, p in seen.texts if history.list_rect.contains(r)]
        assert len(drawn) >= 3
        assert set(drawn) == {theme.px(history.row_size)}, drawn
        assert text_problems(app, seen) == []


def seven_resigned(app) -> HistoryScene:
    """Seven games resigned as Blue against Beginner: long rows, all of them."""
    for k in range(7):
        match = Match(3, "Beginner", "Human")
        for _turn in range(2 + k % 3):
            match.play(match.board.legal_turns()[0])
        match.resign(BLUE)
        archive(match, app.data, dt.datetime(2026, 11, 1, 12, k))
    return HistoryScene(app)


@pytest.mark.parametrize("text_size", ["Normal", "Large"])
def test_rows_of_two_lines_scroll_to_the_chosen_and_the_last(tmp_path, text_size):
    import pygame

    from game.client.scripted.tour import Driver

    with shown(tmp_path, seven_resigned, (640, 480), text_size, "de") as (app, _seen):
        history = app.scenes.top
        assert isinstance(history, HistoryScene)
        drive = Driver(app)
        seen = len(history.rows())
        assert seen < 7 and history.more_rect
        for _down in range(6):
            drive.key(pygame.K_DOWN)
        assert history.selected == 6 and history.rows()[-1][0] == 6  # the chosen in view
        drive.wheel(history.list_rect.center, 5)  # back to the top
        assert history.first == 0
        drive.wheel(history.list_rect.center, -9)  # the oldest at the bottom, the list full
        assert history.rows()[-1][0] == 6 and history.first > 0
        above = history.sizes.used(history.shown[history.first - 1 :], history.list_rect.width)
        assert above > history.list_rect.height  # one more row would not fit
