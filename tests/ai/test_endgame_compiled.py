"""The compiled ending solver (game/ai/_endgame.c) is the Python solver, faster.

It must search exactly the positions the Python solver searches, in the same
order, with the same results: then everything the Python solver's tests prove
against minimax holds for it too, and at depths minimax cannot reach (16 empty
cells) the Python solver is the reference. Where the Python solver's searches
cost seconds, its values, positions searched and best turns come from
tests/golden/endings.json (``python -m tests.ai.endings``, from the Python solver
alone; tests/ai/test_endings_golden.py re-derives a sample). Skipped where it was not built (no C
compiler at install) or MOSAIC_NO_COMPILED hides it; CI builds it."""

from __future__ import annotations

import os
import random
import signal
import threading
import time

import pytest

from game.ai import endgame_fast as endgame_module
from game.ai.analysis import EXACT_EMPTIES, judge
from game.ai.analysis import exact_empties as judge_reach
from game.ai.endgame import COMPILED, Endgame, OutOfBudget, compiled_for
from game.ai.levels import LEVELS, WIDE_REACH
from game.ai.search import empty_cells
from game.rules import Board, Turn

from .brute import memo_margin, solved
from .endings import STOPPED_DEPTH, STOPPED_NODES, entry
from .scale import scaled, seeds
from .test_endgame import NOT_HERE, SHARED_MINIMAX, ending

pytestmark = pytest.mark.skipif(not COMPILED, reason=NOT_HERE)

#: The two 16-cell endings of docs/ai-endings.md, with their values as the
#: Python solver proved them (70 s and 103 s, `python -m game.ai solve`).
SIXTEEN = [
    ("RBB1B/RB1BB1/1RRRBR1/RR1BRB1B/1RR1BBBBB/R2R1RRB/RR1RRBR/RB1BR1/R1BBR b", 5),
    ("1R1BR/BBB1BB/RBBRRBB/1RRRRR1R/R1BRB1R1R/B1BBBBR1/B1R2BR/B1RB2/RRRRR b", -7),
]


def against_golden(board: Board) -> tuple[Endgame, dict]:
    """The compiled solver after solving ``board``, and the Python solver's
    golden entry for it, whose value it must have found."""
    compiled = Endgame()
    reference = entry("python", board)
    assert compiled.solve(board) == reference["value"]
    assert compiled.compiled
    return compiled, reference


def best_names(eg: Endgame, board: Board, value: int) -> list[str]:
    return sorted(board.notation(t) for t in eg.best_turns(board, value))


def both(board: Board) -> tuple[Endgame, Endgame]:
    python, compiled = Endgame(compiled=False), Endgame()
    assert python.solve(board) == compiled.solve(board)
    assert compiled.compiled and not python.compiled
    return python, compiled


@pytest.mark.parametrize(
    ("seed", "size", "empties"),
    [(s, 3, 9) for s in range(scaled(3, 1))]
    + [(s, 4, 10) for s in range(scaled(3, 1))]
    # Game 2's ending reaches every line and branch of the C code that game 0's
    # does, in every instantiation (gcov), at a tenth of the Python solve; and
    # games 1 to 3 reach all of the C and Python code that game 0 adds to them
    # (gcov, coverage.py), which cost 62 of the 78 CPU-seconds of the four.
    # (The sanitized run now leaves out the side-4 and side-5 cases too: the
    # rest of it reaches every line and branch they reach; test_sanitized.REACHED.)
    + [(s, 5, 10) for s in seeds(4, [2]) if s != 0],
)
def test_it_searches_the_python_solvers_positions_with_the_same_results(seed, size, empties):
    board = ending(seed, size, empties)
    python, compiled = both(board)
    assert compiled.nodes == python.nodes > 10
    value = python.solve(board)
    assert set(compiled.best_turns(board, value)) == set(python.best_turns(board, value))
    assert compiled.settled(board) == python.settled(board) == value


@pytest.mark.slow
# One ending at each count, of two games: the other two endings of the same
# games cost as many Python solves again, to check more of the same.
@pytest.mark.parametrize(("seed", "empties"), [(2, 12), (1, 13)])
def test_it_matches_the_python_solver_at_12_and_13_empty_cells(seed, empties):
    compiled, python = against_golden(ending(seed, 5, empties))
    # A full bucket of its table may give up an entry the Python dict keeps,
    # which costs a position searched again: one in 448,723 at 13 cells.
    assert abs(compiled.nodes - python["nodes"]) <= python["nodes"] // 10_000
    assert python["nodes"] > 10_000


