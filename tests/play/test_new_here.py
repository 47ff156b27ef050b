"""Learn to play's "new here?" tag is kept until the player has opened a lesson or
finished a match, on every launch until then (issue 54, continued, item 4)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from game.play.history import FOLDER
from game.play.match import HUMAN, Match
from game.play.match_controller import MatchController
from game.play.tutorial_progress import TutorialProgress, load, new_here, note_tried, save

from .test_control import NoAI
from .test_match_kept import play_to_the_end


def test_a_newcomer_stays_new_here_past_the_first_launch(tmp_path: Path) -> None:
    assert new_here(TutorialProgress(), tmp_path)
    # The first start offered the tutorial, and the player closed the game.
    save(TutorialProgress(offered=True), tmp_path)
    progress, message = load(tmp_path)
    assert message is None and new_here(progress, tmp_path)


def test_opening_a_lesson_ends_it_and_is_kept(tmp_path: Path) -> None:
    save(TutorialProgress(offered=True), tmp_path)
    assert note_tried(tmp_path) is None
    progress, _ = load(tmp_path)
    assert progress.tried and progress.offered and not new_here(progress, tmp_path)
    assert note_tried(tmp_path) is None  # once is enough
    assert not new_here(TutorialProgress(done={"groups"}), tmp_path)


def test_finishing_a_match_ends_it_even_with_the_history_emptied(tmp_path: Path) -> None:
    control = MatchController(Match(3, HUMAN, HUMAN), tmp_path, NoAI())
    play_to_the_end(control)
    assert control.archived
    shutil.rmtree(tmp_path / FOLDER)
    progress, _ = load(tmp_path)
    assert not new_here(progress, tmp_path)


def test_a_player_of_an_earlier_version_with_a_finished_game_is_not_new(tmp_path: Path) -> None:
    (tmp_path / "tutorial.json").write_text(json.dumps({"done": [], "offered": True}))
    (tmp_path / FOLDER).mkdir()
    (tmp_path / FOLDER / "game-20260101-120000.json").write_text("{}")
    progress, message = load(tmp_path)
    assert message is None and not progress.tried
    assert not new_here(progress, tmp_path)


def test_a_wrong_tried_is_refused_with_its_name(tmp_path: Path) -> None:
    (tmp_path / "tutorial.json").write_text(json.dumps({"done": [], "tried": "yes"}))
    progress, message = load(tmp_path)
    assert progress == TutorialProgress() and message and "'tried'" in message
