"""The server's plain-HTTP side, on the WebSocket's port: the web pages
(:mod:`.pages`), their files (:mod:`.assets`) and every game's record as a file,
``GET /games/<id>.json``. Only a request that asks for the WebSocket
(``Upgrade: websocket``) goes on to the handshake, and it is never answered
with a page or a record; any other path gets a 404 page.

Two token buckets an address, whatever the request's headers say:

- every request, the handshake's too, takes one of
  :attr:`~.limits.Limits.http_requests` a second
  (:attr:`~.limits.Limits.http_requests_burst` at once);
- an answer with a body also takes one of :attr:`~.limits.Limits.http_rate` a
  second (:attr:`~.limits.Limits.http_burst` at once), but for the site's own
  files and the records of games in play here, both read from memory.

Past either the answer is 429 with a ``Retry-After``. Answers already worked
out are kept (:class:`Kept`): a finished game's for good, a game in play's until
its next turn, the rest for :attr:`~.limits.Limits.http_fresh` seconds. So a
page view costs one answer worked out (its style sheet and script are kept by
the browser for good), and a game page that follows a game in play asks with
its record's ``ETag`` and mostly gets an empty 304, from memory.

``/health`` and ``/ready`` are for a proxy or a supervisor (:mod:`.health`).

Every answer carries :data:`HEADERS` (the pages' Content-Security-Policy and
``nosniff``) and no ``Server`` header; a ``HEAD`` gets the headers of its
``GET`` and no body.

:class:`Web` is also what the pages read (:class:`.pages.Source`): the games in
play, from the server's memory, and the rest from the store (:mod:`.history`),
beside its writes (:attr:`.store.Store.beside`), so no page holds up a turn.
"""

from __future__ import annotations

import functools
import hashlib
import json
import logging
import math
import re
import time
from collections import OrderedDict
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from http import HTTPStatus
from typing import Any
from urllib.parse import parse_qs, quote, urlsplit

from websockets.asyncio.server import ServerConnection
from websockets.datastructures import Headers
from websockets.http11 import Request, Response

from . import history, ranks, tournament_pages
from .assets import AT_ROOT, STATIC
from .gallery import listing
from .health import PATHS as HEALTH_PATHS
from .health import Health
from .limits import Limits
from .pages import A_DAY, ASK_AGAIN, POLICY, Page, Pages, shell
from .store import Store as AsyncStore
from .table import Table
from .tally import Tally
from .throttle import Buckets, address, entries
from .tournament_store import TournamentStore

log = logging.getLogger("mosaic.server")

RECORD_PATH = re.compile(r"/games/([a-z0-9]{1,16})\.json")
GAME_PATH = re.compile(r"/games/([a-z0-9]{1,16})(?:\.json)?")

#: On every answer, the handshake's and the 429's too.
HEADERS = {
    "Content-Security-Policy": POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}


@dataclass
class Kept:
    """An answer worked out, kept while ``version`` holds (or until ``until``)."""

    page: Page
    etag: str
    version: str | None
    until: float


def etag_of(body: bytes) -> str:
    return '"' + hashlib.blake2b(body, digest_size=12).hexdigest() + '"'


def version_of(table: Table) -> str:
    """What changes whenever a game's record does: its turns and its end."""
    return f"{len(table.turns)}:{table.result}"


def canonical(target: str) -> str:
    """The page a request asks for, with only the query the page reads: so
    ``/leaderboard?x=1`` is ``/leaderboard``, kept once, however many made-up
    queries ask for it."""
    parts = urlsplit(target)
    reads = {"/": "page", "/games/": "ply", "/static/": "v", "/players/": "page"}.get(
        parts.path if parts.path == "/" else parts.path[: parts.path.find("/", 1) + 1], ""
    )
    value = parse_qs(parts.query).get(reads) if reads else None
    return f"{parts.path}?{reads}={quote(value[0], safe='')}" if value else parts.path


