"""Health for a reverse proxy or a process supervisor: ``/health`` and ``/ready``.

``/health`` answers 200 whenever the process answers at all: it is alive.
``/ready`` also asks the store for one row, and answers 503 "not ready" while
the store does not answer within :attr:`Health.timeout` (PostgreSQL stopped or
out of reach, SQLite's writer thread gone), and from a write that failed for
the machine's reasons (a full disk, a read-only file) until a write succeeds:
a store that reads but cannot write serves no game. The answer of one probe stands for
:attr:`Health.fresh` seconds, so that any number of checks cost the store one
query a second. Neither costs an address's page budget, and neither is kept by
a cache.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable

from .pages import Page
from .store import Store

log = logging.getLogger("mosaic.server")

PATHS = ("/health", "/ready")
NO_STORE = "no-store"


class Health:
    def __init__(
        self,
        store: Store,
        clock: Callable[[], float] = time.monotonic,
        *,
        timeout: float = 2.0,
        fresh: float = 1.0,
    ) -> None:
        self.store, self.clock = store, clock
        self.timeout, self.fresh = timeout, fresh
        self._last: tuple[float, str] | None = None  # when, and what was wrong ("" if nothing)
        self._probing: asyncio.Task[str] | None = None

    async def page(self, path: str) -> Page:
        if path == "/health":
            return Page(200, "alive\n", "text/plain; charset=utf-8", cache=NO_STORE)
        wrong = await self.wrong()
        if wrong:
            return Page(503, f"not ready: {wrong}\n", "text/plain; charset=utf-8", cache=NO_STORE)
        return Page(200, "ready\n", "text/plain; charset=utf-8", cache=NO_STORE)

    async def wrong(self) -> str:
        """What keeps the server from serving ("" if nothing), at most
        :attr:`fresh` seconds old (a failed write is said at once)."""
        failed = self.store.db.unsaved
        if failed is not None:
            return f"the last write failed ({failed})"
        now = self.clock()
        if self._last is not None and now - self._last[0] < self.fresh:
            return self._last[1]
        # Checks that arrive together share one probe.
        if self._probing is None or self._probing.done():
            self._probing = asyncio.ensure_future(self._probe())
        return await asyncio.shield(self._probing)

    async def _probe(self) -> str:
        # Kept by the probe itself, as it ends: a check that comes between its end
        # and its waiters' turns then finds it, where it would start a second probe.
        wrong = await self._ask()
        self._last = (self.clock(), wrong)
        return wrong

    async def _ask(self) -> str:
        try:
            await asyncio.wait_for(self.store.db.fetch("SELECT 1"), self.timeout)
        except TimeoutError:
            wrong = f"the store did not answer within {self.timeout:g} s"
        except Exception as e:  # whatever the engine raised: the store is out of reach
            wrong = f"the store is unreachable ({type(e).__name__})"
        else:
            return ""
        log.warning("not ready: %s", wrong)
        return wrong
