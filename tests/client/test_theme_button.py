"""Issue 54: the puzzle browser's theme button was 170 pixels wide whatever it
said, and a long theme's name ("Thema: Die Reihenfolge zählt") shrank under the
text size its other labels keep: it is as wide as its longest label needs, or
two lines high where a third of the window is still too narrow."""

import pygame

from game import paths
from game.client import theme
from game.client.scenes.puzzle_browser import PuzzleBrowserScene
from game.client.scripted.checks import look
from game.client.scripted.tour import Driver

from .screens import shown


def browser(app):
    app.puzzles.folder = paths.puzzles()
    return PuzzleBrowserScene(app)


def test_every_theme_label_keeps_its_text_size(tmp_path):
    for language, text_size, size in (("de", "Large", (640, 480)), ("en", "Normal", (1280, 800))):
        folder = tmp_path / language
        folder.mkdir()
        with shown(folder, browser, size, text_size, language) as (app, _seen):
            scene = app.scenes.top
            drive = Driver(app)
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
