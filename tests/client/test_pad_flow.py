"""The controller's way through the flow of the game, posted as controller
events through the real scenes: the result's buttons, a lesson's Start, the
confirm dialogs' first focus, the History review's way out, what the status line
keeps after the AI's reply, and which way the hex cursor's Down goes."""

from __future__ import annotations

import random

import pygame

from game.client.scenes.confirm import ConfirmScene
from game.client.scenes.game_over import GameOverScene
from game.client.scenes.history_scene import HistoryScene
from game.client.scenes.match_scene import MatchScene
from game.client.scenes.pause import PauseScene
from game.client.scenes.puzzle_scene import PuzzleScene
from game.client.scenes.title import TitleScene
from game.client.scenes.tutorial import LessonScene, TutorialMenuScene
from game.play.match import Match

from .drawn import words
from .test_pad import BACK, DPAD, START, A, B, cursor_to, focus_on, pressed_on_title
from .test_scenes import start_match


def finished_match_scene(app, drive) -> MatchScene:
    """A match one turn from its end on screen, that turn then played with the pad."""
    rehearsal = Match(3, "Human", "Human")
    rng = random.Random(2)
    turns = []
    while not rehearsal.board.is_game_over():
        turns.append(rng.choice(rehearsal.board.legal_turns()))
        rehearsal.play(turns[-1])
    match = Match(3, "Human", "Human")
    for turn in turns[:-1]:
        match.play(turn)
    scene = MatchScene(app, match)
    app.scenes.push(scene)
    drive.frames(2)
    for cell in turns[-1].cells:
        cursor_to(drive, scene, cell)
        drive.pad(A)
    drive.settle(3.0)
    return scene


def test_the_d_pad_lights_the_result_buttons_and_a_presses_the_lit_one(app, drive):
    scene = finished_match_scene(app, drive)
    over = app.scenes.top
    assert isinstance(over, GameOverScene)
    labels = [b.label for b in over.controls]
    assert labels[:2] == ["Rematch", "See board"]
    drive.pad(DPAD["right"])
    drive.pad(DPAD["right"])
    assert [b.focused for b in over.controls][:2] == [False, True]
    drive.pad(A)  # See board, not Rematch
    assert app.scenes.top is scene
    assert scene.match.board.is_game_over()


def test_start_in_a_lesson_opens_its_pause_menu_and_b_closes_it(app, drive):
    app.scenes.reset(TitleScene(app))
    app.scenes.push(TutorialMenuScene(app))
    lesson = LessonScene(app, 1)
    app.scenes.push(lesson)
    drive.frames(2)
    drive.pad(START)
    pause = app.scenes.top
    assert isinstance(pause, PauseScene)
    assert "Resign" not in [b.label for b in pause.controls]
    drive.pad(B)
    assert app.scenes.top is lesson
    drive.pad(START)
    focus_on(drive, app.scenes.top, "Leave to the title screen")
    drive.pad(A)
    assert isinstance(app.scenes.top, TitleScene)


def test_a_twice_in_the_quit_dialog_keeps_the_game_running(app, drive):
    dialog = pressed_on_title(app, drive, "Quit")
    assert isinstance(dialog, ConfirmScene)
    assert dialog.no_button.focused and not dialog.yes_button.focused
    drive.pad(A)
    assert app.running and isinstance(app.scenes.top, TitleScene)
    drive.pad(A)  # the title's focus is still on Quit: the dialog again
    drive.pad(DPAD["left"])  # to Quit, on purpose
    drive.pad(A)
    assert not app.running


def test_every_confirm_dialog_in_a_match_starts_on_its_safe_answer(app, drive):
    scene = start_match(app, drive, side=3)
    for cell in scene.match.board.legal_turns()[0].cells:
        drive.click_cell(cell)
    drive.pad(START)
    focus_on(drive, app.scenes.top, "Call off")  # Blue, to move, has played no turn yet
    drive.pad(A)
    dialog = app.scenes.top
    assert isinstance(dialog, ConfirmScene) and dialog.no_button.focused
    drive.pad(A)
    assert not scene.match.finished


def test_leave_to_the_title_screen_from_a_history_review_goes_to_the_title(app, drive):
    played = start_match(app, drive, side=3)
    rng = random.Random(4)
    while not played.match.board.is_game_over():
        for cell in rng.choice(played.match.board.legal_turns()).cells:
            drive.click_cell(cell)
        drive.frames(2)
    drive.settle(1.0)
    title = TitleScene(app)
    app.scenes.reset(title)
    history = HistoryScene(app)
    app.scenes.push(history)
    drive.frames(2)
    drive.click(history.open_button.rect.center)
    review = app.scenes.top
    assert isinstance(review, MatchScene) and not review.current
    drive.pad(START)
    focus_on(drive, app.scenes.top, "Leave to the title screen")
    drive.pad(A)
    assert app.scenes.top is title


