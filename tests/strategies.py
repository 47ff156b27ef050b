"""Hypothesis strategies for positions: random fills and random play, sides 2..7."""

from __future__ import annotations

import random

from hypothesis import strategies as st

from game.rules import BLUE, RED, Board, Position


def random_fill(n: int, rng: random.Random, density: float, red_share: float, turn) -> Position:
    from game.rules import geometry

    cells = range(geometry(n).cells)
    red, blue = [], []
    for c in cells:
        if rng.random() < density:
            (red if rng.random() < red_share else blue).append(c)
    return Position.from_cells(n, red, blue, turn)


def chain_sea(n: int, rng: random.Random, spread: float, empty: float, turn) -> Position:
    """Scattered single tiles of the mover in a sea of enemy tiles: each enemy tile
    between two of them can be flipped without breaking the sea apart, so chains
    run long (up to 15 flips on side 6) and branch."""
    from game.rules import geometry

    g = geometry(n)
    mine: set[int] = set()
    order = list(range(g.cells))
    rng.shuffle(order)
    for c in order:
        if rng.random() < spread and not any(d in mine for d in g.neighbours[c]):
            mine.add(c)
    theirs = [c for c in range(g.cells) if c not in mine and rng.random() >= empty]
    red, blue = (mine, theirs) if turn == RED else (theirs, mine)
    return Position.from_cells(n, red, blue, turn)


def random_play(n: int, rng: random.Random, turns: int) -> Position:
    b = Board(size=n)
    for _ in range(turns):
        legal = b.legal_turns()
        if not legal:
            break
        b.push(rng.choice(legal))
    return b.position()


@st.composite
def positions(draw, min_side: int = 2, max_side: int = 7) -> Position:
    n = draw(st.integers(min_side, max_side))
    rng = random.Random(draw(st.integers(0, 2**32)))
    kind = draw(st.sampled_from(["fill", "full", "play", "sea"]))
    if kind == "play":
        return random_play(n, rng, draw(st.integers(0, 3 * n * n * 2)))
    if kind == "sea":
        spread, empty = draw(st.floats(0.2, 0.9)), draw(st.sampled_from([0.0, 0.05, 0.15]))
        # Side 7 seas take the reference seconds each (hundreds of outcomes): cap at 6.
        return chain_sea(min(n, 6), rng, spread, empty, draw(st.sampled_from([RED, BLUE])))
    density = 1.0 if kind == "full" else draw(st.floats(0.0, 1.0))
    red_share = draw(st.floats(0.2, 0.8))
    return random_fill(n, rng, density, red_share, draw(st.sampled_from([RED, BLUE])))
