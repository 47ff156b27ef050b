"""Arcade modes: runs driven by posted events (their rules on their own are in
tests/play/test_arcade_rules.py)."""

import datetime as dt
import json

import pygame
import pytest

from game.client.scenes.arcade_scene import ArcadeScene, RunCardScene, SummaryScene
from game.client.scenes.daily import daily_scene
from game.client.scenes.puzzle_browser import PuzzleBrowserScene
from game.glicko import Rating
from game.play.progress import MAX_STARS, load
from game.puzzles.solve import analyse_flips
from game.rules import Board, Turn
from tests.helpers import CHAIN

from .drawn import drawn


def wrong_turn() -> str:
    flips = analyse_flips(Board(CHAIN))
    order = next(o for s, o in flips.outcomes.items() if len(s) == 3)
    return Board(CHAIN).notation(Turn.flip(order))


def answer(drive, scene, text):
    for cell in Board(CHAIN).parse_turn(text).cells:
        drive.click_cell(cell)


def start(app, drive, mode):
    app.scenes.reset(PuzzleBrowserScene(app))
    drive.frames(2)
    browser = app.scenes.top
    label = {"rush": "Flip Rush", "streak": "Streak", "trainer": "Trainer"}[mode]
    drive.click(next(b for b in browser.controls if b.label == label).rect.center)
    card = app.scenes.top
    assert isinstance(card, RunCardScene)  # the rules first; the clock waits
    clock = getattr(card_below(app).run, "time_left", None)
    drive.settle(0.5)
    assert getattr(card_below(app).run, "time_left", None) == clock
    drive.key(pygame.K_RETURN)
    scene = app.scenes.top
    assert isinstance(scene, ArcadeScene)
    return scene


def card_below(app):
    return app.scenes.scenes[-2]


def test_the_trainer_shows_the_rating_change_after_each_first_try(app, drive, packs):
    scene = start(app, drive, "trainer")
    before = app.puzzles.progress.rating.rating
    answer(drive, scene, "xc1xc2xd3xd4")
    after = app.puzzles.progress.rating.rating
    assert after > before
    assert f"Your rating: {after:.0f} (+" in scene.message[0]
    assert scene.message[0].startswith("Right!")  # said after what the answer was
    solved = scene.puzzle
    drive.settle(3.0)  # long after the old 0.9 s: the rating is still there to read
    assert scene.puzzle is solved and f"Your rating: {after:.0f}" in scene.message[0]
    assert "Next" in scene.message[0] and scene.next_button.enabled
    drive.key(pygame.K_n)
    assert scene.run.count == 1 and not scene.run.over  # it goes on
    assert not scene.next_button.enabled and "Your rating" not in scene.message[0]
    scene.finish()
    assert isinstance(app.scenes.top, SummaryScene) and app.scenes.top.score == 1


def test_the_trainer_s_run_over_screen_shows_the_rating_once(app, drive, packs):
    """Issue 54, item 11: "Rating 1098 (+148 this run)" and "Puzzle rating 1098
    (provisional)" stood one over the other."""
    scene = start(app, drive, "trainer")
    answer(drive, scene, "xc1xc2xd3xd4")
    now = f"{app.puzzles.progress.rating.rating:.0f}"
    scene.finish()
    drive.frames(2)
    summary = app.scenes.top
    assert isinstance(summary, SummaryScene)
    texts = [m for m, _ in drawn(summary.draw, app.screen)]
    rated = [m for m in texts if now in m]
    assert len(rated) == 1, rated
    assert "this run" in rated[0]  # the run's own news: how far the rating moved
    # Issue 54 (continued), item 4: at 640x480 in Large German "Zurück zu den
    # Rätseln" broke over two lines in a button 260 wide; the buttons are as wide
    # as their longest label needs, and each label keeps one line.
    from game.client import theme
    from game.client.scripted.checks import look, text_problems
    from game.i18n import _, set_language

    theme.set_text_size("Large")
    set_language("de")
    try:
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=640, h=480, size=(640, 480)))
        drive.frames(2)
        seen = look(app)
        assert seen is not None and app.screen.get_size() == (640, 480)
        for b in summary.controls:
            lines = [r for m, r, _b, _p in seen.texts if m == _(b.label)]
            assert len(lines) == 1, (_(b.label), lines)
        assert text_problems(app, seen) == []
    finally:
        set_language("en")
        theme.set_text_size("Normal")


def test_the_run_over_screen_s_change_is_the_difference_of_the_ratings_shown(app, drive, packs):
    """Issue 54 (continued), item 5: 1055 to 945 read "-109", the difference of the
    unrounded ratings, not of the numbers on the screen."""
    scene = start(app, drive, "trainer")
    answer(drive, scene, "xc1xc2xd3xd4")
    scene.first_rating = 1054.6
    app.puzzles.progress.rating = Rating(945.4, app.puzzles.progress.rating.rd)
    scene.finish()
    drive.frames(2)
    texts = [m for m, _ in drawn(app.scenes.top.draw, app.screen)]
    assert "Rating 945 (-110 this run)" in texts, texts


