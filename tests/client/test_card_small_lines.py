"""The result card's small lines keep their size (play-test: at 640x480 in Large
text, a long turns line with a note under it made the small lines shrink
together, far under Normal's size, rather than wrap); a turns line too long for
one line breaks after its comma, the passes whole on the second, on the live
card and on History's alike."""

import dataclasses

import pytest

from game.client import theme
from game.client.scenes.game_over import GameOverScene, result_card
from game.client.scripted.checks import look, text_problems
from game.client.scripted.tour import Driver
from game.i18n import _
from game.play.match import turns_said
from game.play.match_end import ending
from game.rules import PASS, Board

from .last_turn import but_the_last_turn, to_the_card
from .looking_back import opened_from_history
from .screens import large_at_640
from .tours import languages


def passes_and_odd_turns(board: Board) -> bool:
    """Two passes or more and an odd number of turns: the longest turns line."""
    return board.turn_stack.count(PASS) >= 2 and len(board.turn_stack) % 2 == 1


def finished_card(app) -> GameOverScene:
    """The live card of a side-4 game of two people with passes and an odd
    number of turns, played to its end by clicks, with a
    note under the turns (a third small line, as a rated game's)."""
    drive = Driver(app)
    match, last = but_the_last_turn(4, passes_and_odd_turns)
    scene, _live = to_the_card(app, drive, match, last)
    over = dataclasses.replace(scene.outcome(), note=_("Played on: not rated, not in History."))
    card = result_card(app, over, "analysed")
    app.scenes.push(card)
    drive.settle(0.5)
    return card


@pytest.mark.parametrize("language", languages())
def test_the_small_lines_wrap_rather_than_shrink_at_640x480_large(tmp_path, language):
    with large_at_640(tmp_path, language) as app:
        card = finished_card(app)
        end = ending(card.over.match)
        turns = card.lines()[3][0]
        assert turns == turns_said(end.turns, end.first, end.passes, apart=True)
        seen = look(app)
        assert seen is not None
        rows = [p for m, _r, _b, p in seen.texts if m == turns]
        note = [p for m, _r, _b, p in seen.texts if m == card.note[0]]
        assert len(rows) == 2 and note  # the turns in two lines, the note under them
        assert min(rows + note) >= theme.normal_px(22), rows + note
        assert text_problems(app, seen) == []


def test_historys_card_breaks_the_turns_line_as_the_live_one(tmp_path):
    with large_at_640(tmp_path, "en") as app:
        live = finished_card(app).lines()[3][0]
        match = app.scenes.top.over.match
        drive = Driver(app)
        review = opened_from_history(app, drive, match)
        drive.click(review.panel.hint.rect.center)
        drive.frames(2)
        card = app.scenes.top
        assert isinstance(card, GameOverScene)
        kept = card.lines()[3][0]
        assert kept == live and kept.endswith(",\n" + kept.split("\n")[1])
        assert kept.split("\n")[1].endswith("of them passes")
        assert text_problems(app) == []
