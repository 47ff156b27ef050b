"""Two fixed yardsticks for calibrating the levels: uniformly random play, and
greedy play (the turn that maximises own minus enemy tiles right after it)."""

from __future__ import annotations

import random

from game.rules import Board, Turn


def random_turn(board: Board, rng: random.Random) -> Turn | None:
    turns = board.legal_turns()
    return rng.choice(turns) if turns else None


def greedy_turn(board: Board, rng: random.Random) -> Turn | None:
    """Ties are broken at random, so greedy is not one fixed line of play."""
    turns = board.legal_turns()
    if not turns:
        return None
    me = board.mover

    def gain(t: Turn) -> int:
        board.push(t)
        try:
            return board.count(me) - board.count(me.other)
        finally:
            board.pop()

    gains = [gain(t) for t in turns]
    top = max(gains)
    return rng.choice([t for t, g in zip(turns, gains, strict=True) if g == top])