#: The slow tests that solve the first 16-cell ending with Master's table: one
#: worker solves it and lists its best turns once for both (``master_sixteen``),
#: where pytest-xdist's groups work (not yet under pytest 9.2: docs/testing.md).
SHARED_SIXTEEN = pytest.mark.xdist_group("endgame-sixteen")


@pytest.fixture(scope="module")
def master_sixteen() -> tuple[Endgame, int, list[Turn]]:
    """A solver with Master's table that has solved ``SIXTEEN[0]``, and the best
    turns it lists there: the same solve and list, about 3 CPU-seconds, served
    both to the check of its value and to the analysis that judges it."""
    board = Board(SIXTEEN[0][0])
    eg = Endgame(table_limit=500_000)  # as Master's searcher keeps it
    value = eg.solve(board)
    return eg, value, eg.best_turns(board, value)


@pytest.mark.slow
@SHARED_SIXTEEN
def test_it_settles_a_16_cell_ending_with_the_python_solvers_value(master_sixteen):
    """The first of ``SIXTEEN``. The second (-7) is not solved here: its solve and
    best turns cost 17 CPU-seconds, five times the first's, and reach no line or
    branch of the compiled solver (gcov on an ``-O0 --coverage`` build, by
    function) nor any arc of game/ (coverage.py with branches) that the first's
    do not (docs/testing.md); the deadline and thread tests still search it."""
    mfen, value = SIXTEEN[0]
    board = Board(mfen)
    eg, solved, best = master_sixteen
    assert solved == value
    assert eg.settled(board) == value
    # Each best turn keeps the value: the position after it is proved worth -value.
    assert best
    for turn in best:
        board.push(turn)
        assert eg.solve(board) == -value
        board.pop()


@SHARED_MINIMAX  # the endings of test_side_3_endings_from_8_empty_cells_match_minimax
def test_small_endings_match_minimax_with_every_best_turn():
    # asserts-in-branch: scaled() gives at least one position
    for seed in range(scaled(4, 1)):
        board = ending(seed, 3, 8)
        value, memo = solved(board)
        eg = Endgame()
        assert eg.solve(board) == value
        keeps = set()
        for turn in board.legal_turns():
            board.push(turn)
            if -memo_margin(board, memo) == value:
                keeps.add(turn)
            board.pop()
        assert set(eg.best_turns(board, value)) == keeps


def test_a_stopped_solve_keeps_only_proved_bounds_and_resumes():
    """Minimax's values come from the golden file (``stopped``): of the root and
    of each position near it that the Python solver's table holds after the
    same stopped solve, which the compiled one searches alike."""
    board = ending(3, 5, 9)
    golden = entry("stopped", board)
    value = golden["value"]
    eg = Endgame()
    with pytest.raises(OutOfBudget):
        eg.solve(board, nodes=STOPPED_NODES)
    assert STOPPED_NODES <= eg.nodes <= STOPPED_NODES + 2

    def check(depth: int) -> int:
        """Positions within ``depth`` turns whose table bounds were checked."""
        held = eg._entry(board)
        checked = 0
        if held is not None:
            known = golden["positions"].get(board.mfen())
            assert known is not None, f"{board.mfen()}: not in the Python solver's table"
            assert held[0] <= known <= held[1]
            checked = 1
        if depth:
            for turn in board.legal_turns():
                board.push(turn)
                checked += check(depth - 1)
                board.pop()
        return checked

    assert check(STOPPED_DEPTH) > 10
    calls = []
    with pytest.raises(OutOfBudget):
        eg.solve(board, stop=lambda: calls.append(1) or True)
    assert calls  # the stop is asked while the compiled search runs
    assert eg.solve(board) == value
    spent = eg.nodes
    assert eg.solve(board) == value
    assert eg.nodes - spent <= 3  # the root's proved value is in the table


