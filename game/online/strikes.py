"""Limits counted once for a whole cluster (:mod:`.cluster`): events in a
sliding window per key, kept in the store's ``strikes`` table, so that every
process sees the others' events at once.

A process on its own counts these in its memory (:class:`.throttle.Window`);
in a cluster each process would count only what reached it, and two processes
behind one proxy gave a guesser 20 wrong challenge codes a minute where the odds
were worked out for 10. So the limits whose arithmetic matters are counted
here: joins by a wrong code (per player and per address) and new players per
address. Each costs a query when it is checked and a write when it is struck,
on rare events (a failed join, a new player), never on a turn
(``benchmarks/strikes.py`` measures both). Times are the wall clock's: the
processes share no monotonic one.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .sql import Database, Step


@dataclass
class Strikes:
    """At most ``count`` events a key in any ``seconds``, for every process on
    this store; keys are kept under ``kind`` (``join``, ``signup``)."""

    db: Database
    kind: str
    count: int
    seconds: float
    wall: Callable[[], float] = time.time
    _pruned: float = 0.0

    async def full(self, keys: Sequence[str]) -> bool:
        """Whether any of ``keys`` has had its ``count`` events in the last ``seconds``."""
        since = self.wall() - self.seconds
        marks = ",".join("?" * len(keys))
        rows = await self.db.fetch(
            f"SELECT COUNT(*) FROM strikes WHERE key IN ({marks}) AND at > ? GROUP BY key",
            *(f"{self.kind} {k}" for k in keys),
            since,
        )
        return any(int(r[0]) >= self.count for r in rows)

    async def add(self, keys: Sequence[str]) -> None:
        """One event for each of ``keys``; the events out of every window are
        dropped at most once a window."""
        now = self.wall()
        steps = [Step("INSERT INTO strikes (key, at) VALUES (?,?)",
                      many=tuple((f"{self.kind} {k}", now) for k in keys))]  # fmt: skip
        if now - self._pruned > self.seconds:
            self._pruned = now
            steps.append(
                Step(
                    "DELETE FROM strikes WHERE key LIKE ? AND at <= ?",
                    (f"{self.kind} %", now - self.seconds),
                )
            )
        await self.db.write(steps)
