"""Playing with a game controller: only controller events are posted here (they
come with device numbers that name no controller), as the keyboard tests post
keys. The menus, the pause menu, a puzzle, a lesson, the controller's help, and
controllers plugged in and out. A whole match from the title is played with a
controller SDL itself believes in, in test_virtual_pad."""

from __future__ import annotations

import random

import pygame
import pytest

from game.client import pad, theme
from game.client.scene import Scene
from game.client.scenes.arcade_scene import RunCardScene
from game.client.scenes.match_scene import MatchScene
from game.client.scenes.mosaix_play import MosaixResultScene, MosaixSoloScene
from game.client.scenes.pause import PauseScene
from game.client.scenes.puzzle_browser import PuzzleBrowserScene
from game.client.scenes.puzzle_scene import PuzzleScene
from game.client.scenes.setup import SetupScene
from game.client.scenes.title import TitleScene
from game.client.scenes.tutorial import LessonScene, TutorialMenuScene
from game.mosaix import ai as mosaix_ai
from game.play.arranger import Arranger
from game.play.lessons import LESSONS
from game.play.match import Match
from game.play.mosaix_flow import anchor
from game.play.tutorial_progress import load
from game.rules import Board

from .test_keyboard import way_to
from .test_scenes import SIZES, button
from .test_tutorial import task_cells

A = pygame.CONTROLLER_BUTTON_A
B = pygame.CONTROLLER_BUTTON_B
X = pygame.CONTROLLER_BUTTON_X
Y = pygame.CONTROLLER_BUTTON_Y
START = pygame.CONTROLLER_BUTTON_START
BACK = pygame.CONTROLLER_BUTTON_BACK
LB = pygame.CONTROLLER_BUTTON_LEFTSHOULDER
RB = pygame.CONTROLLER_BUTTON_RIGHTSHOULDER
DPAD = {
    "left": pygame.CONTROLLER_BUTTON_DPAD_LEFT,
    "right": pygame.CONTROLLER_BUTTON_DPAD_RIGHT,
    "up": pygame.CONTROLLER_BUTTON_DPAD_UP,
    "down": pygame.CONTROLLER_BUTTON_DPAD_DOWN,
}


def cursor_to(drive, scene, cell: int) -> None:
    """Move the board cursor to ``cell`` with the d-pad (shown first with A)."""
    if scene.input.cursor is None:
        drive.pad(A)
    for d in way_to(scene, cell):
        drive.pad(DPAD[d])
    assert scene.input.cursor == cell


def focus_on(drive, menu, label: str) -> None:
    """Down on the d-pad until the menu's focus is on the button ``label``."""
    for _ in range(len(menu.controls) + 1):
        if menu.focus is not None and getattr(menu.controls[menu.focus], "label", "") == label:
            return
        drive.pad(DPAD["down"])
    raise AssertionError(f"no {label!r} in the menu")


def pressed_on_title(app, drive, label: str):
    """The screen on top after the title's button ``label`` is reached with the
    d-pad and pressed with A."""
    app.scenes.reset(TitleScene(app))
    drive.frames(2)
    focus_on(drive, app.scenes.top, label)
    drive.pad(A)
    return app.scenes.top


def test_shoulders_step_through_the_moves_and_x_takes_back(app, drive):
    app.scenes.push(MatchScene(app, _match(app)))
    drive.frames(2)
    scene = app.scenes.top
    for cell in scene.match.board.legal_turns()[0].cells:
        cursor_to(drive, scene, cell)
        drive.pad(A)
    drive.settle(1.0)
    assert scene.match.ply == 1
    drive.pad(LB)
    assert scene.match.ply == 0
    assert scene.input.cursor is not None  # the shoulders leave the cursor alone
    drive.pad(RB)
    assert scene.match.ply == 1
    drive.pad(X)
    assert not scene.match.board.turn_stack
    assert scene.status[0] == "Took back."


def test_start_opens_the_pause_menu_even_during_a_chain_and_b_resumes(app, drive):
    match = _match(app)
    app.scenes.push(MatchScene(app, match))
    drive.frames(2)
    scene = app.scenes.top
    cursor_to(drive, scene, 0)
    drive.pad(START)
    pause = app.scenes.top
    assert isinstance(pause, PauseScene)
    focus_on(drive, pause, "Settings")
    drive.pad(A)
    assert type(app.scenes.top).__name__ == "SettingsScene"
    drive.pad(B)
    assert app.scenes.top is pause
    drive.pad(B)
    assert app.scenes.top is scene
    assert scene.input.cursor == 0  # the menu came and went, the cursor stayed


def _match(app):
    return Match(3, "Human", "Human")


