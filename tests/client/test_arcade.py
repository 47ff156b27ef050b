"""Arcade modes: the rules on their own, and runs driven by posted events."""

import datetime as dt
import itertools
import json
from dataclasses import replace

import pygame
import pytest

from game.client.scenes.arcade_scene import ArcadeScene, RunCardScene, SummaryScene, daily_scene
from game.client.scenes.puzzle_browser import PuzzleBrowserScene
from game.glicko import Rating
from game.play.arcade import COMBO_BONUS, RUSH_SECONDS, WRONG_PENALTY, Rush, Streak, daily, ladder
from game.play.progress import load
from game.puzzles import load_packs
from game.puzzles.solve import analyse_flips
from game.rules import Board, Turn
from tests.client.conftest import CHAIN


def test_glicko2_matches_glickmans_worked_example():
    r = Rating(1500, 200, 0.06).update([(1400, 30, 1), (1550, 100, 0), (1700, 300, 0)])
    assert r.rating == pytest.approx(1464.06, abs=0.01)
    assert r.rd == pytest.approx(151.52, abs=0.01)
    assert r.volatility == pytest.approx(0.05999, abs=1e-5)
    assert (
        Rating().after_puzzle(1500, True).rating > 1500 > Rating().after_puzzle(1500, False).rating
    )


def test_rush_rules(packs):
    puzzles = load_packs(packs, prove=False)[0][0].puzzles
    run = Rush(list(puzzles) * 5)
    assert run.answer(True).seconds == 0  # a combo starts at two
    second = run.answer(True)
    assert second.seconds == COMBO_BONUS and run.time_left == RUSH_SECONDS + COMBO_BONUS
    assert run.score == second.points + 100 + 90 and run.best_combo == 2
    wrong = run.answer(False)
    assert wrong.seconds == -WRONG_PENALTY and run.combo == 0 and run.strikes == 1
    run.answer(False)
    assert run.answer(False).over and run.over
    clock = Rush(list(puzzles))
    clock.tick(RUSH_SECONDS + 1)
    assert clock.over and clock.time_left == 0


def test_streak_rules(packs):
    puzzles = list(load_packs(packs, prove=False)[0][0].puzzles) * 3
    run = Streak(puzzles)
    run.answer(True)
    assert run.skip() and not run.skip()  # one skip per run
    assert run.index == 2 and run.count == 1
    assert run.answer(False).over and run.over and run.count == 1


def test_the_daily_puzzle_is_fixed_by_the_date(packs):
    many = load_packs("puzzles", prove=False)[0] or load_packs(packs, prove=False)[0]
    day = dt.date(2026, 11, 21)
    assert daily(many, day) == daily(many, day)
    picks = {daily(many, day + dt.timedelta(days=k))[1].id for k in range(30)}
    assert len(picks) > 1 or sum(len(p.puzzles) for p in many) == 1


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
    drive.settle(1.5)
    assert scene.run.count == 1 and not scene.run.over  # it goes on
    scene.finish()
    assert isinstance(app.scenes.top, SummaryScene) and app.scenes.top.score == 1


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


def test_a_run_climbs_from_the_players_level_and_prefers_unseen_puzzles():
    import random as _random

    from game.play.arcade import STEP

    packs = load_packs("puzzles", prove=False)[0]
    first = ladder(packs, _random.Random(1), start=900)
    ratings = [p.rating for p in first[:12]]
    assert abs(ratings[0] - 900) < 60 and ratings[-1] > ratings[0] + 6 * STEP  # it climbs
    assert len({p.id for p in first}) == len(first) == sum(len(p.puzzles) for p in packs)
    seen = {f"{pack.id}/{p.id}" for pack in packs for p in pack.puzzles if p in first[:10]}
    again = ladder(packs, _random.Random(1), start=900, seen=seen)
    assert not {p.id for p in again[:10]} & {p.id for p in first[:10]}  # unseen first


class Steady:
    """A stand-in for random.Random that draws 0.5 every time."""

    def random(self):
        return 0.5


def test_the_quick_ladder_serves_what_trying_every_puzzle_would():
    import random as _random

    from game.play.arcade import STEP, UNSEEN_SLACK

    packs = load_packs("puzzles", prove=False)[0]
    keys = [f"{k.id}/{p.id}" for k in packs for p in k.puzzles]
    seen = set(keys[::3])
    key_of = {id(p): f"{k.id}/{p.id}" for k in packs for p in k.puzzles}

    def base(p, target):
        return abs(p.rating - target) + (UNSEEN_SLACK if key_of[id(p)] in seen else 0)

    # The rule, tried on every puzzle at every step, with equal draws: ties go to
    # the lower rating, then the key, as in the quick one.
    pool = sorted(((p.rating, key_of[id(p)]), p) for k in packs for p in k.puzzles)
    slow, target = [], 1100
    while pool:
        costs = [(base(p, target), rk) for rk, p in pool]
        slow.append(pool.pop(costs.index(min(costs)))[1])
        target += STEP
    quick = ladder(packs, Steady(), seen=seen, start=1100)
    assert [id(p) for p in quick] == [id(p) for p in slow]
    # With real draws each pick is within a point of the best the rule allows.
    served = ladder(packs, _random.Random(7), seen=seen, start=1100)
    left, target = [p for k in packs for p in k.puzzles], 1100
    for p in served:
        assert base(p, target) < min(base(q, target) for q in left) + 1
        left.remove(p)
        target += STEP
    assert not left


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


def test_no_daily_puzzle_comes_back_before_every_other_has_had_its_day():
    from game.puzzles import Pack

    shipped = load_packs("puzzles", prove=False)[0]
    n = sum(len(p.puzzles) for p in shipped)
    start = dt.date(2026, 11, 22)
    days = [daily(shipped, start + dt.timedelta(days=k)) for k in range(2 * n)]
    keys = [f"{pack.id}/{p.id}" for pack, p in days]
    assert len(set(keys[:n])) == n  # every puzzle once in N days
    assert keys[n:] == keys[:n]  # then the same order again
    # With 730 puzzles or more, two years pass without a repeat.
    puzzle = shipped[0].puzzles[0]
    big = [
        Pack(f"p{k}", "T", "", tuple(replace(puzzle, id=f"q{i}") for i in range(100)))
        for k in range(8)
    ]
    two_years = {
        (pack.id, p.id)
        for pack, p in (daily(big, start + dt.timedelta(days=k)) for k in range(730))
    }
    assert len(two_years) == 730
    # The days do not walk through a pack in order: two days running seldom share one.
    same = sum(a.id == b.id for (a, _), (b, _) in itertools.pairwise(days[:n]))
    assert same < n // 2


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
    for _ in range(2):
        side = scene.view.geo.n
        cells = Board(scene.puzzle.fen).parse_turn(scene.puzzle.solution).cells
        for cell in cells:
            drive.click_cell(cell)
        drive.settle(1.5)
        assert app.scenes.top is scene, app.scenes.scenes  # no card mid-run
        assert scene.run.count >= 1
    assert scene.view.geo.n != side or scene.run.count == 2


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
    drive.key(pygame.K_ESCAPE)
    assert isinstance(app.scenes.top, ArcadeScene)


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
