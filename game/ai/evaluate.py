"""Static evaluation: how good a position is for the player to move.

Scores are in hundredths of a tile. Besides the tile difference, what matters in
Mosaic is who can flip: a flip needs an enemy tile between two of your groups,
so the flips each side threatens right now (and how many tiles the best of them
would take) predict the next swing, and placements left measure how much play
each side keeps.
"""

from __future__ import annotations

from game.rules import Board
from game.rules.movegen import first_flips, placements

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
    geo = board.geometry
    me, op, gm, go = board.mover_view()
    flip_w, place_w, group_w = weights
    my_flips = first_flips(geo, me, op, gm, go).bit_count()
    their_flips = first_flips(geo, op, me, go, gm).bit_count()
    my_places = placements(geo, me, op, gm, go).bit_count()
    their_places = placements(geo, op, me, go, gm).bit_count()
    return (
        TILE * (me.bit_count() - op.bit_count())
        + flip_w * (my_flips - their_flips)
        + place_w * (my_places - their_places)
        # More groups of your own means more tiles of theirs you can squeeze between.
        + group_w * (len(gm) - len(go))
    )
