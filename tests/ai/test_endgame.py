"""The exact ending solver (game.ai.endgame) against plain minimax over every line.

The search's results are checked with both solvers, Python and compiled (where
it was built); what only the Python table does (its shrink, its entries) with
the Python solver. tests/ai/test_endgame_compiled.py checks that the compiled
solver searches exactly the Python solver's positions. Minimax's values of the
endings it takes seconds to search are in tests/golden/endings.json
(``python -m tests.ai.endings``, from minimax alone; tests/ai/test_endings_golden.py
re-derives a sample)."""

from __future__ import annotations

import random

import pytest

from game.ai import side3
from game.ai.baselines import greedy_turn
from game.ai.cli import main
from game.ai.endgame import COMPILED, NO_COMPILED_VARIABLE, Endgame, OutOfBudget
from game.ai.evaluate import TILE, WIN
from game.ai.search import Budget, Searcher, empty_cells
from game.rules import BLUE, RED, Board, Turn

from .brute import memo_margin, solved
from .endings import entry
from .scale import python_only, scaled

NOT_HERE = f"the compiled solver is not built here, or {NO_COMPILED_VARIABLE} is set"

#: Both solvers, for the checks of what they prove.
SOLVERS = [
    pytest.param(False, id="python", marks=python_only),
    pytest.param(
        True,
        id="compiled",
        marks=pytest.mark.skipif(not COMPILED, reason=NOT_HERE),
    ),
]


#: The tests that check both solvers against minimax on the same endings run in
#: one worker, which searches each ending's minimax once (brute.solved).
SHARED_MINIMAX = pytest.mark.xdist_group("endgame-minimax")


def ending(seed: int, size: int, empties: int) -> Board:
    """A position from a game of mixed greedy and random play, ``empties`` cells left."""
    rng = random.Random(seed)
    board = Board(size=size)
    while empty_cells(board) > empties and board.legal_turns():
        turns = board.legal_turns()
        board.push(greedy_turn(board, rng) if rng.random() < 0.5 else rng.choice(turns))
    return board


@pytest.mark.parametrize("compiled", SOLVERS)
def test_the_whole_side_2_game_matches_minimax(compiled):
    board = Board(size=2)
    assert Endgame(compiled=compiled).solve(board) == memo_margin(board, {})


@SHARED_MINIMAX
@pytest.mark.parametrize("seed", range(scaled(6, 2)))
def test_side_3_endings_from_8_empty_cells_match_minimax(seed):
    check_against_minimax(ending(seed, 3, 8))


@pytest.mark.slow
# Minimax is the cost: 68 CPU-seconds for game 1 from 11 empty cells, 31 from 10,
# where the solvers reach the same lines and branches of their Python and C code
# (coverage.py and gcov; docs/testing.md). Its values are golden: the value, and
# the value of each of the first 200 positions the Python solver's table holds.
@pytest.mark.parametrize(("seed", "empties"), [(1, 10), (3, 11)])
def test_side_3_endings_from_10_and_11_empty_cells_match_minimax(seed, empties):
    board = ending(seed, 3, empties)
    golden = entry("tables", board)
    values = {(me, op): value for me, op, value in golden["table"]}
    assert len(values) == 200  # minimax valued each of the table's first 200
    # The solver still fills its table in the order the file was made in.
    assert check_against_minimax(board, golden["value"], lambda me, op: values.get((me, op))) == 200


def check_against_minimax(board: Board, expected=None, true_value=None) -> int:
    """Each solver's value is minimax's, and the bounds the Python solver's table
    proves hold the true value of the first 200 positions in it: by default from
    minimax here, else ``expected`` and ``true_value(me, op)`` (the mover's tiles
    first; ``None`` where unknown). How many bounds it checked."""
    if expected is None or true_value is None:
        expected, memo = solved(board)

        def true_value(me: int, op: int) -> int | None:
            return memo.get((me, op, int(RED)), memo.get((op, me, 1 - int(RED))))

    eg = Endgame(compiled=False)
    assert eg.solve(board) == expected
    assert Endgame().solve(board) == expected  # compiled, where built
    assert Endgame(symmetric=True).solve(board) == expected
    # Every position met on the way has its true value too, so spot-check some
    # proved bounds in the table against minimax.
    checked = 0
    for (me, op), (lower, upper, _, _) in list(eg.table.items())[:200]:
        value = true_value(me, op)
        if value is not None:
            assert lower <= value <= upper
            checked += 1
    return checked


