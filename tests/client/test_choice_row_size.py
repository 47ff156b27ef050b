"""New match at 640x480 in Large German text drew "Beginner" smaller than the
other options of its row ("Mensch", "Casual", ...): a choice's options share one
size, the one the tightest of them fits."""

from __future__ import annotations

import json

import pygame
import pytest

from game.client.app import App
from game.client.scenes.setup import SetupScene
from game.client.scripted.checks import look, text_problems
from game.client.scripted.tour import Driver
from game.client.widgets import Segments
from game.i18n import set_language

from .tours import languages


@pytest.mark.parametrize("language", languages())
@pytest.mark.parametrize("text_size", ["Normal", "Large"])
def test_a_choices_options_are_drawn_at_one_size(tmp_path, language, text_size):
    data = tmp_path / "data"
    data.mkdir()
    (data / "settings.json").write_text(json.dumps({"text_size": text_size, "language": language}))
    pygame.init()
    app = App((640, 480), data)
    try:
        assert set_language(language) == language
        app.scenes.reset(SetupScene(app))
        Driver(app).settle(0.3)
        seen = look(app)
        assert seen is not None
        rows = [c for c in app.scenes.top.controls if isinstance(c, Segments)]
        assert rows
        for choice in rows:
            parts = choice.parts()
            sizes = {p for _m, r, _b, p in seen.texts if any(x.contains(r) for x in parts)}
            assert len(sizes) == 1, (choice.title, sizes)
        assert text_problems(app, seen) == []
    finally:
        app.close()
        set_language("en")


@pytest.mark.parametrize("language", languages())
@pytest.mark.parametrize("text_size", ["Normal", "Large"])
@pytest.mark.parametrize("size", [(640, 480), (1280, 800)])
def test_new_matchs_choices_read_as_one_table(tmp_path, language, text_size, size):
    """New match's rows did not read as one table: "Brettseite" was drawn
    smaller than "Rot" and "Blau", and the board sides' digits larger than the
    players' names above them (worse in French). Every title of the choices
    shares a size, every option too, and the options start at one edge."""
    from game.client.scripted.checks import layout_problems
    from game.i18n import _

    data = tmp_path / "data"
    data.mkdir()
    (data / "settings.json").write_text(json.dumps({"text_size": text_size, "language": language}))
    pygame.init()
    app = App(size, data)
    try:
        assert set_language(language) == language
        app.scenes.reset(SetupScene(app))
        Driver(app).settle(0.3)
        seen = look(app)
        assert seen is not None
        rows = [c for c in app.scenes.top.controls if isinstance(c, Segments)]
        assert len(rows) == 3
        names = {_(c.title) for c in rows}
        titles = {p for m, _r, _b, p in seen.texts if m in names}
        options = {
            p for _m, r, _b, p in seen.texts if any(x.contains(r) for c in rows for x in c.parts())
        }
        assert len(titles) == 1 and len(options) == 1, (titles, options)
        assert len({c.parts()[0].left for c in rows}) == 1
        assert layout_problems(app) == [] and text_problems(app, seen) == []
    finally:
        app.close()
        set_language("en")


@pytest.mark.parametrize("text_size", ["Normal", "Large"])
def test_the_analysis_boards_choices_line_up(tmp_path, text_size):
    """The analysis board's Paint, Side and Turn rows began their options where
    each title ended: one column of choices, one edge for their options."""
    from game.client.scenes.analysis_board import AnalysisBoardScene
    from game.client.scripted.checks import layout_problems
    from game.rules import Board

    data = tmp_path / "data"
    data.mkdir()
    (data / "settings.json").write_text(json.dumps({"text_size": text_size, "language": "de"}))
    pygame.init()
    app = App((640, 480), data)
    try:
        assert set_language("de") == "de"
        app.scenes.reset(AnalysisBoardScene(app, Board(size=5).position()))
        Driver(app).settle(0.3)
        scene = app.scenes.top
        assert len({c.parts()[0].left for c in scene.choices}) == 1
        assert not [p for p in layout_problems(app) if "out of line" in p]
    finally:
        app.close()
        set_language("en")
