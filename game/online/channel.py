"""The cluster's message channel: PostgreSQL's ``LISTEN``/``NOTIFY``, kept open
through the database's restarts and outages.

A process has two connections of its own. One listens, and holds the process's
advisory lock for as long as it is open (its release tells the others the
process is gone); the other sends, one notification at a time, so the notes of
one process arrive in the order they were sent. Either connection that drops
is made again, after 0.1 s, then twice as long each time up to 5 s; the lock
and the ``LISTEN`` are taken again with it, and the cluster hears it has
rejoined (it then tells the others everything it holds, as a newcomer does). A
note that could not be sent stays first in line until it can.

PostgreSQL takes at most 8000 bytes a notification. A longer note is cut into
parts after it is encoded (JSON with every character past ASCII escaped, so a
character is a byte): each part is one line of JSON saying which part it is,
then the raw piece, never escaped again. Parts of a note that never completes
(its sender died half-way) are forgotten after :data:`PART_LIFE` seconds.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import math
import time
from collections.abc import Awaitable, Callable, Iterable
from typing import Any

from .sql import pg_connection
from .store import new_id

log = logging.getLogger("mosaic.cluster")

CHANNEL = "mosaic_cluster"
#: The longest notification sent (PostgreSQL takes up to 8000 bytes).
PART = 7000
#: Seconds the parts of an unfinished note are kept.
PART_LIFE = 60.0
#: The first wait before connecting again, and the longest.
BACKOFF = (0.1, 5.0)


def cut(text: str, head: dict[str, Any], size: int = PART) -> list[str]:
    """``text`` (ASCII) as notifications of at most ``size`` bytes."""
    if len(text) <= size:
        return [text]
    pid = new_id()
    first = json.dumps(head | {"kind": "part", "id": pid, "i": 0, "n": 0})
    room = size - len(first) - 16  # the header grows by the digits of i and n
    pieces = [text[i : i + room] for i in range(0, len(text), room)]
    return [
        json.dumps(head | {"kind": "part", "id": pid, "i": i, "n": len(pieces)}) + "\n" + piece
        for i, piece in enumerate(pieces)
    ]


class Parts:
    """Notes being put back together from their parts, by sender and note."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.waiting: dict[tuple[str, str], tuple[float, list[str | None]]] = {}

    def add(self, head: dict[str, Any], piece: str) -> str | None:
        """The whole note once its last part is in."""
        now = self.clock()
        for key in [k for k, (t, _) in self.waiting.items() if now - t > PART_LIFE]:
            del self.waiting[key]
        key = (head["from"], head["id"])
        _, pieces = self.waiting.setdefault(key, (now, [None] * head["n"]))
        pieces[head["i"]] = piece
        if any(p is None for p in pieces):
            return None
        del self.waiting[key]
        return "".join(p or "" for p in pieces)

    def forget(self, origin: str) -> None:
        for key in [k for k in self.waiting if k[0] == origin]:
            del self.waiting[key]


def decode(payload: str, parts: Parts) -> dict[str, Any] | None:
    """A notification as its note, or ``None`` while parts are missing (or for
    text that is no note of ours)."""
    try:
        if "\n" in payload:  # a part: JSON never holds a raw line break
            line, piece = payload.split("\n", 1)
            whole = parts.add(json.loads(line), piece)
            return None if whole is None else dict(json.loads(whole))
        return dict(json.loads(payload))
    except (ValueError, KeyError, TypeError, IndexError):
        return None


async def stopped(tasks: Iterable[asyncio.Task[None]], conns: Iterable[Any]) -> None:
    """Cancel these tasks, wait for them, then close these connections (any
    may be ``None``, or closed already)."""
    tasks = list(tasks)
    for task in tasks:
        task.cancel()
    for task in tasks:
        with contextlib.suppress(asyncio.CancelledError):
            await task
    for conn in conns:
        if conn is not None:
            with contextlib.suppress(Exception):
                await conn.close()


