"""Master's perfect play on side 3 (game.ai.side3), checked by the Python solver.

The Python solver's values of the positions with 10 to 12 empty cells come from
tests/golden/endings.json (``python -m tests.ai.endings``, from the Python solver
alone; tests/ai/test_endings_golden.py re-derives a sample)."""

from __future__ import annotations

import random
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from game.ai import side3
from game.ai.endgame import Endgame
from game.ai.levels import LEVELS, choose_turn
from game.rules import BLUE, RED, Board, Position

# The strategy's builder sits beside game/ in the checkout, and is not installed.
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tools import side3 as builder

from .endings import entry

STRATEGY = side3.strategy()
#: The builder compiles its C solver with any of these.
C_COMPILER = any(shutil.which(name) for name in ("cc", "gcc", "clang", "cl"))


def board_of(key: int) -> Board:
    """The position with key ``key``, Red to move (the mover's tiles are Red)."""
    me, op = key & (1 << side3.CELLS) - 1, key >> side3.CELLS
    red = [c for c in range(side3.CELLS) if me >> c & 1]
    blue = [c for c in range(side3.CELLS) if op >> c & 1]
    return Board(Position.from_cells(side3.SIDE, red, blue, RED))


def empties(board: Board) -> int:
    return side3.CELLS - board.count(RED) - board.count(BLUE)


def test_the_strategy_ships_and_holds_the_empty_board():
    assert STRATEGY is not None, f"{side3.DATA} is missing or unreadable"
    assert len(STRATEGY) > 1000
    # The proved result (test_endgame): Red, to move, loses by one tile.
    assert STRATEGY.value(Board(size=3)) == -1


def test_keys_are_the_same_for_mirror_images_and_swapped_colours():
    rng = random.Random(5)
    board = builder.sample(rng, 12)
    k = side3.key(board)
    for sym in range(12):
        image = Board(board.position().transformed(sym))
        assert side3.key(image) == k
    me, op = side3.cell_masks(board)
    swapped = Board(
        Position.from_cells(
            3,
            [c for c in range(19) if op >> c & 1],
            [c for c in range(19) if me >> c & 1],
            BLUE,
        )
    )
    assert side3.key(swapped) == k


def entries(empty: int) -> list[int]:
    """The strategy's keys for positions with ``empty`` empty cells."""
    low = (1 << side3.CELLS) - 1
    tiles = [(int(k) & low | int(k) >> side3.CELLS).bit_count() for k in STRATEGY.keys]
    return [int(k) for k, n in zip(STRATEGY.keys, tiles, strict=True) if n == side3.CELLS - empty]


@pytest.mark.parametrize("empty", [side3.MIN_EMPTY, 10])
def test_values_in_the_strategy_match_the_python_solver(empty):
    """The smallest positions the strategy holds, and some with 10 empty cells."""
    rng = random.Random(empty)
    # asserts-in-branch: rng.sample(..., k) gives k keys or raises
    for k in rng.sample(entries(empty), 20 if empty < 10 else 4):
        board = board_of(k)
        assert Endgame().solve(board) == STRATEGY.value(board), board.mfen()


@pytest.mark.slow
def test_values_with_12_empty_cells_match_the_python_solver():
    rng = random.Random(12)
    # asserts-in-branch: rng.sample(..., k) gives k keys or raises
    for k in rng.sample(entries(12), 3):
        board = board_of(k)
        assert entry("values", board)["value"] == STRATEGY.value(board), board.mfen()


def master_games(seed: int, master_is_red: bool):
    """Master against random turns from the empty board: each position where Master
    moves with the strategy's cover, and the turn Master played."""
    rng = random.Random(seed)
    board = Board(size=3)
    master_colour = RED if master_is_red else BLUE
    while not board.is_game_over():
        if board.mover is master_colour:
            before = board.copy()
            turn = choose_turn(board, LEVELS["master"], rng, seconds=0.05)
            yield before, turn
        else:
            turn = rng.choice(board.legal_turns())
        board.push(turn)


@pytest.mark.parametrize("master_is_red", [True, False])
def test_master_meets_no_position_the_strategy_lacks(master_is_red):
    """Whatever the opponent plays, Master's positions with 6 or more empty
    cells are in the strategy, and Master plays one of its best turns. (Master
    picks among its best turns at random, so many games try many of them.)"""
    met = 0
    for seed in range(30):
        for board, turn in master_games(seed, master_is_red):
            if empties(board) < side3.MIN_EMPTY or len(board.legal_turns()) < 2:
                continue
            best = STRATEGY.best_turns(board)
            assert best, f"not in the strategy: {board.mfen()}"
            assert turn in best
            met += 1
    assert met >= 30  # Master moved with a choice in the strategy's reach in every game


def test_master_keeps_the_exact_value_by_the_python_solver():
    """Master's turns at 10 and 11 empty cells keep the value the Python solver
    proves (golden), in games where the opponent plays at random."""
    checked = 0
    for seed in range(6):
        for board, turn in master_games(seed, seed % 2 == 0):
            if empties(board) not in (10, 11) or len(board.legal_turns()) < 2:
                continue
            value = entry("values", board)["value"]
            board.push(turn)
            assert -entry("values", board)["value"] == value, f"{turn} on {board.mfen()}"
            board.pop()
            checked += 1
    assert checked >= 6


