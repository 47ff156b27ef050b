"""The game's line to a server, on a thread of its own, so the window never waits.

The client's scenes call :meth:`Link.send`, which only queues, and
:meth:`Link.poll` once a frame, which only drains what arrived. The thread runs
an asyncio loop with one :class:`~.session.Session`: it says hello with the
player's token, reads and writes, pings every half minute, and when the
connection drops it says so (a ``link`` message) and connects again by itself,
waiting 1, 2, 4 ... up to 10 seconds between tries. Messages sent while the
line is down wait and go out once it is back.

Besides the server's messages, :meth:`poll` returns a :class:`LinkNews`,
``{"type": "link", "state": ..., "reason": ...}``, whenever the state changes:
``connecting``, ``online``, ``offline`` (with the reason; a new try follows) or
``closed``.
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import threading
from typing import Any, Literal, TypedDict

from .server_messages import ServerMessage
from .session import OnlineError, Refused, Session

PING_EVERY = 30.0
RETRY_MAX = 10.0
#: Tries before the link gives up for good (about an hour and a half at 10 s).
ATTEMPTS = 500

LinkState = Literal["connecting", "online", "offline", "closed"]


class LinkNews(TypedDict):
    """The line's own news among the server's messages: its new state, and why."""

    type: Literal["link"]
    state: LinkState
    reason: str


#: What :meth:`Link.poll` gives: the server's messages, and the line's own news.
Heard = ServerMessage | LinkNews


class Link:
    def __init__(
        self, url: str, name: str, token: str | None = None, *, ping_every: float = PING_EVERY
    ) -> None:
        self.url, self.name, self.token = url, name, token
        self.ping_every = ping_every
        self.state: LinkState = "connecting"
        self.reason = ""
        #: The player as the last welcome described it.
        self.player: dict[str, Any] = {}
        #: Where the server says its pages are (its public address), if it says.
        self.site: str | None = None
        self._inbox: queue.SimpleQueue[Heard] = queue.SimpleQueue()
        self._pending: list[str] = []  # sent before the loop started
        self._loop: asyncio.AbstractEventLoop | None = None
        self._outbox: asyncio.Queue[tuple[str, dict[str, Any]]] | None = None
        self._closing: asyncio.Event | None = None
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, name="mosaic-online", daemon=True)

    # -- the window's side ----------------------------------------------------------
    def start(self) -> Link:
        self._thread.start()
        self._ready.wait(5)
        return self

    def send(self, kind: str, **fields: Any) -> None:
        """Queue a message for the server (it goes out as soon as the line is up)."""
        loop, outbox = self._loop, self._outbox
        if loop is None or outbox is None:
            return
        with contextlib.suppress(RuntimeError):  # the loop already closed
            loop.call_soon_threadsafe(outbox.put_nowait, (kind, fields))

    def poll(self) -> list[Heard]:
        """Everything that arrived since the last call (never waits)."""
        out = []
        while True:
            try:
                out.append(self._inbox.get_nowait())
            except queue.Empty:
                return out

    def close(self, timeout: float = 3.0) -> None:
        """Hang up and let the thread finish (waits at most ``timeout`` seconds)."""
        loop, closing = self._loop, self._closing
        if loop is not None and closing is not None:
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(closing.set)
        if self._thread.is_alive():
            self._thread.join(timeout)

    @property
    def online(self) -> bool:
        return self.state == "online"

    # -- the thread's side ------------------------------------------------------------
    def _run(self) -> None:
        asyncio.run(self._main())

    def _say(self, state: LinkState, reason: str = "") -> None:
        self.state, self.reason = state, reason
        self._inbox.put({"type": "link", "state": state, "reason": reason})

    async def _main(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._outbox = asyncio.Queue()
        self._closing = asyncio.Event()
        self._ready.set()
        pause = 1.0
        for _ in range(ATTEMPTS):
            if self._closing.is_set():
                break
            self._say("connecting")
            session = Session(self.url, self.name, self.token)
            try:
                try:
                    welcome = await session.connect()
                except Refused as e:
                    if "unknown token" in str(e):
                        raise
                    # The server will not have this hello (a name another player has,
                    # another protocol version): asking again cannot help.
                    self._say("closed", str(e))
                    return
                self.token, self.player = session.token, dict(welcome["player"])
                self.site = welcome.get("site")
                self._inbox.put(welcome)
                self._say("online")
                pause = 1.0
                reason = await self._converse(session)
            except OnlineError as e:
                reason = str(e)
                if "unknown token" in reason:
                    # The server forgot us (a new database): start afresh under our name.
                    self.token = None
            finally:
                with contextlib.suppress(Exception):
                    await session.close()
            if self._closing.is_set():
                break
            self._say("offline", reason)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._closing.wait(), pause)
            pause = min(RETRY_MAX, pause * 2)
        self._say("closed")

    async def _converse(self, session: Session) -> str:
        """Read, write and ping until the line drops or the link closes; why it ended."""
        assert self._outbox is not None and self._closing is not None

        async def read() -> None:
            while True:
                self._inbox.put(await session.recv())

        async def write() -> None:
            while True:
                kind, fields = await self._outbox.get()  # type: ignore[union-attr]
                try:
                    await session.send(kind, **fields)
                except OnlineError:
                    # Not sent: it goes first once the line is back.
                    requeue = [(kind, fields)]
                    while not self._outbox.empty():  # type: ignore[union-attr]
                        requeue.append(self._outbox.get_nowait())  # type: ignore[union-attr]
                    for item in requeue:
                        self._outbox.put_nowait(item)  # type: ignore[union-attr]
                    raise

        async def ping() -> None:
            while True:
                await asyncio.sleep(self.ping_every)
                await session.send("ping")

        tasks = [asyncio.create_task(c) for c in (read(), write(), ping(), self._closing.wait())]
        done, pending = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
        for t in pending:
            t.cancel()
        for t in done:
            exc = t.exception()
            if exc is not None:
                return str(exc)
        return "closed"
