"""What a look back at a finished game says, without a screen: a cell's
contents where a live game would offer a turn, and keys that play nothing."""

from game.play import look_back
from game.play.explain import explain
from game.rules import Board

# Red to move with a4 open to a placement (the explain tests' lesson position).
REFUSALS = "RRR1/B1RRB/R1R2B/BR1BRR1/3RBB/1RB2/RBB1 r"


def test_a_cell_a_live_game_offers_is_described_not_offered():
    board = Board(REFUSALS)
    cell = board.geometry.cell("a4")
    assert explain(board, None, cell, your_turn=True) == ("Place a tile on a4.", "good")
    assert look_back.hover(board, cell) == ("a4 is empty.", "info")
    own = board.geometry.cell("a1")
    assert look_back.hover(board, own)[0].startswith("a1: a Red tile")


def test_the_keys_step_analyse_and_leave_and_play_nothing():
    lines = {
        (cursor, pad): look_back.keys(cursor=cursor, pad=pad)
        for cursor in (False, True)
        for pad in (False, True)
    }
    assert lines[False, False][0] == (
        "Left and Right step through the turns, A analyses the game, Esc goes back to History."
    )
    assert lines[False, True][1] == "LB, RB: the turns. Y: analyse. B: back."
    assert lines[True, False][1] == "Arrows: read the cells. Esc: hide."
    assert lines[True, True][1] == "D-pad: read the cells. B: hide."
    every = " ".join(t for texts in lines.values() for t in texts)
    for offer in ("type a turn", "play", "Place"):
        assert offer not in every
    # Longest first: a narrow window takes the short one.
    assert all(len(a) > len(b) for a, b in lines.values())


def test_a_look_back_says_it_steps_through_the_game_not_undo():
    said = look_back.stepping()
    assert said == "Looking back only: Left and Right step through the game."
    assert "Undo" not in said


def test_a_finished_game_opens_at_its_end_to_step_back_from():
    """Play-test: opened from History at its first turn, a newcomer saw an empty
    board and asked where the game was."""
    import random

    from game.play.match import Match

    match = Match(3, "Human", "Beginner")
    rng = random.Random(3)
    while not match.over:
        match.play(rng.choice(match.board.legal_turns()))
    match.goto(0)  # as a record is read back: wherever it was left
    assert look_back.opening_turn(match) == match.plies > 0
    match.goto(look_back.opening_turn(match))
    assert match.over and match.ply == match.plies
    assert match.goto(match.ply - 1)  # one turn back from there


def test_a_game_not_finished_opens_at_its_start():
    from game.play.match import Match

    match = Match(3, "Human", "Human")
    match.play(match.board.legal_turns()[0])
    assert look_back.opening_turn(match) == 0


def test_the_analysis_opens_at_the_turn_looked_at_or_at_the_end():
    """Play-test: analysed from the result card, a finished game opened on the
    empty board; History opens it at its end, and so does the analysis."""
    import random

    from game.play.match import Match

    match = Match(3, "Human", "Beginner")
    rng = random.Random(3)
    while not match.over:
        match.play(rng.choice(match.board.legal_turns()))
    assert look_back.analysis_turn(match) == match.plies > 3
    match.goto(3)
    assert look_back.analysis_turn(match) == 3
