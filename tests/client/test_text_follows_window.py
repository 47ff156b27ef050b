"""Texts that follow the window as the buttons do (play-test at 1280x800: the
title screen's note and the analysis panel's lines read small beside the big
buttons): larger in a large window, as at 1024x640 and under in a small one,
and every text still in its box."""

import random

import pytest

from game.client import theme
from game.client.scenes.analysis_scene import AnalysisScene
from game.client.scenes.title import FIRST_NOTE, NOTE_SIZE, TitleScene
from game.client.scripted.checks import text_problems
from game.play.match import Match

from .screens import shown


def px_of(seen, message: str) -> int:
    """The pixel size ``message`` is drawn at (the first time it is)."""
    return next(p for m, _r, _b, p in seen.texts if m == message)


def test_the_window_scale_is_one_up_to_1024x640_and_at_most_a_quarter_more():
    assert theme.window_scale((640, 480)) == theme.window_scale((1024, 768)) == 1.0
    assert theme.window_scale((1280, 800)) == 1.25 == theme.window_scale((2560, 1440))
    assert 1.0 < theme.window_scale((1152, 720)) < 1.25


@pytest.mark.parametrize("text_size", ["Normal", "Large"])
def test_the_title_note_grows_with_the_window(tmp_path, text_size):
    seen_px = {}
    for size in ((640, 480), (1280, 800)):
        (tmp_path / f"{size[0]}").mkdir()
        with shown(tmp_path / f"{size[0]}", TitleScene, size, text_size) as (app, seen):
            seen_px[size] = px_of(seen, FIRST_NOTE)
            assert text_problems(app, seen) == []
    with theme.measured_as(text_size):
        assert seen_px[(640, 480)] == theme.px(NOTE_SIZE)  # the smallest window: as it was
        assert seen_px[(1280, 800)] == theme.px(round(NOTE_SIZE * 1.25))


def played() -> Match:
    match = Match(3, "Human", "Human")
    rng = random.Random(2)
    while not match.over:
        match.play(rng.choice(match.board.legal_turns()))
    return match


@pytest.mark.parametrize("text_size", ["Normal", "Large"])
def test_the_analysis_panel_grows_with_the_window(tmp_path, text_size):
    match = played()
    seen_px = {}
    for size in ((1024, 768), (1280, 800)):
        (tmp_path / f"{size[0]}").mkdir()
        with shown(
            tmp_path / f"{size[0]}", lambda app: AnalysisScene(app, match), size, text_size
        ) as (app, seen):
            panel = app.scenes.top.panel
            seen_px[size] = {
                m: p for m, r, _b, p in seen.texts if panel.contains(r) and m in ("Analysis", "1.")
            }
            assert text_problems(app, seen) == []
    small, large = seen_px[(1024, 768)], seen_px[(1280, 800)]
    assert set(small) == set(large) == {"Analysis", "1."}
    for message in ("Analysis", "1."):
        assert large[message] > small[message], message
