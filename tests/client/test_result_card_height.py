"""The result card is as high as what it holds (play-test: reopened from History
at 1280x800, a card with fewer lines left a large empty band above its
buttons), at 640x480 and 1280x800, in Normal and Large text."""

import pytest

from game.client.scripted.checks import look, text_problems

from .screens import shown
from .test_focus_keys import card
from .test_large_text import board_area


@pytest.mark.parametrize("text_size", ["Normal", "Large"])
@pytest.mark.parametrize("window", [(640, 480), (1280, 800)])
def test_no_empty_band_above_the_buttons(tmp_path, window, text_size):
    with shown(tmp_path, lambda app: card(app, board_area(app)), window, text_size) as (app, seen):
        over = app.scenes.top
        texts = [r for m, r, _b, _p in seen.texts if over.box.contains(r)]
        buttons_top = min(c.rect.top for c in over.controls)
        last_line = max(r.bottom for r in texts if r.bottom <= buttons_top)
        # No row kept for the empty note (play-test: reopened from History, a
        # band of about 50 px at 1280x800, 45 at 640x480 Large): the gaps only,
        # less than the smallest line's row.
        smallest = min(over.boxes[("line", i)].height for i in range(1, len(over.lines())))
        assert buttons_top - last_line < smallest, window
        assert text_problems(app, seen) == []
        assert over.save() is None and over.note[0]  # saving adds its row
        again = look(app)
        assert again is not None and over.note[0] in [m for m, _r, _b, _p in again.texts]
        assert min(c.rect.top for c in over.controls) >= max(
            r.bottom for m, r, _b, _p in again.texts if m == over.note[0]
        )
        assert text_problems(app, again) == []
