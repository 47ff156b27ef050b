"""Pick the shipped packs out of a mined pack.

Packs climb in difficulty. The first two hold "most" puzzles where a careful
choice of where to start is enough; from the third on, every "most" puzzle is
one where the order matters (a correct first flip can still end short), and
the win puzzles are split between an endgame pack and the last, hardest pack.
No two puzzles come from nearby turns of one game, and ratings within a pack
are spread over the range its pool offers.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .pack import Pack, Puzzle

PER_GAME = 3  # puzzles kept from one self-play game
MIN_TURN_GAP = 4  # turns between two puzzles from the same game

PACKS = (
    ("01-first-chains.json", "First Chains", "Find the flip turn that takes the most tiles."),
    ("02-pick-the-start.json", "Pick the Start", "Only some first flips reach the biggest chain."),
    ("03-order-matters.json", "Order Matters", "The right first tile is not enough: order counts."),
    ("04-endgame-wins.json", "Endgame Wins", "One turn wins. Every other turn does not."),
    ("05-master-class.json", "Master Class", "The hardest chains and endings the miner found."),
)


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
    with nothing to put in it is left out)."""
    # Prefer the interesting ones when thinning a game out: hardest first.
    pool = spaced(sorted(mined, key=lambda p: (-p.rating, p.id)))
    by_rating = sorted(pool, key=lambda p: (p.rating, p.id))
    plain = [p for p in by_rating if p.goal == "most" and not p.features.get("order_matters")]
    ordered = [p for p in by_rating if p.goal == "most" and p.features.get("order_matters")]
    wins = [p for p in by_rating if p.goal == "win"]

    start = spread(plain, 60)
    hard_most, easy_most = ordered[-15:], ordered[:-15]
    hard_wins, easy_wins = wins[-20:], wins[:-20]
    chosen = (
        start[: len(start) // 2],
        start[len(start) // 2 :],
        spread(easy_most, 30),
        spread(easy_wins, 30),
        hard_most + hard_wins,
    )
    out = []
    for (name, title, description), picked in zip(PACKS, chosen, strict=True):
        if not picked:
            continue  # the mined games held none of this kind: mine more
        puzzles = tuple(sorted(picked, key=lambda p: (p.rating, p.id)))
        out.append((name, Pack(name.split(".")[0][3:], title, description, puzzles)))
    return out
