"""Elo ratings from game results: a Bradley-Terry fit by maximum likelihood, a
draw counting half a win to each side, one player anchored at 0, and confidence
intervals by bootstrap over the games."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

import numpy as np

SCALE = 400 / math.log(10)  # Elo points per unit of natural log-odds


def fit(
    players: Sequence[str], games: Sequence[tuple[str, str, float]], anchor: str, iters: int = 2000
) -> dict[str, float]:
    """Ratings from ``(a, b, score_of_a)`` games (1 win, 0.5 draw, 0 loss)."""
    index = {p: i for i, p in enumerate(players)}
    n = len(players)
    wins = np.zeros((n, n))
    for a, b, s in games:
        wins[index[a], index[b]] += s
        wins[index[b], index[a]] += 1 - s
    played = wins + wins.T
    # A prior of half a drawn game between every two players who met keeps unbeaten
    # or winless players finite. It was once a draw against the anchor: on a
    # ladder where each level meets only its neighbours, that draw against Random
    # outweighed the real games of the levels far from it and pulled Master
    # down by hundreds of points (tests/ai/test_tournament.py).
    met = played > 0
    wins += 0.25 * met
    played += 0.5 * met
    k = index[anchor]
    strength = np.ones(n)
    total_wins = wins.sum(axis=1)
    for _ in range(iters):  # the minorisation-maximisation update (Hunter 2004)
        denom = (played / (strength[:, None] + strength[None, :])).sum(axis=1)
        new = total_wins / np.maximum(denom, 1e-12)
        new /= new[k]
        if np.allclose(new, strength, rtol=1e-10, atol=1e-12):
            strength = new
            break
        strength = new
    return {p: float(SCALE * math.log(strength[index[p]])) for p in players}


def bootstrap(
    players: Sequence[str],
    games: Sequence[tuple[str, str, float]],
    anchor: str,
    rounds: int = 200,
    seed: int = 0,
) -> dict[str, tuple[float, float]]:
    """95% intervals: refit on games drawn with replacement, take the 2.5/97.5 percentiles."""
    rng = random.Random(seed)
    samples: dict[str, list[float]] = {p: [] for p in players}
    for _ in range(rounds):
        picked = [games[rng.randrange(len(games))] for _ in games]
        for p, r in fit(players, picked, anchor, iters=500).items():
            samples[p].append(r)
    return {
        p: (float(np.percentile(v, 2.5)), float(np.percentile(v, 97.5))) for p, v in samples.items()
    }