def test_a_deadline_stops_a_deep_solve():
    board = Board(SIXTEEN[1][0])
    eg = Endgame()
    start = time.perf_counter()
    with pytest.raises(OutOfBudget):
        eg.solve(board, seconds=0.05)
    assert time.perf_counter() - start < 1.0
    assert eg.settled(board) is None


def test_an_error_in_the_stop_check_reaches_the_caller():
    def broken() -> bool:
        raise RuntimeError("the check failed")

    eg = Endgame()
    with pytest.raises(RuntimeError, match="the check failed"):
        eg.solve(Board(SIXTEEN[0][0]), stop=broken)
    small = ending(3, 5, 8)
    assert eg.solve(small) == entry("minimax", small)["value"]  # still usable


@pytest.mark.skipif(not hasattr(signal, "SIGUSR1"), reason="needs POSIX signals")
def test_a_signal_stops_a_solve_without_a_deadline():
    """Ctrl-C must reach a long solve (``python -m game.ai solve``), which has no
    deadline and no stop to ask."""

    class Interrupted(Exception):
        pass

    def handler(signum, frame):
        raise Interrupted

    old = signal.signal(signal.SIGUSR1, handler)
    timer = threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGUSR1))
    try:
        timer.start()
        start = time.perf_counter()
        with pytest.raises(Interrupted):
            # The whole game, far beyond the node count: without the signal
            # this ends with OutOfBudget some 20 seconds later.
            Endgame().solve(Board(size=5), nodes=30_000_000)
        assert time.perf_counter() - start < 5.0
    finally:
        timer.cancel()
        signal.signal(signal.SIGUSR1, old)


def test_other_threads_run_while_it_searches():
    """The online server's bots search in threads beside the event loop: the
    compiled search lets go of the interpreter while it runs."""
    ticks = []
    done = threading.Event()

    def count() -> None:
        while not done.is_set():
            ticks.append(1)
            time.sleep(0.001)

    thread = threading.Thread(target=count)
    thread.start()
    try:
        eg = Endgame()
        before = len(ticks)
        with pytest.raises(OutOfBudget):
            eg.solve(Board(SIXTEEN[1][0]), seconds=0.3)
        during = len(ticks) - before
    finally:
        done.set()
        thread.join()
    # Holding the interpreter, the search would leave the counter a tick or two
    # at its ends. Not 50 or so: a sanitized run at a load average of 12 once
    # ticked fewer in its 0.3 s.
    assert during > 10


def test_it_serves_every_side_but_not_symmetric_tables():
    for side in range(2, 9):
        assert compiled_for(Board(size=side))
    eg = Endgame()
    eg.solve(ending(1, 6, 5))
    assert eg.compiled  # side 6 has 91 cells: two words a board
    eg.solve(ending(1, 5, 5))
    assert eg.compiled
    assert not Endgame(symmetric=True).compiled


def endings_of_random_games(side: int, games: list[int], most: int) -> list[Board]:
    """Every position with a choice of turns and at most ``most`` empty cells in
    the seeded games ``games`` of random turns on ``side``: one position per count
    of empty cells a game (the flips after the board fills keep the count)."""
    out: list[Board] = []
    for seed in games:
        rng = random.Random(side * 1000 + seed)
        board = Board(size=side)
        seen: set[int] = set()
        while board.legal_turns():
            empties = empty_cells(board)
            if empties <= most and empties not in seen and len(board.legal_turns()) > 1:
                seen.add(empties)
                out.append(board.copy())
            board.push(rng.choice(board.legal_turns()))
    return out


@pytest.mark.parametrize(
    ("side", "games", "most"),
    [
        # For code paths (the sanitized run), two games a side that reach every
        # line and branch of the C code all its games reach, in every
        # instantiation (gcov, game by game), one of them on sides 6 and 7 a game
        # whose chains catch a walk that follows only a chain's first branch
        # (docs/testing.md).
        (6, seeds(30, [10, 26]), 4),
        (7, seeds(24, [4, 18]), 3),
        (8, seeds(20, [7, 16]), 2),
        # Side 8's flip chains are long. Game 20's took the Python solver 57 of
        # the 70 CPU-seconds of all 24 games, to reach no line or branch of the
        # C or Python code that the other 23 games miss (gcov, coverage.py).
        pytest.param(8, [s for s in range(24) if s != 20], 3, marks=pytest.mark.slow),
    ],
    ids=["6-4", "7-3", "8-2", "8-3"],
)
def test_on_sides_6_to_8_it_searches_the_python_solvers_positions(side, games, most):
    """The four-word solver against the Python solver: the same value, the same
    positions searched, and the same best turns, on endings of random games (the
    Python solver's, from tests/golden/endings.json)."""
    boards = endings_of_random_games(side, games, most)
    assert len(boards) >= scaled(30, 4)
    for board in boards:
        compiled, python = against_golden(board)
        assert compiled.nodes == python["nodes"]
        assert best_names(compiled, board, python["value"]) == python["best"]


