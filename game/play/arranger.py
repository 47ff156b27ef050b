"""The roller's choice, without pygame: which of the seven shapes, which order of
the rolled symbols on its cells, and which way round it is turned."""

from __future__ import annotations

from itertools import permutations

from game.mosaix import Formation
from game.mosaix.formation import SHAPES

SHAPE_NAMES = tuple(SHAPES)


class Arranger:
    def __init__(self, rolled: str) -> None:
        self.rolled = rolled
        self.orders = sorted({"".join(p) for p in permutations(rolled)})
        self.shape = 0
        self.order = 0
        self.turns = 0

    @property
    def formation(self) -> Formation:
        return Formation.build(SHAPE_NAMES[self.shape], self.orders[self.order], self.turns)

    def pick_shape(self, index: int) -> None:
        self.shape = index % len(SHAPE_NAMES)

    def next_order(self, by: int = 1) -> None:
        self.order = (self.order + by) % len(self.orders)

    def rotate(self, by: int = 1) -> None:
        self.turns = (self.turns + by) % 4

    def show(self, formation: Formation) -> None:
        """Set the choice to lay out ``formation`` (as a hint or an AI picked it)."""
        for s in range(len(SHAPE_NAMES)):
            for o, order in enumerate(self.orders):
                for t in range(4):
                    if Formation.build(SHAPE_NAMES[s], order, t) == formation:
                        self.shape, self.order, self.turns = s, o, t
                        return
