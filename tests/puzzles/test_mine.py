"""The miner's plans, sources that name their game, resuming, and exclusions."""

import subprocess
import sys

import pytest

from game.puzzles.mine import GAME_NODES, game_of, games, mine, position_key, win_candidate
from game.rules import Board


def test_plan_v1_draws_the_games_it_always_drew():
    # The shipped puzzles' sources name v1 games: the draw must never change.
    g = games(1, 566)[-1]
    assert (g.side, g.red, g.blue, g.nodes) == (4, "random", "random", GAME_NODES)
    assert g.label == "self-play seed 1 game 566: side 4, Random v Random"


def test_plan_v2_has_big_boards_and_strong_games_and_labels_that_parse_back():
    drawn = games(3, 400, "v2")
    assert {g.side for g in drawn} == {4, 5, 6, 7, 8}
    strong = [g for g in drawn if g.strong]
    assert 0.2 < len(strong) / len(drawn) < 0.4
    assert all({g.red, g.blue} <= {"club", "expert", "master"} for g in strong)
    for g in (drawn[0], strong[0], games(1, 566)[-1]):
        assert game_of(f"{g.label}, before turn 12") == (g, 12)
    assert strong[0].label.endswith("(strong play)") and strong[0].prefix.startswith("v2s3-")
    with pytest.raises(ValueError, match="not a self-play source"):
        game_of("a test")
    with pytest.raises(ValueError, match="no mining plan"):
        games(1, 1, "v9")


@pytest.mark.slow
def test_a_resumed_run_finds_what_one_run_finds_and_exclusions_hold():
    whole = mine(11, 4, plan="v1")
    first = mine(11, 2, plan="v1")
    resumed = mine(11, 4, plan="v1", start=2, found=first)
    assert [p.id for p in resumed] == [p.id for p in whole] and whole
    skip = {position_key(p) for p in first}
    rest = mine(11, 4, plan="v1", exclude=skip)
    assert not skip & {position_key(p) for p in rest}
    assert len(rest) == len(whole) - len(first)


@pytest.mark.slow
def test_the_mine_command_resumes_where_it_stopped(tmp_path):
    out = tmp_path / "mined.json"

    def run(games: int, *extra: str) -> str:
        cmd = [sys.executable, "-m", "game.puzzles", "mine", "--plan", "v1", "--seed", "11"]
        cmd += ["--games", str(games), "--workers", "1", "--out", str(out), *extra]
        done = subprocess.run(cmd, capture_output=True, text=True, check=False, timeout=300)
        assert done.returncode == 0, done.stderr
        return done.stdout

    run(2)
    assert "resuming after game 2" in run(4, "--resume")
    resumed = out.read_text()
    out.unlink()
    run(4)
    assert out.read_text() == resumed


QUIET = "1B1B/RRRBR/RB2RR/BRRBRRR/RBRBRB/BR1BB/BRRB b"  # only the placement a1 wins


def test_plan_v3_is_beginner_endings_on_every_side():
    drawn = games(5, 300, "v3")
    assert {g.side for g in drawn} == {4, 5, 6, 7, 8}
    assert all({g.red, g.blue} <= {"beginner", "random"} and not g.strong for g in drawn)
    assert sum("beginner" in (g.red, g.blue) for g in drawn) > 0.8 * len(drawn)
    assert game_of(f"{drawn[7].label}, before turn 30") == (drawn[7], 30)
    assert drawn[7].prefix == "v3s5-g8"


def test_a_quiet_placement_win_is_a_puzzle_only_where_placements_are_asked_for():
    board = Board(QUIET)
    assert board.legal_first_flips()  # flips tempt, yet none of them wins
    assert win_candidate(board, 9) is None
    turn, feats, score = win_candidate(board, 9, placements=True)
    assert not turn.is_flip and board.notation(turn) == "a1" and score > 0
    assert feats["chain"] == 0 and feats["not_biggest"]
