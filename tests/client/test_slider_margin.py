"""A slider's label keeps clear of its bar and of the knob at the bar's left end
(play-test at 640x480 Large: "Button clicks: 50%" sat right against the bar)."""

import pytest

from game.client.scenes.settings_scene import SettingsScene
from game.client.scripted.checks import look, text_problems
from game.client.slider import KNOB, LABEL_GAP, Slider

from .screens import large_at_640
from .tours import languages


@pytest.mark.parametrize("language", languages())
def test_the_sliders_labels_keep_clear_of_the_bars_at_640x480_large(tmp_path, language):
    from game.client.scripted.tour import Driver

    with large_at_640(tmp_path, language) as app:
        app.scenes.reset(SettingsScene(app))
        Driver(app).settle(0.6)
        scene = app.scenes.top
        seen = look(app)
        assert seen is not None
        sliders = [c for c in scene.controls if isinstance(c, Slider)]
        assert len(sliders) == 2
        for slider in sliders:
            (drawn,) = [r for m, r, _b, _p in seen.texts if m == slider.text()]
            assert drawn.right + LABEL_GAP <= slider.bar().left - KNOB, (slider.text(), drawn)
        assert text_problems(app, seen) == []