@SHARED_MINIMAX
@pytest.mark.parametrize("compiled", SOLVERS)
@pytest.mark.parametrize("seed", range(scaled(4, 1)))
def test_side_5_endings_match_minimax(seed, compiled):
    board = ending(100 + seed, 5, 7)
    assert Endgame(compiled=compiled).solve(board) == solved(board)[0]


@pytest.mark.slow
@pytest.mark.parametrize("compiled", SOLVERS)
@pytest.mark.parametrize(("seed", "empties"), [(100, 9), (102, 9), (102, 10)])
def test_side_5_endings_at_masters_reach_match_minimax(seed, empties, compiled):
    """Master tries the Python solver from 9 empty cells (game.ai.levels): there,
    and one beyond, the solver's value and best turns are minimax's. (The
    compiled solver's reach, 16, is beyond minimax: test_endgame_compiled.py
    checks it against the Python solver there.) Minimax's margins are golden."""
    board = ending(seed, 5, empties)
    minimax = entry("minimax", board)
    value = minimax["value"]
    eg = Endgame(compiled=compiled)
    assert eg.solve(board) == value
    best = set(eg.best_turns(board, value))
    assert len(minimax["turns"]) == len(board.legal_turns())
    for turn in board.legal_turns():
        keeps = minimax["turns"][board.notation(turn)] == value
        assert (turn in best) == keeps, turn


@SHARED_MINIMAX
@pytest.mark.parametrize("compiled", SOLVERS)
def test_best_turns_are_exactly_the_turns_that_keep_the_value(compiled):
    board = ending(7, 3, 8)
    value, memo = solved(board)
    eg = Endgame(compiled=compiled)
    assert eg.solve(board) == value
    best = eg.best_turns(board, value)
    keep = []
    for t in board.legal_turns():
        board.push(t)
        if -memo_margin(board, memo) == value:
            keep.append(t)
        board.pop()
    assert sorted(best) == sorted(keep)
    assert eg.best_turns(board, value, first_only=True) == best[:1]


@SHARED_MINIMAX
@pytest.mark.parametrize("compiled", SOLVERS)
def test_an_empty_window_is_refused(compiled):
    board = ending(3, 5, 8)
    eg = Endgame(compiled=compiled)
    for alpha, beta in [(1, 1), (2, -2)]:
        with pytest.raises(ValueError, match="empty window"):
            eg.value(board, alpha, beta)
    assert eg.solve(board) == solved(board)[0]


@python_only
def test_a_solve_that_runs_out_keeps_only_proved_bounds():
    board = ending(3, 5, 9)
    value = entry("minimax", board)["value"]  # golden: minimax took 4 CPU-seconds
    eg = Endgame(compiled=False)
    with pytest.raises(OutOfBudget):
        eg.solve(board, nodes=200)
    assert eg.table  # it proved something before it stopped
    assert eg.solve(board) == value
    spent = eg.nodes
    assert eg.solve(board) == value
    assert eg.nodes - spent <= 3  # the root's proved value is in the table


def test_symmetric_keys_are_the_same_for_mirror_images_and_swapped_colours():
    board = ending(5, 4, 20)
    eg = Endgame(symmetric=True)
    position = board.position()
    for s in range(12):
        assert eg.key(Board(position.transformed(s))) == eg.key(board)
    plain = Endgame()
    assert plain.key(board) != plain.key(Board(position.transformed(1)))


def test_the_search_plays_a_best_turn_when_it_solves_a_deeper_ending():
    board = ending(11, 3, 9)
    minimax = entry("minimax", board)  # its value, and the margin after each turn
    value = minimax["value"]
    result = Searcher().search(board, Budget(), ties=True, exact_from=16)
    assert result.exact
    expected = WIN + value * TILE if value > 0 else -WIN + value * TILE if value < 0 else 0
    assert result.score == expected
    for t in result.ties:
        assert minimax["turns"][board.notation(t)] == value
    # Without exact_from the same ending (more than 8 empty cells) is only searched.
    assert not Searcher().search(board, Budget(max_depth=2)).exact


