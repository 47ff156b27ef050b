"""Thinking on the player's time (game.ai.ponder): what a ponder proves, and how
Master's next turn uses it."""

from __future__ import annotations

from game.ai.endgame import Endgame
from game.ai.levels import level
from game.ai.ponder import PONDER_FROM, ponder, worth_pondering
from game.ai.search import Budget, Searcher, empty_cells
from game.rules import RED, Board

from . import minimax_golden
from .brute import memo_margin
from .test_endgame import ending


def test_a_ponder_proves_the_position_and_the_position_after_every_turn():
    board = ending(3, 5, 9)
    margins = minimax_golden.margins(board)  # minimax's, from tests/golden/minimax.json
    eg = Endgame()
    assert ponder(eg, board)
    assert eg.settled(board) == max(margins.values())
    for turn in board.legal_turns():
        board.push(turn)
        assert eg.settled(board) == -margins[board.notation(turn)], turn
        board.pop()


def test_a_ponder_cut_short_keeps_only_proved_bounds():
    board = ending(3, 5, 9)
    memo: dict = {}
    memo_margin(board, memo)
    eg = Endgame(compiled=False)  # its table can be read entry by entry
    calls = []
    assert not ponder(eg, board, stop=lambda: calls.append(1) or len(calls) > 3)
    assert eg.settled(board) is None and eg.table
    checked = 0
    for (me, op), (lower, upper, _, _) in eg.table.items():
        value = memo.get((me, op, int(RED)), memo.get((op, me, 1 - int(RED))))
        if value is not None:
            assert lower <= value <= upper
            checked += 1
    assert checked
    assert not ponder(Endgame(), board, seconds=0.0)


def test_masters_turn_after_a_ponder_is_exact_beyond_its_own_reach():
    """Master tries the solver on its own time from ``exact_from`` empty cells; a
    position the ponder settled is played exactly however many are left."""
    board = ending(102, 5, 10)
    searcher = Searcher()
    reply = board.legal_turns()[0]
    after = board.copy()
    after.push(reply)
    assert empty_cells(after) > 8  # beyond the search's own small solve too
    alone = Searcher().search(after, Budget(max_depth=2), ties=True, exact_from=1)
    assert not alone.exact
    assert ponder(searcher.endgame, board)
    result = searcher.search(after, Budget(max_depth=2), ties=True, exact_from=1)
    assert result.exact
    margins = minimax_golden.margins(after)  # minimax's, from tests/golden/minimax.json
    value = max(margins.values())
    for turn in result.ties or [result.turn]:
        assert margins[after.notation(turn)] == value, turn
    # A level without exact endings never reads the ponder's table.
    other = searcher.search(after, Budget(max_depth=2), ties=True, exact_from=0)
    assert not other.exact


def test_only_a_level_with_exact_endings_ponders_and_only_in_an_ending():
    master, expert = level("Master"), level("Expert")
    near = ending(8, 5, PONDER_FROM)
    far = ending(8, 5, PONDER_FROM + 1)
    assert empty_cells(near) == PONDER_FROM and empty_cells(far) == PONDER_FROM + 1
    assert worth_pondering(near, master)
    assert not worth_pondering(far, master)
    assert not worth_pondering(near, expert)
    # Side 3 Master plays from its perfect strategy: nothing to think over.
    assert not worth_pondering(ending(8, 3, 10), master)
    assert not worth_pondering(Board(size=5), master)