def test_back_shows_the_buttons_of_the_screen_and_any_button_hides_them(app, drive):
    app.scenes.push(MatchScene(app, _match(app)))
    drive.frames(2)
    drive.pad(BACK)
    assert app.pads.helping
    rows = dict(app.pads.rows(app.scenes.top))
    assert rows["X"] == "take back a turn"
    assert rows["Y"] == "hint"
    assert rows["Start"] == "the match's menu"
    drive.pad(A)  # puts the help away and does nothing else
    assert not app.pads.helping
    assert app.scenes.top.input.cursor is None


def help_texts(app, scene) -> tuple[pygame.Rect, dict[str, pygame.Rect]]:
    """The help's panel over ``scene`` and each text drawn in it, where."""
    surface = app.screen.copy()
    theme.drawn_texts = []
    try:
        box = app.pads.draw_help(surface, scene)
        texts = {m: r for s, m, r, _ in theme.drawn_texts if s is surface}
    finally:
        theme.drawn_texts = None
    return box, texts


@pytest.mark.parametrize("size", SIZES)
def test_the_help_fits_every_window_and_large_text_is_never_smaller(app, drive, size):
    app.window.size = size
    app._resized()
    drawn: dict[str, dict[str, pygame.Rect]] = {}
    for scene in (MatchScene(app, _match(app)), LessonScene(app, 1)):
        app.scenes.push(scene)
        drive.frames(2)
        for text_size in ("Normal", "Large"):
            theme.set_text_size(text_size)
            try:
                box, texts = help_texts(app, scene)
            finally:
                theme.set_text_size("Normal")
            assert len(texts) >= 9
            for msg, r in texts.items():
                assert box.contains(r) and app.screen.get_rect().contains(box), msg
            rects = list(texts.items())
            for i, (m1, r1) in enumerate(rects):
                for m2, r2 in rects[i + 1 :]:
                    assert not r1.inflate(-2, -6).colliderect(r2.inflate(-2, -6)), (m1, m2)
            drawn[text_size] = texts
        for msg, r in drawn["Normal"].items():
            if msg in drawn["Large"]:
                assert drawn["Large"][msg].height >= r.height, msg


def test_controllers_plugged_in_and_out_never_crash_the_game(app, drive):
    app.scenes.push(TitleScene(app))
    drive.frames(2)
    # Device numbers that name no controller here: nothing opens, nothing breaks.
    for index in (0, 5, -1):
        pygame.event.post(pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=index))
        drive.frames()
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERDEVICEADDED))  # no index at all
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=42))
    drive.frames()
    assert app.pads.open == {}
    focus_on(drive, app.scenes.top, "Play")  # the buttons still work after
    drive.pad(A)
    assert isinstance(app.scenes.top, SetupScene)
    drive.pad(B)
    assert isinstance(app.scenes.top, TitleScene)


def test_the_stick_moves_with_a_dead_zone_and_repeats_while_held(app, drive):
    app.scenes.push(MatchScene(app, _match(app)))
    drive.frames(2)
    scene = app.scenes.top
    drive.tilt(pygame.CONTROLLER_AXIS_LEFTY, 9000)  # a resting thumb: nothing
    assert scene.input.cursor is None
    drive.tilt(pygame.CONTROLLER_AXIS_LEFTY, 30000)
    shown = scene.input.cursor
    assert shown is not None
    drive.tilt(pygame.CONTROLLER_AXIS_LEFTY, 0)
    drive.tilt(pygame.CONTROLLER_AXIS_LEFTX, -32768)
    left = scene.input.cursor
    assert left != shown
    drive.frames(40)  # held: the cursor goes on to the board's edge
    geo = scene.view.geo
    assert geo.at(geo.coord(scene.input.cursor)[0] - 1, geo.coord(left)[1]) is None
    drive.tilt(pygame.CONTROLLER_AXIS_LEFTX, 0)
    stopped = scene.input.cursor
    drive.frames(40)
    assert scene.input.cursor == stopped


def pad_solve(drive, scene) -> None:
    """Do the lesson's task with the controller alone."""
    lesson, run = scene.lesson, scene.run
    board = run.board
    if lesson.task == "answer":
        want = button(scene, run.answer_text())
        for _ in scene.option_buttons:
            drive.pad(DPAD["right"])
            if want.focused:
                break
        drive.pad(A)
        return
    if lesson.task == "pass":
        drive.pad(Y)
        return
    cells = task_cells(lesson, board)
    for cell in cells:
        cursor_to(drive, scene, cell)
        drive.pad(A)


