"""Difficulty: a rating computed from what makes a puzzle hard to see.

The scale is the one players know from chess puzzle sites (about 600 for a
first puzzle, 2000+ for a hard one). Each term is a measurable feature of the
position; ``puzzles/README.md`` lists them with their weights.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass

from game.rules import Board

from .solve import FlipAnalysis

LOWEST, HIGHEST = 400, 2800


@dataclass(frozen=True)
class Features:
    side: int
    #: Legal first flips: more places to start a chain means more to look at.
    first_flips: int
    #: Distinct sets of tiles a flip turn can take.
    outcomes: int
    #: First flips from which the answer can still be reached.
    good_firsts: int
    #: Tiles the answer flips (the chain's length).
    chain: int
    #: The next best flip turn's tile count (0 if none).
    runner_up: int
    #: Some legal way on from a correct first flip ends with fewer tiles.
    order_matters: bool
    #: Flipping, at each step, the tile that opens the most further flips misses it.
    greedy_misses: bool
    #: Every legal turn, placements included.
    turns: int
    #: Empty cells (how far ahead a win puzzle must be read).
    empties: int
    #: For a win: the answer is not the flip that takes the most tiles.
    not_biggest: bool = False

    def as_dict(self) -> dict[str, object]:
        return asdict(self)


def features(board: Board, flips: FlipAnalysis, answer: frozenset[int]) -> Features:
    """The features of a puzzle whose answer flips the cells in ``answer``."""
    geo = board.geometry
    empties = geo.cells - len(board.tiles(board.mover)) - len(board.tiles(board.mover.other))
    good = [f for f, by_set in flips.ends.items() if answer in by_set]
    sizes = sorted({len(s) for s in flips.outcomes if s != answer}, reverse=True)
    return Features(
        side=board.size,
        first_flips=len(flips.ends),
        outcomes=len(flips.outcomes),
        good_firsts=len(good),
        chain=len(answer),
        runner_up=sizes[0] if sizes else 0,
        order_matters=any(min(len(s) for s in flips.ends[f]) < len(answer) for f in good),
        greedy_misses=frozenset(flips.greedy) != answer,
        turns=len(board.legal_turns()),
        empties=empties,
        not_biggest=len(answer) < flips.best,
    )


def rate_most(f: Features) -> int:
    """Rating of a "flip the most tiles" puzzle."""
    hidden = 1 - f.good_firsts / max(1, f.first_flips)  # share of first flips that fail
    r = (
        500
        + 110 * math.log2(max(1, f.outcomes))
        + 300 * hidden
        + 250 * f.greedy_misses
        + 250 * f.order_matters
        + 25 * f.chain
        + 40 * (f.side - 4)
        # A close runner-up is easy to settle for.
        - 40 * min(5, f.chain - f.runner_up)
    )
    return clamp(r)


def rate_win(f: Features) -> int:
    """Rating of a "move and win" puzzle: reading depth and how tempting the
    other turns are count most."""
    r = (
        800
        + 100 * math.log2(max(1, f.turns))
        + 45 * f.empties
        + 300 * f.not_biggest
        + 150 * f.order_matters
        + 20 * f.chain
        + 40 * (f.side - 4)
    )
    return clamp(r)


def rate(goal: str, f: Features) -> int:
    return rate_win(f) if goal == "win" else rate_most(f)


def clamp(r: float) -> int:
    return int(round(min(HIGHEST, max(LOWEST, r)) / 10) * 10)
