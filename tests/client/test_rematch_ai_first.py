"""A rematch in which the AI now moves first (play-test: its turn came half way
through the "you play Blue" banner, which read as gone in about a second, and
the line over the board lost the person's colour): the banner is read as long
as when the person moves first, and the line says the colour until the person
has played a turn."""

import pytest

from game.client.scenes.match_scene import MatchScene
from game.play.match_end import BANNER, BANNER_AFTER_TURN, BANNER_GRACE

from .screens import large_at_640
from .test_scenes import start_match
from .tours import languages


def rematched(app, drive, level: str = "Beginner") -> MatchScene:
    """A side-3 game of the person (Red) against ``level`` finished at once, and
    its rematch from the result card: the colours swapped, ``level`` to move."""
    scene = start_match(app, drive, side=3, red="Human", blue=level)
    scene.cancel_ai()
    scene.finish()
    drive.settle(1.0)
    card = app.scenes.top
    drive.click(card.controls[0].rect.center)  # Rematch, first
    fresh = app.scenes.top
    assert isinstance(fresh, MatchScene) and fresh is not scene
    assert fresh.match.ai_to_move == level
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
    fresh = rematched(app, drive)
    drive.settle(BANNER - 0.1)
    banner = fresh.notices.get("banner")
    assert banner is not None and banner.text == "Rematch: you play Blue"
    assert fresh.match.ply == 0  # nothing played over it yet
    the_ais_turn(drive, fresh)
    said = fresh.status[0]
    assert said.startswith("Red ") and said.endswith("You play Blue.")
    drive.move(app.screen.get_rect().bottomleft)  # the pointer moving does not take it
    assert fresh.status[0] == said
    drive.settle(BANNER_AFTER_TURN)  # a click while the banner is up only puts it away
    board = fresh.match.board
    for cell in board.legal_turns()[0].cells:
        drive.click_cell(cell)
    assert "You play Blue." not in fresh.status[0]


def test_the_ai_thinks_under_the_banner_at_once(app, drive):
    """Play-test: the AI waited out the banner, about 3 s on "Red to move",
    before it even began to think."""
    fresh = rematched(app, drive)
    drive.frames(2)
    assert fresh.notices.get("banner") is not None
    assert fresh.thinking and "thinking" in fresh.turn_line()[0]
    assert fresh.match.ply == 0  # its turn waits for the banner to be read


@pytest.mark.parametrize("language", languages())
def test_the_line_with_the_colour_fits_at_640x480_large(tmp_path, language):
    from game.client.scripted.checks import text_problems
    from game.client.scripted.tour import Driver

    with large_at_640(tmp_path, language) as app:
        drive = Driver(app)
        fresh = rematched(app, drive)
        the_ais_turn(drive, fresh)
        assert fresh.rematched and fresh.status[0]
        assert text_problems(app) == []


def test_undo_before_the_persons_first_turn_is_greyed_and_does_nothing(app, drive):
    """Play-test (640x480): Undo here took back the AI's tile alone, and the AI,
    left to move, never moved again while clicks said "The AI is thinking."."""
    import pygame

    fresh = rematched(app, drive)
    the_ais_turn(drive, fresh)
    drive.frames(2)
    assert not fresh.panel.undo.enabled
    drive.key(pygame.K_u)
    drive.click(fresh.panel.undo.rect.center)
    drive.key(pygame.K_z, mod=pygame.KMOD_CTRL)
    drive.settle(0.5)
    assert fresh.match.ply == 1 and not fresh.match.redo_stack
    assert fresh.match.human_to_move and not fresh.thinking


def call_off(app, drive, fresh: MatchScene):
    """Pause > Call off > Call off: the result card."""
    import pygame

    from game.client.scenes.game_over import GameOverScene

    from .test_scenes import button

    drive.click(fresh.panel.menu.rect.center)
    drive.click(button(app.scenes.top, "Call off").rect.center)
    drive.key(pygame.K_y)
    drive.settle(1.5)
    over = app.scenes.top
    assert isinstance(over, GameOverScene)
    return over


def test_calling_off_after_the_ais_turn_says_the_persons_turn_was_not_played(app, drive):
    """Play-test (1280x800): the card read "1 turn" over "Called off before a
    turn was played", though its question had said, rightly, that no turn of
    the person's was played yet."""
    fresh = rematched(app, drive)
    the_ais_turn(drive, fresh)
    over = call_off(app, drive, fresh)
    lines = [line[0] for line in over.lines()]
    assert "Called off before you played a turn: not rated, not in History." in lines
    assert not [line for line in lines if "before a turn was played" in line]
    from game.client.scripted.checks import text_problems

    assert text_problems(app) == []


