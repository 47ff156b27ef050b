"""History's rows name the colour the person played (play-test), and still fit
at 640x480 in Large text, in every language: a game against Beginner, the
most played, at the rows' own size at least Normal's."""

import datetime as dt
import random

import pytest

from game.client import theme
from game.client.scenes.history_scene import HistoryScene
from game.client.scripted.checks import text_problems
from game.i18n import _
from game.play.history import archive
from game.play.match import Match

from .screens import shown
from .tours import languages


def keep_two(app) -> HistoryScene:
    """A game as Red and one as Blue against Beginner, played to the end at
    random, kept in History; the History screen."""
    for k, (red, blue) in enumerate((("Human", "Beginner"), ("Beginner", "Human"))):
        match = Match(3, red, blue)
        rng = random.Random(k)
        while not match.over:
            match.play(rng.choice(match.board.legal_turns()))
        archive(match, app.data, dt.datetime(2026, 11, 1, 12, k))
    return HistoryScene(app)


@pytest.mark.parametrize("language", languages())
def test_the_rows_name_the_colour_and_fit_at_640x480_large(tmp_path, language):
    with shown(tmp_path, keep_two, (640, 480), "Large", language) as (app, seen):
        history = app.scenes.top
        rows = [(m, p) for m, _r, _b, p in seen.texts if m.startswith("2026-11-01")]
        assert len(rows) == 2
        said = " ".join(m for m, _p in rows)
        assert _("Red") in said and _("Blue") in said
        assert min(p for _m, p in rows) >= theme.normal_px(history.row_size), rows
        assert text_problems(app, seen) == []