def test_a_proved_value_is_kept_when_listing_equal_turns_runs_out():
    """Listing every turn as good as the best costs a probe each. When the budget
    ends during that list, the solve still plays the proved best turn it found
    first, instead of dropping the proof and searching."""
    board = ending(11, 3, 9)
    minimax = entry("minimax", board)  # its value, and the margin after each turn
    value = minimax["value"]
    eg = Endgame()
    eg.solve(board)
    eg.best_turns(board, value, first_only=True)
    first = eg.nodes
    eg.best_turns(board, value)
    assert eg.nodes > first + 2  # listing them all costs more than finding one
    searcher = Searcher()
    result = searcher.solve_exact(board, Budget(nodes=first + 1), ties=True)
    assert result is not None and result.exact and result.ties == [result.turn]
    margins = {t: minimax["turns"][board.notation(t)] for t in board.legal_turns()}
    assert margins[result.turn] == value
    # With room for the whole list, every equal turn is there.
    full = Searcher().solve_exact(board, Budget(), ties=True)
    assert set(full.ties) == {t for t, m in margins.items() if m == value}
    assert len(full.ties) > 1


#: The side-3 proof's leaves: positions with this many empty cells or fewer, each
#: proved by the ending solver with one null-window probe.
SIDE_3_LEAVES = 14


def holds(board: Board, bound: int, proved: set[int], eg: Endgame) -> bool:
    """Does the mover end at least ``bound`` tiles ahead? Proved as a tree: the
    mover's turn is the shipped side-3 strategy's (any turn would do: the strategy
    only points at one that works), every reply of the other player is followed,
    and every position with ``SIDE_3_LEAVES`` or fewer empty cells is proved by
    ``eg``. ``proved`` holds the positions proved so far (by symmetry class)."""
    k = side3.key(board)
    if k in proved:
        return True
    ok = None
    empty = side3.CELLS - board.count(RED) - board.count(BLUE)
    if empty > SIDE_3_LEAVES and not board.is_game_over():
        board.push(strategy_turn(board))
        replies = board.legal_turns()
        if replies:  # (a turn that ends the game is left to the solver)
            ok = all(holds_after(board, reply, bound, proved, eg) for reply in replies)
        board.pop()
    if ok is None:
        ok = eg.value(board, bound - 1, bound) >= bound
    if ok:
        proved.add(k)
    return ok


def holds_after(board: Board, turn: Turn, bound: int, proved: set[int], eg: Endgame) -> bool:
    board.push(turn)
    try:
        return holds(board, bound, proved, eg)
    finally:
        board.pop()


def strategy_turn(board: Board) -> Turn:
    """A turn the side-3 strategy holds to keep ``board``'s value."""
    strategy = side3.strategy()
    assert strategy is not None, f"{side3.DATA} is missing or unreadable"
    best = strategy.best_turns(board)
    assert best, f"not in the strategy: {board.mfen()}"
    return best[0]


@pytest.mark.slow
def test_the_empty_side_3_board_is_a_loss_by_one_tile_for_red():
    """The perfect-play result of ``docs/ai-endings.md``, as two proof trees: Red
    can hold Blue to one tile, and after every first turn of Red's, Blue can end
    at least one tile ahead. The shipped strategy picks the prover's turns, so
    only one turn of the prover's is searched at each of its positions; every
    reply is followed, and the ending solver proves the leaves. (A search of the
    whole tree with the Python solver proved the same in over 180 CPU-seconds.)"""
    eg = Endgame()
    board = Board(size=3)
    assert holds(board, -1, set(), eg)  # Red loses by no more than one tile
    proved: set[int] = set()  # Red cannot draw or win:
    for first in board.legal_turns():
        assert holds_after(board, first, 1, proved, eg), board.notation(first)