def test_a_rush_run_to_its_end_by_three_strikes(app, drive, packs):
    scene = start(app, drive, "rush")
    answer(drive, scene, "xc1xc2xd3xd4")
    assert scene.run.score > 0 and scene.popups
    drive.settle(1.2)
    for _ in range(3):
        answer(drive, scene, wrong_turn())
        drive.settle(2.0)
    summary = app.scenes.top
    assert isinstance(summary, SummaryScene) and summary.record
    saved = json.loads((app.data / "puzzles.json").read_text())
    assert saved["best"]["rush"] == scene.run.score
    assert len(saved["tried"]) >= 1 and saved["rating"]["rd"] < 350


def test_a_rush_run_ends_when_time_runs_out(app, drive, packs):
    scene = start(app, drive, "rush")
    scene.run.time_left = 1.0
    drive.settle(1.5)
    assert isinstance(app.scenes.top, SummaryScene)


def test_a_streak_ended_by_a_mistake(app, drive, packs):
    scene = start(app, drive, "streak")
    answer(drive, scene, "xc1xc2xd3xd4")
    drive.settle(1.2)
    assert scene.run.count == 1
    drive.click(scene.skip_button.rect.center)  # the one skip
    assert scene.run.skipped and not scene.skip_button.enabled
    answer(drive, scene, wrong_turn())
    drive.settle(2.0)
    summary = app.scenes.top
    assert isinstance(summary, SummaryScene) and summary.score == 1
    assert load(app.data)[0].best["streak"] == 1


def test_the_daily_puzzle_records_its_day(app, drive, packs):
    app.scenes.reset(PuzzleBrowserScene(app))
    drive.frames(2)
    day = dt.date(2026, 11, 21)
    scene = daily_scene(app, day)
    app.scenes.push(scene)
    drive.frames(2)
    assert "Daily puzzle, 21 November 2026" in scene.title
    answer(drive, scene, "xc1xc2xd3xd4")
    assert load(app.data)[0].daily == {"2026-11-21": 3}


def test_corrupt_progress_is_moved_aside(app, drive, packs):
    (app.data / "puzzles.json").write_text(json.dumps({"stars": {"a/b": 9}}))
    app.scenes.reset(PuzzleBrowserScene(app))
    drive.frames(2)
    assert app.puzzles.progress.stars == {} and "could not be read" in app.toasts[-1][0]
    assert any(p.name.startswith("puzzles.json.corrupt-") for p in app.data.iterdir())


def test_the_daily_puzzles_next_goes_on_to_an_unsolved_puzzle(app, drive, packs):
    from game.client.scenes.puzzle_scene import PuzzleScene

    app.scenes.reset(PuzzleBrowserScene(app))
    drive.frames(2)
    browser = app.scenes.top
    drive.click(next(b for b in browser.controls if b.label == "Daily puzzle").rect.center)
    daily_puzzle = app.scenes.top
    answer(drive, daily_puzzle, "xc1xc2xd3xd4")
    assert daily_puzzle.solved and app.puzzles.progress.stars  # the solve counts
    drive.click(daily_puzzle.next_button.rect.center)
    nxt = app.scenes.top
    assert isinstance(nxt, PuzzleScene) and nxt is not daily_puzzle
    solved = {k.split("/")[1] for k in app.puzzles.progress.stars}
    assert nxt.puzzle.id not in solved


OTHER_SIDE = "BR1BR/B1RBB1/RRRR2R/R5RR/R1R1R1RBR/BB1B1BB1/R1BB1R1/2BRBB/RRRBB r"  # side 5


@pytest.fixture
def mixed_packs(app, tmp_path):
    """A pack whose two puzzles are on boards of different sides."""
    folder = tmp_path / "mixed"
    folder.mkdir()
    first = {
        "id": "p1", "fen": CHAIN, "goal": "most", "solution": "xc1xc2xd3xd4",
        "rating": 900, "themes": [], "source": "a test",
    }  # fmt: skip
    second = {**first, "id": "p2", "fen": OTHER_SIDE, "solution": "xf1xf2", "rating": 870}
    pack = {"format": 1, "id": "mixed", "title": "Mixed", "description": "Two sides.",
            "puzzles": [first, second]}  # fmt: skip
    (folder / "01-mixed.json").write_text(json.dumps(pack))
    app.puzzles.folder = folder
    return folder