def test_every_first_turn_master_may_take_is_answered():
    """From the empty board the strategy offers only turns after which it holds
    every reply: here the six corners, which are mirror images of one another
    (the centre keeps the value too, but the strategy answers the corner)."""
    board = Board(size=3)
    best = STRATEGY.best_turns(board)
    assert sorted(board.notation(t) for t in best) == ["a1", "a3", "c1", "c5", "e1", "e3"]
    for turn in best:
        board.push(turn)
        for reply in board.legal_turns():
            board.push(reply)
            assert STRATEGY.value(board) is not None, board.mfen()
            assert STRATEGY.best_turns(board), board.mfen()
            board.pop()
        board.pop()


def test_other_boards_and_unknown_positions_get_no_turns():
    assert STRATEGY.best_turns(Board(size=5)) == []
    # Off the strategy: Master's own tiles in a shape its play never makes.
    board = Board(Position.from_cells(3, range(7), [], RED))
    assert STRATEGY.value(board) is None
    assert STRATEGY.best_turns(board) == []


@pytest.mark.skipif(not C_COMPILER, reason="needs a C compiler")
def test_the_c_solver_agrees_with_the_python_rules_and_solver(tmp_path: Path):
    solver = builder.Solver(tmp_path)
    try:
        builder.check(solver, positions=400, solves=40, seed=11)
    finally:
        solver.close()


@pytest.fixture(scope="module")
def c_solver(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if not C_COMPILER:
        pytest.skip("needs a C compiler")
    return builder.compile_solver(tmp_path_factory.mktemp("side3") / "side3_solve")


#: The side-3 board's neighbours, as the C solver reads them first.
BOARD = builder.neighbour_lines() + "\n"
NUMBER = "must be a number from 0 to"


#: Input the C solver must refuse, and what its message says.
BAD_INPUT = [
    pytest.param("40", f'the neighbour count of cell 0 {NUMBER} 18, not "40"', id="count"),
    pytest.param(
        "3 1 2 40", f'a neighbour of cell 0 {NUMBER} 18 (a cell), not "40"', id="neighbour"
    ),
    pytest.param("1 -1", f'a neighbour of cell 0 {NUMBER} 18 (a cell), not "-1"', id="negative"),
    pytest.param("1 x", f'a neighbour of cell 0 {NUMBER} 18 (a cell), not "x"', id="not a number"),
    pytest.param("1 0", "cell 0 is given as its own neighbour", id="itself"),
    pytest.param("2 1 1", "cell 0 is given neighbour 1 twice", id="twice"),
    pytest.param(
        "1 5" + " 0" * 18,
        "cell 0 has neighbour 5, but cell 5 does not have neighbour 0",
        id="not mutual",
    ),
    pytest.param("2 1", "the input ends before a neighbour of cell 0", id="short"),
    pytest.param(
        BOARD + "turns 1048576 0",
        f'ME of turns {NUMBER} 524287 (a set of the 19 cells), not "1048576"',
        id="past the board",
    ),
    pytest.param(
        BOARD + "value 0 99999999999999999999", f"OP of value {NUMBER} 524287", id="past 64 bits"
    ),
    pytest.param(
        BOARD + "turns -1 0",
        f'ME of turns {NUMBER} 524287 (a set of the 19 cells), not "-1"',
        id="negative cells",
    ),
    pytest.param(BOARD + "value 3 1", "value: ME 3 and OP 1 overlap", id="overlap"),
    pytest.param(BOARD + "turns 7 7", "turns: ME 7 and OP 7 overlap", id="same tiles"),
    pytest.param(
        BOARD + "tree 40", f'MIN_EMPTY of tree {NUMBER} 19 (empty cells), not "40"', id="tree"
    ),
    pytest.param(BOARD + "turns 5", "the input ends before OP of turns", id="half a position"),
    pytest.param(BOARD + "solve 1 2", 'unknown command "solve"', id="command"),
]


@pytest.mark.parametrize(("text", "message"), BAD_INPUT)
def test_bad_input_stops_the_c_solver_with_a_message_naming_it(c_solver, text, message):
    """It validated nothing: an overlap or a cell past the board read out of its
    tables (a crash at best), a neighbour 40 was an undefined shift."""
    done = subprocess.run(
        [str(c_solver)], input=text + "\n", capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 2, done.stderr
    assert done.stderr.startswith("side3_solve: ") and message in done.stderr


def test_answers_given_before_bad_input_still_arrive(c_solver):
    done = subprocess.run(
        [str(c_solver)],
        input=BOARD + "turns 0 0\nturns 0 1 2\n",
        check=False,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert done.stdout.startswith("19 ")  # every cell of the empty board
    assert "unknown command" in done.stderr  # the stray "2"


@pytest.mark.parametrize(
    "content", [b"", b"not a strategy", b"PK\x03\x04 truncated zip"], ids=["empty", "text", "zip"]
)
def test_a_broken_strategy_file_is_named_and_not_used(tmp_path: Path, capsys, content):
    path = tmp_path / "side3.npz"
    path.write_bytes(content)
    assert side3.load_or_none(path) is None
    assert str(path) in capsys.readouterr().err


def test_a_strategy_file_without_the_answered_marks_is_not_used(tmp_path: Path, capsys):
    import numpy as np

    path = tmp_path / "side3.npz"
    np.savez_compressed(path, keys=STRATEGY.keys[:5], values=STRATEGY.values[:5])
    assert side3.load_or_none(path) is None
    assert "answered" in capsys.readouterr().err
