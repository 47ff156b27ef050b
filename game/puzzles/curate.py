"""Pick the shipped packs out of a mined pack.

Packs climb in difficulty. The two easiest hold "most" puzzles where a careful
choice of where to start is enough; every other "most" puzzle is one where the
order matters (a correct first flip can still end short), and the win puzzles
are split between an endgame pack and the last, hardest pack.
No two puzzles come from nearby turns of one game, and ratings within a pack
are spread over the range its pool offers.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .grade import HIGHEST
from .pack import Pack, Puzzle

PER_GAME = 3  # puzzles kept from one self-play game
MIN_TURN_GAP = 4  # turns between two puzzles from the same game

PACKS = {
    "first-chains": ("First Chains", "Find the flip turn that takes the most tiles."),
    "pick-the-start": ("Pick the Start", "Only some first flips reach the biggest chain."),
    "endgame-wins": ("Endgame Wins", "One turn wins. Every other turn does not."),
    "order-matters": ("Order Matters", "The right first tile is not enough: order counts."),
    "master-class": ("Master Class", "The hardest chains and endings the miner found."),
}
PER_PACK = 30


def game_and_turn(p: Puzzle) -> tuple[str, int]:
    """The game a mined puzzle comes from and the turn, from its id ``sS-gG-tT-goal``."""
    seed, game, turn, _ = p.id.split("-", 3)
    return f"{seed}-{game}", int(turn[1:])


def spaced(puzzles: Iterable[Puzzle]) -> list[Puzzle]:
    """Drop puzzles too close to one already kept from the same game."""
    kept: dict[str, list[int]] = {}
    out = []
    for p in puzzles:
        game, turn = game_and_turn(p)
        turns = kept.setdefault(game, [])
        if len(turns) >= PER_GAME or any(abs(turn - t) < MIN_TURN_GAP for t in turns):
            continue
        turns.append(turn)
        out.append(p)
    return out


def spread(pool: Sequence[Puzzle], n: int) -> list[Puzzle]:
    """``n`` puzzles (or all) taken evenly across ``pool`` sorted by rating."""
    pool = sorted(pool, key=lambda p: (p.rating, p.id))
    if len(pool) <= n:
        return pool
    return [pool[round(i * (len(pool) - 1) / (n - 1))] for i in range(n)] if n > 1 else pool[:1]


def curate(mined: Sequence[Puzzle]) -> list[tuple[str, Pack]]:
    """The shipped packs, as (file name, pack) pairs, easiest pack first (a pack
    with nothing to put in it is left out). Files are numbered in order of mean
    rating, so the browser lists them as they climb."""
    # Prefer the interesting ones when thinning a game out: hardest first.
    pool = spaced(sorted(mined, key=lambda p: (-p.rating, p.id)))
    by_rating = sorted(pool, key=lambda p: (p.rating, p.id))
    plain = [p for p in by_rating if p.goal == "most" and not p.features.get("order_matters")]
    ordered = [p for p in by_rating if p.goal == "most" and p.features.get("order_matters")]
    wins = [p for p in by_rating if p.goal == "win"]
    hard_most, easy_most = ordered[-15:], ordered[:-15]
    hard_wins, easy_wins = wins[-20:], wins[:-20]
    # The plain packs spread over the plain puzzles easier than the typical win,
    # so they come first and still vary.
    ceiling = easy_wins[len(easy_wins) // 2].rating if easy_wins else HIGHEST
    start = spread([p for p in plain if p.rating < ceiling], 2 * PER_PACK)
    chosen = {
        "first-chains": start[: len(start) // 2],
        "pick-the-start": start[len(start) // 2 :],
        "endgame-wins": spread(easy_wins, PER_PACK),
        "order-matters": spread(easy_most, PER_PACK),
        "master-class": hard_most + hard_wins,
    }
    packs = []
    for pid, picked in chosen.items():
        if picked:  # a kind the mined games held none of is left out: mine more
            title, description = PACKS[pid]
            puzzles = tuple(sorted(picked, key=lambda p: (p.rating, p.id)))
            packs.append(Pack(pid, title, description, puzzles))
    packs.sort(key=lambda pack: sum(p.rating for p in pack.puzzles) / len(pack.puzzles))
    return [(f"{i:02d}-{pack.id}.json", pack) for i, pack in enumerate(packs, 1)]
