"""The match panel's buttons were drawn at about 10 px at 640x480 in Large German
text ("Zurücknehmen" in a quarter of the panel): the panel gives them room, so no
label is smaller than the panel's small text ("Moves"), in any language."""

from __future__ import annotations

import json

import pygame
import pytest

from game.client.app import App
from game.client.scenes.match_scene import MatchScene
from game.client.scripted.checks import look, text_problems
from game.client.scripted.tour import Driver
from game.i18n import _, set_language
from game.play.match import Match

from .tours import languages


@pytest.mark.parametrize("language", languages())
@pytest.mark.parametrize("size", [(640, 480), (1280, 800)])
def test_the_match_panels_labels_are_no_smaller_than_its_small_text(tmp_path, language, size):
    data = tmp_path / "data"
    data.mkdir()
    (data / "settings.json").write_text(json.dumps({"text_size": "Large", "language": language}))
    pygame.init()
    app = App(size, data)
    try:
        assert set_language(language) == language
        match = Match(5, "Human", "Human")
        app.scenes.reset(MatchScene(app, match))
        Driver(app).settle(0.3)
        seen = look(app)
        assert seen is not None
        px = {m: p for m, _, _, p in seen.texts}
        panel = app.scenes.top.panel
        smallest = px[_("Moves")]
        for b in panel.controls:
            assert px[_(b.label)] >= smallest, (_(b.label), px[_(b.label)], smallest)
        assert text_problems(app, seen) == []
    finally:
        app.close()
        set_language("en")
