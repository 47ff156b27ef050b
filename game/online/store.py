"""The server's memory: players, ratings and games, in SQLite (the standard
library's, the default) or PostgreSQL, each query written once (:mod:`.sql`
runs it on either engine)::

    store = await Store.open("mosaic-server.db")                 # SQLite
    store = await Store.open("postgresql://mosaic@db/mosaic")    # PostgreSQL

Every finished turn is committed before anyone hears of it, so a server killed
at any moment (SIGKILL included) loses no turn it announced. The database runs
in WAL mode: a commit survives the death of the process; with
``synchronous=NORMAL`` only a crash of the whole machine could lose the last
commits, and ``--durable`` (``synchronous=FULL``) closes that gap too at some
cost in turn rate.

Tokens are stored only as their SHA-256: they are 192 random bits, so a plain
hash is as strong as a slow one, and a stolen database holds no usable token.
"""

from __future__ import annotations

import hashlib
import secrets
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from game.glicko import Rating

from .migrations import migrate
from .protocol import name_key
from .ranks import provisional
from .schema import ADDED_COLUMNS, INDEXES, SCHEMA
from .sql import Beside, Database, Duplicate, Fenced, Row, Step, connect

#: What an unfinished game's row is read as (see :func:`stored_game`).
OPEN_GAME_COLUMNS = (
    "id, side, base, inc, rated, red, blue, red_name, blue_name, red_rating,"
    " blue_rating, red_ms, blue_ms, created, days, since, host, epoch"
)
#: What a player row is read as (see :func:`player_of`).
PLAYER_COLUMNS = "id, name, rating, rd, volatility, games, prating, prd, pvol, pgames"
#: A player's rating, deviation, volatility and games: of correspondence games
#: (``True``) or of live play.
RATING_COLUMNS = {
    False: ("rating", "rd", "volatility", "games"),
    True: ("prating", "prd", "pvol", "pgames"),
}
#: When the player last finished a rated game of each kind.
RATED_AT = {False: "rated_at", True: "prated_at"}
PLAYER = f"SELECT {PLAYER_COLUMNS} FROM players"
#: What a game's record is read from (see :meth:`Store.game_row`).
GAME_COLUMNS = (
    "id, side, base, inc, rated, red, blue, red_name, blue_name, red_rating, blue_rating,"
    " red_ms, blue_ms, result, reason, ratings, created, ended, days, since"
)

#: Games whose turns one query reads (SQLite takes at most 32766 arguments).
TURNS_AT_ONCE = 500
#: What a finished game is read as for a player's page.
FINISHED_COLUMNS = "id, red, blue, red_name, blue_name, result, reason, ratings, rated, ended, days"
#: A player's finished games, newest first: each colour's read along its index
#: (:data:`INDEXES`) no further than the page asked, then the two merged, so a
#: page costs the same whether the player has 40 games or 40,000. A player
#: never plays themselves, but a row that said so would still be listed once.
FINISHED_OF = (
    f"SELECT * FROM (SELECT {FINISHED_COLUMNS} FROM games"
    " WHERE red=? AND result IS NOT NULL ORDER BY ended DESC, id DESC LIMIT ?) AS r"
    f" UNION ALL SELECT * FROM (SELECT {FINISHED_COLUMNS} FROM games"
    " WHERE blue=? AND red<>? AND result IS NOT NULL"
    " ORDER BY ended DESC, id DESC LIMIT ?) AS b"
    " ORDER BY ended DESC, id DESC LIMIT ? OFFSET ?"
)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_id(length: int = 10) -> str:
    return "".join(secrets.choice("abcdefghijkmnopqrstuvwxyz23456789") for _ in range(length))


class NameTaken(ValueError):
    """Another player has that display name (in any case or width)."""


@dataclass
class Player:
    id: str
    name: str
    rating: Rating
    games: int
    #: The rating of correspondence games, kept apart from live play's.
    postal: Rating = field(default_factory=Rating)
    postal_games: int = 0

    def view(self) -> dict[str, Any]:
        """The player as the welcome shows them to themselves."""
        return {
            "id": self.id,
            "name": self.name,
            "rating": round(self.rating.rating),
            "games": self.games,
            "correspondence_rating": round(self.postal.rating),
            "provisional": provisional(self.rating),
            "correspondence_provisional": provisional(self.postal),
        }


def player_of(row: Sequence[Any] | None) -> Player | None:
    """A player from a row of :data:`PLAYER_COLUMNS`."""
    if row is None:
        return None
    postal = Rating(row[6], row[7], row[8]) if row[6] is not None else Rating()
    return Player(row[0], row[1], Rating(row[2], row[3], row[4]), row[5], postal, row[9])


