"""A click on a cell the rules refuse to place on says it is refused, in the
words the pointer's line uses (play-test: "b3 would join 2 of Blue's groups
into one." did not say that b3 could not be played)."""

from __future__ import annotations

from game.play.match import HUMAN, Match
from game.rules import Board

from .test_explain import REFUSALS


def clicked(name: str) -> str:
    match = Match(Board(REFUSALS).size, HUMAN, HUMAN)
    match.board = Board(REFUSALS)
    (event,) = match.click(match.board.geometry.cell(name))
    assert event.kind == "refused"
    return event.text


def test_a_refused_placement_says_it_is_refused_and_why():
    assert clicked("c2") == "Can't place on c2: it would join 2 of Red's groups into one."
    assert clicked("f1") == "Can't place on f1: it touches only Red's own tiles."