@pytest.mark.slow
# Side 8's Python solves from 7 empty cells take over 20 s each: one game of it
# checks the four-word tables as two games of side 6 and one of side 7 check the
# two-word ones (test_on_sides_6_to_8_it_searches_the_python_solvers_positions
# compares node for node on many more, smaller endings). Side 7's game 0 reaches
# every line and branch of the C and Python code that its games 0 and 1 reach
# (gcov, coverage.py; docs/testing.md).
@pytest.mark.parametrize(("side", "games"), [(6, [0, 1]), (7, [0]), (8, [0])], ids=["6", "7", "8"])
def test_on_sides_6_to_8_it_matches_the_python_solver_from_7_empty_cells(side, games):
    # asserts-in-branch: endings_of_random_games gives one ending per game
    for board in endings_of_random_games(side, games, 7):
        compiled, python = against_golden(board)
        # A full bucket of its table may give up an entry the Python dict keeps,
        # which costs positions searched again: 2,939 in 2,656,791 on side 7 from
        # 8 empty cells (python benchmarks/endings_sides.py), where a solve comes
        # nearer to filling the table than side 5's do.
        assert abs(compiled.nodes - python["nodes"]) <= python["nodes"] // 500


def test_a_new_board_size_forgets_the_last_ones_proofs():
    eg = Endgame()
    small = ending(7, 3, 8)
    value = eg.solve(small)
    assert eg.settled(small) == value
    eg.solve(ending(100, 5, 7))
    assert eg.settled(small) is None
    assert eg.solve(small) == value


def test_bad_positions_are_refused_by_name():
    handle = endgame_module._compiled.new(Board(size=2).geometry.neighbours, 12)
    with pytest.raises(ValueError, match="not a position"):
        endgame_module._compiled.probe(handle, 1, 1, -1, 1, 0, None)
    with pytest.raises(ValueError, match="not a position"):
        endgame_module._compiled.lookup(handle, 1 << 40, 0)
    with pytest.raises(ValueError, match="neighbour"):
        endgame_module._compiled.new([[5]], 12)
    with pytest.raises(TypeError):
        endgame_module._compiled.probe(handle, 0, 0, -1, 1, 0, "not callable")


@pytest.mark.parametrize(
    ("call", "name"),
    [
        (lambda c, h: c.probe(h, 2**64 + 1, 0, -1, 1, 0, None), "me is past 64 bits"),
        (lambda c, h: c.probe(h, 0, -1, -1, 1, 0, None), "op is negative"),
        (lambda c, h: c.probe(h, 0, 0, -1, 1, 2**64, None), "node_limit is past 64 bits"),
        (lambda c, h: c.probe(h, 0, 0, -1, 1, -5, None), "node_limit is negative"),
        (lambda c, h: c.lookup(h, 1, 2**70), "op is past 64 bits"),
    ],
    ids=["me", "op", "limit", "negative limit", "lookup"],
)
def test_ints_past_64_bits_or_negative_are_refused_by_name(call, name):
    """The "K" format took them modulo 2**64: 2**64 + 1 was position 1."""
    handle = endgame_module._compiled.new(Board(size=2).geometry.neighbours, 12)
    with pytest.raises(ValueError, match=f"^{name}"):
        call(endgame_module._compiled, handle)
    with pytest.raises(TypeError, match="alpha must be an int"):
        endgame_module._compiled.probe(handle, 0, 0, 0.5, 1, 0, None)
    # Any window of ints will do, however wide.
    assert endgame_module._compiled.probe(handle, 0, 0, -(2**80), 2**80, 0, None)[2]


