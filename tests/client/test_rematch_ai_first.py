"""A rematch in which the AI now moves first (play-test: its turn came half way
through the "you play Blue" banner, which read as gone in about a second, and
the line over the board lost the person's colour): the banner is read as long
as when the person moves first, and the line says the colour until the person
has played a turn."""

import pytest

from game.client.scenes.match_scene import MatchScene
from game.play.match_end import BANNER

from .screens import large_at_640
from .test_scenes import start_match
from .tours import languages


def rematch_with_the_ai_first(app, drive) -> MatchScene:
    scene = start_match(app, drive, side=3, red="Human", blue="Beginner")
    scene.cancel_ai()
    scene.finish()
    drive.settle(1.0)
    card = app.scenes.top
    drive.click(card.controls[0].rect.center)  # Rematch, first
    fresh = app.scenes.top
    assert isinstance(fresh, MatchScene) and fresh is not scene
    assert fresh.match.ai_to_move == "Beginner"
    return fresh


def the_ais_turn(drive, fresh: MatchScene) -> None:
    """Frames until the AI's first turn is shown (its process may take a few
    seconds to start)."""
    for _frame in range(60 * 30):
        if fresh.match.ply and not fresh.view.busy:
            return
        drive.frames(1)
    raise AssertionError("the AI never played")


def test_the_banner_lasts_before_the_ai_moves_and_the_colour_stays_said(app, drive):
    fresh = rematch_with_the_ai_first(app, drive)
    drive.settle(BANNER - 0.1)
    banner = fresh.notices.get("banner")
    assert banner is not None and banner.text == "Rematch: you play Blue"
    assert fresh.match.ply == 0  # nothing played over it yet
    the_ais_turn(drive, fresh)
    said = fresh.status[0]
    assert said.startswith("Red ") and said.endswith("You play Blue.")
    drive.move(app.screen.get_rect().bottomleft)  # the pointer moving does not take it
    assert fresh.status[0] == said
    board = fresh.match.board
    for cell in board.legal_turns()[0].cells:
        drive.click_cell(cell)
    assert "You play Blue." not in fresh.status[0]


@pytest.mark.parametrize("language", languages())
def test_the_line_with_the_colour_fits_at_640x480_large(tmp_path, language):
    from game.client.scripted.checks import text_problems
    from game.client.scripted.tour import Driver

    with large_at_640(tmp_path, language) as app:
        drive = Driver(app)
        fresh = rematch_with_the_ai_first(app, drive)
        the_ais_turn(drive, fresh)
        assert fresh.rematched and fresh.status[0]
        assert text_problems(app) == []


def test_undo_before_the_persons_first_turn_is_greyed_and_does_nothing(app, drive):
    """Play-test (640x480): Undo here took back the AI's tile alone, and the AI,
    left to move, never moved again while clicks said "The AI is thinking."."""
    import pygame

    fresh = rematch_with_the_ai_first(app, drive)
    the_ais_turn(drive, fresh)
    drive.frames(2)
    assert not fresh.panel.undo.enabled
    drive.key(pygame.K_u)
    drive.click(fresh.panel.undo.rect.center)
    drive.key(pygame.K_z, mod=pygame.KMOD_CTRL)
    drive.settle(0.5)
    assert fresh.match.ply == 1 and not fresh.match.redo_stack
    assert fresh.match.human_to_move and not fresh.thinking
