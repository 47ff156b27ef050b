"""A player's own puzzles (issue 14): a position becomes a puzzle only when the
solver proves it has one answer, and the pack file is written whole or not at all."""

import json

import pytest

from game.puzzles import load_pack, prove
from game.puzzles.own import FILE, NotAPuzzle, packs_folder, puzzle_from, save_own_puzzle
from game.rules import Board
from tests.helpers import shipped_packs


def shipped(goal):
    return next(p for pack in shipped_packs() for p in pack.puzzles if p.goal == goal)


@pytest.mark.parametrize("goal", ["win", "most"])
def test_a_shipped_puzzle_position_is_found_again_with_its_answer(goal):
    p = shipped(goal)
    mine = puzzle_from(Board(p.fen), 1)
    assert mine.goal == goal and prove(mine).best == prove(p).best


def test_positions_without_one_answer_are_refused_with_the_reason():
    with pytest.raises(NotAPuzzle, match="no flip"):
        puzzle_from(Board(size=4), 1)
    with pytest.raises(NotAPuzzle, match="over"):
        puzzle_from(Board("RRR/RRRR/RRRRR/RRRR/RRR r"), 1)


def test_the_pack_grows_and_numbers_its_puzzles(tmp_path):
    a, b = shipped("win"), shipped("most")
    save_own_puzzle(Board(a.fen), tmp_path)
    save_own_puzzle(Board(b.fen), tmp_path)
    path = packs_folder(tmp_path) / FILE
    pack, problems = load_pack(path, prove=True)
    assert problems == [] and [p.id for p in pack.puzzles] == ["mine-1", "mine-2"]
    assert json.loads(path.read_text())["title"] == "My puzzles"
    with pytest.raises(NotAPuzzle, match="already"):
        save_own_puzzle(Board(a.fen), tmp_path)
