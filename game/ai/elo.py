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
    # A tiny prior of one drawn game against the anchor keeps unbeaten or winless
    # players finite.
    k = index[anchor]
    for i in range(n):
        if i != k:
            wins[i, k] += 0.5
            wins[k, i] += 0.5
            played[i, k] += 1
            played[k, i] += 1
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
