"""The puzzle browser's list of packs at 640x480 in Large German text: "Die
Reihenfolge zählt" was drawn smaller than "Erste Ketten" above it, and the packs'
lines at two sizes, each fitted by itself. One list, one size for its titles and
one for its lines; and a long title takes two lines rather than a size smaller
than its card's line ("Die Reihenfolge zählt noch mehr" was drawn at 14 px)."""

from __future__ import annotations

import json

import pygame
import pytest

from game import paths
from game.client.app import App
from game.client.scenes.puzzle_browser import PuzzleBrowserScene
from game.client.scripted.checks import look, text_problems
from game.client.scripted.tour import Driver
from game.i18n import _, set_language


@pytest.mark.parametrize("language", ["de", "fr"])
def test_the_packs_are_one_list_at_one_size(tmp_path, language):
    data = tmp_path / "data"
    data.mkdir()
    (data / "settings.json").write_text(json.dumps({"text_size": "Large", "language": language}))
    pygame.init()
    app = App((640, 480), data)
    app.puzzles.folder = paths.puzzles()
    try:
        assert set_language(language) == language
        browser = PuzzleBrowserScene(app)
        app.scenes.reset(browser)
        Driver(app).settle(0.3)
        assert len(browser.packs) > 2
        seen = look(app)
        assert seen is not None
        titles = {_(p.title) for p in browser.packs}
        lines = {browser.shelf.pack_line(p) for p in browser.packs}
        drawn_titles = {p for m, _r, _b, p in seen.texts if m in titles}
        drawn_lines = {p for m, _r, _b, p in seen.texts if m in lines}
        assert len(drawn_titles) == 1 and len(drawn_lines) == 1, (drawn_titles, drawn_lines)
        assert not [p for p in text_problems(app, seen) if "smaller than" in p]
        (title,), (line,) = drawn_titles, drawn_lines
        assert title >= line
    finally:
        app.close()
        set_language("en")
