"""The query layer under the store: every statement is written once, with ``?``
placeholders, and each engine runs it its own way.

- :class:`SqliteDatabase` runs the standard library's SQLite on one thread of
  its own, so no disk write holds the event loop. Calls run in the order they
  were made; writes that arrive while a commit is under way go into the next
  one together (a group commit), so under load one sync of the disk keeps the
  turns of many games. The web pages read (:meth:`~SqliteDatabase.read`) on a
  second thread with a connection of its own: in WAL mode a reader sees the
  last commit without waiting for the next, so a page never holds up a turn.
- :class:`PostgresDatabase` numbers the placeholders (``$1``, ``$2``...) for
  PostgreSQL and runs them through an asyncpg pool (an optional dependency:
  ``pip install "mosaic-steere[postgres]"``).

A write is a list of :class:`Step` in one transaction. A step marked
``fenced`` must change a row, or the whole transaction is undone and
:class:`Fenced` raised: that is how the store refuses the writes of a server
process that no longer owns a game.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import queue
import re
import sqlite3
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, NamedTuple, Protocol

from . import quiet  # noqa: F401  (asyncpg's log in one line an event)

Row = Sequence[Any]


class Fenced(RuntimeError):
    """A fenced step changed no row: the transaction was undone."""


class Unreachable(RuntimeError):
    """The database cannot be reached (it restarts, or is away): try again later."""

    def __init__(self, detail: object) -> None:
        super().__init__(f"the server cannot reach its database ({detail}); try again in a moment")


class Unsaved(Unreachable):
    """A write failed for the server's own reasons (a full disk, a read-only
    file, an I/O error): nothing was kept, and the player did nothing wrong."""

    def __init__(self, what: str = "that") -> None:
        RuntimeError.__init__(self, f"the server could not save {what}; try again in a moment")


#: SQLite's errors that are the machine's, not the query's (``sqlite_errorname``
#: begins with one of these); Python 3.11 names them on the exception.
SQLITE_UNSAVED = ("SQLITE_FULL", "SQLITE_READONLY", "SQLITE_IOERR", "SQLITE_CANTOPEN",
                  "SQLITE_BUSY", "SQLITE_LOCKED", "SQLITE_NOMEM", "SQLITE_PROTOCOL")  # fmt: skip
#: The same said in a message (an error raised without SQLite's name).
SQLITE_UNSAVED_TEXT = ("disk is full", "readonly database", "disk I/O error", "unable to open")


def unsaved(e: BaseException) -> bool:
    """Whether a failed write was the machine's fault (see :class:`Unsaved`)."""
    if not isinstance(e, sqlite3.OperationalError):
        return False
    name = getattr(e, "sqlite_errorname", None) or ""
    return name.startswith(SQLITE_UNSAVED) or any(t in str(e) for t in SQLITE_UNSAVED_TEXT)


class Duplicate(RuntimeError):
    """A write broke a unique index, named in the message."""


@dataclass(frozen=True)
class Step:
    """One statement of a write: ``many`` runs it once for each row of arguments."""

    sql: str
    args: tuple[Any, ...] = ()
    many: tuple[tuple[Any, ...], ...] | None = None
    #: It must change a row, or the whole write is undone (:class:`Fenced`).
    fenced: bool = False


class Database(Protocol):
    """What the store asks of an engine."""

    async def setup(self, schema: str, added: Sequence[tuple[str, str, str]], then: str) -> None:
        """Make the tables (``schema``), add the columns made since (table,
        column, type) to a database made before, then run ``then``."""

    async def fetch(self, sql: str, *args: Any) -> list[Row]: ...
    async def read(self, sql: str, *args: Any) -> list[Row]:
        """A fetch that may run beside the writes: it sees every write already
        done, but no write waits for it (the web pages')."""

    async def write(self, steps: Sequence[Step]) -> None:
        """Runs the steps in one transaction; a failure that is the machine's
        raises :class:`Unsaved` and is kept in :attr:`unsaved` until a write succeeds."""

    async def close(self) -> None: ...

    @property
    def unsaved(self) -> str | None:
        """Why the last write failed for the machine's reasons (``None``: it did not)."""


