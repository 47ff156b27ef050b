"""Issue 54: the settings' two sliders had bars of two widths (each the room its
own label left), so the column's bars started at two left edges: one column of
sliders has one bar width and one left edge, in every language and text size,
and a bar dragged still sets its own slider."""

import json

import pygame

from game import i18n
from game.client.app import App
from game.client.scenes.settings_scene import SettingsScene
from game.client.scripted.tour import Driver
from game.client.slider import Slider


def test_the_settings_sliders_share_one_bar_width_and_left_edge(tmp_path):
    for language in ("de", "en", "fr"):
        for text_size in ("Normal", "Large"):
            for size in ((640, 480), (1280, 800)):
                data = tmp_path / f"{language}-{text_size}-{size[0]}"
                data.mkdir()
                settings = {"language": language, "text_size": text_size}
                (data / "settings.json").write_text(json.dumps(settings))
                pygame.init()
                app = App(size, data)
                try:
                    scene = SettingsScene(app)
                    app.scenes.reset(scene)
                    drive = Driver(app)
                    drive.frames(2)
                    sliders = [c for c in scene.controls if isinstance(c, Slider)]
                    assert len(sliders) == 2
                    bars = [s.bar() for s in sliders]
                    where = (language, text_size, size)
                    assert {(b.left, b.width) for b in bars} == {(bars[0].left, bars[0].width)}, (
                        where,
                        bars,
                    )
                    # Each label still fits before its bar, and a drag on the
                    # clicks' bar (posted as a player's) sets the clicks alone.
                    for s in sliders:
                        assert s.label_room().right < s.bar().left, where
                    volume = app.settings.volume
                    bar = sliders[1].bar()
                    drive.click((bar.left + bar.width // 4, bar.centery))
                    assert abs(app.settings.click_volume - 0.25) < 0.05, where
                    assert app.settings.volume == volume, where
                finally:
                    app.close()
                    i18n.set_language("en")
