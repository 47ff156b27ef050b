"""A tournament's standings from its games, with nothing else to read: the same
games give the same table on every process of a cluster and on the web page.

Two kinds, as lichess runs them (docs/online-server.md, "Tournaments"):

- **Arena**: a fixed time, each player paired again as soon as their game ends.
  A win is 2 points, a draw 1, a loss 0. After two wins in a row a player is
  *on fire*: each game counts double (a win 4, a draw 2) until one is not won.
  Only games finished before the time runs out count (those still in play
  then are played out for nothing). Ties go to more wins,
  then the higher rating.
- **Swiss**: a fixed number of rounds, each player paired once a round by score
  (:mod:`.tournament_pairing`). A win is 1 point, a draw ½, a bye 1. Ties go to
  Buchholz (the sum of the opponents' scores), then Sonneborn-Berger (the
  scores of the opponents beaten, and half those of the opponents drawn with),
  then the higher rating. A bye adds nothing to either tie-break.

An aborted game counts for neither player, and no result is anybody's until the
game has one.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

ARENA = "arena"
SWISS = "swiss"
KINDS = (ARENA, SWISS)
#: The results that count: red won, blue won, or a draw.
DECISIVE = {"red": 0, "blue": 1}


@dataclass(frozen=True)
class Entrant:
    """A player who joined, in the order they joined (``order``)."""

    id: str
    name: str
    rating: float
    order: int = 0
    paused: bool = False
    provisional: bool = False


@dataclass(frozen=True)
class Played:
    """One game of the tournament: its players by colour, its result (``None``
    while in play), the round it belongs to (Swiss) and when it ended."""

    id: str
    red: str
    blue: str
    result: str | None = None
    round: int = 0
    ended: float | None = None
    started: float = 0.0

    @property
    def counts(self) -> bool:
        return self.result in ("red", "blue", "draw")

    def score_of(self, pid: str) -> float:
        """1, ½ or 0 for ``pid`` in a game that counts."""
        if self.result == "draw":
            return 0.5
        return 1.0 if DECISIVE.get(self.result or "") == (0 if pid == self.red else 1) else 0.0

    def other(self, pid: str) -> str:
        return self.blue if pid == self.red else self.red


@dataclass
class Row:
    """A player's line in the standings."""

    id: str
    name: str
    rating: float
    points: float = 0.0
    games: int = 0
    wins: int = 0
    #: Arena: on fire now (the next game counts double).
    fire: bool = False
    #: Arena: the points of each game in order; Swiss: 1, ½, 0 or "bye" a round.
    sheet: list[str] = field(default_factory=list)
    buchholz: float = 0.0
    sonneborn: float = 0.0
    paused: bool = False
    rank: int = 0

    def view(self) -> dict[str, Any]:
        return {
            "rank": self.rank,
            "name": self.name,
            "rating": round(self.rating),
            "points": self.points,
            "games": self.games,
            "wins": self.wins,
            "fire": self.fire,
            "sheet": " ".join(self.sheet),
            "buchholz": self.buchholz,
            "sonneborn": self.sonneborn,
            "paused": self.paused,
        }


def half(x: float) -> str:
    """A Swiss score as it is written: 2, 2½, ½."""
    whole, rest = int(x), x - int(x)
    if rest:
        return f"{whole}½" if whole else "½"
    return str(whole)


def _rows(entrants: Iterable[Entrant]) -> dict[str, Row]:
    return {e.id: Row(e.id, e.name, e.rating, paused=e.paused) for e in entrants}


def _ranked(rows: Iterable[Row], key: Any) -> list[Row]:
    out = sorted(rows, key=key)
    for i, r in enumerate(out, 1):
        r.rank = i
    return out


def arena_standings(entrants: Sequence[Entrant], games: Iterable[Played]) -> list[Row]:
    """The arena's table. A player's games never overlap (they are paired only
    between games), so the order they began in is the order they ended in."""
    rows = _rows(entrants)
    order = {e.id: e.order for e in entrants}
    done = sorted((g for g in games if g.counts), key=lambda g: (g.started, g.id))
    streak: dict[str, int] = {}
    for g in done:
        for pid in (g.red, g.blue):
            row = rows.get(pid)
            if row is None:
                continue
            score = g.score_of(pid)
            doubled = streak.get(pid, 0) >= 2
            points = int(score * 2) * (2 if doubled else 1)
            row.points += points
            row.games += 1
            row.wins += score == 1.0
            row.sheet.append(str(points))
            streak[pid] = streak.get(pid, 0) + 1 if score == 1.0 else 0
    for pid, row in rows.items():
        row.fire = streak.get(pid, 0) >= 2
    return _ranked(rows.values(), lambda r: (-r.points, -r.wins, -r.rating, order[r.id]))


def swiss_scores(games: Iterable[Played], byes: Iterable[tuple[int, str]]) -> dict[str, float]:
    scores: dict[str, float] = {}
    for g in games:
        if g.counts:
            for pid in (g.red, g.blue):
                scores[pid] = scores.get(pid, 0.0) + g.score_of(pid)
    for _round, pid in byes:
        scores[pid] = scores.get(pid, 0.0) + 1.0
    return scores


def swiss_standings(
    entrants: Sequence[Entrant], games: Sequence[Played], byes: Sequence[tuple[int, str]]
) -> list[Row]:
    """The Swiss table after the games (and byes, as (round, player)) so far."""
    rows = _rows(entrants)
    order = {e.id: e.order for e in entrants}
    scores = swiss_scores(games, byes)
    rounds = max([g.round for g in games] + [r for r, _ in byes] + [0])
    sheet: dict[str, dict[int, str]] = {pid: {} for pid in rows}
    for g in games:
        if not g.counts:
            continue
        for pid in (g.red, g.blue):
            row = rows.get(pid)
            if row is None:
                continue
            mine, theirs = g.score_of(pid), scores.get(g.other(pid), 0.0)
            row.games += 1
            row.wins += mine == 1.0
            row.buchholz += theirs
            row.sonneborn += mine * theirs
            sheet[pid][g.round] = half(mine)
    for r, pid in byes:
        if pid in sheet:
            sheet[pid][r] = "bye"
    for pid, row in rows.items():
        row.points = scores.get(pid, 0.0)
        row.sheet = [sheet[pid].get(r, "-") for r in range(1, rounds + 1)]
    return _ranked(
        rows.values(),
        lambda r: (-r.points, -r.buchholz, -r.sonneborn, -r.rating, order[r.id]),
    )


def standings(
    kind: str,
    entrants: Sequence[Entrant],
    games: Sequence[Played],
    byes: Sequence[tuple[int, str]] = (),
) -> list[Row]:
    if kind == ARENA:
        return arena_standings(entrants, games)
    return swiss_standings(entrants, games, byes)