def test_the_solve_command_gives_the_result_and_every_turns(capsys):
    assert main(["solve", "--size", "2", "--turns"]) == 0
    lines = capsys.readouterr().out.splitlines()
    margin = memo_margin(Board(size=2), {})
    assert lines[0].startswith(f"Red to move loses by {-margin} tiles")
    rows = [line.split() for line in lines[2:]]
    assert len(rows) == len(Board(size=2).legal_turns()) == 7
    assert all(int(row[1]) <= margin for row in rows)
    assert any(row[2] == "best" for row in rows)


def test_the_solve_command_names_a_bad_position(capsys):
    with pytest.raises(SystemExit):
        main(["solve", "RRR/x r"])
    assert "bad position" in capsys.readouterr().err


@python_only
def test_a_full_table_keeps_the_costly_half_and_what_is_proved_above_it():
    """When the table fills up mid-solve, the cheaper half goes; the results the
    solve proves afterwards, at the root too, still land in the table."""
    board = ending(3, 5, 9)
    value = entry("minimax", board)["value"]  # golden: minimax took 4 CPU-seconds
    eg = Endgame(table_limit=400, compiled=False)
    assert eg.solve(board) == value
    assert eg.nodes > 2_000 and 200 <= len(eg.table) <= 400  # it was shrunk, by half
    assert eg.settled(board) == value


@python_only
def test_a_stop_during_a_big_shrink_ends_the_solve_and_keeps_the_table_whole():
    """Dropping half of a big table takes a good part of a second: a player's
    request that stops a ponder must not wait for it."""
    eg = Endgame(table_limit=100_000, compiled=False)
    eg.table = {(i, 0): (0, 1, None, i % 7) for i in range(100_000)}
    eg.limit(stop=lambda: True)
    with pytest.raises(OutOfBudget):
        eg._shrink()
    assert len(eg.table) == 100_000
    eg.limit()
    eg._shrink()
    assert len(eg.table) == 50_000
    assert min(e[3] for e in eg.table.values()) >= 3  # the costlier half stays


@python_only
def test_a_solver_that_moves_to_another_board_size_forgets_the_last_one():
    """The worker's solver sees every game: the same bits are another position
    on another board size, so nothing proved on one size may answer on another."""
    eg = Endgame(compiled=False)
    small = ending(7, 3, 8)
    value = eg.solve(small)
    assert eg.settled(small) == value and len(eg.table) > 1
    proved = set(eg.table)
    eg.solve(ending(100, 5, 7))
    assert eg.table and not proved & set(eg.table)
    assert eg.solve(small) == value


@python_only
def test_a_turn_already_proved_good_enough_ends_the_position_without_a_search():
    """Enhanced transposition cutoff: when the table proves that one of the
    mover's turns reaches at least the window's top, the position looks no
    further than the table."""
    board = ending(5, 5, 8)
    value = entry("minimax", board)["value"]  # golden: minimax took 4 CPU-seconds
    eg = Endgame(compiled=False)
    for turn in board.legal_turns():
        board.push(turn)
        eg.solve(board)  # every position after a turn, proved
        board.pop()
    assert eg.settled(board) is None
    before = eg.nodes
    assert eg.value(board, value - 1, value) >= value
    assert eg.nodes - before == 1  # the position itself, and no turn searched
    assert eg.table[eg.key(board)][0] == value  # the proved lower bound is kept
    # Without a proof that good, the turns are searched as before.
    fresh = Endgame(compiled=False)
    assert fresh.value(board, value - 1, value) >= value
    assert fresh.nodes > 1


def test_turns_that_leave_the_opponent_fewest_replies_are_tried_first():
    """Fastest first: with an empty table, the solver's order follows how many
    placements and candidate flips the opponent has after each turn."""
    board = ending(11, 5, 12)
    eg = Endgame()

    def replies(turn) -> int:
        board.push(turn)
        try:
            _, theirs, my_groups, _ = board.mover_view()
            once = twice = 0
            for _, reach in my_groups:
                twice |= once & reach
                once |= reach
            # its placements, and each tile of the other side touching two of its groups
            return len(board.legal_placements()) + (theirs & twice).bit_count()
        finally:
            board.pop()

    order = [replies(t) for t in eg.ordered_turns(board)]
    assert len(order) > 5 and len(set(order)) > 1
    assert order == sorted(order)
