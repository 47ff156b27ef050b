"""Which match the title's Continue offers: never a finished one (pygame-free)."""

from __future__ import annotations

import random
from pathlib import Path

from game.play.in_progress import match_in_progress
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