class Beside:
    """An engine whose fetches run beside its writes (:meth:`Database.read`);
    its writes are the engine's own, and closing it leaves the engine open."""

    def __init__(self, db: Database) -> None:
        self.db = db

    @property
    def unsaved(self) -> str | None:
        return self.db.unsaved

    async def setup(self, schema: str, added: Sequence[tuple[str, str, str]], then: str) -> None:
        await self.db.setup(schema, added, then)

    async def fetch(self, sql: str, *args: Any) -> list[Row]:
        return await self.db.read(sql, *args)

    async def read(self, sql: str, *args: Any) -> list[Row]:
        return await self.db.read(sql, *args)

    async def write(self, steps: Sequence[Step]) -> None:
        await self.db.write(steps)

    async def close(self) -> None:
        """The engine is its owner's to close."""


async def connect(where: str | Path, durable: bool = False) -> Database:
    """A ``postgresql://`` (or ``postgres://``) address opens PostgreSQL; anything
    else is the path of an SQLite file."""
    text = str(where)
    if text.startswith(("postgresql://", "postgres://")):
        return await PostgresDatabase.connect(text)
    return SqliteDatabase(text, durable)


# -- SQLite ------------------------------------------------------------------------


class _Call(NamedTuple):
    """Work for the writer thread, and where its answer goes."""

    fn: Callable[..., Any]
    args: tuple[Any, ...]
    fut: asyncio.Future[Any]
    loop: asyncio.AbstractEventLoop


def _run_steps(db: sqlite3.Connection, steps: Sequence[Step]) -> None:
    for step in steps:
        if step.many is not None:
            db.executemany(step.sql, step.many)
            continue
        cur = db.execute(step.sql, step.args)
        if step.fenced and cur.rowcount == 0:
            raise Fenced(step.sql)


def _fetch(db: sqlite3.Connection, sql: str, args: tuple[Any, ...]) -> list[Row]:
    return db.execute(sql, args).fetchall()


def _writes(db: sqlite3.Connection, batches: Sequence[Sequence[Step]]) -> None:
    """Several writes in one commit."""
    try:
        db.execute("BEGIN")
        for steps in batches:
            _run_steps(db, steps)
    except BaseException:
        db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")


def _duplicate(e: sqlite3.IntegrityError) -> Exception:
    names = "name_key" in str(e) or "names.key" in str(e)
    return Duplicate(str(e)) if "UNIQUE" in str(e) and names else e


