"""The player's rating against the AI and "Match my level" (pygame-free)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from game.ai.levels import LEVELS
from game.glicko import Rating
from game.play import ai_rating
from game.play.ai_rating import START, Pick, match_my_level, nearest_level, rating_line
from game.play.match import HUMAN, Match
from game.play.match_controller import MatchController
from game.rules import BLUE, RED

from .test_control import NoAI


def finished(red: str, blue: str, seed: int = 1) -> Match:
    match = Match(3, red, blue)
    pick = random.Random(seed)
    while not match.over:
        match.play(pick.choice(match.board.legal_turns()))
    return match


def test_a_newcomer_starts_between_beginner_and_casual_and_meets_the_easier() -> None:
    assert LEVELS["beginner"].elo < START.rating < LEVELS["casual"].elo
    assert START.rating - LEVELS["beginner"].elo == LEVELS["casual"].elo - START.rating
    assert nearest_level(START).name == "Beginner"
    assert ai_rating.provisional(START)


@pytest.mark.parametrize("name", [lvl.name for lvl in LEVELS.values()])
def test_the_nearest_level_is_picked(name: str) -> None:
    """Each of the twelve levels is the pick at its own rating, and up to halfway
    to its nearest neighbour either side; past either end of the ladder, the
    end's level."""
    elo = LEVELS[name.lower()].elo
    half = min(abs(lvl.elo - elo) for lvl in LEVELS.values() if lvl.name != name) / 2
    for rating in (elo - half + 1, elo, elo + half - 1):
        assert nearest_level(Rating(rating, 80)).name == name
    assert nearest_level(Rating(-300, 80)).name == "Beginner"
    assert nearest_level(Rating(3000, 80)).name == "Master"


def test_match_my_level_sets_the_side_facing_the_person_and_says_which() -> None:
    elo = LEVELS["club"].elo
    club = Rating(elo + 30, 80)  # nearer Club than either neighbour, 150 or more away
    for red, blue, picked in [
        (HUMAN, "Master", (HUMAN, "Club")),
        ("Beginner", HUMAN, ("Club", HUMAN)),
        (HUMAN, HUMAN, (HUMAN, "Club")),
    ]:
        pick = match_my_level(red, blue, club)
        assert (pick.red, pick.blue) == picked
    # Two levels: Red becomes the person, and the message says so (it said
    # only "Blue is Club": the level on Red went without a word).
    pick = match_my_level("Expert", "Master", club)
    assert pick == Pick(HUMAN, "Club", pick.message)
    said = (
        f"Match my level: you play Red against Club (Elo {elo}), nearest your rating of {elo + 30}."
    )
    assert pick.message == said
    pick = match_my_level("Beginner", HUMAN, club)
    assert pick.message.startswith(f"Match my level: you play Blue against Club (Elo {elo}),")


def test_every_pick_is_what_match_my_level_can_say_for_the_rating() -> None:
    club = Rating(LEVELS["club"].elo + 30, 80)
    said = ai_rating.every_pick(club)
    for red, blue in [(HUMAN, "Master"), ("Beginner", HUMAN), (HUMAN, HUMAN), ("Expert", "Club")]:
        assert match_my_level(red, blue, club).message in said
    assert len(set(said)) == 2  # the person on Red, or on Blue


def test_the_rating_line_says_provisional_only_while_unsure() -> None:
    assert rating_line(Rating(812.4, 90)) == "Your rating against the AI: 812 ± 90"
    assert rating_line(Rating(816.4, 120)) == (
        "Your rating against the AI: about 820 (provisional: early games move it most)"
    )


def test_a_newcomer_is_not_rated_yet_but_told_where_they_start() -> None:
    """A play-test: "about 230 (provisional)" before any game read as a verdict
    on games never played; with no figure at all, the card's "+120, now about
    360" after the first game could not be checked."""
    assert not ai_rating.rated(START)
    line = rating_line(START)
    start = ai_rating.shown(START)
    assert line == (
        f"Not rated yet: you start at about {start}, and each game against the AI moves it."
    )
    assert "provisional" not in line and "Your rating" not in line
    pick = match_my_level(HUMAN, "Master", START)
    assert pick.blue == "Beginner"
    assert pick.message == (
        f"Match my level: you play Red against Beginner (Elo {LEVELS['beginner'].elo}), the level"
        " to start at until you have a rating."
    )
    # After one game, even a draw, the figure comes, provisional.
    for score in (0.0, 0.5, 1.0):
        after = ai_rating.after(START, LEVELS["casual"], score)
        assert ai_rating.rated(after)
        assert rating_line(after).startswith("Your rating against the AI: about ")


