"""Issue 54: the settings' two sliders had bars of two widths (each the room its
own label left), so the column's bars started at two left edges: one column of
sliders has one bar width and one left edge, in every language and text size,
and a bar dragged still sets its own slider."""

import pytest

from game.client.scenes.settings_scene import SettingsScene
from game.client.scripted.tour import Driver
from game.client.slider import Slider

from .screens import shown


@pytest.mark.parametrize("language", ["de", "en", "fr"])
def test_the_settings_sliders_share_one_bar_width_and_left_edge(tmp_path, language):
    for text_size in ("Normal", "Large"):
        for size in ((640, 480), (1280, 800)):
            folder = tmp_path / f"{text_size}-{size[0]}"
            folder.mkdir()
            with shown(folder, SettingsScene, size, text_size, language) as (app, _seen):
                scene = app.scenes.top
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
                Driver(app).click((bar.left + bar.width // 4, bar.centery))
                assert abs(app.settings.click_volume - 0.25) < 0.05, where
                assert app.settings.volume == volume, where
