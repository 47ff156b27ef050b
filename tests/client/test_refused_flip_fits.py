"""A refused flip says the one rule first, then why, and the longest of its
reasons fits over the board at 640x480 in Large, in every language
(play-test: two different messages for the same rule)."""

import pytest

from game.i18n import _
from game.play.match import HUMAN, Match
from game.rules import Board

from .screens import large_at_640
from .tours import languages

#: Two of the refusals, of either half of the rule.
NONE = (
    "flipping {cell} would not reduce the groups as a flip must: "
    "it touches none of {color}'s groups (it must join two or more)"
)
TOTAL = (
    "flipping {cell} would not reduce the groups as a flip must: "
    "{color}'s groups fall by {lost} but {enemy}'s rise by {gained}, so the total does not fall"
)


def lead(msgid: str, cell: str) -> str:
    """The refusal's words before its reason, in the language shown."""
    return _(msgid).split(":")[0].format(cell=cell).lower()


def refused_at(app, drive, match: Match, cell: str) -> str:
    """``match`` on screen, ``cell`` clicked: what the line over the board says."""
    from game.client.scenes.match_scene import MatchScene

    scene = MatchScene(app, match)
    app.scenes.reset(scene)
    drive.frames(2)
    drive.click_cell(match.board.geometry.cell(cell))
    drive.frames(2)
    assert match.plies == 0 or match.chain is None
    return scene.status[0]


def first_turn() -> Match:
    """Blue's first turn after Red's b2: b2 touches no blue tile."""
    match = Match(3, HUMAN, HUMAN)
    match.play(match.board.parse_turn("b2"))
    return match


def splitting() -> Match:
    """Red to move; c3 joins Red's c2 and c4 but splits Blue's b2-c3-d3."""
    match = Match(3, HUMAN, HUMAN)
    match.board = Board("3/1B2/1RBR1/2B1/3 r")
    return match


@pytest.mark.parametrize(("make", "cell"), [(first_turn, "b2"), (splitting, "c3")])
@pytest.mark.parametrize("language", languages())
def test_a_refused_flip_says_the_rule_first_and_fits(tmp_path, language, make, cell):
    from game.client.scripted.checks import text_problems
    from game.client.scripted.tour import Driver

    with large_at_640(tmp_path, language) as app:
        drive = Driver(app)
        said = refused_at(app, drive, make(), cell)
        # The same words first, whichever half of the rule the flip fails.
        assert lead(NONE, cell) == lead(TOTAL, cell)
        assert said.lower().startswith(lead(NONE, cell) + ":"), said
        assert text_problems(app) == [], said