class SqliteDatabase:
    """SQLite on a thread of its own (see the module's text)."""

    def __init__(self, path: str | Path, durable: bool = False) -> None:
        self.unsaved: str | None = None
        #: Calls to make, in order; ``None`` ends the thread.
        self._queue: queue.SimpleQueue[_Call | None] = queue.SimpleQueue()
        made: concurrent.futures.Future[sqlite3.Connection] = concurrent.futures.Future()
        self._thread = threading.Thread(
            target=self._serve, args=(str(path), durable, made), name="mosaic-store", daemon=True
        )
        self._thread.start()
        # The connection is made on the writer thread and used only there.
        self.db = made.result()
        #: Reads for the pages, on a thread and connection of their own (a
        #: database in memory is one connection's alone: its reads queue with the writes).
        self._reads: queue.SimpleQueue[_Call | None] | None = None
        if not in_memory(str(path)):
            self._reads = queue.SimpleQueue()
            self._reader = threading.Thread(
                target=self._read_serve, args=(str(path), self._reads), name="mosaic-pages",
                daemon=True,
            )  # fmt: skip
            self._reader.start()

    def _serve(
        self, path: str, durable: bool, made: concurrent.futures.Future[sqlite3.Connection]
    ) -> None:
        try:
            db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
            db.execute("PRAGMA journal_mode=WAL")
            db.execute(f"PRAGMA synchronous={'FULL' if durable else 'NORMAL'}")
            db.execute("PRAGMA foreign_keys=ON")
        except BaseException as e:  # said to the caller, who is waiting for it
            made.set_exception(e)
            return
        made.set_result(db)
        waiting: list[_Call | None] = []  # taken from the queue, not yet served
        while True:
            item = waiting.pop(0) if waiting else self._queue.get()
            if item is None:
                return
            if item.fn is not _writes:
                self._answer(item)
                continue
            batch = [item]
            while not waiting:  # every write already waiting joins this commit
                try:
                    nxt = self._queue.get_nowait()
                except queue.Empty:
                    break
                if nxt is not None and nxt.fn is _writes:
                    batch.append(nxt)
                else:
                    waiting.append(nxt)  # served next, in its order
            if len(batch) == 1:
                self._answer(item)
                continue
            try:
                _writes(db, [steps for i in batch for steps in i.args[1]])
            except Exception:  # none was kept: each on its own, so only the culprit fails
                for i in batch:
                    self._answer(i)
            else:
                for i in batch:
                    self._settle(i, value=None)

    def _read_serve(self, path: str, calls: queue.SimpleQueue[_Call | None]) -> None:
        db: sqlite3.Connection | None = None
        while (item := calls.get()) is not None:
            if db is None:
                # Opened on the first read, once the writer has made the file (in WAL mode).
                try:
                    db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
                    db.execute("PRAGMA query_only=ON")
                except sqlite3.Error as e:
                    self._settle(item, error=e)
                    db = None
                    continue
            self._answer(item._replace(args=(db, *item.args)))
        if db is not None:
            db.close()

    def _answer(self, item: _Call) -> None:
        try:
            value = item.fn(*item.args)
        except sqlite3.IntegrityError as e:
            self._settle(item, error=_duplicate(e))
        except Exception as e:  # raised in the caller's task instead
            self._settle(item, error=e)
        else:
            self._settle(item, value=value)

    @staticmethod
    def _settle(item: _Call, value: Any = None, error: BaseException | None = None) -> None:
        fut = item.fut

        def settle() -> None:
            if fut.done():
                return  # its caller gave up waiting
            if error is not None:
                fut.set_exception(error)
            else:
                fut.set_result(value)

        item.loop.call_soon_threadsafe(settle)

    async def call(self, fn: Callable[..., Any], *args: Any) -> Any:
        """``fn(*args)`` on the writer thread, in its turn."""
        loop = asyncio.get_running_loop()
        fut: asyncio.Future[Any] = loop.create_future()
        self._queue.put(_Call(fn, args, fut, loop))
        return await fut

    async def setup(self, schema: str, added: Sequence[tuple[str, str, str]], then: str) -> None:
        def make(db: sqlite3.Connection) -> None:
            db.executescript(schema)
            for table, column, kind in added:
                have = [row[1] for row in db.execute(f"PRAGMA table_info({table})")]
                if column not in have:
                    db.execute(f"ALTER TABLE {table} ADD COLUMN {column} {kind}")
            db.executescript(then)

        await self.call(make, self.db)

    async def fetch(self, sql: str, *args: Any) -> list[Row]:
        rows: list[Row] = await self.call(_fetch, self.db, sql, args)
        return rows

    async def read(self, sql: str, *args: Any) -> list[Row]:
        if self._reads is None:
            return await self.fetch(sql, *args)
        loop = asyncio.get_running_loop()
        fut: asyncio.Future[list[Row]] = loop.create_future()
        self._reads.put(_Call(_fetch, (sql, args), fut, loop))
        return await fut

    async def write(self, steps: Sequence[Step]) -> None:
        try:
            await self.call(_writes, self.db, [steps])
        except sqlite3.OperationalError as e:
            if not unsaved(e):
                raise
            self.unsaved = str(e)
            raise Unsaved from None
        self.unsaved = None

    async def close(self) -> None:
        if self._reads is not None:
            self._reads.put(None)
            await asyncio.to_thread(self._reader.join)
        await self.call(self.db.close)
        self._queue.put(None)
        await asyncio.to_thread(self._thread.join)


