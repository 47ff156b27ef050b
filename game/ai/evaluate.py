"""Static evaluation: how good a position is for the player to move.

Scores are in hundredths of a tile. Besides the tile difference, what matters in
Mosaic is who can flip: a flip needs an enemy tile between two of your groups,
so the flips each side threatens right now (and how many tiles the best of them
would take) predict the next swing, and placements left measure how much play
each side keeps.
"""

from __future__ import annotations

from typing import NamedTuple

from game.rules import Board
from game.rules.geometry import Geometry
from game.rules.movegen import flippable, touch

WIN = 1_000_000  # a won ending outranks any evaluation; the margin still counts
TILE = 100


def final_score(board: Board) -> int:
    """Score of a finished game for the player to move: win/loss first, then margin."""
    me, op, _, _ = board.mover_view()
    return exact_score(me.bit_count() - op.bit_count())


def exact_score(margin: int) -> int:
    """The score of a proved final ``margin`` (the mover's tiles minus the other's)."""
    if margin > 0:
        return WIN + margin * TILE
    if margin < 0:
        return -WIN + margin * TILE
    return 0


#: The terms of the evaluation, each "the mover's minus the opponent's":
#: tiles; enemy tiles the side could flip now; empty cells it may place on; its
#: groups; its tiles on the board's edge; its single-tile groups; and the flips
#: and placements again, scaled by the share of the board still empty (so their
#: weight can change as the game goes on). ``docs/ai-evaluation.md`` tells how
#: the weights were fitted.
TERMS = ("tiles", "flips", "places", "groups", "edge", "single", "flips_early", "places_early")


class Weights(NamedTuple):
    """Hundredths of a tile per unit of each term after ``tiles`` (fixed at :data:`TILE`)."""

    flips: int = 0
    places: int = 0
    groups: int = 0
    edge: int = 0
    single: int = 0
    flips_early: int = 0
    places_early: int = 0


#: The hand-set weights of version 0.1, kept because the puzzle miner's games
#: replay with them (a puzzle's source names a game played with this evaluation).
CLASSIC = Weights(flips=35, places=6, groups=4)
#: The weights the AI plays with (see ``python -m game.ai.learn``).
DEFAULT = Weights(
    flips=27, places=75, groups=40, edge=10, single=-5, flips_early=58, places_early=-43
)


def evaluate(board: Board, weights: Weights = DEFAULT) -> int:
    """Heuristic score for the player to move (positive: good for them)."""
    score = _score(board, weights, stuck_is_none=False)
    assert score is not None
    return score


def leaf(board: Board, weights: Weights = DEFAULT) -> int | None:
    """:func:`evaluate`, or ``None`` when the player to move has no placement and no
    flip (they must pass, or the game is over): the search's cheap leaf test, which
    spares it generating every turn of a position it will not expand."""
    return _score(board, weights, stuck_is_none=True)


def terms(board: Board) -> tuple[int, ...]:
    """The value of each of :data:`TERMS` for the player to move, the early ones
    in hundredths (what :func:`evaluate` multiplies by the weights)."""
    found = _terms(board, stuck_is_none=False)
    assert found is not None
    return found


def leaf_terms(board: Board) -> tuple[int, ...] | None:
    """:func:`terms`, or ``None`` where :func:`leaf` is (the mover is stuck)."""
    return _terms(board, stuck_is_none=True)


def _terms(board: Board, stuck_is_none: bool) -> tuple[int, ...] | None:
    geo = board.geometry
    me, op, gm, go = board.mover_view()
    # Each side's reach ("once") and the cells two of its groups touch ("twice")
    # serve both its placements and its flips, so they are worked out once.
    once_m, twice_m = touch(gm)
    once_o, twice_o = touch(go)
    empty = geo.full & ~(me | op)
    my_places = (empty & ~twice_m & (~once_m | once_o)).bit_count()
    my_flips = flippable(geo, op & twice_m, gm, go).bit_count()
    if stuck_is_none and not my_places and not my_flips:
        return None
    their_places = (empty & ~twice_o & (~once_o | once_m)).bit_count()
    their_flips = flippable(geo, me & twice_o, go, gm).bit_count()
    flips, places = my_flips - their_flips, my_places - their_places
    edge = _edge(geo)
    early = 100 * empty.bit_count() // geo.cells
    return (
        me.bit_count() - op.bit_count(),
        flips,
        places,
        # More groups of your own means more tiles of theirs you can squeeze between.
        len(gm) - len(go),
        (me & edge).bit_count() - (op & edge).bit_count(),
        sum(g.bit_count() == 1 for g, _ in gm) - sum(g.bit_count() == 1 for g, _ in go),
        flips * early,
        places * early,
    )


_EDGES: dict[int, int] = {}


def _edge(geo: Geometry) -> int:
    """The cells on the board's edge (fewer than six neighbours), as a bitboard."""
    mask = _EDGES.get(geo.n)
    if mask is None:
        mask = _EDGES[geo.n] = sum(
            1 << geo.bit_of[c] for c in range(geo.cells) if len(geo.neighbours[c]) < 6
        )
    return mask


def _score(board: Board, weights: Weights, stuck_is_none: bool) -> int | None:
    t = _terms(board, stuck_is_none)
    if t is None:
        return None
    w = weights
    return (
        TILE * t[0]
        + w.flips * t[1]
        + w.places * t[2]
        + w.groups * t[3]
        + w.edge * t[4]
        + w.single * t[5]
        + (w.flips_early * t[6] + w.places_early * t[7]) // 100
    )