def test_a_newcomer_who_loses_to_beginner_is_shown_under_the_floor_not_below_zero() -> None:
    lost = ai_rating.after(START, LEVELS["beginner"], 0.0)
    # The estimate itself is kept as Glicko-2 gives it, below the figure shown
    # (a second loss takes it below zero).
    assert lost.rating < ai_rating.SHOWN_FLOOR
    assert ai_rating.after(lost, LEVELS["beginner"], 0.0).rating < 0
    # 100 under Beginner, rounded down to ten, as provisional figures are.
    floor = ai_rating.SHOWN_FLOOR
    assert floor % 10 == 0 and LEVELS["beginner"].elo - 110 < floor <= LEVELS["beginner"].elo - 100
    assert ai_rating.shown(lost) == floor
    # "under", not "about": the figure is not the rating, which is below it.
    assert rating_line(lost) == (
        f"Your rating against the AI: under {floor} (provisional: early games move it most)"
    )
    pick = match_my_level(HUMAN, "Master", lost)
    assert pick.blue == "Beginner"
    assert pick.message == (
        f"Match my level: you play Red against Beginner (Elo {LEVELS['beginner'].elo}), nearest"
        f" your rating of under {floor}."
    )


def test_an_established_rating_is_floored_too() -> None:
    assert ai_rating.shown(Rating(-400.0, 60)) == ai_rating.SHOWN_FLOOR
    assert ai_rating.shown(Rating(1234.4, 60)) == 1234


def test_only_a_person_against_a_level_counts() -> None:
    assert ai_rating.result(finished(HUMAN, HUMAN)) is None
    assert ai_rating.result(finished("Club", "Master")) is None
    assert ai_rating.result(Match(3, HUMAN, "Club")) is None  # not finished
    match = finished("Club", HUMAN)
    lvl, score = ai_rating.result(match) or (None, -1.0)
    winner = match.winner()
    assert lvl is LEVELS["club"]
    assert score == (0.5 if winner is None else 1.0 if winner == BLUE else 0.0)


def test_a_resignation_scores_for_the_other_side() -> None:
    match = Match(3, HUMAN, "Master")
    match.resign(RED)
    assert ai_rating.result(match) == (LEVELS["master"], 0.0)
    match = Match(3, HUMAN, "Master")
    match.resign(BLUE)
    assert ai_rating.result(match) == (LEVELS["master"], 1.0)


def test_a_win_over_a_stronger_level_moves_further_than_over_a_weaker() -> None:
    over_master = ai_rating.after(START, LEVELS["master"], 1.0)
    over_beginner = ai_rating.after(START, LEVELS["beginner"], 1.0)
    assert over_master.rating > over_beginner.rating > START.rating
    assert ai_rating.after(START, LEVELS["casual"], 0.0).rating < START.rating
    assert ai_rating.after(START, LEVELS["casual"], 1.0).rd < START.rd
    assert over_master.rd <= START.rd  # never past what a file may hold
    assert ai_rating.parse({"rating": 1.0, "rd": over_master.rd, "volatility": 0.06})


def a_turn(control: MatchController) -> MatchController:
    """The person plays a turn: a game resigned before one is not rated."""
    for cell in control.match.board.legal_turns()[0].cells:
        control.click(cell)
    assert control.match.ply == 1
    return control


def test_a_match_ended_at_the_screen_counts_once_and_is_kept(tmp_path: Path) -> None:
    control = a_turn(MatchController(Match(3, HUMAN, "Club"), tmp_path, NoAI()))
    assert not any(e.kind == "error" for e in control.resign(RED))
    kept, problem = ai_rating.load(tmp_path)
    assert problem is None
    assert kept == ai_rating.after(START, LEVELS["club"], 0.0)
    control.resign(RED)  # finished already: nothing more
    assert ai_rating.load(tmp_path)[0] == kept
    assert control.undo()  # the resignation taken back, and made again: still one game
    assert any(e.kind == "over" for e in control.resign(RED))
    assert ai_rating.load(tmp_path)[0] == kept


