"""Master thinking long on two cores: the win-or-loss solve beside the search."""

from __future__ import annotations

import random
import threading
import time

import pytest

from game.ai.beside import Prover, runs_beside, until_proved
from game.ai.endgame import COMPILED, Endgame
from game.ai.levels import LONG_SECONDS, choose_turn, level
from game.ai.result import SearchResult
from game.ai.search import Budget, Searcher
from game.rules import Board, Turn

from .test_endgame import NOT_HERE, ending
from .test_winning import results

#: Far more than any solve here takes: the tests wait on events, not on time,
#: and a loaded machine only makes them slower.
PLENTY = 120.0


def test_only_a_wall_clock_turn_runs_beside():
    assert runs_beside(Budget(seconds=1.0))
    assert not runs_beside(Budget(nodes=1000))  # repeatable play: one thread
    assert not runs_beside(Budget(seconds=1.0, nodes=1000))
    assert not runs_beside(Budget())
    # The tournament's CPU clock would run down twice as fast with two threads.
    assert not runs_beside(Budget(seconds=1.0, clock=time.process_time))


class Waiting(Searcher):
    """A search that stands in for the real one: it plays ``turn`` once its
    budget says stop, and records that it was asked while the solve ran."""

    def __init__(self, turn: Turn) -> None:
        super().__init__()
        self.turn = turn
        self.stopped_by: str | None = None

    def search(self, board, budget, **kwargs):  # type: ignore[no-untyped-def]
        self.stopped_by = "nodes"  # a count of nodes, not waited on
        while budget.deadline is not None:
            if budget.stop is not None and budget.stop():
                self.stopped_by = "stop"
                break
            if budget.clock() > budget.deadline:
                self.stopped_by = "time"
                break
            time.sleep(0.001)
        return SearchResult(self.turn, 0, 1, 1)


def won_ending() -> tuple[Board, dict[Turn, int]]:
    for seed in range(40):
        board = ending(seed, 5, 12)
        result, after = results(board, exact=False)
        if result > 0 and any(r < 1 for r in after.values()):
            return board, after
    raise AssertionError("no won side-5 ending with a losing turn among the seeds")


@pytest.mark.skipif(not COMPILED, reason=NOT_HERE)
def test_a_proved_win_stops_the_search_beside_it_and_is_played():
    board, after = won_ending()
    losing = next(t for t, r in after.items() if r < 1)
    searcher = Waiting(losing)
    turn = choose_turn(
        board,
        level("Master"),
        random.Random(3),
        searcher=searcher,
        seconds=PLENTY,
    )
    # The search ran while the solve did, and the proof, not the time, ended it.
    assert searcher.stopped_by == "stop"
    assert turn is not None and after[turn] == 1
    assert searcher.prover.nodes > 0 and searcher.endgame.nodes == 0


@pytest.mark.skipif(not COMPILED, reason=NOT_HERE)
def test_a_lost_position_plays_the_searchs_turn():
    board = next(
        b for b in (ending(seed, 5, 12) for seed in range(40)) if results(b, exact=False)[0] < 0
    )
    turn = board.legal_turns()[-1]
    searcher = Waiting(turn)
    # The solve proves the loss at once and ends; the search keeps its time.
    played = choose_turn(
        board, level("Master"), random.Random(1), searcher=searcher, seconds=LONG_SECONDS
    )
    assert searcher.stopped_by == "time"
    assert played == turn


@pytest.mark.skipif(not COMPILED, reason=NOT_HERE)
def test_the_solve_ends_when_asked():
    board = ending(5, 5, 20)  # far beyond what it proves at once
    prover = Prover(Endgame(), board, Budget(seconds=PLENTY), ties=False)
    started = time.perf_counter()
    assert not prover.proved()
    assert prover.turns() is None  # asks it to stop, and waits for it
    # Long before its time: the stop, not the deadline, ended it.
    assert time.perf_counter() - started < PLENTY / 2


@pytest.mark.skipif(not COMPILED, reason=NOT_HERE)
def test_the_search_beside_also_stops_when_the_caller_says(monkeypatch):
    cancelled = threading.Event()
    board, _ = won_ending()
    # A solve that never proves: only the caller's stop can end the search.
    monkeypatch.setattr("game.ai.beside.winning_turn", lambda *args: None)
    prover = Prover(Endgame(), board, Budget(seconds=PLENTY), ties=False)
    budget = until_proved(Budget(seconds=PLENTY, stop=cancelled.is_set), prover)
    assert budget.stop is not None and not budget.stop()
    cancelled.set()
    assert budget.stop()
    assert prover.turns() is None


def test_an_error_in_the_solve_reaches_the_caller(monkeypatch):
    def broken(*args: object) -> list[Turn] | None:
        raise RuntimeError("the solver broke")

    monkeypatch.setattr("game.ai.beside.winning_turn", broken)
    prover = Prover(Endgame(), Board(size=3), Budget(seconds=PLENTY), ties=False)
    with pytest.raises(RuntimeError, match="the solver broke"):
        prover.turns()


@pytest.mark.skipif(not COMPILED, reason=NOT_HERE)
def test_beside_the_search_the_solve_starts_from_further_out():
    board = ending(2, 5, 22)  # past the reach of the solve that takes the search's time
    master = level("Master")
    assert master.win_reach(board, LONG_SECONDS) < 22 <= master.win_reach(board, LONG_SECONDS, True)
    searcher = Waiting(board.legal_turns()[0])
    choose_turn(board, master, random.Random(2), searcher=searcher, seconds=LONG_SECONDS)
    assert searcher.prover.nodes > 0
    one_thread = Waiting(board.legal_turns()[0])
    choose_turn(board, master, random.Random(2), searcher=one_thread, nodes=10**6)
    assert one_thread.prover.nodes == one_thread.endgame.nodes == 0
