"""The result card says how many of the game's turns were passes (play-test:
"87 turns: 44 by Red, 43 by Blue" counted five passes as turns played)."""

import pytest

from game.rules import PASS

from .last_turn import but_the_last_turn, to_the_card
from .screens import large_at_640
from .tours import languages


@pytest.mark.parametrize("language", languages())
def test_the_cards_passes_are_said_and_fit_at_640x480_large(tmp_path, language):
    from game.client.scripted.checks import text_problems
    from game.client.scripted.tour import Driver

    with large_at_640(tmp_path, language) as app:
        drive = Driver(app)
        match, last = but_the_last_turn(3, lambda board: PASS in board.turn_stack, seeds=300)
        passes = match.board.turn_stack.count(PASS)
        _scene, card = to_the_card(app, drive, match, last)
        said = [t.replace("\n", " ") for t, *_r in card.lines()]  # as wrapped, or not
        turns = next(t for t in said if f", {passes} " in t or f" {passes} " in t)
        if language == "en":
            assert turns.endswith((f"{passes} of them a pass", f"{passes} of them passes"))
        assert text_problems(app) == []