class Channel:
    """The two connections, the lock and the queue of notes to send."""

    def __init__(
        self,
        dsn: str,
        lock: str,
        heard: Callable[[str], None],
        rejoined: Callable[[], Awaitable[None]],
    ) -> None:
        self.dsn = dsn
        self.lock = lock
        self.heard = heard
        self.rejoined = rejoined
        #: When the listening connection was last made again (``None`` while it is
        #: down; minus infinity for the first one, after which nothing was missed).
        self.up_since: float | None = None
        self._out: asyncio.Queue[str] = asyncio.Queue()
        self._listener: Any = None
        self._sender: Any = None
        self._dropped = asyncio.Event()
        self._tasks: list[asyncio.Task[None]] = []

    async def start(self) -> None:
        await self._listen()
        self.up_since = -math.inf
        self._sender = await pg_connection(self.dsn)
        self._tasks = [
            asyncio.create_task(self._send_all()),
            asyncio.create_task(self._keep_listening()),
        ]

    async def stop(self) -> None:
        await stopped(self._tasks, (self._listener, self._sender))

    def send(self, text: str) -> None:
        self._out.put_nowait(text)

    # -- listening --------------------------------------------------------------------
    async def _listen(self) -> None:
        conn = await pg_connection(self.dsn)
        try:
            # Held while the connection lives: its release tells the others we are gone.
            await conn.execute("SELECT pg_advisory_lock(hashtext($1))", self.lock)
            await conn.add_listener(CHANNEL, self._notified)
        except BaseException:
            with contextlib.suppress(Exception):
                await conn.close()
            raise
        self._dropped.clear()
        conn.add_termination_listener(lambda _conn: self._dropped.set())
        self._listener = conn
        self.up_since = time.monotonic()

    def _notified(self, _conn: Any, _pid: int, _channel: str, payload: str) -> None:
        self.heard(payload)

    async def _keep_listening(self) -> None:
        while True:
            await self._dropped.wait()
            self.up_since = None
            log.error("lost the cluster's listening connection: connecting again")
            with contextlib.suppress(Exception):
                await self._listener.close()
            await self._again(self._listen)
            log.warning("the cluster's listening connection is back")
            try:
                await self.rejoined()
            except Exception:  # a bug of ours must not stop the channel coming back again
                log.exception("while rejoining the cluster")

    def alive(self) -> bool:
        """Whether the listening connection (and so this process's lock) is held."""
        return self._listener is not None and not self._listener.is_closed()

    async def check(self, within: float = 5.0) -> None:
        """A connection can go quiet without closing (a network cut): one that
        does not answer ``within`` seconds is closed, and so made again."""
        if self.alive():
            try:
                await asyncio.wait_for(self._listener.execute("SELECT 1"), within)
                return
            except Exception as e:  # whatever broke, the connection is made again
                log.error("the cluster's listening connection does not answer: %s", e)
                self._listener.terminate()
        self._dropped.set()

    # -- sending ----------------------------------------------------------------------
    async def _send_all(self) -> None:
        while True:
            text = await self._out.get()
            while True:
                try:
                    await self._sender.execute("SELECT pg_notify($1, $2)", CHANNEL, text)
                    break
                except Exception as e:  # the database went away: the note waits for it
                    log.error("could not tell the other server processes: %s", e)
                    with contextlib.suppress(Exception):
                        await self._sender.close()
                    self._sender = await self._again(lambda: pg_connection(self.dsn))

    async def _again(self, make: Callable[[], Awaitable[Any]]) -> Any:
        """``make()`` until it works, waiting longer each time (:data:`BACKOFF`)."""
        wait = BACKOFF[0]
        while True:
            await asyncio.sleep(wait)
            try:
                return await make()
            except Exception as e:  # the database is still away
                log.error("cannot reach the cluster's database: %s", e)
                wait = min(wait * 2, BACKOFF[1])
