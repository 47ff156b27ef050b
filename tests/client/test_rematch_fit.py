"""A rematch says the person's new colour (play-test: the swap went unsaid), in
words that fit at 640x480 in Large text in every language."""

import pytest

from game.play.match_end import rematch_said

from .screens import large_at_640
from .test_rematch_ai_first import rematched
from .tours import languages


@pytest.mark.parametrize("language", languages())
def test_the_rematchs_words_fit_at_640x480_large(tmp_path, language):
    from game.client.scripted.checks import text_problems
    from game.client.scripted.tour import Driver

    with large_at_640(tmp_path, language) as app:
        drive = Driver(app)
        fresh = rematched(app, drive, "Club")
        fresh.cancel_ai()
        drive.frames(2)
        banner = fresh.notices.get("banner")
        assert banner is not None and banner.text == rematch_said(fresh.match)
        assert text_problems(app) == []
