"""The server's memory behind one interface, with two engines under it.

    store = await open_store("mosaic-server.db")                 # SQLite (the default)
    store = await open_store("postgresql://mosaic@db/mosaic")    # PostgreSQL

Both keep the same things (players, ratings, games and their turns; see
:mod:`.store` for what each row holds) and give the same answers; every store
test runs against both. Every method is a coroutine, so no disk write ever
holds the event loop that serves every connection:

- :class:`SqliteStore` runs the standard library's SQLite on one writer thread
  of its own. Calls run in the order they were made, so a turn is still
  committed before anyone hears of it, and ``--durable``'s fsync of every turn
  waits in that thread, not in the loop.
- :class:`PostgresStore` speaks to PostgreSQL through asyncpg (an optional
  dependency: ``pip install "mosaic-steere[postgres]"``), for a deployment that
  outgrows one process: several server processes can share one database.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import queue
import secrets
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NamedTuple, Protocol, TypeVar

from game.glicko import Rating

from .protocol import name_key
from .store import (
    ADDED_COLUMNS,
    NAME_KEY_INDEX,
    OPEN_GAME_COLUMNS,
    PLAYER_COLUMNS,
    NameTaken,
    Player,
    Store,
    StoredGame,
    leaderboard_query,
    new_id,
    player_of,
    rating_update,
    stored_game,
    token_hash,
)

T = TypeVar("T")


class Call(NamedTuple):
    """A store call for the writer thread, and where its answer goes."""

    fn: Callable[..., Any]
    args: tuple[Any, ...]
    kwargs: dict[str, Any]
    fut: asyncio.Future[Any]
    loop: asyncio.AbstractEventLoop


class AsyncStore(Protocol):
    """What the server keeps and asks for, whatever the engine."""

    async def close(self) -> None: ...
    async def new_player(self, name: str) -> tuple[Player, str]: ...
    async def player_by_token(self, token: str) -> Player | None: ...
    async def player(self, pid: str) -> Player | None: ...
    async def player_by_name(self, name: str) -> Player | None: ...
    async def rename(self, pid: str, name: str) -> None: ...
    async def leaderboard(
        self, limit: int = 20, min_games: int = 1, postal: bool = False
    ) -> list[dict[str, Any]]: ...
    async def new_game(self, g: StoredGame) -> None: ...
    async def add_turns(
        self,
        game: str,
        first_ply: int,
        turns: list[str],
        clocks: list[int],
        since: float | None = None,
    ) -> None: ...
    async def finish(
        self,
        game: str,
        result: str,
        reason: str,
        clocks: list[int],
        *,
        ratings_json: str | None = None,
        new_ratings: Sequence[tuple[str, Rating]] = ...,
        postal: bool = False,
    ) -> None: ...
    async def open_games(self) -> list[StoredGame]: ...
    async def game_row(self, game: str) -> dict[str, Any] | None: ...
    async def open_games_of(self, pid: str) -> list[StoredGame]: ...
    async def game_host(self, game: str) -> str | None: ...
    async def game_hosts(self) -> set[str]: ...
    async def finished_games_of(
        self, pid: str, limit: int | None = None
    ) -> list[dict[str, Any]]: ...


async def open_store(where: str | Path, durable: bool = False) -> AsyncStore:
    """A ``postgresql://`` (or ``postgres://``) address opens PostgreSQL; anything
    else is the path of an SQLite file."""
    text = str(where)
    if text.startswith(("postgresql://", "postgres://")):
        return await PostgresStore.connect(text)
    return SqliteStore(text, durable)


class SqliteStore:
    """:class:`.store.Store` on a writer thread of its own.

    Calls run one at a time, in the order made. Turns that arrive while a commit
    is under way are kept together in the next one (a group commit): under load
    one sync of the disk keeps the turns of many games, and the writer thread
    asks for the interpreter once for all of them rather than once for each."""

    def __init__(self, path: str | Path, durable: bool = False) -> None:
        #: Calls to make, in order; ``None`` ends the writer thread.
        self._queue: queue.SimpleQueue[Call | None] = queue.SimpleQueue()
        made: concurrent.futures.Future[Store] = concurrent.futures.Future()
        self._thread = threading.Thread(
            target=self._serve, args=(path, durable, made), name="mosaic-store", daemon=True
        )
        self._thread.start()
        # The connection is made on the writer thread and used only there.
        self._store: Store = made.result()

    def _serve(
        self, path: str | Path, durable: bool, made: concurrent.futures.Future[Store]
    ) -> None:
        try:
            store = Store(path, durable)
        except BaseException as e:  # said to the caller, who is waiting for it
            made.set_exception(e)
            return
        made.set_result(store)
        waiting: list[Call | None] = []  # taken from the queue, not yet served
        while True:
            item = waiting.pop(0) if waiting else self._queue.get()
            if item is None:
                return
            if item.fn != store.add_turns:
                self._answer(item)
                continue
            batch = [item]
            while not waiting:  # every turn already waiting joins this commit
                try:
                    nxt = self._queue.get_nowait()
                except queue.Empty:
                    break
                if nxt is not None and nxt.fn == store.add_turns:
                    batch.append(nxt)
                else:
                    waiting.append(nxt)  # served next, in its order
            try:
                store.add_turns_of_games([i.args for i in batch])
            except Exception:  # none was kept: each on its own, so only the culprit fails
                for i in batch:
                    self._answer(i)
            else:
                for i in batch:
                    self._settle(i, value=None)

    def _answer(self, item: Call) -> None:
        try:
            value = item.fn(*item.args, **item.kwargs)
        except Exception as e:  # raised in the caller's task instead
            self._settle(item, error=e)
        else:
            self._settle(item, value=value)

    @staticmethod
    def _settle(item: Call, value: Any = None, error: BaseException | None = None) -> None:
        fut = item.fut

        def settle() -> None:
            if fut.done():
                return  # its caller gave up waiting
            if error is not None:
                fut.set_exception(error)
            else:
                fut.set_result(value)

        item.loop.call_soon_threadsafe(settle)

    async def _run(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        loop = asyncio.get_running_loop()
        fut: asyncio.Future[T] = loop.create_future()
        self._queue.put(Call(fn, args, kwargs, fut, loop))
        return await fut

    async def close(self) -> None:
        await self._run(self._store.close)
        self._queue.put(None)
        await asyncio.to_thread(self._thread.join)

    async def new_player(self, name: str) -> tuple[Player, str]:
        return await self._run(self._store.new_player, name)

    async def player_by_token(self, token: str) -> Player | None:
        return await self._run(self._store.player_by_token, token)

    async def player(self, pid: str) -> Player | None:
        return await self._run(self._store.player, pid)

    async def player_by_name(self, name: str) -> Player | None:
        return await self._run(self._store.player_by_name, name)

    async def rename(self, pid: str, name: str) -> None:
        await self._run(self._store.rename, pid, name)

    async def leaderboard(
        self, limit: int = 20, min_games: int = 1, postal: bool = False
    ) -> list[dict[str, Any]]:
        return await self._run(self._store.leaderboard, limit, min_games, postal)

    async def new_game(self, g: StoredGame) -> None:
        await self._run(self._store.new_game, g)

    async def add_turns(
        self,
        game: str,
        first_ply: int,
        turns: list[str],
        clocks: list[int],
        since: float | None = None,
    ) -> None:
        await self._run(self._store.add_turns, game, first_ply, turns, clocks, since)

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
    ) -> None:
        await self._run(
            self._store.finish,
            game,
            result,
            reason,
            clocks,
            ratings_json=ratings_json,
            new_ratings=new_ratings,
            postal=postal,
        )

    async def open_games(self) -> list[StoredGame]:
        return await self._run(self._store.open_games)

    async def game_row(self, game: str) -> dict[str, Any] | None:
        return await self._run(self._store.game_row, game)

    async def open_games_of(self, pid: str) -> list[StoredGame]:
        return await self._run(self._store.open_games_of, pid)

    async def game_host(self, game: str) -> str | None:
        return await self._run(self._store.game_host, game)

    async def game_hosts(self) -> set[str]:
        return await self._run(self._store.game_hosts)

    async def finished_games_of(self, pid: str, limit: int | None = None) -> list[dict[str, Any]]:
        return await self._run(self._store.finished_games_of, pid, limit)


PG_SCHEMA = """
CREATE TABLE IF NOT EXISTS players (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    token_hash TEXT NOT NULL UNIQUE,
    rating DOUBLE PRECISION NOT NULL, rd DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    games INTEGER NOT NULL DEFAULT 0,
    created DOUBLE PRECISION NOT NULL,
    name_key TEXT
);
ALTER TABLE players ADD COLUMN IF NOT EXISTS name_key TEXT;
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    side INTEGER NOT NULL, base INTEGER NOT NULL, inc INTEGER NOT NULL,
    rated INTEGER NOT NULL,
    red TEXT NOT NULL REFERENCES players(id), blue TEXT NOT NULL REFERENCES players(id),
    red_name TEXT NOT NULL, blue_name TEXT NOT NULL,
    red_rating DOUBLE PRECISION NOT NULL, blue_rating DOUBLE PRECISION NOT NULL,
    red_ms INTEGER NOT NULL, blue_ms INTEGER NOT NULL,
    result TEXT, reason TEXT NOT NULL DEFAULT '',
    ratings TEXT,
    created DOUBLE PRECISION NOT NULL, ended DOUBLE PRECISION
);
CREATE TABLE IF NOT EXISTS turns (
    game TEXT NOT NULL REFERENCES games(id),
    ply INTEGER NOT NULL,
    turn TEXT NOT NULL,
    PRIMARY KEY (game, ply)
);
CREATE INDEX IF NOT EXISTS games_open ON games(result) WHERE result IS NULL;
CREATE INDEX IF NOT EXISTS players_name ON players(lower(name));
"""

PG_TYPES = {"REAL": "DOUBLE PRECISION"}
PG_ADDED = "".join(
    f"ALTER TABLE {table} ADD COLUMN IF NOT EXISTS {column} {PG_TYPES.get(kind, kind)};\n"
    for table, column, kind in ADDED_COLUMNS
)
PLAYER = f"SELECT {PLAYER_COLUMNS} FROM players"
GAME_COLUMNS = (
    "id, side, base, inc, rated, red, blue, red_name, blue_name, red_rating, blue_rating,"
    " red_ms, blue_ms, result, reason, ratings, created, ended, days, since"
)
_player = player_of


class PostgresStore:
    """The same store in PostgreSQL, through an asyncpg connection pool."""

    def __init__(self, pool: Any) -> None:
        self.pool = pool

    @classmethod
    async def connect(cls, dsn: str, *, size: int = 8) -> PostgresStore:
        try:
            # Optional: only a PostgreSQL deployment needs it; it ships no annotations.
            import asyncpg  # type: ignore[import-untyped,import-not-found,unused-ignore]  # noqa: PLC0415
        except ImportError:  # an optional dependency: say how to get it
            raise RuntimeError(
                'PostgreSQL needs asyncpg: pip install "mosaic-steere[postgres]"'
            ) from None
        pool = await asyncpg.create_pool(dsn, min_size=1, max_size=size)
        # Two servers starting at once must not both create the tables.
        async with pool.acquire() as conn, conn.transaction():
            await conn.execute("SELECT pg_advisory_xact_lock(7706)")
            await conn.execute(PG_SCHEMA)
            await conn.execute(PG_ADDED)
            await conn.execute(NAME_KEY_INDEX)
            # Players kept before names had keys get theirs (see store.NAME_KEY_INDEX).
            rows = await conn.fetch(
                "SELECT id, name FROM players WHERE name_key IS NULL ORDER BY created"
            )
            for pid, name in rows:
                await conn.execute(
                    "UPDATE players SET name_key=$1 WHERE id=$2"
                    " AND NOT EXISTS (SELECT 1 FROM players WHERE name_key=$1)",
                    name_key(name),
                    pid,
                )
        return cls(pool)

    async def close(self) -> None:
        await self.pool.close()

    # -- players ------------------------------------------------------------------
    async def new_player(self, name: str) -> tuple[Player, str]:
        token = secrets.token_urlsafe(24)
        r = Rating()
        pid = new_id()
        try:
            await self.pool.execute(
                "INSERT INTO players (id, name, token_hash, rating, rd, volatility, games,"
                " created, name_key) VALUES ($1,$2,$3,$4,$5,$6,0,$7,$8)",
                pid,
                name,
                token_hash(token),
                r.rating,
                r.rd,
                r.volatility,
                time.time(),
                name_key(name),
            )
        except Exception as e:  # asyncpg's UniqueViolationError, which we do not import
            if "players_name_key" in str(e):
                raise NameTaken(name) from None
            raise
        return Player(pid, name, r, 0), token

    async def player_by_token(self, token: str) -> Player | None:
        row = await self.pool.fetchrow(f"{PLAYER} WHERE token_hash=$1", token_hash(token))
        return _player(row)

    async def player(self, pid: str) -> Player | None:
        return _player(await self.pool.fetchrow(f"{PLAYER} WHERE id=$1", pid))

    async def player_by_name(self, name: str) -> Player | None:
        row = await self.pool.fetchrow(f"{PLAYER} WHERE name_key=$1", name_key(name))
        return _player(row)

    async def rename(self, pid: str, name: str) -> None:
        try:
            await self.pool.execute(
                "UPDATE players SET name=$1, name_key=$2 WHERE id=$3", name, name_key(name), pid
            )
        except Exception as e:  # asyncpg's UniqueViolationError, which we do not import
            if "players_name_key" in str(e):
                raise NameTaken(name) from None
            raise

    async def leaderboard(
        self, limit: int = 20, min_games: int = 1, postal: bool = False
    ) -> list[dict[str, Any]]:
        rows = await self.pool.fetch(leaderboard_query(postal, "$"), min_games, limit)
        return [{"name": n, "rating": round(r), "rd": round(d), "games": g} for n, r, d, g in rows]

    # -- games --------------------------------------------------------------------
    async def new_game(self, g: StoredGame) -> None:
        await self.pool.execute(
            "INSERT INTO games (id, side, base, inc, rated, red, blue, red_name, blue_name,"
            " red_rating, blue_rating, red_ms, blue_ms, created, days, since, host)"
            " VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17)",
            g.id,
            g.side,
            g.base,
            g.inc,
            int(g.rated),
            *g.players,
            *g.names,
            *map(float, g.ratings),
            *g.clocks,
            g.created,
            g.days,
            g.since,
            g.host,
        )

    async def add_turns(
        self,
        game: str,
        first_ply: int,
        turns: list[str],
        clocks: list[int],
        since: float | None = None,
    ) -> None:
        async with self.pool.acquire() as conn, conn.transaction():
            await conn.executemany(
                "INSERT INTO turns VALUES ($1,$2,$3)",
                [(game, first_ply + i, t) for i, t in enumerate(turns)],
            )
            await conn.execute(
                "UPDATE games SET red_ms=$1, blue_ms=$2, since=$3 WHERE id=$4",
                clocks[0],
                clocks[1],
                since,
                game,
            )

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
    ) -> None:
        async with self.pool.acquire() as conn, conn.transaction():
            await conn.execute(
                "UPDATE games SET result=$1, reason=$2, red_ms=$3, blue_ms=$4, ratings=$5,"
                " ended=$6 WHERE id=$7",
                result,
                reason,
                clocks[0],
                clocks[1],
                ratings_json,
                time.time(),
                game,
            )
            for pid, r in new_ratings:
                await conn.execute(rating_update(postal, "$"), r.rating, r.rd, r.volatility, pid)

    async def open_games(self) -> list[StoredGame]:
        rows = await self.pool.fetch(f"SELECT {OPEN_GAME_COLUMNS} FROM games WHERE result IS NULL")
        return [stored_game(r, await self._turns(r[0])) for r in rows]

    async def open_games_of(self, pid: str) -> list[StoredGame]:
        rows = await self.pool.fetch(
            f"SELECT {OPEN_GAME_COLUMNS} FROM games WHERE result IS NULL AND days IS NOT NULL"
            " AND (red=$1 OR blue=$1)",
            pid,
        )
        return [stored_game(r, await self._turns(r[0])) for r in rows]

    async def game_host(self, game: str) -> str | None:
        host: str | None = await self.pool.fetchval(
            "SELECT host FROM games WHERE id=$1 AND result IS NULL", game
        )
        return host

    async def game_hosts(self) -> set[str]:
        rows = await self.pool.fetch(
            "SELECT DISTINCT host FROM games WHERE result IS NULL AND host IS NOT NULL"
        )
        return {r[0] for r in rows}

    async def game_row(self, game: str) -> dict[str, Any] | None:
        row = await self.pool.fetchrow(f"SELECT {GAME_COLUMNS} FROM games WHERE id=$1", game)
        if row is None:
            return None
        data = dict(row.items())
        data["turns"] = await self._turns(game)
        return data

    async def finished_games_of(self, pid: str, limit: int | None = None) -> list[dict[str, Any]]:
        rows = await self.pool.fetch(
            "SELECT id, red, blue, red_name, blue_name, result, reason, ratings, rated, ended, days"
            " FROM games WHERE (red=$1 OR blue=$1) AND result IS NOT NULL"
            " ORDER BY ended DESC LIMIT $2",
            pid,
            limit,
        )
        out = []
        for row in reversed(rows):
            game = dict(row.items())
            game["rated"] = bool(game["rated"])
            out.append(game)
        return out

    async def _turns(self, game: str) -> list[str]:
        rows = await self.pool.fetch("SELECT turn FROM turns WHERE game=$1 ORDER BY ply", game)
        return [r[0] for r in rows]
