"""Every shipped puzzle, re-proved, and the promises the packs make as a set."""

import hashlib
import random
import statistics
import subprocess
import sys

import pytest

from game import paths
from game.puzzles import prove
from game.puzzles.solve import analyse_flips
from game.rules import Board


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


#: The first five packs as players have known them since version 0.1: their
#: progress is kept by pack id and puzzle id, so these must never change.
FIRST_FIVE = {
    "first-chains": (30, "1cda751195574d28"),
    "pick-the-start": (30, "b3e58ba6241bc170"),
    "endgame-wins": (24, "2e406aef7460147f"),
    "order-matters": (30, "e333ba708799e204"),
    "master-class": (35, "a6534e585068c676"),
}


def ids_digest(pack) -> str:
    return hashlib.sha256(" ".join(p.id for p in pack.puzzles).encode()).hexdigest()[:16]


def test_the_first_five_packs_keep_their_ids_so_progress_stays(shipped):
    first = {pack.id: (len(pack.puzzles), ids_digest(pack)) for pack in shipped[:5]}
    assert first == FIRST_FIVE


def test_a_thousand_proven_puzzles_a_quarter_of_them_wins_on_sides_4_to_8(shipped):
    puzzles = [p for pack in shipped for p in pack.puzzles]
    assert len(puzzles) >= 1000
    assert sum(p.goal == "win" for p in puzzles) >= 250
    assert {Board(p.fen).size for p in puzzles} == {4, 5, 6, 7, 8}
    for p in puzzles:
        assert p.source.startswith("self-play ") and "before turn" in p.source
    strong = [p for p in puzzles if "(strong play)" in p.source]
    assert len(strong) >= 30  # a share from games between the stronger levels


def test_packs_climb_in_difficulty(shipped):
    from game.puzzles.curate import MORE_PACKS

    for group in (shipped[:5], [pack for pack in shipped if pack.id in MORE_PACKS]):
        means = [statistics.mean(p.rating for p in pack.puzzles) for pack in group]
        assert means == sorted(means)
    for pack in shipped:
        ratings = [p.rating for p in pack.puzzles]
        assert ratings == sorted(ratings), pack.id


def test_no_position_twice_even_mirrored_or_with_colours_swapped(shipped):
    keys = [Board(p.fen).position().canonical().mfen() for pack in shipped for p in pack.puzzles]
    assert len(keys) == len(set(keys))


def test_in_the_harder_first_packs_the_order_matters(shipped):
    most = [(pack, p) for pack in shipped[2:5] for p in pack.puzzles if p.goal == "most"]
    assert len(most) >= 10, [pack.id for pack in shipped[2:5]]
    for pack, p in most:
        assert analyse_flips(Board(p.fen)).order_matters(), f"{pack.id} {p.id}"


def test_every_added_pack_holds_only_what_its_rule_lets_in(shipped):
    from game.puzzles.curate import MORE_PACKS

    added = shipped[5:]
    assert added and all(pack.id in MORE_PACKS for pack in added)
    for pack in added:
        _, _, wants = MORE_PACKS[pack.id]
        assert all(wants(p) for p in pack.puzzles), pack.id


#: The quick run proves a seeded sample; the slow run (CI) proves every puzzle.
SAMPLE_SEED, SAMPLE = 2026, 40


def test_stored_counts_match_a_fresh_proof_on_a_seeded_sample(shipped):
    rng = random.Random(SAMPLE_SEED)
    chosen = [rng.choice(pack.puzzles) for pack in shipped]  # one from every pack
    chosen += rng.sample([p for pack in shipped for p in pack.puzzles], SAMPLE)
    assert {p.goal for p in chosen} == {"most", "win"}
    for p in chosen:
        proof = prove(p)
        assert proof.best == p.best
        if p.goal == "win":
            assert proof.margin == p.margin > 0


def replays(p) -> None:
    from game.puzzles.mine import game_of, replay

    game, turn = game_of(p.source)
    assert p.source.startswith(game.label)
    position = next(b for n, b in replay(game) if n == turn)
    assert position.mfen() == p.fen


def test_sources_replay_to_the_puzzle_position(shipped):
    puzzles = [p for pack in shipped for p in pack.puzzles if "(strong play)" not in p.source]
    for plan in ("self-play seed", "self-play v2", "self-play v3"):
        of_plan = [p for p in puzzles if p.source.startswith(plan)]
        assert of_plan, plan
        for p in of_plan[:: max(1, len(of_plan) // 2)]:
            replays(p)


@pytest.mark.slow
def test_a_strong_play_source_replays_too(shipped):
    strong = [p for pack in shipped for p in pack.puzzles if "(strong play)" in p.source]
    replays(min(strong, key=lambda p: (Board(p.fen).size, p.id)))


def test_a_source_played_by_club_replays_though_the_levels_were_retuned(shipped):
    # The miner's games replay with the levels as they first stood
    # (game/ai/first_levels.py), not with the re-tuned ladder's.
    from game.puzzles.mine import game_of

    def club_at(p) -> int:
        if "(strong play)" in p.source:
            return 99
        game, turn = game_of(p.source)
        return turn if "club" in (game.red, game.blue) else 99

    chosen = min((p for pack in shipped for p in pack.puzzles), key=club_at)
    assert club_at(chosen) < 99
    replays(chosen)
