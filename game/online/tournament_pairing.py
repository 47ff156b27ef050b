"""Who plays whom next in a tournament, and with which colour; pure functions of
the games so far, so any process of a cluster works out the same pairing.

**Arena** (:func:`arena_pairs`), as lichess pairs: the players waiting (their
game over, not paused) are taken in the order of the standings and each is
paired with the nearest-ranked waiting player who was not their last opponent.
Two players who could only meet again wait for somebody else, unless they are
the only two in the arena not playing while nobody plays: nobody else will come.

**Swiss** (:func:`swiss_pairs`), the Dutch system of FIDE in a simplified form:

1. The players are ranked by score, then rating (the pairing numbers).
2. With an odd count, the lowest-ranked player who has had no bye gets one (1
   point), if the others can then all be paired.
3. From the top, each player's score group (the players left with their score)
   is split in halves and the top half meets the bottom half: the first of the
   group meets the first of its bottom half. If that would repeat a game, the
   next of the bottom half is tried, then the top half's own players from the
   bottom, then the next score groups down (a player *floats* down).
4. Two players never meet twice. A pairing in which a player would have two
   colours more of one than of the other is avoided: only if no pairing
   without it exists (searched up to :data:`STRICT_BUDGET` steps) is it
   allowed (``relaxed``).
5. Of two paired players, the one who has had Red more often gets Blue; if even,
   each gets the colour other than their last; else the higher-ranked gets Red
   (Red moves first).

If no pairing without a repeat exists at all, there is no next round: the
tournament ends.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .tournament_rules import Played

#: Steps of the search for a pairing that keeps every player's colours within
#: one; past it, colours may go two apart. Then the same for any pairing at all.
STRICT_BUDGET = 20_000
ANY_BUDGET = 200_000

RED, BLUE = 0, 1


@dataclass(frozen=True)
class History:
    """What the pairing needs of a player's past games."""

    opponents: frozenset[str] = frozenset()
    #: Games with Red less games with Blue.
    balance: int = 0
    last: int | None = None  # RED or BLUE
    had_bye: bool = False


def histories(games: Iterable[Played], byes: Iterable[tuple[int, str]] = ()) -> dict[str, History]:
    """Every player's history from the games paired so far (in play or not;
    aborted games too: a pairing is a pairing) and their byes."""
    opp: dict[str, set[str]] = {}
    balance: dict[str, int] = {}
    last: dict[str, tuple[tuple[int, float, str], int]] = {}
    for g in games:
        when = (g.round, g.started, g.id)
        for pid, other, colour in ((g.red, g.blue, RED), (g.blue, g.red, BLUE)):
            opp.setdefault(pid, set()).add(other)
            balance[pid] = balance.get(pid, 0) + (1 if colour == RED else -1)
            if pid not in last or when > last[pid][0]:
                last[pid] = (when, colour)
    had = {pid for _, pid in byes}
    out: dict[str, History] = {}
    for pid in set(opp) | had:
        out[pid] = History(
            frozenset(opp.get(pid, ())),
            balance.get(pid, 0),
            last[pid][1] if pid in last else None,
            pid in had,
        )
    return out


def colours(a: str, b: str, hist: dict[str, History]) -> tuple[str, str]:
    """(red, blue) for ``a`` and ``b``, ``a`` the higher-ranked (rule 5)."""
    ha, hb = hist.get(a, History()), hist.get(b, History())
    if ha.balance != hb.balance:
        return (b, a) if ha.balance > hb.balance else (a, b)
    if ha.last is not None and ha.last != hb.last:
        return (b, a) if ha.last == RED else (a, b)
    if hb.last is not None and ha.last is None:
        return (a, b) if hb.last == RED else (b, a)
    return (b, a) if ha.last == RED else (a, b)


# -- arena -------------------------------------------------------------------------------
def arena_pairs(
    waiting: Sequence[str], last: dict[str, str], others_playing: bool
) -> list[tuple[str, str]]:
    """Pairs (higher-ranked first) of the players waiting, given in the order of
    the standings; ``last`` is each one's last opponent."""
    left = list(waiting)
    pairs: list[tuple[str, str]] = []
    while len(left) >= 2:
        p = left.pop(0)
        q = next((q for q in left if last.get(p) != q and last.get(q) != p), None)
        if q is None:
            if others_playing or len(waiting) != 2:
                continue  # p waits for somebody new
            q = left[0]
        left.remove(q)
        pairs.append((p, q))
    return pairs


# -- Swiss ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Round:
    pairs: list[tuple[str, str]]  # (red, blue)
    bye: str | None
    relaxed: bool  # some colours had to go two apart


class _OutOfSteps(Exception):
    pass


def _search(
    ranked: list[str],
    score: dict[str, float],
    hist: dict[str, History],
    strict: bool,
    budget: int,
) -> list[tuple[str, str]] | None:
    steps = [0]

    def fits(p: str, q: str) -> bool:
        hp, hq = hist.get(p, History()), hist.get(q, History())
        if q in hp.opponents:
            return False
        # Two players due the same colour: one of them would be two apart.
        same_due = hp.balance * hq.balance > 0
        return not (strict and same_due)

    def go(left: list[str]) -> list[tuple[str, str]] | None:
        if not left:
            return []
        steps[0] += 1
        if steps[0] > budget:
            raise _OutOfSteps
        p = left[0]
        group = [q for q in left if score.get(q, 0.0) == score.get(p, 0.0)]
        h = len(group) // 2
        # Rule 3: the bottom half in order, the top half from its bottom, then lower.
        near = group[h:] + group[1:h][::-1] if h else []
        rest = [q for q in left[1:] if q not in group]
        for q in [*near, *rest]:
            if q == p or not fits(p, q):
                continue
            tail = go([x for x in left if x not in (p, q)])
            if tail is not None:
                return [(p, q), *tail]
        return None

    try:
        return go(ranked)
    except _OutOfSteps:
        return None


def swiss_pairs(
    players: Iterable[str],
    score: dict[str, float],
    rating: dict[str, float],
    hist: dict[str, History],
) -> Round | None:
    """The next round for ``players`` (those present), or ``None`` if no pairing
    without a repeat exists."""
    ranked = sorted(players, key=lambda p: (-score.get(p, 0.0), -rating.get(p, 0.0), p))
    if not ranked:
        return None
    byes: list[str | None] = [None]
    if len(ranked) % 2:
        fresh = [p for p in reversed(ranked) if not hist.get(p, History()).had_bye]
        byes = list(fresh or reversed(ranked))
    for strict, budget in ((True, STRICT_BUDGET), (False, ANY_BUDGET)):
        for bye in byes:
            rest = [p for p in ranked if p != bye]
            found = _search(rest, score, hist, strict, budget)
            if found is not None:
                pairs = [colours(a, b, hist) for a, b in found]
                return Round(pairs, bye, relaxed=not strict)
    return None
