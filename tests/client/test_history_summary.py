"""History at 640x480 with games against every level: its results against each
opponent were every opponent's whatever the filter, by name, and squeezed the
list of games to three rows. They follow the filter, the most played first, and
the list keeps six rows (five where the buttons take two rows: Large text, or a
language with long labels, left it four, the title's band and the gaps under it
as in a tall window)."""

from __future__ import annotations

import datetime as dt

import pytest

from game.client.scenes.history_scene import HistoryScene
from game.client.scripted.checks import layout_problems, look, text_problems
from game.client.scripted.tour import Driver
from game.play.history import archive
from game.play.match import PLAYERS, Match
from game.rules import RED

from .screens import shown
from .tours import languages


def many_games(app) -> HistoryScene:
    """Games against every player on two sides, Club's the most (three a side)."""
    when = dt.datetime(2026, 11, 1, 10, 0)
    for side in (3, 4):
        for who in PLAYERS:
            for _game in range(3 if who == "Club" else 1 + PLAYERS.index(who) % 2):
                match = Match(side, "Human", who)
                match.resign(RED)
                when += dt.timedelta(minutes=1)
                archive(match, app.data, when)
    return HistoryScene(app)


def results(app, scene: HistoryScene) -> list[str]:
    """The lines of results the screen draws, whole and over nothing."""
    seen = look(app)
    assert seen is not None
    assert text_problems(app, seen) == [] and layout_problems(app) == []
    drawn = {m for m, _r, _b, _p in seen.texts}
    lines = scene.stats_lines(scene.stats_room)
    assert set(lines) <= drawn
    return lines


@pytest.mark.parametrize("language", languages())
@pytest.mark.parametrize("text_size", ["Normal", "Large"])
def test_the_results_follow_the_filter_and_leave_the_list_its_rows(tmp_path, text_size, language):
    with shown(tmp_path, many_games, (640, 480), text_size, language) as (app, _seen):
        scene = app.scenes.top
        assert isinstance(scene, HistoryScene)
        assert len(scene.shown) > 20
        # Room for six rows where the buttons take one row, five where they take
        # two; a row too long for one line at the list's size takes two of them.
        one_row = scene.open_button.rect.top == scene.back_button.rect.top
        assert scene.list_rect.height >= (6 if one_row else 5) * scene.row
        assert one_row or language != "en" or text_size != "Normal"
        lines = results(app, scene)
        assert len(lines) >= 2  # one at least, and how many more
        club = scene.filter_choice.shown("Club")
        assert club in lines[0]  # three games a side: the most played
        # Club chosen in the filter: its two lines only.
        drive = Driver(app)
        choice = scene.filter_choice
        up = choice.steps()[1]
        while scene.filter != "Club":
            drive.click(up.center)
        lines = results(app, scene)
        assert len(lines) == 2 and all(club in line for line in lines), lines
        assert len(scene.shown) == 6
        # Every game of Club's, or as many as their rows' lines leave room for
        # and the line saying so.
        listed = len(scene.rows())
        assert listed == 6 or (language, text_size) != ("en", "Normal"), listed
        more = scene.sizes.used(scene.shown[: listed + 1], scene.list_rect.width)
        assert listed == 6 or (scene.more_rect and more > scene.list_rect.height), listed


@pytest.mark.parametrize("size", [(640, 480), (1280, 800)])
def test_the_line_that_says_there_are_more_games_is_over_no_row(tmp_path, size):
    """In a tall window the line saying which games are in view was put inside
    the list's box by the smallest window's row height, over its last row."""
    with shown(tmp_path, many_games, size, "Large") as (app, _seen):
        scene = app.scenes.top
        assert isinstance(scene, HistoryScene)
        more = scene.more_rect
        assert more and scene.list_rect.height >= (5 if size == (640, 480) else 6) * scene.row
        assert not any(more.colliderect(r) for _i, r in scene.rows())
        assert len(results(app, scene)) >= 2 and not more.colliderect(scene.stats_rect)


@pytest.mark.parametrize("language", languages())
@pytest.mark.parametrize("text_size", ["Normal", "Large"])
def test_the_last_line_counts_the_results_left_out_not_games(tmp_path, text_size, language):
    # It once said "and 12 more (Export has every game)": what is left out is
    # lines of results, one an opponent on a side, and it says how many.
    from game.i18n import ngettext

    with shown(tmp_path, many_games, (640, 480), text_size, language) as (app, _seen):
        scene = app.scenes.top
        assert isinstance(scene, HistoryScene)
        lines = results(app, scene)  # drawn whole, over nothing
        every = scene.stats_lines(room=None)
        left_out = len(every) - (len(lines) - 1)
        assert left_out >= 2
        # Play-test: with All chosen they could not be reached; the line says how.
        said = ngettext(
            "and {n} more line: choose its opponent above",
            "and {n} more lines: choose an opponent above",
            left_out,
        )
        assert lines[-1] == said.format(n=left_out)
        assert lines[:-1] == every[: len(lines) - 1]
        # And the filter does show each line left out, an opponent at a time.
        drive = Driver(app)
        choice = scene.filter_choice
        seen = set(lines[:-1])
        for _opponent in scene.against:
            drive.click(choice.steps()[1].center)
            shown_now = results(app, scene)
            assert not any(line.startswith("and ") for line in shown_now), shown_now
            seen |= set(shown_now)
        assert seen >= set(every)


@pytest.mark.parametrize("text_size", ["Normal", "Large"])
def test_the_filter_grows_with_the_window_as_the_rows_do(tmp_path, text_size):
    """Play-test: at 1280x800 the filter's "All" and "Beginner" read much smaller
    than the rows under them and the buttons; they grow with the window."""
    sizes = {}
    for size in ((640, 480), (1280, 800)):
        folder = tmp_path / f"{size[0]}"
        folder.mkdir()
        with shown(folder, many_games, size, text_size) as (app, seen):
            scene = app.scenes.top
            assert isinstance(scene, HistoryScene)
            assert text_problems(app, seen) == [] and layout_problems(app) == []
            box = scene.filter_choice.rect
            sizes[size] = min(p for m, r, _b, p in seen.texts if m == "All" and box.contains(r))
    assert sizes[(1280, 800)] > sizes[(640, 480)], sizes


@pytest.mark.parametrize("language", languages())
def test_the_note_at_the_end_of_the_list_fits_at_640x480_large(tmp_path, language):
    """At the last game the note says to scroll up (none are below): it fits."""
    import pygame

    with shown(tmp_path, many_games, (640, 480), "Large", language) as (app, _seen):
        scene = app.scenes.top
        assert isinstance(scene, HistoryScene) and scene.more_rect
        for _ in range(len(scene.shown)):
            scene.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
        Driver(app).settle(0.3)
        assert scene.first + len(scene.rows()) == len(scene.shown)
        assert text_problems(app) == []
