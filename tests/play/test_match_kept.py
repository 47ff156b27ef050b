"""Which match the title's Continue offers: never a finished one (pygame-free)."""

from __future__ import annotations

import json
import random
from pathlib import Path

from game.play.in_progress import CURRENT, match_in_progress
from game.play.match import HUMAN, Match
from game.play.match_controller import MatchController

from .test_control import NoAI


def play_to_the_end(control: MatchController, seed: int = 3) -> None:
    pick = random.Random(seed)
    match = control.match
    while not match.over:
        turn = pick.choice(match.board.legal_turns())
        for cell in turn.cells or ():
            control.click(cell)
        if not turn.cells:  # a pass the player must make is played for them
            match.play(turn)
    control.autosave()


def test_a_finished_match_looked_back_over_is_not_kept(tmp_path: Path) -> None:
    control = MatchController(Match(3, HUMAN, HUMAN), tmp_path, NoAI())
    play_to_the_end(control)
    assert control.match.finished and not match_in_progress(tmp_path)

    # See board, step back through the moves, leave: still finished, still not kept.
    assert control.goto(control.match.plies - 2)
    assert not control.match.over
    control.leave()
    assert not match_in_progress(tmp_path)


def test_playing_on_from_an_earlier_position_keeps_the_match(tmp_path: Path) -> None:
    control = MatchController(Match(3, HUMAN, HUMAN), tmp_path, NoAI())
    play_to_the_end(control)
    control.goto(1)
    control.play_on_from_here()
    control.leave()
    assert match_in_progress(tmp_path)


def test_a_saved_game_left_unfinished_is_continued_when_nothing_else_is(tmp_path: Path) -> None:
    """Issue 54: leaving a loaded saved game without moving left Continue greyed."""
    saved = Match(3, HUMAN, "Club")
    saved.play(saved.board.legal_turns()[0])
    looked = MatchController(Match.from_record(saved.record()), tmp_path, NoAI(), current=False)
    looked.leave()
    assert match_in_progress(tmp_path)
    kept = Match.from_record(json.loads((tmp_path / CURRENT).read_text(encoding="utf-8")))
    assert kept.all_moves() == saved.all_moves() and kept.players == saved.players


def test_a_saved_game_left_leaves_the_match_in_progress_alone(tmp_path: Path) -> None:
    ongoing = MatchController(Match(3, HUMAN, HUMAN), tmp_path, NoAI())
    ongoing.click(ongoing.match.board.legal_placements()[0])
    before = (tmp_path / CURRENT).read_text(encoding="utf-8")
    other = Match(3, HUMAN, "Club")
    other.play(other.board.legal_turns()[-1])
    MatchController(other, tmp_path, NoAI(), current=False).leave()
    assert (tmp_path / CURRENT).read_text(encoding="utf-8") == before


def test_an_online_game_looked_back_over_is_never_continued(tmp_path: Path) -> None:
    record = Match(3, HUMAN, HUMAN).record() | {"turns": ["a1"], "online": {"id": "g1"}}
    record |= {"red": "Ann", "blue": "Bob", "result": "blue"}  # Ann's time ran out
    looked = MatchController(Match.from_record(record), tmp_path, NoAI(), current=False)
    looked.leave()
    assert not match_in_progress(tmp_path)
