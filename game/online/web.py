"""The server's plain-HTTP side, on the WebSocket's port: the web pages
(:mod:`.pages`) and every game's record as a file, ``GET /games/<id>.json``.
Any other request goes on to the WebSocket handshake.

Each address may make :attr:`~.limits.Limits.http_rate` plain requests a second
(:attr:`~.limits.Limits.http_burst` at once); past that the answer is 429 with a
``Retry-After``. A finished game's record never changes, so the last
:attr:`~.limits.Limits.records` read are kept rather than replayed each time.

:class:`Web` is also what the pages read (:class:`.pages.Source`): the games in
play, from the server's memory, and the rest from the store (:mod:`.history`).
"""

from __future__ import annotations

import json
import math
import re
from collections import OrderedDict
from collections.abc import Callable, Iterable
from http import HTTPStatus
from typing import Any

from websockets.asyncio.server import ServerConnection
from websockets.http11 import Request, Response

from . import history
from .gallery import listing
from .limits import Limits
from .pages import POLICY, Page, Pages
from .store import Store as AsyncStore
from .table import Table
from .throttle import Buckets, address

RECORD_PATH = re.compile(r"/games/([a-z0-9]{1,16})\.json")


class Web:
    def __init__(
        self,
        store: AsyncStore,
        in_play: Callable[[], Iterable[Table]],
        clock: Callable[[], float],
        limits: Limits,
    ) -> None:
        self.store = store
        self.in_play = in_play
        self.clock = clock
        self.limits = limits
        self.pages = Pages(self)
        self.requests = Buckets(limits.http_rate, limits.http_burst)
        self.finished: OrderedDict[str, dict[str, Any]] = OrderedDict()

    async def respond(self, conn: ServerConnection, request: Request) -> Response | None:
        """The answer to a plain HTTP request, or ``None`` for the WebSocket handshake."""
        if request.headers.get("Upgrade", "").lower() != "websocket":
            wait = self.requests.take(address(conn), self.clock())
            if wait > 0:
                response = conn.respond(
                    HTTPStatus.TOO_MANY_REQUESTS, "too many requests: slow down\n"
                )
                response.headers["Retry-After"] = str(math.ceil(wait))
                return response
            page = await self.pages.route(request.path)
            if page is not None:
                return self._page(conn, page)
        m = RECORD_PATH.fullmatch(request.path)
        if m is None:
            return None
        record = await self.record(m.group(1))
        if record is None:
            return conn.respond(HTTPStatus.NOT_FOUND, "no game has that id\n")
        response = conn.respond(HTTPStatus.OK, json.dumps(record, indent=1) + "\n")
        del response.headers["Content-Type"]
        response.headers["Content-Type"] = "application/json"
        response.headers["Content-Disposition"] = f'attachment; filename="mosaic-{m.group(1)}.json"'
        return response

    @staticmethod
    def _page(conn: ServerConnection, page: Page) -> Response:
        response = conn.respond(page.status, page.body)
        del response.headers["Content-Type"]
        response.headers["Content-Type"] = page.content_type
        response.headers["Content-Security-Policy"] = POLICY
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers["Referrer-Policy"] = "no-referrer"
        for key, value in page.headers.items():
            response.headers[key] = value
        return response

    # -- what the pages read ------------------------------------------------------------
    async def record(self, gid: str) -> dict[str, Any] | None:
        """A game's record (:func:`.history.record`); a finished one from memory
        if it was read lately. The record is shared: read it, do not change it."""
        kept = self.finished.get(gid)
        if kept is not None:
            self.finished.move_to_end(gid)
            return kept
        record = await history.record(self.store, gid)
        if record is not None and record.get("result") is not None:
            self.finished[gid] = record
            while len(self.finished) > self.limits.records:
                self.finished.popitem(last=False)
        return record

    async def leaderboard_rows(self) -> list[dict[str, Any]]:
        return await self.store.leaderboard()

    async def player_summary(self, name: str) -> dict[str, Any] | None:
        return await history.player_summary(self.store, name)

    async def games_in_play(self) -> list[dict[str, Any]]:
        return [listing(t) for t in self.in_play() if not t.over]
