"""Static evaluation: how good a position is for the player to move.

Scores are in hundredths of a tile. Besides the tile difference, what matters in
Mosaic is who can flip: a flip needs an enemy tile between two of your groups,
so the flips each side threatens right now (and how many tiles the best of them
would take) predict the next swing, and placements left measure how much play
each side keeps.
"""

from __future__ import annotations

from game.rules import Board
from game.rules.movegen import flippable, touch

WIN = 1_000_000  # a won ending outranks any evaluation; the margin still counts
TILE = 100


def final_score(board: Board) -> int:
    """Score of a finished game for the player to move: win/loss first, then margin."""
    me, op, _, _ = board.mover_view()
    diff = me.bit_count() - op.bit_count()
    if diff > 0:
        return WIN + diff * TILE
    if diff < 0:
        return -WIN + diff * TILE
    return 0


def evaluate(board: Board, weights: tuple[int, int, int] = (35, 6, 4)) -> int:
    """Heuristic score for the player to move (positive: good for them)."""
    score = _score(board, weights, stuck_is_none=False)
    assert score is not None
    return score


def leaf(board: Board, weights: tuple[int, int, int] = (35, 6, 4)) -> int | None:
    """:func:`evaluate`, or ``None`` when the player to move has no placement and no
    flip (they must pass, or the game is over): the search's cheap leaf test, which
    spares it generating every turn of a position it will not expand."""
    return _score(board, weights, stuck_is_none=True)


def _score(board: Board, weights: tuple[int, int, int], stuck_is_none: bool) -> int | None:
    geo = board.geometry
    me, op, gm, go = board.mover_view()
    flip_w, place_w, group_w = weights
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
    return (
        TILE * (me.bit_count() - op.bit_count())
        + flip_w * (my_flips - their_flips)
        + place_w * (my_places - their_places)
        # More groups of your own means more tiles of theirs you can squeeze between.
        + group_w * (len(gm) - len(go))
    )
