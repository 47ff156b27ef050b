"""Tournaments in the store: made by an operator (:mod:`.tournament_cli`), joined
by players, paired by whichever server process gets there first.

Everything a tournament is lives here, so a restarted server, or another
process of a cluster, carries on from it: the tournament's row, its entrants,
its byes and its games (rows of ``games`` marked with it). A pairing is one
commit that bumps the tournament's ``version`` only if it is still the one the
pairing was worked out from (a fenced step, :class:`.sql.Fenced` otherwise),
and stores its games and byes with it.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .ranks import provisional
from .sql import Database, Fenced, Step
from .store import Player, StoredGame, new_id, player_of
from .tournament_rules import ARENA, Entrant, Played

#: The round of a game still in play when its tournament ended: it counts for
#: nothing (:meth:`TournamentStore.finish`).
LATE = -1

COLUMNS = (
    "id, name, kind, side, base, inc, rated, starts, minutes, rounds, provisional, most,"
    " version, round, ended, winner, created"
)


@dataclass
class Tournament:
    id: str
    name: str
    kind: str  # ARENA or SWISS
    side: int
    base: int
    inc: int
    rated: bool
    starts: float  # wall-clock seconds
    minutes: int = 0  # an arena's length
    rounds: int = 0  # a Swiss's rounds
    #: Provisional players it takes at most (throwaway accounts cannot fill it).
    provisional: int = 4
    most: int = 0  # players at most (0: no limit)
    version: int = 0
    round: int = 0  # Swiss rounds paired so far
    ended: float | None = None
    winner: str | None = None
    created: float = 0.0

    @property
    def ends(self) -> float | None:
        """When an arena's time runs out (wall-clock); ``None`` for a Swiss."""
        return self.starts + 60 * self.minutes if self.kind == ARENA else None


def tournament_of(row: Sequence[Any]) -> Tournament:
    t = Tournament(*row)
    t.rated = bool(t.rated)
    return t


@dataclass
class Snapshot:
    """A tournament as the store has it now: what its standings and its next
    pairing are worked out from."""

    tournament: Tournament
    entrants: list[Entrant]
    games: list[Played]
    byes: list[tuple[int, str]]


