"""What an answered puzzle counts for, without a screen: the first try and the
rating, the stars of a solve, the daily puzzle's day, and what an arcade run
does after an answer (the Trainer's wait and its answer played out)."""

import datetime as dt
import random
from pathlib import Path

import pytest

from game.glicko import Rating
from game.play.arcade import start_run
from game.play.progress import MAX_STARS, Progress
from game.play.puzzle_score import (
    ON_LATER,
    ON_SOON,
    SHOW_ANSWER,
    WAIT,
    Answer,
    count_answer,
    pack_of,
    rating_shown,
    run_answer,
    run_skip,
    settling,
)
from game.play.puzzle_session import PuzzleSession
from game.puzzles import Pack, Puzzle, load_packs
from game.rules import Board
from tests.helpers import CHAIN, CHAIN_ANSWER

SHIPPED = Path(__file__).resolve().parents[2] / "puzzles"
PUZZLE = Puzzle("p1", CHAIN, "most", CHAIN_ANSWER, 900, (), "a test")


@pytest.fixture(scope="module")
def packs() -> list[Pack]:
    return load_packs(SHIPPED, prove=False)[0]


def play(session: PuzzleSession, text: str) -> Answer:
    """Click the cells of the turn ``text``: the answer as the screen passes it on."""
    *_, last = [session.click(c) for c in Board(CHAIN).parse_turn(text).cells]
    return Answer(last.kind == "right", last.first_try, session.stars)


def test_the_first_try_is_one_rule_a_miss_or_a_hint_ends_it_and_giving_up_keeps_it():
    session = PuzzleSession(PUZZLE)
    assert session.first_try
    answer = play(session, "xc2xd3xd4")  # too small a chain
    assert not answer.right and answer.first_try and not session.first_try
    session.reset()
    assert play(session, CHAIN_ANSWER) == Answer(True, False, MAX_STARS - 1)
    hinted = PuzzleSession(PUZZLE)
    hinted.hint()
    assert not hinted.first_try and play(hinted, CHAIN_ANSWER) == Answer(True, False, 2)
    # Giving up before any answer is a first try missed: the screen reads it first.
    given_up = PuzzleSession(PUZZLE)
    assert given_up.first_try
    given_up.reveal()
    assert given_up.first_try


def test_a_first_try_moves_the_rating_once_and_a_solve_keeps_its_best_stars():
    progress = Progress()
    start = progress.rating.rating
    moved = count_answer(progress, "pack", PUZZLE, Answer(False, True, 0))
    assert moved is not None and moved[0] == start and moved[1] < start
    assert progress.solved("pack", "p1") == 0
    # Solved at the second try: no rating, and its stars kept.
    assert count_answer(progress, "pack", PUZZLE, Answer(True, False, 2)) is None
    assert progress.solved("pack", "p1") == 2 and progress.rating.rating == moved[1]
    # A first try at this puzzle again (a new visit) is told, but the rating stays.
    again = count_answer(progress, "pack", PUZZLE, Answer(True, True, 3))
    assert again == (moved[1], moved[1]) and progress.solved("pack", "p1") == 3


def test_a_puzzle_tried_or_solved_is_seen():
    progress = Progress(stars={"one/a": 2}, tried={"one/b"})
    count_answer(progress, "two", PUZZLE, Answer(False, True, 0))
    assert progress.seen == {"one/a", "one/b", "two/p1"}


def test_the_daily_puzzle_keeps_its_days_best_result():
    progress = Progress()
    day = dt.date(2026, 3, 4)
    count_answer(progress, "pack", PUZZLE, Answer(True, False, 2), day=day)
    count_answer(progress, "pack", PUZZLE, Answer(True, False, 1), day=day)
    count_answer(progress, "pack", PUZZLE, Answer(False, False, 3), day=dt.date(2026, 3, 5))
    assert progress.daily == {"2026-03-04": 2} and progress.solved("pack", "p1") == 2


def test_a_rating_settles_as_its_deviation_narrows():
    assert settling(Rating(1500.0, 300.0)) and settling(Rating(1500.0, 111.0))
    assert not settling(Rating(1500.0, 110.0))


def test_a_ratings_change_is_the_difference_of_the_whole_numbers_shown():
    assert rating_shown(1054.6, 945.4) == ("945", "-110")  # unrounded: -109.2
    assert rating_shown(1000.4, 1012.6) == ("1013", "+13")  # unrounded: +12.2
    assert rating_shown(1200.0, 1200.2) == ("1200", "+0")


def start(mode: str, packs: list[Pack]):
    return start_run(mode, packs, random.Random(7), seen=set(), rating=1200.0)[0]


def test_the_trainer_says_the_ratings_move_and_waits_and_plays_out_a_miss(packs):
    run, progress = start("trainer", packs), Progress(rating=Rating(1200.0, 200.0))
    puzzle = run.puzzle
    answer = run_answer(run, progress, packs, puzzle, Answer(True, True, MAX_STARS))
    assert answer.then == WAIT and answer.rating is not None
    before, after = answer.rating
    assert before == 1200.0 and after > before == 1200.0
    assert progress.solved(pack_of(packs, puzzle).id, puzzle.id) == MAX_STARS
    missed = run.next_puzzle(progress.rating.rating)
    answer = run_answer(run, progress, packs, missed, Answer(False, True, 0))
    assert answer.then == SHOW_ANSWER and answer.rating is not None
    assert answer.rating[1] < answer.rating[0] and run.score == 1


def test_the_timed_runs_go_on_by_themselves_and_say_no_rating(packs):
    run, progress = start("rush", packs), Progress()
    answer = run_answer(run, progress, packs, run.puzzle, Answer(True, True, MAX_STARS))
    assert (answer.then, answer.rating) == (ON_SOON, None)
    assert answer.popups and answer.popups[0][1] == "accent"  # the points
    answer = run_answer(run, progress, packs, run.puzzle, Answer(False, True, 0))
    assert answer.then == ON_LATER and answer.popups == [(f"-{10} s", "bad")]
    streak = start("streak", packs)
    assert run_answer(streak, progress, packs, streak.puzzle, Answer(False, True, 0)).then == (
        ON_LATER
    )
    assert streak.over


def test_a_trainer_skip_is_a_miss_for_the_rating_and_a_puzzle_tried(packs):
    """Issue 54: the Trainer had no skip for a puzzle the player is stuck on; a
    skip moves the rating as a wrong first try would (a hint first changes
    nothing), once, and the run goes on at the new rating."""
    run, progress = start("trainer", packs), Progress(rating=Rating(1200.0, 200.0))
    assert run.can_skip and run.may_skip and run.can_hint
    stuck = run.puzzle
    PuzzleSession(stuck).hint()  # the hint the player took first
    skipped, moved = run_skip(run, progress, packs, stuck)
    assert skipped and moved is not None and moved[1] < moved[0] == 1200.0
    assert pack_of(packs, stuck).id + "/" + stuck.id in progress.tried
    assert not run.may_skip and run_skip(run, progress, packs, stuck) == (False, None)
    assert run.summary() == "0 solved of 1" and run.score == 0
    run.next_puzzle(progress.rating.rating)
    assert run.may_skip


def test_a_streak_skip_moves_no_rating(packs):
    run, progress = start("streak", packs), Progress(rating=Rating(1200.0, 200.0))
    assert run_skip(run, progress, packs, run.puzzle) == (True, None)
    assert progress.rating.rating == 1200.0 and not progress.tried
    assert run_skip(run, progress, packs, run.puzzle) == (False, None)  # once a run