def test_every_lesson_with_a_controller(app, drive):
    app.scenes.reset(TitleScene(app))
    drive.frames(2)
    focus_on(drive, app.scenes.top, "Learn to play")
    drive.pad(A)
    assert isinstance(app.scenes.top, TutorialMenuScene)
    menu = app.scenes.top
    assert menu.focus == 0  # reached by the controller: its focus shows, on lesson 1
    drive.pad(A)
    for lesson in LESSONS:
        scene = app.scenes.top
        assert isinstance(scene, LessonScene) and scene.lesson == lesson
        pad_solve(drive, scene)
        assert scene.run.done, f"lesson {lesson.id}: {scene.message[0]}"
        drive.pad(RB)  # next lesson
    assert isinstance(app.scenes.top, TutorialMenuScene)
    assert load(app.data)[0].done == {lesson.id for lesson in LESSONS}
    drive.pad(B)
    assert isinstance(app.scenes.top, TitleScene)


def test_a_puzzle_with_a_controller_hint_retry_and_next(app, drive, packs):
    pack = app.puzzles.packs[0]
    done: list[bool] = []
    scene = PuzzleScene(app, pack.puzzles[0], on_result=lambda right, first: done.append(right))
    app.scenes.push(scene)
    drive.frames(2)
    drive.pad(Y)
    assert scene.session.hint_used and "ringed in green" in scene.message[0]
    cells = Board(pack.puzzles[0].fen).parse_turn(pack.puzzles[0].solution).cells
    cursor_to(drive, scene, cells[0])
    drive.pad(A)
    assert scene.session.chain is not None
    drive.pad(X)  # starts again
    assert scene.session.chain is None
    for cell in cells:
        cursor_to(drive, scene, cell)
        drive.pad(A)
    drive.settle(1.0)
    assert scene.solved and done == [True]
    drive.pad(RB)  # next: no next puzzle given, so back to where it came from
    assert app.scenes.top is not scene


def test_the_help_names_only_the_shoulder_that_does_something(app, drive, packs):
    app.scenes.push(PuzzleScene(app, app.puzzles.packs[0].puzzles[0]))
    drive.frames(2)
    rows = dict(app.pads.rows(app.scenes.top))
    assert rows["RB"] == "next puzzle, once this one is done"
    assert "LB" not in rows and "LB and RB" not in rows
    assert rows["Back"] == "show or hide this help"


def test_the_first_button_says_where_the_buttons_are_told(app, drive):
    app.scenes.push(TitleScene(app))
    drive.frames(2)
    drive.pad(DPAD["down"])
    assert any("press back to see what its buttons do" in t.lower() for t, _ in app.toasts)
    assert app.scenes.top.focus is not None  # and the button did its part too


def pull(drive, axis: int) -> None:
    drive.tilt(axis, 32767)
    drive.tilt(axis, 0)


def test_the_triggers_reach_the_buttons_no_key_does(app, drive, packs):
    browser = PuzzleBrowserScene(app)
    app.scenes.push(browser)
    drive.frames(2)
    assert "LT and RT" in dict(app.pads.rows(browser))
    flip_rush = button(browser, "Flip Rush")
    for _ in browser.controls:
        pull(drive, pygame.CONTROLLER_AXIS_TRIGGERRIGHT)
        if flip_rush.focused:
            break
    assert flip_rush.focused
    pull(drive, pygame.CONTROLLER_AXIS_TRIGGERLEFT)
    pull(drive, pygame.CONTROLLER_AXIS_TRIGGERRIGHT)
    assert flip_rush.focused  # back and forth again
    drive.pad(A)
    assert isinstance(app.scenes.top, RunCardScene)
    assert not flip_rush.focused


def test_another_button_puts_the_triggers_focus_away(app, drive, packs):
    browser = PuzzleBrowserScene(app)
    app.scenes.push(browser)
    drive.frames(2)
    pull(drive, pygame.CONTROLLER_AXIS_TRIGGERRIGHT)
    assert any(b.focused for b in browser.controls)
    drive.pad(DPAD["right"])  # the first puzzle of the pack
    assert not any(b.focused for b in browser.controls)
    drive.pad(A)  # no button lit: A is Enter again, and opens that puzzle
    assert isinstance(app.scenes.top, PuzzleScene)


def test_a_machine_whose_controllers_cannot_start_still_plays(app, drive, monkeypatch):
    def broken() -> None:
        raise pygame.error("no game controller subsystem")

    monkeypatch.setattr(pad.controller, "init", broken)
    pads = pad.Pads(app.toast)
    pads.start()
    assert not pads.ready
    app.pads = pads
    app.scenes.push(TitleScene(app))
    drive.frames(2)
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=0))
    drive.frames()
    assert pads.open == {}
    focus_on(drive, app.scenes.top, "Play")  # posted buttons still work
    drive.pad(A)
    assert isinstance(app.scenes.top, SetupScene)