class TournamentStore:
    """The tournament queries, on the store's engine."""

    def __init__(self, db: Database) -> None:
        self.db = db

    async def create(self, t: Tournament) -> Tournament:
        t.id = t.id or new_id()
        t.created = t.created or time.time()
        await self.db.write([Step(
            f"INSERT INTO tournaments ({COLUMNS}) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
            (t.id, t.name, t.kind, t.side, t.base, t.inc, int(t.rated), t.starts, t.minutes,
             t.rounds, t.provisional, t.most, t.version, t.round, t.ended, t.winner, t.created),
        )])  # fmt: skip
        return t

    async def get(self, tid: str) -> Tournament | None:
        rows = await self.db.fetch(f"SELECT {COLUMNS} FROM tournaments WHERE id=?", tid)
        return tournament_of(rows[0]) if rows else None

    async def open(self) -> list[Tournament]:
        """The tournaments not yet over, the soonest first."""
        rows = await self.db.fetch(
            f"SELECT {COLUMNS} FROM tournaments WHERE ended IS NULL ORDER BY starts, id"
        )
        return [tournament_of(r) for r in rows]

    async def listed(self, count: int = 20) -> list[Tournament]:
        """Those not over (the soonest first), then the latest finished."""
        done = await self.db.fetch(
            f"SELECT {COLUMNS} FROM tournaments WHERE ended IS NOT NULL"
            " ORDER BY ended DESC, id LIMIT ?",
            count,
        )
        return [*await self.open(), *(tournament_of(r) for r in done)]

    async def snapshot(self, tid: str) -> Snapshot | None:
        t = await self.get(tid)
        if t is None:
            return None
        rows = await self.db.fetch(
            "SELECT p.id, p.name, p.rating, p.rd, p.volatility, e.paused, e.provisional"
            " FROM entrants e JOIN players p ON p.id = e.player"
            " WHERE e.tournament=? ORDER BY e.joined, p.id",
            tid,
        )
        entrants = [
            Entrant(pid, name, rating, i, bool(paused), bool(prov))
            for i, (pid, name, rating, _rd, _vol, paused, prov) in enumerate(rows)
        ]
        # In the order they began: a player's games in an arena never overlap, so
        # this is the order they ended, which the streaks are counted in (the
        # ``ended`` column of PostgreSQL is a 4-byte REAL, good to a minute only).
        games = [
            Played(gid, red, blue, result, rnd or 0, ended, created)
            for gid, red, blue, result, rnd, ended, created in await self.db.fetch(
                "SELECT id, red, blue, result, round, ended, created FROM games"
                " WHERE tournament=? AND (round IS NULL OR round <> ?) ORDER BY created, id",
                tid,
                LATE,
            )
        ]
        byes = [
            (int(r), str(p))
            for r, p in await self.db.fetch(
                "SELECT round, player FROM byes WHERE tournament=? ORDER BY round, player", tid
            )
        ]
        return Snapshot(t, entrants, games, byes)

    async def enter(self, t: Tournament, player: Player) -> bool:
        """The player joins the tournament, or comes back to it from a pause;
        ``False`` (and nothing changed) if it is over, or a newcomer would take
        it past :attr:`~Tournament.most` players or, being provisional, past
        :attr:`~Tournament.provisional` such players.

        The count and the join are one commit, after a write to the
        tournament's row: PostgreSQL makes a second join to the same tournament,
        from any process, wait for the first to commit, and then counts what
        the first added (SQLite writes one commit at a time anyway), so joins at
        the same moment cannot all pass a count taken before any of them."""
        prov = int(provisional(player.rating))
        joins = " AND ".join((
            "(? = 0 OR (SELECT COUNT(*) FROM entrants WHERE tournament=?) < ?)",
            "(? = 0 OR (SELECT COUNT(*) FROM entrants WHERE tournament=? AND provisional=1) < ?)",
        ))  # fmt: skip
        try:
            await self.db.write([Step(
                "UPDATE tournaments SET version=version WHERE id=? AND ended IS NULL",
                (t.id,), fenced=True,
            ), Step(
                "INSERT INTO entrants (tournament, player, joined, provisional, paused)"
                " SELECT CAST(? AS TEXT), CAST(? AS TEXT), CAST(? AS DOUBLE PRECISION),"
                " CAST(? AS INTEGER), 0"
                " WHERE EXISTS (SELECT 1 FROM entrants WHERE tournament=? AND player=?)"
                f" OR ({joins})"
                " ON CONFLICT (tournament, player) DO UPDATE SET paused=0",
                (t.id, player.id, time.time(), prov, t.id, player.id,
                 t.most, t.id, t.most, prov, t.id, t.provisional),
                fenced=True,
            )])  # fmt: skip
        except Fenced:
            return False
        return True

    async def counts(self, tid: str) -> tuple[int, int]:
        """How many have joined, and how many of them were provisional then."""
        rows = await self.db.fetch(
            "SELECT COUNT(*), COALESCE(SUM(provisional), 0) FROM entrants WHERE tournament=?",
            tid,
        )
        return int(rows[0][0]), int(rows[0][1])

    async def entered(self, tid: str, pid: str) -> bool:
        rows = await self.db.fetch(
            "SELECT 1 FROM entrants WHERE tournament=? AND player=?", tid, pid
        )
        return bool(rows)

    async def has_games(self, ids: Sequence[str]) -> bool:
        """Whether the store has every one of these games (a pairing's, which
        are kept all together or not at all)."""
        if not ids:
            return False
        marks = ",".join("?" * len(ids))
        rows = await self.db.fetch(f"SELECT COUNT(*) FROM games WHERE id IN ({marks})", *ids)
        return int(rows[0][0]) == len(ids)

    async def pause(self, pid: str, tid: str | None = None) -> None:
        """The player is paused in one tournament, or in every one not over."""
        where = "tournament=?" if tid else (
            "tournament IN (SELECT id FROM tournaments WHERE ended IS NULL)"
        )  # fmt: skip
        args = (pid, tid) if tid else (pid,)
        await self.db.write(
            [Step(f"UPDATE entrants SET paused=1 WHERE player=? AND {where}", args)]
        )

    async def player(self, pid: str) -> Player | None:
        rows = await self.db.fetch(
            "SELECT id, name, rating, rd, volatility, games, prating, prd, pvol, pgames"
            " FROM players WHERE id=?",
            pid,
        )
        return player_of(rows[0]) if rows else None

    async def pair(
        self,
        t: Tournament,
        games: Sequence[StoredGame],
        byes: Sequence[str] = (),
        next_round: int | None = None,
    ) -> None:
        """Store a pairing worked out from ``t.version``: its games (of round
        ``next_round`` for a Swiss) and byes; raises :class:`.sql.Fenced` if
        another pairing got there first."""
        rnd = t.round if next_round is None else next_round
        steps = [
            Step(
                "UPDATE tournaments SET version=version+1, round=?"
                " WHERE id=? AND version=? AND ended IS NULL",
                (rnd, t.id, t.version),
                fenced=True,
            )
        ]
        if games:
            steps.append(Step(
                "INSERT INTO games (id, side, base, inc, rated, red, blue, red_name, blue_name,"
                " red_rating, blue_rating, red_ms, blue_ms, created, days, since, host,"
                " tournament, round) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                many=tuple(
                    (g.id, g.side, g.base, g.inc, int(g.rated), *g.players, *g.names,
                     *map(float, g.ratings), *g.clocks, g.created, g.days, g.since, g.host,
                     t.id, rnd)
                    for g in games
                ),
            ))  # fmt: skip
        if byes:
            steps.append(Step(
                "INSERT INTO byes (tournament, round, player) VALUES (?,?,?)",
                many=tuple((t.id, rnd, p) for p in byes),
            ))  # fmt: skip
        await self.db.write(steps)

    async def finish(self, t: Tournament, winner: str | None, late: Sequence[str] = ()) -> None:
        """The tournament is over; fenced as :meth:`pair` is, so it ends once.

        ``late`` are its games still in play in the snapshot the standings (and
        ``winner``) were worked out from: they are marked :data:`LATE` in the
        same commit, played out, and count for nothing (an arena's time has run
        out), as on lichess, where only games over before the end count. A game
        that ends between that snapshot and this commit is one of them too, so
        the stored winner is always the standings' first. No game can join the
        tournament meanwhile: a pairing bumps ``version``, which fences this."""
        steps = [Step(
            "UPDATE tournaments SET version=version+1, ended=?, winner=?"
            " WHERE id=? AND version=? AND ended IS NULL",
            (time.time(), winner, t.id, t.version), fenced=True,
        )]  # fmt: skip
        if late:
            steps.append(Step(
                "UPDATE games SET round=? WHERE tournament=? AND id=?",
                many=tuple((LATE, t.id, gid) for gid in late),
            ))  # fmt: skip
        await self.db.write(steps)
