"""The puzzle library without a screen: the packs read once (in a thread or on first
look), the player's own pack beside them, and what cannot be read told once."""

import json
from pathlib import Path

from game.play.progress import Progress
from game.play.puzzle_library import PuzzleLibrary
from game.puzzles.own import save_own_puzzle
from game.rules import Board
from tests.helpers import CHAIN, write_packs


def library(tmp_path, told):
    return PuzzleLibrary(write_packs(tmp_path / "packs"), tmp_path / "data", told.append)


def test_the_packs_are_read_once_in_the_background_and_the_broken_one_named(tmp_path):
    told: list[str] = []
    lib = library(tmp_path, told)
    lib.preload().join(timeout=60)
    assert [p.id for p in lib.packs] == ["test"] and len(lib.packs[0].puzzles) == 2
    assert lib.packs is lib.packs  # read once, not on every look
    assert [Path(p.file).name for p in lib.problems] == ["02-broken.json"]
    assert told == []  # a broken pack is listed in the browser, not told as news


def test_the_players_own_pack_comes_after_the_shipped_ones_and_a_reload_sees_it(tmp_path):
    lib = library(tmp_path, [])
    assert [p.id for p in lib.packs] == ["test"]
    save_own_puzzle(Board(CHAIN), lib.data)
    assert [p.id for p in lib.packs] == ["test"]  # until told to read again
    lib.reload()
    ids = [p.id for p in lib.packs]
    assert ids[0] == "test" and len(ids) == 2 and len(lib.packs[1].puzzles) == 1


def test_progress_is_saved_and_unreadable_progress_is_told_once(tmp_path):
    told: list[str] = []
    lib = library(tmp_path, told)
    assert isinstance(lib.progress, Progress) and told == []
    lib.progress.stars["test/p1"] = 3
    lib.save()
    assert json.loads((lib.data / "puzzles.json").read_text())["stars"] == {"test/p1": 3}
    (lib.data / "puzzles.json").write_text("[1, 2]")
    again = library(tmp_path, told)
    assert again.progress.stars == {}
    again.load()  # a second look reads nothing again and tells nothing again
    assert len(told) == 1 and "could not be read" in told[0]