def test_a_button_that_does_nothing_on_a_screen_is_left_out_of_its_help(app):
    from game.client.scenes.online_match import OnlineMatchScene

    class Quiet(Scene):
        pad_keys = OnlineMatchScene.pad_keys

    rows = dict(app.pads.rows(Quiet(app)))
    assert "X" not in rows and "Y" not in rows  # no take-backs, no hints online
    assert rows["Start"] == "the lobby"


def test_the_line_under_the_board_names_the_controllers_buttons_once_it_is_used(app, drive):
    app.scenes.push(MatchScene(app, _match(app)))
    drive.frames(2)
    scene = app.scenes.top
    assert scene.keys_text()[0].startswith("Keys:")
    drive.pad(A)
    assert scene.keys_text()[0].startswith("D-pad or stick: move the cursor. A plays its cell.")
    drive.pad(B)
    assert scene.keys_text()[0].startswith("A or the d-pad shows a board cursor.")
    drive.key(pygame.K_DOWN)  # the keyboard again: its keys again
    assert scene.keys_text()[0].startswith("Arrows move the cursor")


def pad_lay_out(drive, scene, formation) -> None:
    """Pick ``formation``: its shape's button lit with RT and pressed with A,
    then the order on Y and the turns on X."""
    want = Arranger(scene.arranger.rolled)
    want.show(formation)
    shape = scene.shape_buttons[want.shape]
    for _ in range(len(scene.controls) + 1):
        pull(drive, pygame.CONTROLLER_AXIS_TRIGGERRIGHT)
        if shape.focused:
            break
    drive.pad(A)
    for _ in range((want.order - scene.arranger.order) % len(want.orders)):
        drive.pad(Y)
    for _ in range((want.turns - scene.arranger.turns) % 4):
        drive.pad(X)
    assert scene.arranger.formation == formation


def pad_place(drive, scene, p) -> None:
    """Aim the sheet's cursor with the d-pad so the formation lands as ``p`` has it; A writes."""
    ax, ay = anchor(p.formation)
    goal = (p.x + ax, p.y + ay)
    if scene.hover is None:
        drive.pad(DPAD["up"])  # the cursor shows in the middle
    while scene.hover != goal:
        x, y = scene.hover
        d = "left" if x > goal[0] else "right" if x < goal[0] else "down" if y > goal[1] else "up"
        drive.pad(DPAD[d])
    drive.pad(A)


@pytest.mark.slow
def test_a_whole_mosaix_solo_game_with_a_controller(app, drive):
    scene = MosaixSoloScene(app, seed=21)
    app.scenes.push(scene)
    rng = random.Random(21)
    turns = 0
    while not scene.finished:
        drive.settle(0.7)  # the dice tumble
        game = scene.game
        p = mosaix_ai.roll_and_place(game.sheet, game.rolled, rng, game.max_dropped)
        pad_lay_out(drive, scene, p.formation)
        before = len(game.turns)
        pad_place(drive, scene, p)
        assert len(scene.game.turns) == before + 1, scene.message
        turns += 1
    drive.settle(0.5)
    assert isinstance(app.scenes.top, MosaixResultScene) and turns >= 8


def test_a_puzzles_verdict_stays_when_the_stick_moves_the_cursor(app, drive, packs):
    """Issue 54: "Right! 3 stars." vanished as soon as the stick moved the cursor,
    and a miss's words went before the board was set back."""
    puzzle = app.puzzles.packs[0].puzzles[0]
    scene = PuzzleScene(app, puzzle)
    app.scenes.push(scene)
    drive.frames(2)
    cells = Board(puzzle.fen).parse_turn(puzzle.solution).cells
    cursor_to(drive, scene, cells[0])
    drive.pad(A)
    drive.pad(X)  # a miss first would cost a star: start again instead
    for cell in cells:
        cursor_to(drive, scene, cell)
        drive.pad(A)
    drive.settle(1.0)
    assert scene.solved and scene.message[0] == "Right! 3 stars."
    where = scene.input.cursor
    for tilt in (32767, -32768):  # one way, or the other at the board's edge
        if scene.input.cursor == where:
            drive.tilt(pygame.CONTROLLER_AXIS_LEFTX, tilt)
            drive.tilt(pygame.CONTROLLER_AXIS_LEFTX, 0)
    assert scene.input.cursor != where  # the stick did move it
    assert scene.message[0] == "Right! 3 stars."
