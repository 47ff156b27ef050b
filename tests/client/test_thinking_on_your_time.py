"""Master thinks over an ending while the player does (game.ai.ponder), driven
through the real match scene and the real AI process."""

from __future__ import annotations

import time

import pygame

from game.ai.search import empty_cells
from game.client.scenes.match_scene import MatchScene
from game.client.scenes.title import TitleScene
from game.client.scripted.tour import game_until
from game.play.match import Match
from game.rules import RED

from .test_scenes import button


def ending_for_red(empties: int):
    """Turns of a game up to ``empties`` empty cells with Red to move."""
    turns, _ = game_until(5, 4, lambda b, t: b.mover == RED and empty_cells(b) == empties)
    return turns


def scene_with(app, drive, red: str, blue: str, turns) -> MatchScene:
    match = Match(5, red, blue)
    for t in turns:
        if t.is_pass and t not in match.board.legal_turns():
            continue  # the match passed for the player already
        match.play(t)
    scene = MatchScene(app, match)
    app.scenes.reset(TitleScene(app))
    app.scenes.push(scene)
    drive.frames(3)
    return scene


def wait_for_turn(drive, match, plies: int, seconds: float = 30) -> None:
    end = time.monotonic() + seconds
    while match.plies < plies and time.monotonic() < end:
        drive.frames(2)
        time.sleep(0.02)


def test_master_thinks_over_an_ending_on_the_players_time_then_plays(app, drive):
    scene = scene_with(app, drive, "Human", "Master", ending_for_red(12))
    match = scene.match
    assert match.human_to_move
    assert app.worker.pondering == match.board.mfen() and not app.worker.busy
    assert scene.turn_line()[0] == "Red to move. Master is thinking too."
    # The player places a tile: once it is shown, Master's turn is asked for,
    # which stops the ponder.
    cell = next(t.cells[0] for t in match.board.legal_turns() if not t.is_flip)
    plies, pondered = match.plies, match.board.mfen()
    drive.click_cell(cell)
    drive.settle(1.0)
    # Master may have answered already (it takes under a second): either way the
    # ponder over the player's position is over.
    assert app.worker.pondering != pondered
    wait_for_turn(drive, match, plies + 2)
    assert match.plies == plies + 2 and match.human_to_move
    drive.settle(1.0)
    assert app.worker.pondering == match.board.mfen()  # and again on the next turn
    # Leaving the match stops it.
    drive.key(pygame.K_ESCAPE)
    drive.click(button(app.scenes.top, "Leave").rect.center)
    assert isinstance(app.scenes.top, TitleScene)
    assert app.worker.pondering is None


def test_the_player_can_turn_it_off_in_the_settings_and_it_stays_off(app, drive):
    scene = scene_with(app, drive, "Human", "Master", ending_for_red(12))
    assert app.worker.pondering == scene.match.board.mfen()
    drive.key(pygame.K_ESCAPE)  # the pause menu
    drive.click(button(app.scenes.top, "Settings").rect.center)
    drive.click(button(app.scenes.top, "AI thinks on your turn").rect.center)
    assert not app.settings.ponder
    drive.click(button(app.scenes.top, "Back").rect.center)
    drive.click(button(app.scenes.top, "Resume").rect.center)
    assert app.scenes.top is scene
    drive.frames(3)
    assert app.worker.pondering is None
    assert scene.turn_line()[0] == "Red to move"
    from game.play.settings import load

    assert not load(app.data)[0].ponder  # kept for the next start
    # A new match against Master does not think on the player's turn either.
    scene_with(app, drive, "Human", "Master", ending_for_red(12))
    assert app.worker.pondering is None


def test_no_thinking_on_the_players_time_early_between_people_or_against_lower_levels(app, drive):
    early = ending_for_red(30)
    scene_with(app, drive, "Human", "Master", early)
    assert app.worker.pondering is None  # too far from the end to be worth it
    late = ending_for_red(12)
    scene_with(app, drive, "Human", "Human", late)
    assert app.worker.pondering is None
    scene_with(app, drive, "Human", "Expert", late)
    assert app.worker.pondering is None


def test_a_game_the_player_ends_stops_the_thinking(app, drive):
    def ends(board, turn) -> bool:
        board.push(turn)
        try:
            return board.is_game_over()
        finally:
            board.pop()

    turns, last = game_until(5, 4, lambda b, t: b.mover == RED and not t.is_pass and ends(b, t))
    scene = scene_with(app, drive, "Human", "Master", turns)
    assert app.worker.pondering == scene.match.board.mfen()
    for cell in last.cells:
        drive.click_cell(cell)
    drive.settle(1.0)
    assert scene.match.over and app.worker.pondering is None


def test_looking_back_through_the_moves_stops_the_thinking(app, drive):
    scene = scene_with(app, drive, "Human", "Master", ending_for_red(12))
    assert app.worker.pondering == scene.match.board.mfen()
    drive.key(pygame.K_LEFT)  # one move back
    drive.frames(3)
    assert scene.control.browsing and app.worker.pondering is None
    drive.key(pygame.K_END)
    drive.frames(3)
    assert app.worker.pondering == scene.match.board.mfen()


def test_the_level_thinking_on_the_players_time_is_named_in_german(app, drive):
    from game import i18n

    i18n.set_language("de")
    try:
        scene = scene_with(app, drive, "Human", "Master", ending_for_red(12))
        assert scene.turn_line()[0] == "Rot am Zug. Meister denkt auch nach."
    finally:
        i18n.set_language("en")
