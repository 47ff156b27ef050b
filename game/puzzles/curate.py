"""Pick the shipped packs out of mined packs.

The first five packs (:func:`curate`) were picked from plan v1's games and stay
as they are, because a player's progress is kept by pack id and puzzle id. More
packs are added after them (:func:`expand`), each built from puzzles of one
kind, graded easiest first; packs already shipped are never rewritten.

The first five climb in difficulty. The two easiest hold "most" puzzles where a careful
choice of where to start is enough; every other "most" puzzle is one where the
order matters (a correct first flip can still end short), and the win puzzles
are split between an endgame pack and the last, hardest pack.
No two puzzles come from nearby turns of one game, and ratings within a pack
are spread over the range its pool offers.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from .grade import HIGHEST
from .mine import position_key
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
    """The game a mined puzzle comes from and the turn, from its id
    ``[plan]sS-gG-tT-goal``."""
    seed, game, turn, _ = p.id.split("-", 3)
    return f"{seed}-{game}", int(turn[1:])


def spaced(puzzles: Iterable[Puzzle], per_game: int = PER_GAME) -> list[Puzzle]:
    """Drop puzzles too close to one already kept from the same game, and any
    past the game's first ``per_game``."""
    kept: dict[str, list[int]] = {}
    out = []
    for p in puzzles:
        game, turn = game_and_turn(p)
        turns = kept.setdefault(game, [])
        if len(turns) >= per_game or any(abs(turn - t) < MIN_TURN_GAP for t in turns):
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


#: The packs added after the first five, in the order they take their puzzles:
#: a puzzle goes to the first pack that wants it and has room. The rules name
#: what a player sees in the pack (``features`` are those of :mod:`.grade`).
MORE_PACKS: dict[str, tuple[str, str, Callable[[Puzzle], bool]]] = {
    "strong-play": (
        "From Strong Play",
        "Reached by the strongest AI levels.",
        lambda p: "(strong play)" in p.source,
    ),
    "quiet-placements": (
        "Quiet Placements",
        "No flip wins here: place a tile.",
        lambda p: p.goal == "win" and "quiet-placement" in p.themes,
    ),
    "small-board-endings": (
        "Small-Board Endings",
        "Sides 4 and 5: one turn wins.",
        lambda p: p.goal == "win" and p.features.get("side", 0) <= 5,
    ),
    "big-board-endings": (
        "Big-Board Endings",
        "Sides 6 to 8: one turn wins.",
        lambda p: p.goal == "win" and p.features.get("side", 0) >= 6,
    ),
    "greedy-traps": (
        "Greedy Traps",
        "Opening the most flips falls short.",
        lambda p: p.goal == "most" and "greedy-trap" in p.themes,
    ),
    "order-matters-more": (
        "Order Matters More",
        "The right first tile is not enough.",
        lambda p: p.goal == "most" and "order-matters" in p.themes,
    ),
    "one-way-in": (
        "One Way In",
        "One first flip leads to the best chain.",
        lambda p: p.goal == "most" and "one-way-in" in p.themes,
    ),
    "small-board-chains": (
        "Small-Board Chains",
        "Sides 4 and 5: take the most tiles.",
        lambda p: p.goal == "most" and p.features.get("side", 0) <= 5,
    ),
    "big-board-chains": (
        "Big-Board Chains",
        "Sides 6 to 8: take the most tiles.",
        lambda p: p.goal == "most" and p.features.get("side", 0) >= 6,
    ),
}
MORE_PER_PACK = 150
MORE_PER_GAME = 4  # puzzles kept from one self-play game, across the added packs


def expand(
    mined: Sequence[Puzzle], shipped: Sequence[Pack], first: int = 1
) -> list[tuple[str, Pack]]:
    """New packs (file name, pack) from ``mined``, to go after ``shipped``: none
    with the id of a shipped pack, no position a shipped puzzle has (up to
    symmetry and colour swap), each graded easiest first, at most
    :data:`MORE_PER_PACK` puzzles spread over the ratings its pool offers. File
    numbers start at ``first`` and follow the packs' mean ratings."""
    taken = {position_key(p) for pack in shipped for p in pack.puzzles}
    have = {pack.id for pack in shipped}
    pool = []
    # Spacing keeps a game's first few: wins first (they are the rarer kind), then
    # the hardest.
    for p in sorted(mined, key=lambda p: (p.goal != "win", -p.rating, p.id)):
        key = position_key(p)
        if key not in taken:
            taken.add(key)
            pool.append(p)
    pool = spaced(pool, MORE_PER_GAME)
    chosen: dict[str, list[Puzzle]] = {}
    left = sorted(pool, key=lambda p: (p.rating, p.id))
    for pid, (_, _, wants) in MORE_PACKS.items():
        if pid in have:
            continue
        picked = spread([p for p in left if wants(p)], MORE_PER_PACK)
        if picked:
            chosen[pid] = picked
            ids = {p.id for p in picked}
            left = [p for p in left if p.id not in ids]
    packs = []
    for pid, picked in chosen.items():
        title, description, _ = MORE_PACKS[pid]
        puzzles = tuple(sorted(picked, key=lambda p: (p.rating, p.id)))
        low, high = puzzles[0].rating, puzzles[-1].rating
        packs.append(Pack(pid, title, f"{description} Rated {low}-{high}.", puzzles))
    packs.sort(key=lambda pack: (sum(p.rating for p in pack.puzzles) / len(pack.puzzles), pack.id))
    return [(f"{i:02d}-{pack.id}.json", pack) for i, pack in enumerate(packs, first)]