@dataclass
class StoredGame:
    """A game row and its turns, as a restarted server finds it."""

    id: str
    side: int
    base: int
    inc: int
    rated: bool
    players: tuple[str, str]
    names: tuple[str, str]
    ratings: tuple[float, float]
    clocks: tuple[int, int]
    turns: list[str]
    created: float
    #: Days a turn of a correspondence game (``clocks`` then holds each side's
    #: days of reserve), and when its running turn began; ``None`` for a live game.
    days: int | None = None
    since: float | None = None
    #: The server process that plays it, in a cluster (:mod:`.cluster`), and how
    #: many times it changed hands: only the process of this epoch may write it.
    host: str | None = None
    epoch: int = 0


class Store:
    """Players, ratings and games, whatever the engine under it (:mod:`.sql`).
    Every method is a coroutine: no disk write ever holds the event loop."""

    def __init__(self, db: Database) -> None:
        self.db = db

    @cached_property
    def beside(self) -> Store:
        """This store, its reads beside its writes (:meth:`.sql.Database.read`):
        for the web pages, which no turn must wait for."""
        return Store(Beside(self.db))

    @classmethod
    async def open(cls, where: str | Path, durable: bool = False) -> Store:
        """The store at ``where``: a ``postgresql://`` address, or an SQLite file."""
        store = cls(await connect(where, durable))
        await store.setup()
        return store

    async def setup(self) -> None:
        await self.db.setup(SCHEMA, ADDED_COLUMNS, INDEXES)
        await migrate(self.db)

    async def close(self) -> None:
        await self.db.close()

    async def _one(self, sql: str, *args: Any) -> Row | None:
        rows = await self.db.fetch(sql, *args)
        return rows[0] if rows else None

    # -- players ------------------------------------------------------------
    async def new_player(self, name: str) -> tuple[Player, str]:
        """A new anonymous player and the token that proves it (shown once)."""
        token = secrets.token_urlsafe(24)
        r = Rating()
        pid = new_id()
        try:
            await self.db.write([Step(
                "INSERT INTO players (id, name, token_hash, rating, rd, volatility, games,"
                " created, name_key) VALUES (?,?,?,?,?,?,0,?,?)",
                (pid, name, token_hash(token), r.rating, r.rd, r.volatility, time.time(),
                 name_key(name)),
            ), Step("INSERT INTO names (key, player) VALUES (?,?)",
                    (name_key(name), pid))])  # fmt: skip
        except Duplicate:
            raise NameTaken(name) from None
        return Player(pid, name, r, 0), token

    async def player_by_token(self, token: str) -> Player | None:
        return player_of(await self._one(f"{PLAYER} WHERE token_hash=?", token_hash(token)))

    async def player(self, pid: str) -> Player | None:
        return player_of(await self._one(f"{PLAYER} WHERE id=?", pid))

    async def player_by_name(self, name: str) -> Player | None:
        """The player who has or had this display name, ignoring case, width and
        look-alike letters: a name once a player's stays theirs, so an old
        game's link never leads to somebody else."""
        return player_of(
            await self._one(
                f"{PLAYER} WHERE id=(SELECT player FROM names WHERE key=?)", name_key(name)
            )
        )

    async def names_of(self, pid: str) -> int:
        """How many names the player has had (each kept for them)."""
        row = await self._one("SELECT COUNT(*) FROM names WHERE player=?", pid)
        return int(row[0]) if row else 0

    async def rename(self, pid: str, name: str) -> None:
        """Raises :class:`NameTaken` if another player has or had the name; the
        player's old name stays theirs."""
        key = name_key(name)
        owner = await self._one("SELECT player FROM names WHERE key=?", key)
        if owner is not None and owner[0] != pid:
            raise NameTaken(name)
        try:
            await self.db.write([
                Step("INSERT INTO names (key, player) VALUES (?,?) ON CONFLICT (key) DO NOTHING",
                     (key, pid)),
                Step("UPDATE players SET name=?, name_key=? WHERE id=?", (name, key, pid)),
            ])  # fmt: skip
        except Duplicate:
            raise NameTaken(name) from None

    async def leaderboard(
        self,
        limit: int = 20,
        min_games: int = 1,
        postal: bool = False,
        *,
        most_rd: float = float("inf"),
        since: float = 0.0,
    ) -> list[dict[str, Any]]:
        """The best players of live play or, ``postal``, of correspondence games,
        by rating less twice its deviation: those with ``min_games`` rated games,
        a deviation of at most ``most_rd`` (not provisional) and a rated game
        finished since ``since`` (wall-clock seconds)."""
        r, d, _, g = RATING_COLUMNS[postal]
        rows = await self.db.fetch(
            f"SELECT name, {r}, {d}, {g} FROM players WHERE {g} >= ? AND {d} <= ?"
            f" AND COALESCE({RATED_AT[postal]}, 0) >= ?"
            f" ORDER BY {r} - 2 * {d} DESC, {r} DESC LIMIT ?",
            min_games,
            min(most_rd, 1e9),  # PostgreSQL reads no infinity from a Python float here
            since,
            limit,
        )
        return [{"name": n, "rating": round(r), "rd": round(d), "games": g} for n, r, d, g in rows]

    # -- games --------------------------------------------------------------
    async def new_game(self, g: StoredGame) -> None:
        await self.new_games([g])

    async def new_games(self, games: Sequence[StoredGame]) -> None:
        """Several new games in one commit (a benchmark writes many at once)."""
        await self.db.write([Step(
            "INSERT INTO games (id, side, base, inc, rated, red, blue, red_name, blue_name,"
            " red_rating, blue_rating, red_ms, blue_ms, created, days, since, host)"
            " VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
            many=tuple(
                (g.id, g.side, g.base, g.inc, int(g.rated), *g.players, *g.names,
                 *map(float, g.ratings), *g.clocks, g.created, g.days, g.since, g.host)
                for g in games
            ),
        )])  # fmt: skip

    async def drop_unplayed(self, game: str) -> bool:
        """Take out a game that never began (its players heard it failed to
        start): one with no result and no turn. Whether there was one."""
        try:
            await self.db.write([Step(
                "DELETE FROM games WHERE id=? AND result IS NULL"
                " AND NOT EXISTS (SELECT 1 FROM turns WHERE game=?)",
                (game, game), fenced=True,
            )])  # fmt: skip
        except Fenced:  # none such: the write that made it was not kept
            return False
        return True

    async def add_turns(
        self,
        game: str,
        first_ply: int,
        turns: list[str],
        clocks: list[int],
        since: float | None = None,
        *,
        epoch: int = 0,
    ) -> None:
        """Keep the turns just played and the clocks after them (and, for a
        correspondence game, when the next turn began), in one commit. Refused
        (:class:`.sql.Fenced`) unless the game is still in play in this ``epoch``."""
        await self.db.write([
            Step("UPDATE games SET red_ms=?, blue_ms=?, since=?"
                 " WHERE id=? AND epoch=? AND result IS NULL",
                 (clocks[0], clocks[1], since, game, epoch), fenced=True),
            Step("INSERT INTO turns VALUES (?,?,?)",
                 many=tuple((game, first_ply + i, t) for i, t in enumerate(turns))),
        ])  # fmt: skip

    async def finish(
        self,
        game: str,
        result: str,
        reason: str,
        clocks: list[int],
        *,
        ratings_json: str | None = None,
        new_ratings: Sequence[tuple[str, Rating]] = (),
        postal: bool = False,
        epoch: int = 0,
    ) -> None:
        """Keep how a game ended and, for a rated one, both new ratings (of
        correspondence games, ``postal``), in one commit; fenced as
        :meth:`add_turns` is, so a game ends once."""
        r, d, v, g = RATING_COLUMNS[postal]
        ended = time.time()
        steps = [Step(
            "UPDATE games SET result=?, reason=?, red_ms=?, blue_ms=?, ratings=?, ended=?"
            " WHERE id=? AND epoch=? AND result IS NULL",
            (result, reason, clocks[0], clocks[1], ratings_json, ended, game, epoch),
            fenced=True,
        )]  # fmt: skip
        steps += [
            Step(f"UPDATE players SET {r}=?, {d}=?, {v}=?, {g}={g}+1, {RATED_AT[postal]}=?"
                 " WHERE id=?", (x.rating, x.rd, x.volatility, ended, pid))
            for pid, x in new_ratings
        ]  # fmt: skip
        await self.db.write(steps)

    async def open_games(self) -> list[StoredGame]:
        """Every game not yet over, with its turns, to resume after a restart."""
        return await self._with_turns(
            await self.db.fetch(f"SELECT {OPEN_GAME_COLUMNS} FROM games WHERE result IS NULL")
        )

    async def open_games_of(self, pid: str) -> list[StoredGame]:
        """The player's correspondence games not yet over, with their turns."""
        rows = await self.db.fetch(
            f"SELECT {OPEN_GAME_COLUMNS} FROM games WHERE result IS NULL AND days IS NOT NULL"
            " AND (red=? OR blue=?)",
            pid,
            pid,
        )
        return await self._with_turns(rows)

    async def _with_turns(self, rows: list[Row]) -> list[StoredGame]:
        """The games of these rows with their turns, read for many games a query."""
        turns: dict[str, list[str]] = {r[0]: [] for r in rows}
        ids = list(turns)
        for i in range(0, len(ids), TURNS_AT_ONCE):
            some = ids[i : i + TURNS_AT_ONCE]
            for game, turn in await self.db.fetch(
                f"SELECT game, turn FROM turns WHERE game IN ({','.join('?' * len(some))})"
                " ORDER BY game, ply",
                *some,
            ):
                turns[game].append(turn)
        return [stored_game(r, turns[r[0]]) for r in rows]

    async def game_host(self, game: str) -> str | None:
        """The server process that plays this unfinished game, in a cluster."""
        row = await self._one("SELECT host FROM games WHERE id=? AND result IS NULL", game)
        return None if row is None else str(row[0])

    async def game_hosts(self) -> set[str]:
        """Every server process that plays an unfinished game."""
        rows = await self.db.fetch(
            "SELECT DISTINCT host FROM games WHERE result IS NULL AND host IS NOT NULL"
        )
        return {r[0] for r in rows}

    async def adopt(self, process: str | None, me: str) -> list[StoredGame]:
        """Take the unfinished games of ``process`` (``None``: of no process, as a
        single server left them) for process ``me``, in one statement, so each
        game goes to one process, in a new epoch that fences off the writes of
        any copy left behind; returns them with their turns."""
        rows = await self.db.fetch(
            "UPDATE games SET host=?, epoch=epoch+1"
            " WHERE result IS NULL AND host IS NOT DISTINCT FROM ?"
            f" RETURNING {OPEN_GAME_COLUMNS}",
            me,
            process,
        )
        return await self._with_turns(rows)

    async def owned(self, process: str) -> dict[str, int]:
        """The unfinished games the store says ``process`` plays, with their epochs."""
        rows = await self.db.fetch(
            "SELECT id, epoch FROM games WHERE result IS NULL AND host=?", process
        )
        return {gid: epoch for gid, epoch in rows}

    async def game_row(self, game: str) -> dict[str, Any] | None:
        """A game's stored facts (finished or not) for its record."""
        row = await self._one(f"SELECT {GAME_COLUMNS} FROM games WHERE id=?", game)
        if row is None:
            return None
        data = dict(zip(GAME_COLUMNS.split(", "), row, strict=True))
        data["turns"] = await self.turns(game)
        return data

    async def ended(self, game: str, epoch: int) -> tuple[str, str, str | None] | None:
        """The result, reason and ratings (JSON) stored for a game that ended in
        this ``epoch``, or ``None`` if it did not (not yet, or not by this epoch)."""
        row = await self._one(
            "SELECT result, reason, ratings FROM games"
            " WHERE id=? AND epoch=? AND result IS NOT NULL",
            game,
            epoch,
        )
        return None if row is None else (row[0], row[1], row[2])

    async def turns(self, game: str) -> list[str]:
        rows = await self.db.fetch("SELECT turn FROM turns WHERE game=? ORDER BY ply", game)
        return [t for (t,) in rows]

    # -- for the web pages ----------------------------------------------------
    async def finished_games_of(self, pid: str, count: int, skip: int = 0) -> list[dict[str, Any]]:
        """The player's finished games, newest first: ``count`` of them after the
        ``skip`` newest. Each: id, colours' ids and names, result, reason,
        ratings (JSON text or None), rated, ended, days."""
        reach = count + skip  # no colour need read further than that
        rows = await self.db.fetch(FINISHED_OF, pid, reach, pid, pid, reach, count, skip)
        keys = FINISHED_COLUMNS.split(", ")
        out = []
        for row in rows:
            game = dict(zip(keys, row, strict=True))
            game["rated"] = bool(game["rated"])
            out.append(game)
        return out


def stored_game(r: Sequence[Any], turns: list[str]) -> StoredGame:
    """An unfinished game from its row (the columns :meth:`Store.open_games` reads)."""
    return StoredGame(
        r[0], r[1], r[2], r[3], bool(r[4]), (r[5], r[6]), (r[7], r[8]),
        (r[9], r[10]), (r[11], r[12]), turns, r[13], r[14], r[15], r[16], r[17],
    )  # fmt: skip
