"""tools/train_patterns.py: a tiny run end to end, resumed, refused when its
settings change; and its fit's features are the evaluation's own sum."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

from game.ai import patterns
from game.ai.endgame import Endgame
from game.ai.evaluate import DEFAULT, evaluate, leaf_terms
from game.ai.patterns import OFF, Patterns
from game.ai.search import empty_cells
from game.rules import RED, Board, Position
from tools import train_patterns as tp

TINY = ["--shards", "2", "--games", "1", "--workers", "1", "--sides", "4"]
TINY += ["--nodes", "500", "--label-depth", "2", "--label-nodes", "3000", "--exact", "6"]


def board_of(side: int, digits: np.ndarray) -> Board:
    """The position a row holds, the mover as Red (the digits are the mover's view)."""
    cells = tp.side_cells(side)
    return Board(Position.from_array(digits[:cells].astype(np.int8), RED))


def test_a_tiny_run_plays_labels_fits_and_resumes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
):
    data, weights = tmp_path / "data", tmp_path / "w.npz"
    assert (
        tp.main(["run", "--data", str(data), *TINY, "--stages", "2", "--weights", str(weights)])
        == 0
    )
    out = capsys.readouterr().out
    assert "2 of 2 shards to play" in out and "held back" in out
    assert "old evaluation mean error" in out and "pattern evaluation mean error" in out
    assert sorted(p.name for p in data.iterdir()) == [
        "settings.json",
        "shard-00001.npz",
        "shard-00002.npz",
    ]
    rows = tp.load(data)
    assert len(rows["label"]) > 5 and set(rows["side"]) == {4}
    for i in range(len(rows["label"])):
        board = board_of(4, rows["digits"][i])
        assert rows["old"][i] == evaluate(board, DEFAULT)
        assert tuple(rows["terms"][i]) == leaf_terms(board)[1:6]
        if rows["exact"][i] and empty_cells(board) <= 6:
            assert rows["label"][i] == Endgame().solve(board)
    fitted = Patterns.load(weights)
    assert fitted.stages == 2 and "fit to" in fitted.note
    # Run again: every shard is there, none is played again.
    assert tp.main(["generate", "--data", str(data), *TINY]) == 0
    assert "0 of 2 shards to play" in capsys.readouterr().out
    # A second folder's shards fit with the first's.
    assert tp.main(["fit", "--data", str(data), "--also", str(data), "--stages", "1"]) == 0
    assert f"{2 * len(rows['label'])} positions of 4 games" in capsys.readouterr().out
    # Other settings are not mixed into the same folder.
    assert tp.main(["generate", "--data", str(data), *TINY, "--keep", "0.5"]) == 2
    assert "made with other settings" in capsys.readouterr().err


def test_a_shard_that_cannot_be_read_is_named_and_left_out(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
):
    assert tp.main(["generate", "--data", str(tmp_path), *TINY]) == 0
    (tmp_path / "shard-00003.npz").write_bytes(b"broken")
    rows = tp.load(tmp_path)
    assert len(rows["label"]) > 0
    assert "shard-00003.npz: left out" in capsys.readouterr().err


def synthetic(count: int, seed: int) -> dict[str, np.ndarray]:
    """Rows as the tool stores them, of random positions of sides 3 to 8."""
    rng = random.Random(seed)
    rows: dict[str, list[object]] = {k: [] for k in tp.COLUMNS}
    while len(rows["label"]) < count:
        side = rng.randint(3, 8)
        board = Board(size=side)
        target = int(board.geometry.cells * rng.uniform(0.0, 0.95))
        # One list of turns a turn (random play costs most of this test): the
        # same draws, so the same positions, as asking twice.
        while empty_cells(board) > target and (turns := board.legal_turns()):
            board.push(rng.choice(turns))
        t = leaf_terms(board)
        if t is None:
            continue
        digits = patterns.states(board)[:-1]
        rows["side"].append(side)
        rows["digits"].append(np.pad(digits, (0, tp.WIDTH - len(digits)), constant_values=OFF))
        rows["terms"].append(t[1:6])
        rows["old"].append(evaluate(board))
        rows["label"].append(0.0)
        rows["exact"].append(False)
        rows["game"].append(len(rows["game"]))
    return {
        k: np.array(v, dtype=tp.COLUMNS[k]).reshape(tp._shape(k, count)) for k, v in rows.items()
    }


def test_the_fits_scores_are_the_evaluations_own():
    data = synthetic(60, 1)
    rng = np.random.default_rng(0)
    weights = Patterns(
        rng.integers(-40_000, 40_000, (3, patterns.class_count())),
        rng.integers(-40_000, 40_000, (3, 5)),
    )
    found = tp.scores(weights, data, np.arange(60))
    for i in range(60):
        board = board_of(int(data["side"][i]), data["digits"][i])
        assert found[i] == weights.evaluate(board)


def test_the_fit_recovers_labels_that_a_pattern_evaluation_made():
    # Labels made by an evaluation with few weights: the fit must find weights
    # that give them back on the positions it saw (but for the rounding), and
    # come close on others (where it meets classes it never saw).
    data = synthetic(700, 2)
    rng = np.random.default_rng(3)
    pattern = np.zeros((1, patterns.class_count()), dtype=np.int64)
    pattern[0, :40] = rng.integers(-20_000, 20_000, 40)  # centre-and-ring classes
    truth = Patterns(pattern, rng.integers(-20_000, 20_000, (1, 5)))
    data["label"] = tp.scores(truth, data, np.arange(700)) / 100
    train, held = np.arange(600), np.arange(600, 700)
    fitted = tp.fit(data, train, stages=1, ridge=1e-3)
    seen = np.abs(tp.scores(fitted, data, train) / 100 - data["label"][train]).mean()
    unseen = np.abs(tp.scores(fitted, data, held) / 100 - data["label"][held]).mean()
    assert seen < 0.05, seen  # in tiles
    assert unseen < 0.1 * np.abs(data["label"][held]).mean(), unseen
