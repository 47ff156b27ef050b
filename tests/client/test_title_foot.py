"""The title's credit keeps a margin from the window's foot and from the buttons
over it (play-test at 640x480 Large: it sat 12 pixels off the edge, against the
last row), the "new here?" tag still on Learn to play."""

import pytest

from game.client.scenes.title import FOOT_GAP, FOOT_MARGIN, TitleScene
from game.client.scripted.checks import look, text_problems

from .test_large_text import shown


@pytest.mark.parametrize("size", [(640, 480), (1280, 800)])
@pytest.mark.parametrize("text_size", ["Normal", "Large"])
def test_the_credit_keeps_clear_of_the_edge_and_the_buttons(tmp_path, size, text_size):
    with shown(tmp_path, size, text_size, TitleScene) as app:
        title = app.scenes.top
        assert isinstance(title, TitleScene)
        seen = look(app)
        assert seen is not None
        credit = [r for m, r, _b, _p in seen.texts if m.startswith("Mosaic by Mark Steere.")]
        assert len(credit) == 1
        (drawn,) = credit
        assert drawn.bottom <= size[1] - FOOT_MARGIN + 2, drawn  # a glyph's descent
        lowest = max(c.rect.bottom for c in title.controls)
        assert lowest + FOOT_GAP <= title.boxes["foot"].top, (lowest, title.boxes["foot"])
        tags = [m for m, _r, _b, _p in seen.texts if m == "new here?"]
        assert tags == ["new here?"]  # a first start: Learn to play is tagged
        assert text_problems(app, seen) == []
