"""Master thinking long proves who wins before it searches (game/ai/winning.py)."""

from __future__ import annotations

import random

import pytest

from game.ai.endgame import COMPILED, Endgame
from game.ai.levels import LONG_SECONDS, WIDE_REACH, choose_turn, level
from game.ai.search import Budget, Searcher, empty_cells
from game.ai.winning import keeping_turns, outcome, winning_turn
from game.rules import Board, Turn

from .test_endgame import NOT_HERE, SOLVERS, ending


def sign(value: int) -> int:
    return (value > 0) - (value < 0)


def results(board: Board, exact: bool) -> tuple[int, dict[Turn, int]]:
    """The mover's result (1 a win, 0 a draw, -1 a loss), and its result after
    each of its turns: by exact solves, or else by win-or-loss probes (the
    compiled solver's where built, which is checked against the Python one)."""
    eg = Endgame()

    def result(b: Board) -> int:
        return sign(eg.solve(b) if exact else eg.value(b, -1, 1))

    after = {}
    for turn in board.legal_turns():
        board.push(turn)
        after[turn] = -result(board)
        board.pop()
    return result(board), after


#: Side-4 endings of 8 empty cells, small enough for the Python solver.
SMALL = [ending(seed, 4, 8) for seed in range(8)]


@pytest.mark.parametrize("compiled", SOLVERS)
def test_the_outcome_and_the_turns_that_keep_it_are_the_exact_solvers(compiled):
    kept = 0
    for board in SMALL:
        result, after = results(board, exact=True)
        eg = Endgame(compiled=compiled)
        assert outcome(eg, board, Budget(), eg.nodes) == result
        if result < 0:
            continue
        fresh = Endgame(compiled=compiled)
        expected = [t for t in fresh.ordered_turns(board) if after[t] == result]
        assert keeping_turns(fresh, board, result, Budget(), 0) == expected
        kept += len(expected)
    assert kept  # the sample has won positions to keep


@pytest.mark.parametrize("compiled", SOLVERS)
def test_a_lost_position_or_a_spent_budget_proves_nothing(compiled):
    lost = next(b for b in SMALL if results(b, exact=True)[0] < 0)
    assert winning_turn(Endgame(compiled=compiled), lost, Budget(), ties=True) is None
    won = next(b for b in SMALL if results(b, exact=True)[0] > 0)
    assert winning_turn(Endgame(compiled=compiled), won, Budget(nodes=1), ties=False) is None


def test_only_a_long_turn_tries_the_win_solve_from_further_out():
    master = level("Master")
    side5, side7 = Board(size=5), Board(size=7)
    assert master.win_reach(side5, None) == master.win_reach(side5, 0.85) == 0
    assert level("Expert").win_reach(side5, LONG_SECONDS) == 0
    assert master.win_reach(side5, LONG_SECONDS) == (20 if COMPILED else master.exact_from)
    # Beside the search, on the second core, from further out.
    assert master.win_reach(side5, LONG_SECONDS, beside=True) == (
        24 if COMPILED else master.exact_from
    )
    assert master.win_reach(side7, LONG_SECONDS, beside=True) == master.win_reach(
        side7, LONG_SECONDS
    )
    assert master.win_reach(side7, LONG_SECONDS) == (WIDE_REACH if COMPILED else 9)


class NoSearch(Searcher):
    """A searcher that must not search: the win solve should have answered."""

    def search(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        raise AssertionError("searched a position the win solve proves")


@pytest.mark.skipif(not COMPILED, reason=NOT_HERE)
def test_master_thinking_long_plays_a_proved_win_without_searching():
    """Side-5 endings beyond Master's exact reach: thinking long, Master plays a
    turn the exact solver proves keeps the win; quick, it searches."""
    won = 0
    master = level("Master")
    for seed in range(12):
        board = ending(seed, 5, 12)
        result, after = results(board, exact=False)
        if result <= 0 or len(after) < 2:
            continue
        won += 1
        # Nodes, not seconds, bound the turn (a loaded machine must not change
        # the test); the seconds still say "thinking long".
        turn = choose_turn(
            board,
            master,
            random.Random(seed),
            searcher=NoSearch(),
            seconds=LONG_SECONDS,
            nodes=10**9,
        )
        assert turn is not None and after[turn] == 1
        with pytest.raises(AssertionError, match="searched"):
            choose_turn(board, master, random.Random(seed), searcher=NoSearch(), nodes=10**9)
    assert won >= 2


@pytest.mark.skipif(not COMPILED, reason=NOT_HERE)
def test_master_thinking_long_searches_a_lost_position(monkeypatch):
    board = next(
        b for b in (ending(seed, 5, 12) for seed in range(12)) if results(b, exact=False)[0] < 0
    )
    assert empty_cells(board) <= level("Master").win_reach(board, LONG_SECONDS)
    budgets: list[Budget] = []
    search = Searcher.search

    def spy(self, board, budget, **kwargs):  # type: ignore[no-untyped-def]
        budgets.append(budget)
        return search(self, board, budget, **kwargs)

    monkeypatch.setattr(Searcher, "search", spy)
    turn = choose_turn(board, level("Master"), random.Random(1), nodes=2000, seconds=LONG_SECONDS)
    assert turn in board.legal_turns()
    assert len(budgets) == 1 and budgets[0].nodes == 2000