def test_the_rules_card_shows_once_even_when_the_board_changes_size(app, drive, mixed_packs):
    scene = start(app, drive, "trainer")
    sides = []
    for _ in range(2):
        sides.append(scene.view.geo.n)
        cells = Board(scene.puzzle.fen).parse_turn(scene.puzzle.solution).cells
        for cell in cells:
            drive.click_cell(cell)
        drive.settle(1.5)
        drive.key(pygame.K_n)
        assert app.scenes.top is scene, app.scenes.scenes  # no card mid-run
        assert scene.run.count >= 1
    assert sorted(sides) == [4, 5] and scene.run.count == 2  # both solved, on two boards


def test_after_a_run_the_browser_is_not_covered_and_esc_closes_a_card(app, drive, packs):
    for mode in ("trainer", "rush", "streak"):
        scene = start(app, drive, mode)
        drive.click(scene.back_button.rect.center)  # End run
        summary = app.scenes.top
        assert isinstance(summary, SummaryScene)
        drive.key(pygame.K_ESCAPE)  # Back to puzzles
        browser = app.scenes.top
        assert isinstance(browser, PuzzleBrowserScene), app.scenes.scenes
        assert not any(isinstance(s, RunCardScene) for s in app.scenes.scenes)
    # The next click opens what it should, and Esc closes its card.
    rush = next(b for b in browser.controls if b.label == "Flip Rush")
    drive.click(rush.rect.center)
    assert isinstance(app.scenes.top, RunCardScene)
    run = card_below(app).run
    drive.key(pygame.K_ESCAPE)  # back where the player came from, no clock started
    assert app.scenes.top is browser, app.scenes.scenes
    drive.settle(0.5)
    assert run.time_left == 180.0
    assert app.puzzles.progress.best.get("rush", 0) == 0


def test_the_puzzle_header_says_whose_rating_it_shows(app, drive, packs):
    scene = start(app, drive, "trainer")
    header = next(m for m, _ in drawn(scene.draw, app.screen) if "Trainer" in m)
    assert f"puzzle rated {scene.puzzle.rating}" in header


def test_the_trainer_plays_out_the_answer_after_a_miss_and_waits_for_next(app, drive, packs):
    scene = start(app, drive, "trainer")
    missed = scene.puzzle
    answer(drive, scene, wrong_turn())
    drive.settle(3.0)  # long after the old second: still on the missed puzzle
    assert scene.puzzle is missed and scene.run.count == 1
    assert scene.session.revealed and not scene.reveal_queue  # played out to the end
    solved = Board(CHAIN)
    solved.play("xc1xc2xd3xd4")
    assert scene.session.board.mfen() == solved.mfen()
    assert missed.solution in scene.message[0] and "Next" in scene.message[0]
    assert scene.next_button in scene.controls and scene.next_button.enabled
    drive.key(pygame.K_n)
    assert not scene.session.revealed and not scene.next_button.enabled  # a new puzzle


def own_tile(board: Board) -> int:
    """A cell of the mover's own tile: a click the rules refuse in a flip puzzle."""
    return next(c for c in range(len(board.geometry.names)) if board.tile_at(c) == board.mover)


def test_the_trainer_counts_a_puzzle_tried_with_only_refused_clicks(app, drive, packs):
    """Issue 54: clicks the rules refused, then End run, said "0 solved of 0"
    (German "0 von 0 gelöst"): the puzzle was tried."""
    scene = start(app, drive, "trainer")
    drive.click_cell(own_tile(Board(CHAIN)))
    assert "own tile" in scene.message[0] and scene.run.count == 0  # refused, not judged
    drive.click(scene.back_button.rect.center)  # End run
    summary = app.scenes.top
    assert isinstance(summary, SummaryScene)
    assert "0 solved of 1" in [m for m, _ in drawn(summary.draw, app.screen)]


def test_the_trainer_offers_a_hint_and_a_skip_that_counts_as_a_miss(app, drive, packs):
    """Issue 54: the Trainer had no hint and no skip for a puzzle the player is
    stuck on. The hint rings the first flip and costs a star, as in the daily
    puzzle; the skip moves the rating as a miss and serves the next puzzle."""
    scene = start(app, drive, "trainer")
    assert scene.hint_button in scene.controls and scene.skip_button in scene.controls
    assert scene.skip_button.label == "Skip" and scene.skip_button.enabled
    stuck = scene.puzzle
    drive.click(scene.hint_button.rect.center)
    assert scene.show_hint and scene.stars == MAX_STARS - 1
    before = app.puzzles.progress.rating.rating
    drive.key(pygame.K_s)
    after = app.puzzles.progress.rating.rating
    assert after < before and scene.puzzle is not stuck and not scene.show_hint
    assert f"Your rating: {after:.0f}" in scene.message[0]
    answer(drive, scene, wrong_turn())  # a miss: its answer is played out
    drive.settle(0.2)
    assert not scene.skip_button.enabled  # it was answered: Next goes on
    scene.finish()
    shown = [m for m, _ in drawn(app.scenes.top.draw, app.screen)]
    assert "0 solved of 2" in shown, shown
