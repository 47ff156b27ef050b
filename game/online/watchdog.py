"""Which processes of a cluster (:mod:`.cluster`) have died.

Each process holds a PostgreSQL advisory lock, named by :func:`lock_name`, for
as long as it lives (its channel takes it, :mod:`.channel`). Every
:attr:`~.limits.Limits.cluster_check` seconds the watchdog tries the locks of
the other processes it knows of, on a connection of its own: a lock it could
take was free, and a process whose lock was free at two looks in a row has
died (one whose channel dropped a moment has its lock back by the second).
Its games are then taken over (``bury``). A process judges others only once
its own channel has been up for :data:`SETTLE` seconds, so a peer has time to
take its lock back after an outage.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from .channel import Channel, stopped
from .limits import Limits
from .sql import pg_connection
from .store import Store

log = logging.getLogger("mosaic.cluster")

#: Seconds a process's channel must have been up again, after an outage, before
#: it judges others dead (a peer's backoff waits at most 5 s between tries).
SETTLE = 10.0


def lock_name(process: str) -> str:
    """The advisory lock a process holds for as long as it lives."""
    return f"mosaic-server {process}"


@dataclass
class Watchdog:
    dsn: str
    store: Store
    channel: Channel
    limits: Limits
    me: str
    #: Every other process heard from (or named as a game's host): the cluster's own set.
    peers: set[str]
    #: Takes over a dead process's games; returns how many.
    bury: Callable[[str], Awaitable[int]]
    #: The connection the locks are tried on, and how many looks in a row found
    #: each free.
    _watch: Any = None
    _free: dict[str, int] = field(default_factory=dict)

    async def start(self) -> None:
        self._watch = await pg_connection(self.dsn)

    async def stop(self) -> None:
        await stopped((), (self._watch,))

    async def run(self) -> None:
        while True:
            await asyncio.sleep(self.limits.cluster_check)
            await self.channel.check()
            up = self.channel.up_since
            if up is None or time.monotonic() - up < SETTLE:
                continue  # this process may be the one cut off: it judges nobody
            try:
                if self._watch is None or self._watch.is_closed():
                    self._watch = await pg_connection(self.dsn)
                await self.look_for_the_dead()
            except Exception as e:  # the database is away: the next look tries again
                log.error("could not check the other server processes: %s", e)

    async def look_for_the_dead(self) -> None:
        """Take over the games of any process whose lock was free at two looks in
        a row."""
        hosts = await self.store.game_hosts()
        for process in sorted(self.peers | hosts - {self.me}):
            if process != self.me:
                await self.if_dead(process, looks=2)

    async def if_dead(self, process: str, looks: int = 1) -> int:
        """Take over the process's games if its lock has been free at ``looks``
        looks in a row; returns how many."""
        name = lock_name(process)
        if not await self._watch.fetchval("SELECT pg_try_advisory_lock(hashtext($1))", name):
            self._free.pop(process, None)
            return 0
        try:
            self._free[process] = self._free.get(process, 0) + 1
            if self._free[process] < looks:
                return 0
            del self._free[process]
            return await self.bury(process)
        finally:
            await self._watch.execute("SELECT pg_advisory_unlock(hashtext($1))", name)