@pytest.mark.parametrize("language", languages())
def test_the_called_off_card_fits_at_640x480_large(tmp_path, language):
    from game.client.scripted.checks import text_problems
    from game.client.scripted.tour import Driver

    with large_at_640(tmp_path, language) as app:
        drive = Driver(app)
        fresh = rematched(app, drive)
        the_ais_turn(drive, fresh)
        call_off(app, drive, fresh)
        assert text_problems(app) == []


@pytest.mark.parametrize("window", [(640, 480), (1280, 800)])
def test_the_banner_hides_none_of_the_ais_tiles(tmp_path, window):
    """Play-test (640x480): the "you play Blue" banner half hid the AI's first
    tile while it was up: it moves off the tiles, no shorter lived."""
    import json

    import pygame

    from game.client.app import App
    from game.client.board_view import SQRT3
    from game.client.scripted.tour import Driver

    data = tmp_path / "data"
    data.mkdir()
    (data / "settings.json").write_text(json.dumps({"text_size": "Normal"}))
    pygame.init()
    app = App(window, data)
    try:
        drive = Driver(app)
        fresh = rematched(app, drive)
        fresh.cancel_ai()
        banner = fresh.notices.get("banner")
        assert banner is not None and banner.left > 0
        view, board = fresh.view, fresh.match.board
        size = (SQRT3 * view.radius, 2 * view.radius)
        firsts = board.legal_turns()
        assert firsts
        hidden = []
        # Whichever first tile the AI plays (d1 in the play-test), as it lands
        # while the banner is up.
        for turn in firsts:
            said = board.notation(turn)
            board.push(turn)
            tile = pygame.FRect((0, 0), size).move_to(center=view.centre(turn.cells[0]))
            box = fresh.banner_box()
            inside = view.rect.top <= box.top and box.bottom <= view.rect.bottom
            if box.colliderect(tile) or not inside:
                hidden.append(said)
            board.pop()
        assert hidden == []
    finally:
        app.close()


def the_ais_turn_comes(drive, fresh: MatchScene) -> None:
    """Frames until the AI's first turn has come (shown from this frame on)."""
    for _frame in range(60 * 30):
        if fresh.match.ply:
            return
        drive.frames(1)
    raise AssertionError("the AI never played")


def test_the_banner_goes_soon_after_the_ais_turn(app, drive):
    """Play-test: the banner stayed about 1.5 s into the person's turn, over
    two or three rows of empty cells."""
    fresh = rematched(app, drive)
    the_ais_turn_comes(drive, fresh)
    banner = fresh.notices.get("banner")
    # (None where the AI's process was slow to start and the banner's time ran out)
    assert banner is None or banner.left <= BANNER_AFTER_TURN
    drive.settle(BANNER_AFTER_TURN + 0.05)
    assert fresh.notices.get("banner") is None
    assert fresh.match.human_to_move


def test_a_click_while_the_banner_is_up_only_puts_it_away(app, drive):
    """Play-test: a click in the banner placed a tile on a cell hidden under it.
    (A rematch the person starts: the banner is up at once, for them to click.)"""
    scene = start_match(app, drive, side=3, red="Beginner", blue="Human")
    scene.cancel_ai()
    scene.finish()
    drive.settle(1.0)
    drive.click(app.scenes.top.controls[0].rect.center)  # Rematch
    fresh = app.scenes.top
    assert isinstance(fresh, MatchScene) and fresh.match.human_to_move
    assert fresh.notices.get("banner") is not None
    cell = fresh.match.board.legal_turns()[0].cells[0]
    drive.move(fresh.view.centre(cell))  # no preview under the banner invites a click
    assert fresh.hover is None and fresh.hover_text()[0] == ""
    drive.click_cell(cell)
    assert fresh.match.ply == 0 and fresh.match.chain is None
    assert fresh.notices.get("banner") is None
    drive.click_cell(cell)  # a double-click's second click plays nothing either
    assert fresh.match.ply == 0 and fresh.match.chain is None
    drive.settle(BANNER_GRACE + 0.05)
    drive.click_cell(cell)  # with the banner gone a moment, the click plays
    assert fresh.match.ply == 1 or fresh.match.chain is not None


def test_a_key_while_the_banner_is_up_puts_it_away_and_does_its_job(app, drive):
    """A player on keys or a controller loses no press to a banner: the
    cursor the key moves is in sight."""
    import pygame

    fresh = rematched(app, drive)
    assert fresh.notices.get("banner") is not None
    drive.key(pygame.K_ESCAPE)
    assert fresh.notices.get("banner") is None
    assert app.scenes.top is not fresh  # the pause menu, as Esc asks
