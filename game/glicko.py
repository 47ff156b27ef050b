"""Glicko-2 ratings (Glickman, "Example of the Glicko-2 system", 2013), shared by
the client and the online server, so it lives outside both.

The client's puzzle rating counts each first try at a puzzle as one game against
an opponent rated at the puzzle's difficulty; the server rates each rated online
game as a rating period of one game, as lichess does.

>>> r = Rating(1500, 200, 0.06).update([(1400, 30, 1.0), (1550, 100, 0.0), (1700, 300, 0.0)])
>>> round(r.rating, 1), round(r.rd, 1)
(1464.1, 151.5)
"""

from __future__ import annotations

import math
from dataclasses import dataclass

SCALE = 173.7178
TAU = 0.5
PUZZLE_RD = 80.0  # how sure we are of a puzzle's own rating


@dataclass(frozen=True)
class Rating:
    rating: float = 1500.0
    rd: float = 350.0
    volatility: float = 0.06

    def update(self, results: list[tuple[float, float, float]]) -> Rating:
        """The rating after one period of games: (opponent rating, opponent RD, score)."""
        mu, phi, sigma = (self.rating - 1500) / SCALE, self.rd / SCALE, self.volatility
        if not results:
            return Rating(self.rating, min(350.0, SCALE * math.hypot(phi, sigma)), sigma)
        v_inv = 0.0
        delta_sum = 0.0
        for r, rd, score in results:
            mu_j, phi_j = (r - 1500) / SCALE, rd / SCALE
            g = 1 / math.sqrt(1 + 3 * phi_j**2 / math.pi**2)
            e = 1 / (1 + math.exp(-g * (mu - mu_j)))
            v_inv += g * g * e * (1 - e)
            delta_sum += g * (score - e)
        v = 1 / v_inv
        delta = v * delta_sum
        sigma2 = _volatility(phi, sigma, v, delta)
        phi_star = math.sqrt(phi**2 + sigma2**2)
        phi2 = 1 / math.sqrt(1 / phi_star**2 + 1 / v)
        mu2 = mu + phi2**2 * delta_sum
        return Rating(1500 + SCALE * mu2, SCALE * phi2, sigma2)

    def after_game(self, opponent: Rating, score: float) -> Rating:
        """The rating after one game scored 1, 0.5 or 0 against ``opponent``."""
        return self.update([(opponent.rating, opponent.rd, score)])

    def after_puzzle(self, puzzle_rating: float, solved: bool) -> Rating:
        return self.update([(puzzle_rating, PUZZLE_RD, 1.0 if solved else 0.0)])


def _volatility(phi: float, sigma: float, v: float, delta: float) -> float:
    """Step 5 of Glicko-2: the new volatility, by the Illinois algorithm."""
    a = math.log(sigma**2)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta**2 - phi**2 - v - ex) / (2 * (phi**2 + v + ex) ** 2) - (x - a) / TAU**2

    lo = a
    if delta**2 > phi**2 + v:
        hi = math.log(delta**2 - phi**2 - v)
    else:
        k = 1
        while f(a - k * TAU) < 0:
            k += 1
        hi = a - k * TAU
    f_lo, f_hi = f(lo), f(hi)
    while abs(hi - lo) > 1e-6:
        mid = lo + (lo - hi) * f_lo / (f_hi - f_lo)
        f_mid = f(mid)
        if f_mid * f_hi <= 0:
            lo, f_lo = hi, f_hi
        else:
            f_lo /= 2
        hi, f_hi = mid, f_mid
    return math.exp(lo / 2)
