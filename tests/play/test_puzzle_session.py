"""One puzzle being solved, without a screen: clicks judged by the tiles they take,
tries and hints that cost stars, and the answer played out after giving up."""

from game.play.progress import MAX_STARS
from game.play.puzzle_session import FLIP_FIRST, PuzzleSession
from game.puzzles import Puzzle
from game.rules import Board
from tests.helpers import CHAIN, CHAIN_ANSWER

PUZZLE = Puzzle("p1", CHAIN, "most", CHAIN_ANSWER, 900, (), "a test")


def play(session: PuzzleSession, text: str) -> list[str]:
    """Click the cells of the turn ``text``; the outcomes' kinds."""
    cells = Board(CHAIN).parse_turn(text).cells
    return [session.click(cell).kind for cell in cells]


def test_the_right_chain_solves_it_on_the_first_try_for_every_star():
    session = PuzzleSession(PUZZLE)
    assert play(session, CHAIN_ANSWER) == ["flip", "flip", "flip", "right"]
    assert session.solved and session.finished and session.tries == 1
    assert session.stars == MAX_STARS


def test_each_flip_of_the_chain_says_what_is_owed_and_the_last_what_was_taken():
    session = PuzzleSession(PUZZLE)
    cells = Board(CHAIN).parse_turn(CHAIN_ANSWER).cells
    first = session.click(cells[0])
    assert (first.kind, first.cell, first.owed) == ("flip", cells[0], 1)  # only c2 is owed
    assert first.mover is not None and first.mover.title == "Red"
    *_, last = [session.click(c) for c in cells[1:]]
    assert (last.kind, last.got, last.first_try) == ("right", 4, True)
    assert last.turn is not None and Board(CHAIN).notation(last.turn) == CHAIN_ANSWER


def test_a_smaller_chain_is_wrong_counts_a_try_and_costs_a_star_after_the_first_miss():
    session = PuzzleSession(PUZZLE)
    assert play(session, "xc2xd3xd4")[-1] == "wrong"
    assert not session.solved and session.tries == 1
    # The board is the player's to reset: the wrong turn stands until then.
    assert session.board.mfen() != CHAIN
    session.reset()
    assert session.board.mfen() == CHAIN
    outcomes = [session.click(c) for c in Board(CHAIN).parse_turn(CHAIN_ANSWER).cells]
    last = outcomes[-1]
    assert last.kind == "right" and last.got == 4 and not last.first_try
    assert session.stars == MAX_STARS - 1


def test_a_placement_in_a_flipping_puzzle_is_refused_and_costs_nothing():
    session = PuzzleSession(PUZZLE)
    empty = next(c for c in range(session.board.geometry.cells) if session.board.tile_at(c) is None)
    refused = session.click(empty)
    assert refused.kind == "refused" and refused.text == FLIP_FIRST
    assert session.tries == 0 and session.board.mfen() == CHAIN


def test_a_flip_the_rules_refuse_says_why_and_changes_nothing():
    session = PuzzleSession(PUZZLE)
    refused = session.click(session.board.geometry.cell("a1"))
    assert refused.kind == "refused" and refused.text.startswith("Flipping a1 would not reduce")
    assert session.tries == 0 and session.board.mfen() == CHAIN and session.chain is None


def test_a_hint_rings_the_first_flip_and_costs_a_star():
    session = PuzzleSession(PUZZLE)
    assert session.hint() == "c1"
    outcomes = [session.click(c) for c in Board(CHAIN).parse_turn(CHAIN_ANSWER).cells]
    assert outcomes[-1].kind == "right" and not outcomes[-1].first_try
    assert session.stars == MAX_STARS - 1


def test_taking_back_a_flip_undoes_only_the_last():
    session = PuzzleSession(PUZZLE)
    play(session, "xc1xc2")
    assert session.chain is not None and len(session.chain.cells) == 2
    session.take_back_flip()
    assert session.chain is not None and session.chain.cells == (session.board.geometry.cell("c1"),)
    session.take_back_flip()
    assert session.chain is None


def test_giving_up_plays_the_answer_out_from_the_start_and_a_retry_clears_it():
    session = PuzzleSession(PUZZLE)
    play(session, "xc1")
    cells = session.reveal()
    assert session.revealed and session.finished and not session.solved
    assert session.board.mfen() == CHAIN and cells == list(
        Board(CHAIN).parse_turn(CHAIN_ANSWER).cells
    )
    for cell in cells:
        session.reveal_step(cell)
    solved = Board(CHAIN)
    solved.play(CHAIN_ANSWER)
    assert session.board.mfen() == solved.mfen() and session.chain is None
    session.retry()
    assert not session.finished and session.board.mfen() == CHAIN


def test_a_judged_answer_holds_the_line_until_the_player_acts():
    """Issue 54: "Right! 3 stars." went as soon as the stick moved the cursor. The
    session says when the board shows a verdict: right, shown, or a miss until the
    board is set back; a chain on its way or a fresh board is not one."""
    session = PuzzleSession(PUZZLE)
    assert not session.judged
    cells = Board(CHAIN).parse_turn(CHAIN_ANSWER).cells
    session.click(cells[0])
    assert not session.judged  # a chain under way: the line speaks of the cells
    session.take_back_flip()
    assert play(session, "xc2xd3xd4")[-1] == "wrong"
    assert session.judged  # the miss stands on the board, and its words with it
    session.reset()
    assert not session.judged
    assert play(session, CHAIN_ANSWER)[-1] == "right"
    assert session.judged
    session.retry()
    assert not session.judged
    session.reveal()
    assert session.judged


def test_hints_and_the_answer_help_only_until_the_puzzle_is_done():
    s = PuzzleSession(PUZZLE)
    assert s.helps
    assert play(s, CHAIN_ANSWER)[-1] == "right"
    assert s.solved and not s.helps
    s.retry()
    assert s.helps
    s.reveal()
    assert not s.helps
