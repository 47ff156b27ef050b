"""History's results with one opponent chosen scroll (play-test: past the room
under the list they read "and 2 more lines of results", with no way to them):
the wheel over them, Up and Down with the focus on them, and a controller's
d-pad reach every line, at 640x480 in Large text too."""

import datetime as dt

import pygame
import pytest

from game.client.scenes.history_scene import RESULTS, HistoryScene
from game.client.scripted.checks import text_problems
from game.client.scripted.tour import Driver
from game.play.history import archive, results_lines
from game.play.match import Match
from game.rules import RED

from .drawn import drawn
from .screens import large_at_640
from .test_pad import DPAD
from .tours import languages

SIDES = (3, 4, 5, 6, 7, 8)


def history_of_club_on_every_side(app, drive) -> HistoryScene:
    """A game resigned against Club on each side and one against Casual, in
    History with Club chosen in the filter by a click, as a player would."""
    for k, (level, side) in enumerate([*(("Club", s) for s in SIDES), ("Casual", 3)]):
        match = Match(side, "Human", level)
        match.play(match.board.legal_turns()[0])
        match.resign(RED)
        archive(match, app.data, dt.datetime(2026, 11, 1, 12, k))
    history = HistoryScene(app)
    app.scenes.reset(history)
    drive.frames(2)
    options = history.filter_choice.options
    part = history.filter_choice.parts()[options.index("Club")]
    drive.click(part.center)
    assert history.filter == "Club"
    return history


def results_seen(app, history) -> set[str]:
    every = set(results_lines(history.games, "Club", room=None))
    return {m for m, r in drawn(history.draw, app.screen) if m in every}


def every_result(history) -> set[str]:
    return set(results_lines(history.games, "Club", room=None))


def test_the_wheel_over_the_results_brings_each_into_view(app, drive):
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=640, h=480, size=(640, 480)))
    drive.frames(2)
    history = history_of_club_on_every_side(app, drive)
    assert history.stats_room < len(SIDES)  # the test needs results past the room
    seen = results_seen(app, history)
    assert seen and seen != every_result(history)
    first = history.first
    for _ in range(len(SIDES)):
        drive.wheel(tuple(map(int, history.stats_rect.center)), -1)
        seen |= results_seen(app, history)
    assert seen == every_result(history)
    assert history.first == first  # the list of games stayed where it was
    # Back up, to the first line again; no further.
    for _ in range(len(SIDES) + 2):
        drive.wheel(tuple(map(int, history.stats_rect.center)), 1)
    assert history.stats_first == 0


def test_the_keys_and_the_d_pad_go_down_the_results_and_on_to_the_buttons(app, drive):
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=640, h=480, size=(640, 480)))
    drive.frames(2)
    history = history_of_club_on_every_side(app, drive)
    history.set_focus(None)
    for _ in range(len(history.shown)):  # down the list of games, past its last
        drive.key(pygame.K_DOWN)
    assert history.focus == RESULTS
    seen = results_seen(app, history)
    for _ in range(len(SIDES)):
        drive.key(pygame.K_DOWN)
        seen |= results_seen(app, history)
        if history.focus != RESULTS:
            break
    assert seen == every_result(history)
    # Past the last line, on to the buttons.
    assert history.stats_first == history.results_scroll()
    assert history.focus is not None and history.focus >= 1
    drive.key(pygame.K_UP)  # back onto the results, at their end
    assert history.focus == RESULTS
    before = history.stats_first
    drive.pad(DPAD["up"])
    assert history.stats_first == before - 1 and history.focus == RESULTS
    drive.pad(DPAD["down"])
    assert history.stats_first == before


@pytest.mark.parametrize("language", languages())
def test_the_scrolled_results_fit_at_640x480_in_large_text(tmp_path, language):
    with large_at_640(tmp_path, language) as app:
        drive = Driver(app)
        history = history_of_club_on_every_side(app, drive)
        assert history.results_scroll() > 0
        history.set_focus(RESULTS)
        for _ in range(len(SIDES)):
            drive.settle(0.3)
            assert text_problems(app) == []
            drive.key(pygame.K_DOWN)
        assert history.stats_first == history.results_scroll()
        drive.settle(0.3)  # at the end, its note says to scroll up: it fits too
        assert text_problems(app) == []
