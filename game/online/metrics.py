"""The counters an operator scrapes, in Prometheus's text format, on an address
of their own (``mosaic-server --metrics 127.0.0.1:9108``): never on the public
port, and off unless asked for.

The exposition is the well-kept ``prometheus-client`` library's (the ``server``
extra), imported only here, so neither the game nor a server without
``--metrics`` needs it. The counts themselves are the server's plain
:class:`~.tally.Tally` and its state, read at each scrape:

======================================  ========  =====================================
``mosaic_connections``                  gauge     WebSocket connections open here
``mosaic_players``                      gauge     players connected here (said hello)
``mosaic_games_in_play{pace}``          gauge     games in play here, ``live`` or
                                                  ``correspondence``
``mosaic_turns_total``                  counter   turns played here (``rate()``: turns/s)
``mosaic_refusals_total{kind}``         counter   refusals, by :data:`.tally.REFUSALS`
``mosaic_store_seconds{op}``            histogram each store call, ``fetch`` or ``write``
``process_*``                           various   the process's CPU, memory, descriptors
======================================  ========  =====================================

The library serves them on a thread of its own; a scrape reads the server's
state as it stands (whole-object copies of its collections, which the
interpreter makes in one step), so it never waits on the event loop.
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from threading import Thread
from typing import Any
from wsgiref.simple_server import WSGIServer

from prometheus_client import CollectorRegistry, Histogram, ProcessCollector, start_http_server
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, Metric
from prometheus_client.registry import Collector

from .server import Server
from .sql import Database, Row, Step
from .tally import REFUSALS

#: Store calls are a millisecond on SQLite, more over a network to PostgreSQL.
STORE_BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)


class ServerCollector(Collector):
    """The server's counts and state, read at each scrape."""

    def __init__(self, server: Server) -> None:
        self.server = server

    def collect(self) -> Iterator[Metric]:
        server, tally = self.server, self.server.transport.tally
        yield GaugeMetricFamily(
            "mosaic_connections", "WebSocket connections open", value=len(server.connections)
        )
        yield GaugeMetricFamily(
            "mosaic_players",
            "players connected (said hello)",
            value=len(server.connections.players_here()),
        )
        tables = list(server.rounds.tables.values())
        games = GaugeMetricFamily("mosaic_games_in_play", "games in play", labels=["pace"])
        for pace, postal in (("live", False), ("correspondence", True)):
            games.add_metric([pace], sum(1 for t in tables if not t.over and t.postal == postal))
        yield games
        yield CounterMetricFamily("mosaic_turns", "turns played", value=tally.turns)
        refused = dict(tally.refusals)
        refusals = CounterMetricFamily("mosaic_refusals", "refusals, by kind", labels=["kind"])
        for kind in REFUSALS:
            refusals.add_metric([kind], refused.get(kind, 0))
        yield refusals


class Timed:
    """A store engine (:class:`.sql.Database`) whose every call is timed."""

    def __init__(self, db: Database, seconds: Histogram) -> None:
        self.db = db
        self._fetch = seconds.labels(op="fetch")
        self._read = seconds.labels(op="read")
        self._write = seconds.labels(op="write")

    async def setup(self, schema: str, added: Sequence[tuple[str, str, str]], then: str) -> None:
        await self.db.setup(schema, added, then)

    async def fetch(self, sql: str, *args: Any) -> list[Row]:
        start = time.perf_counter()
        try:
            return await self.db.fetch(sql, *args)
        finally:
            self._fetch.observe(time.perf_counter() - start)

    async def read(self, sql: str, *args: Any) -> list[Row]:
        start = time.perf_counter()
        try:
            return await self.db.read(sql, *args)
        finally:
            self._read.observe(time.perf_counter() - start)

    async def write(self, steps: Sequence[Step]) -> None:
        start = time.perf_counter()
        try:
            await self.db.write(steps)
        finally:
            self._write.observe(time.perf_counter() - start)

    async def close(self) -> None:
        await self.db.close()

    @property
    def unsaved(self) -> str | None:
        return self.db.unsaved


@dataclass
class Exposed:
    """The counters being served; :meth:`close` stops serving them."""

    http: WSGIServer
    thread: Thread
    registry: CollectorRegistry

    @property
    def port(self) -> int:
        return int(self.http.server_port)

    def close(self) -> None:
        self.http.shutdown()
        self.http.server_close()
        self.thread.join(5)


def registry_of(server: Server) -> CollectorRegistry:
    """A registry of the server's counters; from now on its store calls are timed."""
    registry = CollectorRegistry()
    registry.register(ServerCollector(server))
    ProcessCollector(registry=registry)
    seconds = Histogram(
        "mosaic_store_seconds",
        "the time of each store call",
        ["op"],
        buckets=STORE_BUCKETS,
        registry=registry,
    )
    server.store.db = Timed(server.store.db, seconds)
    return registry


def expose(server: Server, host: str, port: int) -> Exposed:
    """Serve the server's counters at ``http://host:port/metrics``."""
    registry = registry_of(server)
    http, thread = start_http_server(port, host, registry)
    return Exposed(http, thread, registry)