def test_a_picked_level_counts_like_any_other(tmp_path: Path) -> None:
    pick = match_my_level(HUMAN, HUMAN, START)
    control = a_turn(MatchController(Match(3, pick.red, pick.blue), tmp_path, NoAI()))
    control.resign(BLUE)  # the picked level gives up
    assert ai_rating.load(tmp_path)[0] == ai_rating.after(START, nearest_level(START), 1.0)


def test_two_people_leave_the_rating_alone(tmp_path: Path) -> None:
    MatchController(Match(3, HUMAN, HUMAN), tmp_path, NoAI()).resign(RED)
    assert not (tmp_path / ai_rating.FILE).exists()


@pytest.mark.parametrize(
    "text",
    [
        "[1, 2]",
        "not json",
        '{"rating": 900, "rd": 80}',
        '{"rating": 900, "rd": 0, "volatility": 0.06}',
        '{"rating": 1e9, "rd": 80, "volatility": 0.06}',
        '{"rating": true, "rd": 80, "volatility": 0.06}',
    ],
)
def test_a_bad_file_is_set_aside_and_the_count_starts_again(tmp_path: Path, text: str) -> None:
    (tmp_path / ai_rating.FILE).write_text(text, encoding="utf-8")
    rating, problem = ai_rating.load(tmp_path)
    assert rating == START
    assert problem is not None and "rating against the AI" in problem
    assert "ai_rating.json.corrupt-" in problem
    assert list(tmp_path.glob("ai_rating.json.corrupt-*"))
    assert not (tmp_path / ai_rating.FILE).exists()


def test_a_bad_file_met_at_a_match_end_is_said_and_replaced(tmp_path: Path) -> None:
    (tmp_path / ai_rating.FILE).write_text("{", encoding="utf-8")
    events = a_turn(MatchController(Match(3, HUMAN, "Casual"), tmp_path, NoAI())).resign(BLUE)
    assert next(e.text for e in events if e.kind == "error").startswith("Your rating against")
    data = json.loads((tmp_path / ai_rating.FILE).read_text(encoding="utf-8"))
    assert ai_rating.parse(data) == ai_rating.after(START, LEVELS["casual"], 1.0)


def test_the_rating_round_trips(tmp_path: Path) -> None:
    rating = Rating(812.25, 97.5, 0.059)
    ai_rating.save(rating, tmp_path)
    assert ai_rating.load(tmp_path) == (rating, None)


@pytest.mark.parametrize(
    ("level", "score"), [("beginner", 1.0), ("beginner", 0.5), ("club", 0.0), ("expert", 0.5)]
)
def test_the_start_shown_and_the_first_games_change_add_up_to_the_figure_after(
    level: str, score: float
) -> None:
    """Before a first game New match says where the player starts; the card
    after it says the change and the figure now: the two add up."""
    after = ai_rating.after(START, LEVELS[level], score)
    assert not ai_rating.under_floor(after)  # "under 10" is no sum to check
    start = ai_rating.shown(START)
    assert f"about {start}," in rating_line(START)
    change = round(ai_rating.shown_change(START.rating, after))
    assert ai_rating.change_note(START, after) == (
        f"Rating: {change:+d}, about {start + change} for now."
    )


def test_a_newcomers_first_loss_reads_as_a_figure_for_now() -> None:
    """Play-test: a newcomer's first loss to Beginner took "about 240" to "now
    under 40", read as a verdict. The rating itself is as Glicko-2 gives it; the
    card says the figure is one for now, and New match why it moved so far."""
    lost = ai_rating.after(START, LEVELS["beginner"], 0.0)
    assert ai_rating.provisional(lost)
    change = ai_rating.signed(lost.rating - START.rating)
    floor = ai_rating.SHOWN_FLOOR
    assert ai_rating.change_note(START, lost) == f"Rating: {change}, under {floor} for now."
    assert rating_line(lost, lost.rating - START.rating) == (
        f"Your rating against the AI: under {floor} (provisional: early games move it most)."
        f" Your last game: {change}."
    )
    # Once sure, the figure is the rating's, and said so.
    sure = Rating(1212.6, 79.0)
    assert ai_rating.change_note(Rating(1200.0, 80.0), sure) == "Rating: +13, now 1213."
