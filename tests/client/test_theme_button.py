"""Issue 54: the puzzle browser's theme button was 170 pixels wide whatever it
said, and a long theme's name ("Thema: Die Reihenfolge zählt") shrank under the
text size its other labels keep: it is as wide as its longest label needs, or
two lines high where a third of the window is still too narrow."""

import json

import pygame

from game import i18n, paths
from game.client import theme
from game.client.app import App
from game.client.scenes.puzzle_browser import PuzzleBrowserScene
from game.client.scripted.checks import look
from game.client.scripted.tour import Driver


def test_every_theme_label_keeps_its_text_size(tmp_path):
    for language, text_size, size in (("de", "Large", (640, 480)), ("en", "Normal", (1280, 800))):
        data = tmp_path / f"{language}-{text_size}"
        data.mkdir()
        settings = {"language": language, "text_size": text_size}
        (data / "settings.json").write_text(json.dumps(settings))
        pygame.init()
        app = App(size, data)
        try:
            app.puzzles.folder = paths.puzzles()
            scene = PuzzleBrowserScene(app)
            app.scenes.reset(scene)
            drive = Driver(app)
            drive.frames(2)
            seen_labels = set()
            for pack in range(len(scene.packs)):
                scene.select(pack)  # each pack's themes in turn
                drive.frames(1)
                for _turn in range(12):
                    button = scene.theme_button
                    seen = look(app)
                    assert seen is not None
                    drawn = [
                        (m, p)
                        for (m, _r, b, p) in seen.texts
                        if b is not None and button.rect.contains(b)
                    ]
                    assert drawn, button.label
                    for msg, pixels in drawn:
                        assert pixels == theme.px(button.size), (language, msg, pixels)
                        seen_labels.add(msg.replace("\n", " "))
                    drive.key(pygame.K_t)  # the next theme, as a player's key
                    if scene.shelf.theme is None:
                        break
            assert len(seen_labels) > 5, seen_labels  # the pack's themes were shown
        finally:
            app.close()
            i18n.set_language("en")