def fast_solver(board: Board) -> tuple[endgame_module.Fast, int, int]:
    """The compiled solver of a fresh :class:`Endgame` for ``board``'s size, and
    ``board`` as its probes take it."""
    eg = Endgame()
    eg.key(board)  # takes the board's size
    me, op = board.mover_view()[:2]
    return eg._fast, me, op


@pytest.mark.parametrize("seed", [3, 10])
def test_an_empty_window_is_refused_and_stores_nothing(seed):
    """Clamped into a one-value window, such a probe stored bounds no search had
    proved: on these two endings the solve after it returned -1 for -3."""
    board = ending(seed, 5, 8)
    value = Endgame(compiled=False).solve(board)  # as minimax's, by test_endgame.py
    eg = Endgame()
    eg.key(board)
    me, op = board.mover_view()[:2]
    for alpha, beta in [(value + 2, value + 2), (value + 3, value - 1)]:
        with pytest.raises(ValueError, match="empty window"):
            eg._fast.probe(me, op, alpha, beta, 0, None)
    assert eg.solve(board) == value


def test_a_second_thread_on_a_searching_handle_gets_runtime_error():
    """probe lets go of the interpreter while it searches; a second search on the
    same handle overran its turn pool (a heap overflow in cmp_kids)."""
    board = Board(SIXTEEN[1][0])
    fast, me, op = fast_solver(board)
    searching, release = threading.Event(), threading.Event()
    results = []

    def check() -> bool:
        searching.set()
        return release.is_set()

    thread = threading.Thread(target=lambda: results.append(fast.probe(me, op, -1, 1, 0, check)))
    thread.start()
    try:
        assert searching.wait(30)
        with pytest.raises(RuntimeError, match="one probe at a time"):
            fast.probe(me, op, -1, 1, 0, None)
        with pytest.raises(RuntimeError, match="one probe at a time"):
            fast.lookup(board, 0)  # the search writes the table without a lock
        with pytest.raises(RuntimeError, match="one probe at a time"):
            endgame_module._compiled.clear(fast.handle)
    finally:
        release.set()
        thread.join()
    ((_, nodes, finished),) = results
    assert not finished and nodes > 0  # the first search went on, and stopped when told
    small = ending(3, 5, 8)  # idle again, the handle serves the next probe
    me, op = small.mover_view()[:2]
    assert fast.probe(me, op, -100, 100, 0, None)[0] == entry("minimax", small)["value"]


def test_a_check_that_reenters_its_own_handle_gets_runtime_error():
    board = Board(SIXTEEN[0][0])
    fast, me, op = fast_solver(board)

    def reenter() -> bool:
        fast.probe(me, op, -1, 1, 0, None)
        return False

    with pytest.raises(RuntimeError, match="one probe at a time"):
        fast.probe(me, op, -1, 1, 0, reenter)
    # The same through Endgame: a stop that solves with the same solver.
    eg = Endgame()
    with pytest.raises(RuntimeError, match="one probe at a time"):
        eg.solve(board, stop=lambda: eg.solve(board) > 100)
    small = ending(3, 5, 8)
    assert eg.solve(small) == entry("minimax", small)["value"]  # still usable


def test_master_tries_exact_endings_from_16_empty_cells_where_it_serves():
    master = LEVELS["master"]
    assert master.exact_reach(Board(size=5)) == 16
    # Two or four words a board: the compiled solver serves sides 6 to 8, nearer.
    for side in range(6, 9):
        assert master.exact_reach(Board(size=side)) == WIDE_REACH == 10
        assert judge_reach(Board(size=side), Endgame()) == EXACT_EMPTIES
    assert LEVELS["expert"].exact_reach(Board(size=5)) == 0


@pytest.mark.slow
@SHARED_SIXTEEN
def test_the_analysis_judges_a_16_cell_ending_exactly(master_sixteen):
    board = Board(SIXTEEN[0][0])
    eg, _, listed = master_sixteen
    best = set(listed)
    worse = next(t for t in board.legal_turns() if t not in best)
    verdict = judge(board, worse, seconds=30, endgame=eg)
    assert verdict.exact and verdict.loss > 0 and verdict.best in best
    # The Python solver is not tried so deep: the verdict is the search's.
    assert not judge(board, worse, seconds=0.2, endgame=Endgame(compiled=False)).exact