def in_memory(path: str) -> bool:
    """SQLite's names of a database held in one connection's memory."""
    return path in ("", ":memory:") or path.startswith("file::memory:")


# -- PostgreSQL -----------------------------------------------------------------------

#: Schema changes from two servers starting at once wait for each other.
SETUP_LOCK = 7706


@cache
def numbered(sql: str) -> str:
    """``?`` placeholders as PostgreSQL's ``$1``, ``$2``... (none of our
    statements has a ``?`` inside a string)."""
    count = iter(range(1, 1000))
    return re.sub(r"\?", lambda _: f"${next(count)}", sql)


def asyncpg() -> Any:
    """The asyncpg module (an optional dependency: only a PostgreSQL deployment
    needs it, and it ships no annotations)."""
    try:
        import asyncpg  # type: ignore[import-untyped,import-not-found,unused-ignore]  # noqa: PLC0415
    except ImportError:  # said plainly, with how to get it
        raise RuntimeError(
            'PostgreSQL needs asyncpg: pip install "mosaic-steere[postgres]"'
        ) from None
    return asyncpg


@cache
def away() -> tuple[type[BaseException], ...]:
    """What asyncpg raises when the database is away (not for a bad query)."""
    pg = asyncpg()
    return (
        OSError,
        TimeoutError,
        pg.InterfaceError,  # "connection is closed"
        pg.InternalClientError,  # "cannot switch to state": the connection broke mid-query
        pg.PostgresConnectionError,
        pg.exceptions.OperatorInterventionError,  # shutting down, starting up
    )


async def pg_connection(dsn: str) -> Any:
    """One connection of its own (not from a pool): to listen, or to hold a lock."""
    return await asyncpg().connect(dsn)


def _is_duplicate(e: Exception) -> bool:
    return "players_name_key" in str(e) or "names_pkey" in str(e)


class PostgresDatabase:
    """PostgreSQL through an asyncpg pool."""

    def __init__(self, pool: Any) -> None:
        self.pool = pool
        self.unsaved: str | None = None

    @classmethod
    async def connect(cls, dsn: str, *, size: int = 8) -> PostgresDatabase:
        return cls(await asyncpg().create_pool(dsn, min_size=1, max_size=size))

    async def setup(self, schema: str, added: Sequence[tuple[str, str, str]], then: str) -> None:
        async with self.pool.acquire() as conn, conn.transaction():
            await conn.execute(f"SELECT pg_advisory_xact_lock({SETUP_LOCK})")
            await conn.execute(schema)
            for table, column, kind in added:
                await conn.execute(f"ALTER TABLE {table} ADD COLUMN IF NOT EXISTS {column} {kind}")
            await conn.execute(then)

    async def fetch(self, sql: str, *args: Any) -> list[Row]:
        try:
            return list(await self.pool.fetch(numbered(sql), *args))
        except away() as e:
            raise Unreachable(type(e).__name__) from None

    async def read(self, sql: str, *args: Any) -> list[Row]:
        """A fetch: the pool's connections already read beside the writes."""
        return await self.fetch(sql, *args)

    async def write(self, steps: Sequence[Step]) -> None:
        try:
            async with self.pool.acquire() as conn, conn.transaction():
                for step in steps:
                    if step.many is not None:
                        await conn.executemany(numbered(step.sql), step.many)
                        continue
                    status = await conn.execute(numbered(step.sql), *step.args)
                    if step.fenced and status.rsplit(" ", 1)[-1] == "0":
                        raise Fenced(step.sql)
        except Fenced:
            raise
        except away() as e:
            raise Unreachable(type(e).__name__) from None
        except Exception as e:  # asyncpg's UniqueViolationError, which we do not import
            if _is_duplicate(e):
                raise Duplicate(str(e)) from None
            pg = asyncpg().exceptions
            if isinstance(e, pg.InsufficientResourcesError | pg.ReadOnlySQLTransactionError):
                self.unsaved = str(e)  # a full disk, or a read-only standby
                raise Unsaved from None
            raise
        self.unsaved = None

    async def close(self) -> None:
        await self.pool.close()
