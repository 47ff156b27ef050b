"""The pattern evaluation (game/ai/patterns.py) and its compiled twin (_patterns.h).

Random weights (not the shipped ones) reach every entry a position can touch,
so the compiled sum is checked against the Python one on random positions of
every side the game offers, leaf for leaf and through whole searches; the
evaluation is the same under the board's twelve symmetries; a bad weights
file is refused with a message naming what is wrong."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from game.ai import fastsearch, patterns
from game.ai.patterns import PatternError, Patterns
from game.ai.search import INF, Budget, Searcher, empty_cells
from game.rules import Board, TurnKind

from .scale import scaled

SIDES = range(3, 9)
compiled_only = pytest.mark.skipif(
    not fastsearch.COMPILED, reason="the compiled search is not built"
)


def random_weights(seed: int, stages: int = 4, scale: int = 50_000) -> Patterns:
    rng = np.random.default_rng(seed)
    return Patterns(
        rng.integers(-scale, scale, (stages, patterns.class_count())),
        rng.integers(-scale, scale, (stages, len(patterns.TERMS))),
    )


def position(seed: int, size: int, low: float = 0.0, high: float = 0.95) -> Board:
    """A position of random play, anywhere from the empty board to the ending."""
    rng = random.Random(seed * 100 + size)
    board = Board(size=size)
    target = int(board.geometry.cells * rng.uniform(low, high))
    while empty_cells(board) > target and board.legal_turns():
        board.push(rng.choice(board.legal_turns()))
    return board


def test_the_shapes_classes_join_exactly_the_symmetric_copies():
    # The centre and its ring: 3**7 positions of digits 0 to 2 fall into the
    # classes Burnside's lemma counts for the twelve symmetries of a ring of six.
    ids, count = patterns.classes(patterns.HEX7)
    inner = [i for i in range(4**7) if all((i >> (2 * j)) & 3 != 3 for j in range(7))]
    assert len({int(ids[i]) for i in inner}) == 3 * 92  # 92 necklaces of 6 beads in 3 colours
    ids, count = patterns.classes(patterns.LINE5)
    assert count == (4**5 + 4**3) // 2  # a line and its reverse


@pytest.mark.parametrize("size", range(2, 11))
def test_the_evaluation_is_the_same_under_the_boards_twelve_symmetries(size):
    weights = random_weights(size)
    for seed in range(6):
        board = position(seed, size)
        value = weights.evaluate(board)
        images = {weights.evaluate(Board(board.position().transformed(k))) for k in range(12)}
        assert images == {value}, board.mfen()


def test_a_position_the_mover_is_stuck_in_is_no_leaf_as_in_the_classic_evaluation():
    weights = random_weights(1)
    stuck = Board("3/4/RBRBR/4/3 b")
    from game.ai.evaluate import leaf

    for board in (stuck, position(3, 4, 0.0, 0.05), Board(size=5)):
        assert (weights.leaf(board) is None) == (leaf(board) is None)
        if weights.leaf(board) is not None:
            assert weights.leaf(board) == weights.evaluate(board)


def test_the_sum_is_the_weights_the_position_reads():
    # One weight per class, every other 0: the empty side-3 board reads each
    # copy's class once, so the score counts the copies of those classes.
    stages, count = 2, patterns.class_count()
    pattern = np.zeros((stages, count), dtype=np.int64)
    terms = np.zeros((stages, 5), dtype=np.int64)
    board = Board(size=3)
    digits = patterns.states(board)
    hex_ids, _ = patterns.classes(patterns.HEX7)
    centre_index = patterns.indices(digits, 3)[0][9]  # cell 9: the centre, all ring empty
    assert centre_index == 0
    pattern[1, hex_ids[0]] = 10_000  # a tile's worth for each hex7 copy reading all empty
    stage = patterns.stage_of(19, 19, stages)
    assert stage == 1
    assert Patterns(pattern, terms).evaluate(board) == 100 * 7  # the centre and its ring only


@compiled_only
@pytest.mark.parametrize("size", SIDES)
def test_the_compiled_leaf_is_the_python_leaf_on_random_positions(size):
    # (Every weights seed and every stage count: 5 and 6 make 30.)
    # asserts-in-branch: scaled() gives at least one position
    for seed in range(scaled(60, 30)):
        weights = random_weights(seed % 5, stages=1 + seed % 6)
        board = position(seed, size)
        scores = [
            Searcher(weights=weights, compiled=c).negamax(board, 0, -INF, INF, False)
            for c in (False, True)
        ]
        assert scores[0] == scores[1], board.mfen()


@compiled_only
@pytest.mark.parametrize("size", SIDES)
def test_the_compiled_search_is_the_python_search_with_pattern_weights(size):
    weights = random_weights(size)
    # asserts-in-branch: range(8), range(4) or range(2), never empty
    for seed in range(scaled(8 if size < 7 else 4, 2)):
        board = position(seed, size, 0.1, 0.9)
        found = []
        for compiled in (False, True):
            r = Searcher(weights=weights, compiled=compiled).search(
                board, Budget(max_depth=2), solve=False, ties=True
            )
            found.append((r.turn, r.score, r.nodes, list(r.scores.items()), r.ties))
        assert found[0] == found[1], board.mfen()


@compiled_only
@pytest.mark.parametrize("size", SIDES)
def test_the_compiled_search_carries_each_leafs_copies_to_the_next_across_stages(size):
    # The compiled search changes only the copies of the cells one leaf differs
    # in from the one before (_patterns.h); with 16 stages, one placement more
    # or less often crosses a stage, so the sum is also read afresh at another
    # stage; the smaller boards one ply deeper, where cousins differ in more cells.
    weights = random_weights(size + 100, stages=16)
    depth = 3 if size < 5 else 2
    # asserts-in-branch: range(4) or range(2), never empty
    for seed in range(scaled(4, 2)):
        board = position(seed + 50, size, 0.05, 0.95)
        assert_same_search(board, weights, depth)


def assert_same_search(board: Board, weights: Patterns, depth: int) -> None:
    """The Python and the compiled search find the same turn, scores, ties and
    positions searched on ``board`` to ``depth``."""
    found = []
    for compiled in (False, True):
        r = Searcher(weights=weights, compiled=compiled).search(
            board, Budget(max_depth=depth), solve=False, ties=True
        )
        found.append((r.turn, r.score, r.nodes, list(r.scores.items()), r.ties))
    assert found[0] == found[1], board.mfen()


def before_a_pass(seed: int, size: int) -> Board:
    """A position of random play whose next mover, after some turn, must pass."""
    rng = random.Random(seed * 100 + size)
    board, before = Board(size=size), None
    while board.legal_turns():
        if board.legal_turns()[0].kind == TurnKind.PASS:
            assert before is not None
            return before
        before = board.copy()
        board.push(rng.choice(board.legal_turns()))
    return before_a_pass(seed + 1000, size)  # the game ended without a pass


@compiled_only
@pytest.mark.parametrize("size", [4, 5])
def test_the_compiled_search_scores_the_leaf_after_a_pass_afresh(size):
    # After a pass the leaf is the other player's: every tile's digit changes
    # at once, past what the compiled search changes copy by copy.
    weights = random_weights(size + 200)
    # asserts-in-branch: range(3) or range(1), never empty
    for seed in range(scaled(3, 1)):
        board = before_a_pass(seed, size)
        for depth in (1, 2):
            assert_same_search(board, weights, depth)


@compiled_only
def test_the_compiled_module_refuses_weights_for_another_side_or_malformed():
    lib = fastsearch.FastSearch(10).lib
    weights = random_weights(0)
    handle = lib.new(5, 100)
    empty = bytes(32)
    with pytest.raises(ValueError, match="made for side 6, not 5"):
        lib.negamax(handle, empty, empty, 0, 0, -1, 1, False, weights.compiled(6, lib), -1, None)
    # One one-digit shape on a1 (bit 2: bit 0 is off the side-3 board), weights 0.
    good = lib.patterns(3, 1, [(1, 1)], b"\x02", bytes(16), [0] * 5)
    assert lib.negamax(lib.new(3, 10), empty, empty, 0, 0, -INF, INF, False, good, -1, None)[0] == 0
    for args, message in (
        ((3, 0, [(1, 1)], b"\x02", bytes(16), [0] * 5), "stages"),
        ((3, 1, [(1, 2)], b"\x02", bytes(16), [0] * 5), "one byte for each digit"),
        ((3, 1, [(1, 1)], b"\x00", bytes(16), [0] * 5), "off this board"),
        ((3, 1, [(1, 1)], b"\x02", bytes(12), [0] * 5), "table"),
        ((3, 1, [(1, 1)], b"\x02", bytes(16), [0] * 4), "terms"),
        ((3, 1, [(1, 1)], b"\x02", b"\xff\xff\xff\x7f" + bytes(12), [0] * 5), "within"),
        ((9, 1, [(1, 1)], b"\x02", bytes(16), [0] * 5), "sides 2 to 8"),
    ):
        with pytest.raises(ValueError, match=message):
            lib.patterns(*args)


def test_weights_survive_a_save_and_load(tmp_path: Path):
    weights = random_weights(2, stages=3)
    path = tmp_path / "w.npz"
    weights.save(path)
    loaded = Patterns.load(path)
    assert np.array_equal(loaded.pattern, weights.pattern)
    assert np.array_equal(loaded.terms, weights.terms)
    board = position(1, 6)
    assert loaded.evaluate(board) == weights.evaluate(board)
    assert [p.name for p in tmp_path.iterdir()] == ["w.npz"]  # no temporary file left


def test_a_bad_weights_file_is_refused_naming_what_is_wrong(tmp_path: Path):
    path = tmp_path / "w.npz"
    path.write_bytes(b"not a zip")
    with pytest.raises(PatternError, match="cannot be read"):
        Patterns.load(path)
    good = random_weights(0, stages=2)
    for change, message in (
        ({"format": np.array(99)}, "format 99"),
        ({"shapes": np.array(["hex7:other"])}, "shapes are not"),
        ({"pattern": np.zeros((2, 5), dtype=np.int32)}, "shape"),
        ({"terms": np.zeros((2, 4), dtype=np.int32)}, "term weights have shape"),
        ({"pattern": np.full((2, patterns.class_count()), 2.5)}, "not whole numbers"),
        ({"terms": np.full((2, 5), 10**7, dtype=np.int64)}, "past 1,000,000"),
    ):
        good.save(path)
        with np.load(path) as data:
            fields = {k: data[k] for k in data.files}
        fields.update(change)
        np.savez(path, **fields)
        with pytest.raises(PatternError, match=message):
            Patterns.load(path)
    np.savez(path, format=np.array(1))
    with pytest.raises(PatternError, match="lacks"):
        Patterns.load(path)


def test_the_shipped_weights_load_and_score_alike_in_python_and_compiled():
    from game.ai.checks import check_patterns

    assert patterns.shipped() is not None
    line = check_patterns()
    assert line.startswith("patterns: patterns.npz (") and "tiles" in line, line


def test_the_smoke_check_fails_naming_a_missing_weights_file(monkeypatch, tmp_path):
    from game.ai import checks

    monkeypatch.setattr(checks, "PATTERN_DATA", tmp_path / "patterns.npz")
    with pytest.raises(RuntimeError, match=r"patterns\.npz: cannot be read"):
        checks.check_patterns()


def test_the_command_line_engine_plays_with_the_weights_it_is_given(tmp_path):
    root = Path(__file__).resolve().parents[2]
    command = [sys.executable, "-m", "game.ai", "--level", "Club", "--movetime", "0.05"]
    random_weights(4).save(tmp_path / "w.npz")
    for weights in (str(tmp_path / "w.npz"), "classic"):
        done = subprocess.run(
            [*command, "--weights", weights],
            input="4/5/6/7/6/5/4 r\n",
            capture_output=True,
            text=True,
            cwd=root,
            check=True,
            timeout=60,
        )
        board = Board("4/5/6/7/6/5/4 r")
        assert board.parse_turn(done.stdout.strip()) in board.legal_turns()
    (tmp_path / "bad.npz").write_bytes(b"no")
    refused = subprocess.run(
        [*command, "--weights", str(tmp_path / "bad.npz")],
        input="",
        capture_output=True,
        text=True,
        cwd=root,
        check=False,
    )
    assert refused.returncode == 2 and "bad.npz: cannot be read" in refused.stderr
