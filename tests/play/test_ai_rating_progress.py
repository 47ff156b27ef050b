"""A win shows in the rating against the AI, even below the floor of what is
shown (play-test: two wins took the stored rating from -170 to -43 and the
screen still said "about 10"): the result card says by how much the game moved
it, and New match the last game's change. pygame-free."""

from __future__ import annotations

import json
from pathlib import Path

from game.glicko import Rating
from game.play import ai_rating
from game.play.ai_rating import SHOWN_FLOOR, change_note, last_change, rating_line
from game.play.match import HUMAN, Match
from game.play.match_controller import MatchController
from game.rules import BLUE, RED

from .test_ai_rating import a_turn
from .test_control import NoAI

#: The play-test's player after a few early losses.
LOW = Rating(-170.0, 125.0, 0.06)


def win(data: Path) -> MatchController:
    """The person plays a turn against Beginner, which then gives up."""
    control = a_turn(MatchController(Match(3, HUMAN, "Beginner"), data, NoAI()))
    control.resign(BLUE)
    return control


def test_two_wins_below_the_floor_each_say_how_far_they_went(tmp_path: Path) -> None:
    ai_rating.save(LOW, tmp_path)
    seen = []
    for _game in range(2):
        before = ai_rating.load(tmp_path)[0]
        control = win(tmp_path)
        after = ai_rating.load(tmp_path)[0]
        gained = round(after.rating - before.rating)
        assert gained > 0 and after.rating < SHOWN_FLOOR  # still under the floor
        assert control.over_note() == (f"Rating: +{gained}, still under {SHOWN_FLOOR}.")
        assert last_change(tmp_path) == after.rating - before.rating
        seen.append(rating_line(after, last_change(tmp_path)))
        assert seen[-1] == (
            f"Your rating against the AI: under {SHOWN_FLOOR} (provisional: early games "
            f"move it most). Your last game: +{gained}."
        )
    assert seen[0] != seen[1]  # New match's line moves with each win


def test_the_card_words_the_rating_as_new_match_does() -> None:
    assert change_note(Rating(300.0, 200.0), Rating(262.4, 190.0)) == (
        "Rating: -40, about 260 for now."  # 300 was shown
    )
    assert change_note(Rating(1200.0, 80.0), Rating(1212.6, 79.0)) == ("Rating: +13, now 1213.")


def test_a_loss_and_a_game_not_rated_say_so_and_nothing_more(tmp_path: Path) -> None:
    control = a_turn(MatchController(Match(3, HUMAN, "Club"), tmp_path, NoAI()))
    control.resign(RED)
    assert control.over_note().startswith("Rating: -")
    people = a_turn(MatchController(Match(3, HUMAN, HUMAN), tmp_path / "p", NoAI()))
    people.resign(RED)
    assert people.over_note() == "" and last_change(tmp_path / "p") is None


def test_a_file_kept_before_the_change_was_says_no_change(tmp_path: Path) -> None:
    kept = {"format": 1, "rating": -43.0, "rd": 180.0, "volatility": 0.06}
    (tmp_path / ai_rating.FILE).write_text(json.dumps(kept), encoding="utf-8")
    assert last_change(tmp_path) is None
    rating = ai_rating.load(tmp_path)[0]
    assert rating_line(rating, None) == (
        f"Your rating against the AI: under {SHOWN_FLOOR} (provisional: early games move it most)"
    )
    kept["change"] = "lots"
    (tmp_path / ai_rating.FILE).write_text(json.dumps(kept), encoding="utf-8")
    assert last_change(tmp_path) is None and ai_rating.load(tmp_path)[0] == rating


def test_the_change_shown_adds_up_with_the_figures_shown() -> None:
    """Play-test: "+54 this game, now about 420" after "about 360" read as a slip
    in the sums: a provisional rating's change is rounded as its figures are."""
    before, after = Rating(357.0, 150.0), Rating(411.0, 140.0)
    assert (ai_rating.shown(before), ai_rating.shown(after)) == (360, 410)
    assert change_note(before, after) == "Rating: +50, about 410 for now."
    assert rating_line(after, after.rating - before.rating) == (
        "Your rating against the AI: about 410 (provisional: early games move it most). "
        "Your last game: +50."
    )
    # Once sure, the figures are to the unit, and so is the change.
    sure = Rating(411.4, 90.0)
    assert change_note(Rating(357.0, 95.0), sure) == "Rating: +54, now 411."
    assert rating_line(sure, 54.4) == "Your rating against the AI: 411 ± 90. Your last game: +54."


def test_a_game_that_moved_the_figure_shown_by_nothing_says_no_change() -> None:
    """Play-test: "Rating: +0, now about 430." after a loss: the "+0" read as a
    sum to puzzle over. Provisional figures go by tens: 432.0 to 428.6 is 430
    to 430."""
    before, after = Rating(432.0, 150.0), Rating(428.6, 148.0)
    assert round(ai_rating.shown_change(before.rating, after)) == 0
    assert change_note(before, after) == "Rating: no change, still about 430 for now."
    assert rating_line(after, after.rating - before.rating) == (
        "Your rating against the AI: about 430 (provisional: early games move it most). "
        "Your last game: no change."
    )
    # Settled figures go by units: a move of 0.4 is no change either.
    assert change_note(Rating(1200.0, 60.0), Rating(1199.6, 60.0)) == (
        "Rating: no change, still 1200."
    )


def test_a_change_under_the_floor_says_the_figure_shown_stays() -> None:
    """Play-test: "-15, now under 40", then "-13, now under 40", read as a
    figure that should have moved."""
    lower = Rating(LOW.rating - 15.4, LOW.rd, LOW.volatility)
    assert change_note(LOW, lower) == f"Rating: -15, still under {SHOWN_FLOOR}."
    # From above the floor to under it, the figure shown did move.
    above = Rating(SHOWN_FLOOR + 200.0, 300.0, 0.06)
    assert change_note(above, lower).endswith(f", under {SHOWN_FLOOR} for now.")
