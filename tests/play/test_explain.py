"""The line above a board, without a screen: what the cell under the pointer
allows, which rule refuses a turn there, and what a turn just played did."""

from game.play.explain import describe, explain, it, turn_summary
from game.play.match import sentence
from game.rules import Board
from tests.helpers import CHAIN

# Empty cells refused for either placement rule (the tutorial's lesson position).
REFUSALS = "RRR1/B1RRB/R1R2B/BR1BRR1/3RBB/1RB2/RBB1 r"


def at(board: Board, name: str, your_turn: bool = True) -> tuple[str, str]:
    """The line for the pointer over the cell called ``name``, with no chain."""
    return explain(board, None, board.geometry.cell(name), your_turn=your_turn)


def test_a_refused_placement_names_the_rule_that_refuses_it():
    board = Board(REFUSALS)
    assert at(board, "f1") == ("Can't place on f1: it touches only Red's own tiles.", "bad")
    assert at(board, "c2") == (
        "Can't place on c2: it would join 2 of Red's groups into one.",
        "bad",
    )
    assert at(board, "a4") == ("Place a tile on a4.", "good")


def test_a_refused_flip_says_which_count_would_not_fall():
    board = Board(CHAIN)
    assert at(board, "c1") == ("Flip c1.", "good")
    assert at(board, "f2") == (
        "Can't flip f2: flipping f2 would not reduce the groups as a flip must: "
        "Red's groups fall by 1 but Blue's rise by 1, so the total does not fall.",
        "bad",
    )
    assert at(board, "a1")[0].startswith(
        "Can't flip a1: flipping a1 would not reduce the groups as a flip must: "
        "it touches only one of Red's groups"
    )
    assert at(board, "a3") == ("a3 is one of Red's own tiles; Red flips Blue's tiles.", "info")


def test_during_a_chain_the_owed_tile_is_named_and_the_rest_refused():
    board = Board(CHAIN)
    chain = board.click(board.geometry.cell("c1"), None)
    assert explain(board, chain, board.geometry.cell("c2"), your_turn=True) == (
        "Flip c2 to go on with the chain.",
        "chain",
    )
    text, tone = explain(board, chain, board.geometry.cell("a1"), your_turn=True)
    assert (text, tone) == (
        "Can't flip a1 now: it is not next to a tile flipped earlier in this turn.",
        "bad",
    )


def test_while_it_is_not_your_turn_a_cell_is_only_described():
    board = Board(REFUSALS)
    assert at(board, "f1", your_turn=False) == ("f1 is empty.", "info")
    assert at(board, "b1", your_turn=False) == ("b1: a Blue tile, on its own.", "info")
    assert describe(board, board.geometry.cell("a1")) == "a1: a Red tile, in a group of 6."


def test_the_status_line_says_what_a_turn_did():
    assert turn_summary("Red", "pass") == "Red passed."
    assert turn_summary("Blue", "e5") == "Blue placed a tile on e5."
    assert turn_summary("Red", "xc1") == "Red flipped c1: 1 tile taken."
    assert turn_summary("Red", "xc1xc2xd3") == "Red flipped c1, c2 and d3: 3 tiles taken."


def test_a_reason_that_starts_with_the_cell_reads_it():
    assert it("c2 would join 2 of Red's groups into one", "c2") == (
        "it would join 2 of Red's groups into one"
    )
    assert it("c22 is far", "c2") == "c22 is far"  # another cell, not this one
    assert it(None, "c2") is None


def test_cell_names_keep_their_small_letter_everywhere():
    assert sentence("b5 is not next to a tile flipped earlier") == (
        "b5 is not next to a tile flipped earlier."
    )
    assert sentence("flipping c3 would not reduce") == "Flipping c3 would not reduce."


def test_the_move_lists_legend_says_what_x_and_a_chain_mean_once_a_flip_is_listed() -> None:
    """A play-test: "xa2xb2" in the move list, unexplained."""
    from game.play.notation_note import notation_note

    assert notation_note([]) == notation_note(["d4", "a3", "pass"]) == ("", "")
    note = notation_note(["d4", "a3", "xa2xb2"])
    assert note == ("x = flip; a chain lists each tile it flips, in order.", "x = flip")
    # The notation it explains is the rules' own: an x before each flipped cell.
    board = Board("RRR1/B1RRB/R1R2B/BR1BRR1/3RBB/1RB2/RBB1 r")
    flip = next(t for t in board.legal_turns() if t.is_flip)
    text = board.notation(flip)
    assert text.count("x") == len(flip.cells) and notation_note([text]) == note