class Web:
    def __init__(
        self,
        store: AsyncStore,
        in_play: Callable[[], Iterable[Table]],
        clock: Callable[[], float],
        limits: Limits,
        *,
        find: Callable[[str], Table | None] | None = None,
        now: Callable[[Table], float] | None = None,
        tally: Tally | None = None,
    ) -> None:
        self.store = store
        self.tally = tally or Tally()
        self.health = Health(store, clock)
        self.in_play = in_play
        #: The game in play here with this id (by default looked for in ``in_play``).
        self.find = find or (lambda gid: next((t for t in in_play() if t.id == gid), None))
        self.clock = clock
        #: The time on a game's clock's scale (monotonic for live, calendar for correspondence).
        self.now = now or (lambda t: time.time() if t.postal else clock())
        self.limits = limits
        self.pages = Pages(self)
        tournaments = TournamentStore(store.beside.db) if store is not None else None
        if tournaments is not None:
            self.pages.more = functools.partial(tournament_pages.route, tournaments)
        #: Every request, the WebSocket handshake's and a 304 too.
        self.requests = Buckets(limits.http_requests, limits.http_requests_burst)
        #: Every answer with a body, but for the site's files.
        self.budget = Buckets(limits.http_rate, limits.http_burst)
        self.finished: OrderedDict[str, dict[str, Any]] = OrderedDict()
        self.kept: OrderedDict[str, Kept] = OrderedDict()

    # -- the answers --------------------------------------------------------------------
    async def respond(self, conn: ServerConnection, request: Request) -> Response | None:
        """The answer to a plain HTTP request, or ``None`` for the WebSocket handshake."""
        # The address's budget first: nothing before it may fail (no header is
        # read but through entries(), which a header sent twice cannot upset).
        who, now = address(conn), self.clock()
        wait = self.requests.take(who, now)
        if wait > 0:
            return self._too_many(conn, wait)
        if "websocket" in (e.lower() for e in entries(request, "Upgrade")):
            return None  # the library checks the rest (one Upgrade, its key) and says 400
        try:
            return await self._answer(conn, request, who, now)
        except Exception as e:
            # A bug of ours must cost this answer, and one line of the log.
            log.error("while answering %s %.200s: %r", request.method, request.path, e)
            page = Page(500, shell("Server error", "<h1>Something went wrong here</h1>"))
            return self._response(request, page, etag_of(page.body.encode()))

    @staticmethod
    def finish(conn: ServerConnection, request: Request, response: Response) -> None:
        """Every answer's last touch (the handshake's too): the headers all carry."""
        for key, value in HEADERS.items():
            response.headers[key] = value
        if "Server" in response.headers:
            del response.headers["Server"]

    async def _answer(
        self, conn: ServerConnection, request: Request, who: str, now: float
    ) -> Response:
        if request.method not in ("GET", "HEAD"):
            page = Page(405, shell("Not allowed", "<h1>Only GET and HEAD are answered here</h1>"))
            response = self._response(request, page, etag_of(page.body.encode()))
            response.headers["Allow"] = "GET, HEAD"
            return response
        target = canonical(request.path)
        asked = set(entries(request, "If-None-Match"))
        path = target.split("?", 1)[0]
        if path in HEALTH_PATHS:
            # For the proxy or the supervisor, asked every few seconds: never kept.
            page = await self.health.page(path)
            return self._response(request, page, etag_of(page.body.encode()))
        m = RECORD_PATH.fullmatch(path)
        table = self.find(m.group(1)) if m else None
        if table is not None:
            # A game in play here: its record is in memory, and its ETag is its
            # version, so a page that follows it gets a 304 until the next turn.
            # Read from memory either way, it costs the budget nothing: a page
            # following a game must not be refused for the turns it follows.
            etag = f'"{table.id}:{version_of(table)}"'
            if etag in asked:
                return self._response(request, Page(200, ""), etag, modified=False)
            return self._response(request, await self._record_page(table.id), etag)
        if self._free(path):
            # The site's files, from memory; not kept per address asked, so that
            # no stream of made-up queries pushes the pages out of the memory.
            page = await self.pages.route(target)
            etag = etag_of(page.body.encode())
            return self._response(request, page, etag, modified=etag not in asked)
        kept = self._kept(target, now)
        if kept is not None and kept.etag in asked:
            return self._response(request, kept.page, kept.etag, modified=False)
        wait = self.budget.take(who, now)
        if wait > 0:
            return self._too_many(conn, wait)
        if kept is None:
            kept = await self._work_out(target, now)
        return self._response(request, kept.page, kept.etag, modified=kept.etag not in asked)

    def _free(self, path: str) -> bool:
        """The site's own files: from memory, and kept by the browser."""
        return path in AT_ROOT or (path.startswith("/static/") and path[8:] in STATIC)

    def _kept(self, target: str, now: float) -> Kept | None:
        kept = self.kept.get(target)
        if kept is None:
            return None
        if now >= kept.until:
            return None
        if kept.version is not None:
            m = GAME_PATH.fullmatch(target.split("?", 1)[0])
            table = self.find(m.group(1)) if m else None
            if table is None or version_of(table) != kept.version:
                return None
        self.kept.move_to_end(target)
        return kept

    async def _work_out(self, target: str, now: float) -> Kept:
        path = target.split("?", 1)[0]
        m = RECORD_PATH.fullmatch(path)
        page = await (self._record_page(m.group(1)) if m else self.pages.route(target))
        g = GAME_PATH.fullmatch(path)
        table = self.find(g.group(1)) if g else None
        version = version_of(table) if table is not None else None
        # A finished game or a file never changes; anything else is kept briefly,
        # and a game in play's page no longer than its next turn.
        lasting = page.status == 200 and page.cache != ASK_AGAIN
        until = math.inf if lasting else now + self.limits.http_fresh
        kept = Kept(page, etag_of(page.body.encode()), version, until)
        self.kept[target] = kept
        while len(self.kept) > self.limits.records:
            self.kept.popitem(last=False)
        return kept

    async def _record_page(self, gid: str) -> Page:
        record = await self.record(gid)
        if record is None:
            return self.pages.not_found("No game has that id.")
        cache = ASK_AGAIN if record.get("result") is None else A_DAY
        page = Page(200, json.dumps(record, indent=1) + "\n", "application/json", cache=cache)
        page.headers["Content-Disposition"] = f'attachment; filename="mosaic-{gid}.json"'
        return page

    @staticmethod
    def _response(request: Request, page: Page, etag: str, modified: bool = True) -> Response:
        body = page.body.encode()
        headers = Headers(
            [
                ("Date", time.strftime("%a, %d %b %Y %H:%M:%S GMT", time.gmtime())),
                ("Connection", "close"),
                ("Content-Type", page.content_type),
                ("Cache-Control", page.cache),
                ("ETag", etag),
            ]
        )
        for key, value in page.headers.items():
            headers[key] = value
        status = HTTPStatus(page.status) if modified else HTTPStatus.NOT_MODIFIED
        if status == HTTPStatus.NOT_MODIFIED:
            del headers["Content-Type"]
            body = b""
        else:
            headers["Content-Length"] = str(len(body))
        if request.method == "HEAD":
            body = b""
        return Response(status.value, status.phrase, headers, body)

    def _too_many(self, conn: ServerConnection, wait: float) -> Response:
        self.tally.refuse("http")
        response = conn.respond(HTTPStatus.TOO_MANY_REQUESTS, "too many requests: slow down\n")
        response.headers["Retry-After"] = str(math.ceil(wait))
        response.headers["Cache-Control"] = "no-store"
        return response

    # -- what the pages read ------------------------------------------------------------
    async def record(self, gid: str) -> dict[str, Any] | None:
        """A game's record (:func:`.history.record`): a game in play here from
        memory, a finished one from memory if it was read lately. The record is
        shared: read it, do not change it."""
        table = self.find(gid)
        if table is not None:
            return history.annotated(table, self.now(table))
        kept = self.finished.get(gid)
        if kept is not None:
            self.finished.move_to_end(gid)
            return kept
        record = await history.record(self.store.beside, gid)
        if record is not None and record.get("result") is not None:
            self.finished[gid] = record
            while len(self.finished) > self.limits.records:
                self.finished.popitem(last=False)
        return record

    async def leaderboard_rows(self) -> list[dict[str, Any]]:
        return await ranks.leaderboard(self.store.beside)

    async def player_summary(self, name: str, page: int) -> dict[str, Any] | None:
        return await history.player_summary(self.store.beside, name, page)

    async def games_in_play(self, start: int, count: int) -> tuple[list[dict[str, Any]], int]:
        """``count`` games in play from the ``start``-th, live ones before
        correspondence ones (the newest of each first), and how many there are."""
        playing = [t for t in self.in_play() if not t.over]
        playing.sort(key=lambda t: (t.postal, -t.created))
        return [listing(t) for t in playing[start : start + count]], len(playing)
