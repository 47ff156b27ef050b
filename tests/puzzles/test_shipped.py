"""Every shipped puzzle, re-proved, and the promises the packs make as a set."""

import statistics
import subprocess
import sys

import pytest

from game import paths
from game.puzzles import load_packs, prove
from game.puzzles.solve import analyse_flips
from game.rules import Board


@pytest.fixture(scope="module")
def shipped():
    packs, problems = load_packs(paths.puzzles(), prove=False)
    assert problems == []
    return packs


@pytest.mark.slow
def test_verify_command_reproves_every_puzzle():
    out = subprocess.run(
        [sys.executable, "-m", "game.puzzles", "verify", str(paths.puzzles())],
        capture_output=True,
        text=True,
        check=False,
    )
    assert out.returncode == 0, out.stdout + out.stderr
    assert out.stdout.strip().endswith("0 problems")


def test_enough_puzzles_in_enough_packs(shipped):
    puzzles = [p for pack in shipped for p in pack.puzzles]
    assert len(shipped) >= 4 and len(puzzles) >= 120
    assert sum(p.goal == "win" for p in puzzles) >= 40
    assert {Board(p.fen).size for p in puzzles} >= {4, 5, 6}
    for p in puzzles:
        assert p.source.startswith("self-play seed ") and "before turn" in p.source


def test_packs_climb_in_difficulty(shipped):
    means = [statistics.mean(p.rating for p in pack.puzzles) for pack in shipped]
    assert means == sorted(means)
    for pack in shipped:
        ratings = [p.rating for p in pack.puzzles]
        assert ratings == sorted(ratings), pack.id


def test_no_position_twice_even_mirrored_or_with_colours_swapped(shipped):
    keys = [Board(p.fen).position().canonical().mfen() for pack in shipped for p in pack.puzzles]
    assert len(keys) == len(set(keys))


def test_in_the_harder_packs_the_order_matters(shipped):
    for pack in shipped[2:]:
        for p in pack.puzzles:
            if p.goal == "most":
                assert analyse_flips(Board(p.fen)).order_matters(), f"{pack.id} {p.id}"


def test_stored_counts_match_a_fresh_proof(shipped):
    for pack in shipped:
        for p in pack.puzzles[:: max(1, len(pack.puzzles) // 5)]:
            proof = prove(p)
            assert proof.best == p.best
            if p.goal == "win":
                assert proof.margin == p.margin > 0


def test_sources_replay_to_the_puzzle_position(shipped):
    from game.puzzles.mine import game_of, replay

    puzzles = [p for pack in shipped for p in pack.puzzles]
    for p in puzzles[:: max(1, len(puzzles) // 4)]:
        game, turn = game_of(p.source)
        assert p.source.startswith(game.label)
        position = next(b for n, b in replay(game) if n == turn)
        assert position.mfen() == p.fen