def test_the_ai_reply_stays_on_the_status_line_until_the_cursor_moves(app, drive):
    scene = start_match(app, drive, side=3, red="Human", blue="Beginner")
    for cell in scene.match.board.legal_turns()[0].cells:
        cursor_to(drive, scene, cell)
        drive.pad(A)
    for _ in range(40):
        if scene.match.human_to_move:
            break
        drive.settle(0.5)
    assert scene.match.human_to_move and scene.match.ply == 2
    drive.settle(10.0)  # a slow reader, long after the reply came
    assert scene.status[0].startswith("Blue "), scene.status[0]
    drive.pad(DPAD["up"])
    assert scene.status[0] == ""  # now the cursor's cell has its say


def down_goes_down_left(drive, scene) -> None:
    """From the cursor's first cell and cells left and right of it, the d-pad's
    Down lands on the screen below and to the left (where that cell exists)."""
    view = scene.view
    checked = []
    for across in ("left", "right", None):
        if scene.input.cursor is not None:
            drive.pad(B)  # hide the cursor: it shows again in the middle
        drive.pad(A)
        assert scene.input.cursor is not None
        if across is not None:
            drive.pad(DPAD[across])
            drive.pad(DPAD[across])
        start = scene.input.cursor
        drive.pad(DPAD["down"])
        moved = scene.input.cursor
        (x0, y0), (x1, y1) = view.centre(start), view.centre(moved)
        below = [c for c in view.geo.neighbours[start] if view.centre(c)[1] > y0]
        if len(below) == 2:
            assert y1 > y0 and x1 < x0, (view.geo.names[start], view.geo.names[moved])
            checked.append(view.geo.names[start])
    # The middle of every board has two cells below it: the rule was tried there.
    assert checked, "no cell with two cells below was tried"


def test_down_goes_the_same_way_on_every_board_and_side(app, drive, packs):
    for side in (3, 4, 5, 6, 8):
        scene = MatchScene(app, Match(side, "Human", "Human"))
        app.scenes.reset(scene)
        drive.frames(2)
        down_goes_down_left(drive, scene)
    for puzzle in app.puzzles.packs[0].puzzles[:4]:
        scene = PuzzleScene(app, puzzle)
        app.scenes.reset(scene)
        drive.frames(2)
        down_goes_down_left(drive, scene)


def test_the_back_banner_shows_when_the_stick_or_a_trigger_is_first_used(app, drive):
    for axis in (pygame.CONTROLLER_AXIS_LEFTY, pygame.CONTROLLER_AXIS_TRIGGERRIGHT):
        app.pads.told = False
        app.notices.clear("toast")
        app.scenes.reset(TitleScene(app))
        drive.frames(2)
        drive.tilt(axis, 32767)
        drive.tilt(axis, 0)
        assert any(text.startswith("Playing with a controller") for text, _ in app.toasts)


def test_the_pause_menu_hides_the_keys_line_and_leaves_it_naming_the_controller(app, drive):
    scene = MatchScene(app, Match(3, "Human", "Human"))
    app.scenes.reset(scene)
    drive.frames(2)
    assert scene.keys_text()[0].startswith("Keys:")  # nothing used yet: the keyboard's
    assert scene.keys_text()[0] in words(lambda s: app.draw_scenes(False), app.screen)
    drive.pad(START)
    assert isinstance(app.scenes.top, PauseScene)
    # The menu takes the keys: none of the board's peek out below it.
    shown = words(lambda s: app.draw_scenes(False), app.screen)
    assert not any(text in shown for text in scene.keys_text()), shown
    drive.pad(B)
    assert app.scenes.top is scene
    drawn = scene.keys_text()
    assert "Back" in drawn[0] and not drawn[0].startswith("Keys:"), drawn
    assert any(text in words(lambda s: app.draw_scenes(False), app.screen) for text in drawn)


def test_the_result_cards_help_names_each_action_once(app, drive):
    """The play-test's help listed "B see the board" and "X see the board": one
    action twice. Every row of the help now says a thing of its own."""
    finished_match_scene(app, drive)
    over = app.scenes.top
    assert isinstance(over, GameOverScene)
    drive.pad(BACK)
    assert app.pads.helping
    rows = app.pads.rows(over)
    said = [what for _button, what in rows]
    assert len(said) == len(set(said)), rows
    assert dict(rows)["B"] == "see the board"
