"""Issue 54, the newcomer's play-test: the note that says Speech cannot work (no
sound player) was drawn about 8 pixels high under the Settings title at 640x480
Large in German, ran the whole window's width at 1280x800, and named programs
("paplay, pw-play oder aplay") a player does not know."""

from __future__ import annotations

import pytest

from game.client import theme
from game.client.scenes.settings_scene import SettingsScene
from game.client.scripted.checks import look, text_problems
from game.i18n import _
from game.play.voice import WHY

from .screens import shown


def told() -> str:
    """The note as the voice gives it when no sound player is found."""
    return _("Speech is off: {reason}.").format(reason=_(WHY["player"]))


@pytest.mark.parametrize(
    ("size", "language"), [((640, 480), "de"), ((640, 480), "en"), ((1280, 800), "de")]
)
def test_the_note_that_speech_is_off_is_readable_and_clear_of_the_rows(tmp_path, size, language):
    with shown(tmp_path, SettingsScene, size, "Large", language) as (app, _seen):
        scene = app.scenes.top
        assert scene.tell(told())
        scene.update(0.0)
        seen = look(app)
        assert seen is not None
        words = told().split()
        lines = [(m, r, p) for m, r, _b, p in seen.texts if m == told()]
        assert lines, [m for m, *_ in seen.texts]
        # At least the text floor of Large, which Normal's floor grows by.
        floor = int(theme.FLOOR_PX * theme.TEXT_SCALES["Large"])
        assert min(p for _m, _r, p in lines) >= floor, lines
        assert 2 <= len(lines) <= 3, lines  # wrapped in its box, not one squeezed line
        rows = [c.rect for c in scene.controls]
        assert not [r for _m, r, _p in lines if r.collidelist(rows) >= 0], lines
        span = rows[0].unionall(rows)
        assert max(r.width for _m, r, _p in lines) <= span.width  # as wide as the rows
        assert text_problems(app, seen) == []
        assert "aplay" not in told() and len(words) > 3
