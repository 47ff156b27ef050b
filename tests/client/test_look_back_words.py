"""A game looked back over from History offers no move (play-test: hovering a
cell read "Place a tile on c3." and the keys' line "T: type a turn", where a
click says "Looking back only"): the line over the board says what a cell holds,
the keys' line what can be done there: step through, analyse, go back."""

import pygame
import pytest

from game.client.scenes.analysis_scene import AnalysisScene
from game.client.scenes.game_over import GameOverScene
from game.client.scenes.history_scene import HistoryScene
from game.client.scripted.checks import text_problems
from game.client.scripted.tour import Driver
from game.play import look_back

from .drawn import drawn, words
from .looking_back import from_the_start, opened_from_history
from .screens import large_at_640
from .tours import languages


def test_a_look_back_offers_no_move_on_hover_or_in_its_keys(app, drive):
    review = from_the_start(drive, opened_from_history(app, drive))
    empty = review.match.board.legal_placements()[0]
    name = review.match.board.geometry.names[empty]
    assert review.match.human_to_move  # where a live game would offer the cell
    drive.move(review.view.centre(empty))
    said = words(review.draw, app.screen)
    assert f"{name} is empty." in said and "Place a tile" not in said
    assert "Left and Right step through the turns, A analyses the game" in said
    assert "type a turn" not in said
    # T opens no box to type a turn in; the cursor reads the cells and says so.
    drive.key(pygame.K_t)
    assert not review.input.typing
    drive.key(pygame.K_DOWN)
    assert review.input.cursor is not None
    said = words(review.draw, app.screen)
    assert "read the cells" in said and "Enter plays" not in said and "Place a tile" not in said
    drive.key(pygame.K_ESCAPE)  # hides the cursor, as the line says
    assert review.input.cursor is None and app.scenes.top is review


def test_a_look_back_analyses_with_a_and_leaves_with_esc(app, drive):
    review = from_the_start(drive, opened_from_history(app, drive))
    drive.key(pygame.K_RIGHT)
    assert review.match.ply == 1
    drive.key(pygame.K_a)
    analysis = app.scenes.top
    assert isinstance(analysis, AnalysisScene) and analysis.match is review.match
    app.scenes.pop()
    drive.frames(2)
    drive.key(pygame.K_ESCAPE)
    assert isinstance(app.scenes.top, HistoryScene)


@pytest.mark.parametrize("language", languages())
def test_a_look_backs_words_fit_at_640x480_in_large_text(tmp_path, language):
    with large_at_640(tmp_path, language) as app:
        drive = Driver(app)
        review = from_the_start(drive, opened_from_history(app, drive))
        drive.move(review.view.centre(review.match.board.legal_placements()[0]))
        for cursor in (False, True):
            if cursor:
                drive.key(pygame.K_DOWN)
            drive.settle(0.3)
            said = [m for m, _r in drawn(review.draw, app.screen)]
            keys = look_back.keys(cursor=cursor, pad=False)
            assert any(k in said for k in keys), said  # a line of keys, not none
            assert text_problems(app) == []


def test_the_panels_redo_and_undo_step_one_turn_as_the_arrows_do(app, drive):
    """Play-test: Redo stepped two turns from turn 0 where Right steps one."""
    review = from_the_start(drive, opened_from_history(app, drive))
    assert review.panel.redo is not None and review.panel.undo is not None
    drive.click(review.panel.redo.rect.center)
    assert review.match.ply == 1
    drive.key(pygame.K_RIGHT)
    drive.click(review.panel.redo.rect.center)
    assert review.match.ply == 3
    drive.click(review.panel.undo.rect.center)
    assert review.match.ply == 2
    drive.key(pygame.K_LEFT)
    assert review.match.ply == 1


def test_stepping_onto_the_last_turn_leaves_the_result_card_away(app, drive):
    """Play-test: Redo (or Right) onto a look back's last turn brought the result
    card back up; it comes when asked for, from the panel's Result."""
    review = from_the_start(drive, opened_from_history(app, drive))
    match = review.match
    for step in (review.panel.redo.rect.center, pygame.K_RIGHT):
        drive.key(pygame.K_HOME)
        while match.ply < match.plies - 1:
            drive.key(pygame.K_RIGHT)
        if isinstance(step, int):
            drive.key(step)
        else:
            drive.click(step)
        drive.settle(1.0)
        assert match.ply == match.plies and match.over
        assert app.scenes.top is review, app.scenes.top
    drive.click(review.panel.hint.rect.center)  # Result: asked for, it comes
    drive.frames(2)
    assert isinstance(app.scenes.top, GameOverScene)
