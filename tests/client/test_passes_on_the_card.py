"""The result card says how many of the game's turns were passes (play-test:
"87 turns: 44 by Red, 43 by Blue" counted five passes as turns played)."""

import random

import pytest

from game.client.scenes.game_over import GameOverScene
from game.client.scenes.match_scene import MatchScene
from game.play.match import HUMAN, Match
from game.rules import PASS

from .screens import large_at_640
from .tours import languages


def with_a_pass() -> tuple[Match, tuple[int, ...], int]:
    """A side-3 game of two people with a pass in it, played up to its last turn
    (a placing or a flip); that turn's cells, and the game's passes."""
    for seed in range(300):
        rng = random.Random(seed)
        board = Match(3, HUMAN, HUMAN).board
        while not board.is_game_over():
            board.push(rng.choice(board.legal_turns()))
        *before, last = board.turn_stack
        if PASS in before and last is not PASS:
            played = Match(3, HUMAN, HUMAN)
            for turn in before:
                played.board.push(turn)
            return played, last.cells, before.count(PASS)
    raise AssertionError("no game found")


@pytest.mark.parametrize("language", languages())
def test_the_cards_passes_are_said_and_fit_at_640x480_large(tmp_path, language):
    from game.client.scripted.checks import text_problems
    from game.client.scripted.tour import Driver

    with large_at_640(tmp_path, language) as app:
        drive = Driver(app)
        match, last, passes = with_a_pass()
        app.scenes.reset(MatchScene(app, match))
        drive.frames(2)
        for cell in last:
            drive.click_cell(cell)
        drive.settle(1.5)
        card = app.scenes.top
        assert isinstance(card, GameOverScene)
        said = [t.replace("\n", " ") for t, *_r in card.lines()]  # as wrapped, or not
        turns = next(t for t in said if f", {passes} " in t or f" {passes} " in t)
        if language == "en":
            assert turns.endswith((f"{passes} of them a pass", f"{passes} of them passes"))
        assert text_problems(app) == []
