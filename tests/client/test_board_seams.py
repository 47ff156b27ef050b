"""The empty board has no seams: where two cells meet, along a row or between
rows, the gap between them is the edges' colour all along, never the window
showing through in dots (the play-test saw them where the rows meet)."""

from __future__ import annotations

import math

import pygame
import pytest

from game.client.board_view import BoardView


@pytest.mark.parametrize(("side", "size"), [(4, (640, 480)), (5, (1600, 920)), (8, (800, 600))])
def test_the_gap_between_two_cells_is_never_see_through(app, side, size):
    view = BoardView(side)
    view.layout(pygame.Rect(0, 0, *size))
    layer = view._static()
    ox, oy = view.rect.topleft
    r = view.radius
    holes = []
    for i, (ax, ay) in enumerate(view.centres):
        for bx, by in view.centres[i + 1 :]:
            if abs(math.dist((ax, ay), (bx, by)) - math.sqrt(3) * r) > 1:
                continue  # not neighbours
            # Along the edge the two share: through the middle of the gap,
            # square to the line between their centres, most of its length.
            mx, my = (ax + bx) / 2 - ox, (ay + by) / 2 - oy
            ux, uy = (
                (by - ay) / math.dist((ax, ay), (bx, by)),
                -(bx - ax) / math.dist((ax, ay), (bx, by)),
            )
            for k in range(-40, 41):
                t = k / 100 * r
                x, y = round(mx + ux * t), round(my + uy * t)
                if layer.get_at((x, y)).a == 0:
                    holes.append((x, y))
    assert not holes, f"{len(holes)} see-through pixels between cells, e.g. {holes[:5]}"
