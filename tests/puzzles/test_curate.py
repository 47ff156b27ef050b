"""Curation: spacing within a game, spreading over ratings, the pack rules, and
packs added after the shipped ones without touching them."""

import itertools
import shutil
import subprocess
import sys
from collections import Counter

from game import paths
from game.puzzles import load_packs
from game.puzzles.curate import (
    MIN_TURN_GAP,
    MORE_PACKS,
    MORE_PER_GAME,
    MORE_PER_PACK,
    PER_GAME,
    curate,
    expand,
    game_and_turn,
    spaced,
    spread,
)
from game.puzzles.mine import position_key
from game.puzzles.pack import Pack, Puzzle, write_pack


def fake(game: int, turn: int, goal: str = "most", rating: int = 1000, order: bool = False):
    return Puzzle(
        id=f"s1-g{game}-t{turn}-{goal}",
        fen="x",
        goal=goal,
        solution="xa1",
        rating=rating,
        themes=(),
        source="test",
        features={"order_matters": order},
    )


def test_spacing_keeps_few_puzzles_far_apart_per_game():
    kept = spaced([fake(1, t) for t in range(1, 30)])
    turns = [int(p.id.split("-")[2][1:]) for p in kept]
    assert len(kept) == PER_GAME
    assert all(b - a >= MIN_TURN_GAP for a, b in itertools.pairwise(turns))


def test_spread_takes_the_whole_rating_range():
    pool = [fake(g, 1, rating=500 + 10 * g) for g in range(100)]
    picked = spread(pool, 5)
    assert [p.rating for p in picked] == [500, 750, 1000, 1240, 1490]


def test_curated_packs_climb_and_hard_packs_need_order():
    mined = [fake(g, 10, rating=600 + g) for g in range(80)]
    mined += [fake(100 + g, 10, rating=1500 + g, order=True) for g in range(40)]
    mined += [fake(200 + g, 10, "win", rating=1200 + g) for g in range(50)]
    packs = curate(mined)
    assert next(name for name, _ in packs) == "01-first-chains.json" and len(packs) == 5
    for i, (_, pack) in enumerate(packs):
        ratings = [p.rating for p in pack.puzzles]
        assert ratings == sorted(ratings)
        if i >= 2:
            assert all(p.features["order_matters"] for p in pack.puzzles if p.goal == "most")
    assert sum(p.goal == "win" for _, pack in packs for p in pack.puzzles) == 50


def test_added_packs_leave_the_shipped_ones_alone_and_follow_their_rules(shipped):
    kept, rest = shipped[:2], shipped[2:]
    mined = [p for pack in shipped for p in pack.puzzles]  # the kept ones too: to be skipped
    added = expand(mined, kept, first=3)
    assert [name[:2] for name, _ in added] == [f"{i:02d}" for i in range(3, 3 + len(added))]
    kept_ids = {pack.id for pack in kept}
    kept_keys = {position_key(p) for pack in kept for p in pack.puzzles}
    means = []
    for name, pack in added:
        assert (
            pack.id in MORE_PACKS and pack.id not in kept_ids and name.endswith(f"{pack.id}.json")
        )
        _, _, wants = MORE_PACKS[pack.id]
        ratings = [p.rating for p in pack.puzzles]
        assert ratings == sorted(ratings) and 0 < len(ratings) <= MORE_PER_PACK
        assert pack.description.endswith(f"Rated {ratings[0]}-{ratings[-1]}.")
        assert all(wants(p) and position_key(p) not in kept_keys for p in pack.puzzles)
        means.append(sum(ratings) / len(ratings))
    assert means == sorted(means)
    puzzles = [p for _, pack in added for p in pack.puzzles]
    assert len({p.id for p in puzzles}) == len(puzzles)
    games = Counter(game_and_turn(p)[0] for p in puzzles)
    assert max(games.values()) <= MORE_PER_GAME
    # A win spacing kept is left out only when every pack that wants it is full.
    placed = {p.id for p in puzzles}
    size = {pack.id: len(pack.puzzles) for _, pack in added}
    wins = [p for pack in rest for p in pack.puzzles if p.goal == "win"]
    left_out = [p for p in wins if p.id not in placed and p.id not in dropped(rest)]
    assert len(left_out) < len(wins)
    for p in left_out:
        wanting = [pid for pid, (_, _, wants) in MORE_PACKS.items() if wants(p)]
        assert wanting and all(size.get(pid) == MORE_PER_PACK for pid in wanting), p.id


def dropped(packs) -> set[str]:
    """The ids that spacing within a game leaves out of ``packs``' puzzles."""
    pool = sorted(
        (p for pack in packs for p in pack.puzzles),
        key=lambda p: (p.goal != "win", -p.rating, p.id),
    )
    return {p.id for p in pool} - {p.id for p in spaced(pool, MORE_PER_GAME)}


def test_a_pack_id_already_shipped_is_not_made_again(shipped):
    mined = [p for pack in shipped for p in pack.puzzles]
    first = expand(mined, shipped[:1])
    taken = first[0][1]
    again = expand(mined, [shipped[0], taken])
    assert taken.id not in {pack.id for _, pack in again}


def test_the_curate_command_adds_packs_and_keeps_the_files_there(shipped, tmp_path):
    out = tmp_path / "puzzles"
    out.mkdir()
    for f in sorted(paths.puzzles().glob("0[12]-*.json")):
        shutil.copy(f, out / f.name)
    before = {f.name: f.read_bytes() for f in out.iterdir()}
    mined = tmp_path / "mined.json"
    write_pack(mined, Pack("mined", "Mined", "All.", tuple(p for k in shipped for p in k.puzzles)))
    cmd = [sys.executable, "-m", "game.puzzles", "curate", str(mined), "--out", str(out)]
    done = subprocess.run(cmd, capture_output=True, text=True, check=False, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "2 packs kept as they are" in done.stdout
    assert {f.name: f.read_bytes() for f in out.iterdir() if f.name in before} == before
    packs, problems = load_packs(out, prove=False)
    assert not problems and len(packs) > 2
    assert [p.id for p in packs[:2]] == [p.id for p in shipped[:2]]
    (out / "09-broken.json").write_text("{")
    done = subprocess.run(cmd, capture_output=True, text=True, check=False, timeout=120)
    assert done.returncode == 1 and "09-broken.json" in done.stderr
    assert "nothing was written" in done.stderr
