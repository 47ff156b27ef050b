"""Issue 54: at 640x480 in Large German text the puzzle's column of buttons was
as wide as its longest label and no wider: "Tipp (-1 Stern)" crowded its
button's edges. The column keeps a clear margin past each label's pad."""

import json

import pygame

from game import i18n, paths
from game.client.app import App
from game.client.button_label import LABEL_PAD
from game.client.scenes.puzzle_scene import PuzzleScene
from game.client.scripted.checks import look
from game.client.scripted.tour import Driver


def test_the_puzzle_buttons_keep_room_round_their_labels(tmp_path):
    for language in ("de", "fr"):
        data = tmp_path / language
        data.mkdir()
        settings = {"language": language, "text_size": "Large"}
        (data / "settings.json").write_text(json.dumps(settings))
        pygame.init()
        app = App((640, 480), data)
        try:
            app.puzzles.folder = paths.puzzles()
            scene = PuzzleScene(app, app.puzzles.packs[0].puzzles[0])
            app.scenes.reset(scene)
            Driver(app).frames(2)
            assert scene.side_width(app.size), "the buttons stand in a column"
            seen = look(app)
            assert seen is not None
            for control in scene.controls:
                letters = [r for m, r, b, _p in seen.texts if b and control.rect.contains(b)]
                assert letters, control.label
                room = min(
                    min(r.left - control.rect.left, control.rect.right - r.right) for r in letters
                )
                assert room >= LABEL_PAD + 6, (language, control.label, room)
        finally:
            app.close()
            i18n.set_language("en")
