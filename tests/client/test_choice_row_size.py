"""New match at 640x480 in Large German text drew "Beginner" smaller than the
other options of its row ("Mensch", "Casual", ...): a choice's options share one
size, the one the tightest of them fits."""

from __future__ import annotations

import pytest

from game.client.scenes.setup import SetupScene
from game.client.scripted.checks import layout_problems, text_problems
from game.client.widgets import Segments
from game.i18n import _

from .screens import shown
from .tours import languages


@pytest.mark.parametrize("language", languages())
@pytest.mark.parametrize("text_size", ["Normal", "Large"])
@pytest.mark.parametrize("size", [(640, 480), (1280, 800)])
def test_new_matchs_choices_read_as_one_table(tmp_path, language, text_size, size):
    """New match's rows did not read as one table: "Brettseite" was drawn
    smaller than "Rot" and "Blau", and the board sides' digits larger than the
    players' names above them (worse in French). Each choice's options are
    drawn at one size, every title of the choices shares a size, every option
    too, and the options start at one edge."""
    with shown(tmp_path, SetupScene, size, text_size, language) as (app, seen):
        rows = [c for c in app.scenes.top.controls if isinstance(c, Segments)]
        assert len(rows) == 3
        for choice in rows:
            parts = choice.parts()
            sizes = {p for _m, r, _b, p in seen.texts if any(x.contains(r) for x in parts)}
            assert len(sizes) == 1, (choice.title, sizes)
        names = {_(c.title) for c in rows}
        titles = {p for m, _r, _b, p in seen.texts if m in names}
        options = {
            p for _m, r, _b, p in seen.texts if any(x.contains(r) for c in rows for x in c.parts())
        }
        assert len(titles) == 1 and len(options) == 1, (titles, options)
        assert len({c.parts()[0].left for c in rows}) == 1
        assert layout_problems(app) == [] and text_problems(app, seen) == []


@pytest.mark.parametrize("text_size", ["Normal", "Large"])
def test_the_analysis_boards_choices_line_up(tmp_path, text_size):
    """The analysis board's Paint, Side and Turn rows began their options where
    each title ended: one column of choices, one edge for their options."""
    from game.client.scenes.analysis_board import AnalysisBoardScene
    from game.rules import Board

    def board(app):
        return AnalysisBoardScene(app, Board(size=5).position())

    with shown(tmp_path, board, text_size=text_size, language="de") as (app, _seen):
        scene = app.scenes.top
        assert len({c.parts()[0].left for c in scene.choices}) == 1
        assert not [p for p in layout_problems(app) if "out of line" in p]


@pytest.mark.parametrize("text_size", ["Normal", "Large"])
def test_new_matchs_choices_grow_with_the_window_as_its_buttons_do(tmp_path, text_size):
    """Play-test: at 1280x800 "Human", the levels and the sides 3 to 8 read much
    smaller than Start under them. They grow with the window, never past it."""
    from game.client.widgets import Button

    sizes = {}
    for size in ((640, 480), (1280, 800)):
        folder = tmp_path / f"{size[0]}"
        folder.mkdir()
        with shown(folder, SetupScene, size, text_size, "en") as (app, seen):
            assert text_problems(app, seen) == [] and layout_problems(app) == []
            controls = app.scenes.top.controls
            start = next(c for c in controls if isinstance(c, Button) and c.label == "Start")
            rows = [c for c in controls if isinstance(c, Segments)]
            sizes[size] = (min(c.size for c in rows), start.size)
    (small, _start_small), (large, start_large) = sizes[(640, 480)], sizes[(1280, 800)]
    assert small < large <= start_large, sizes
