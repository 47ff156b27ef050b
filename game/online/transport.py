"""The server's WebSocket side: who may connect, how much and how fast they may
say, and who hears what the server says.

:class:`Transport` runs each connection (the ``websockets`` library under it):
a full server refuses it with code 1013, as does one that has
:attr:`~.limits.Limits.address_connections` from its address; it must say hello within
:attr:`~.limits.Limits.hello` seconds and is closed after
:attr:`~.limits.Limits.idle` silent ones; a token bucket lets it send
:attr:`~.limits.Limits.rate` messages a second, :attr:`~.limits.Limits.burst` at
once; a frame over :data:`.protocol.MAX_MESSAGE` bytes closes it (1009), as too
many dropped or refused messages do (1008). Below the messages, every frame a
client sends (pings, pongs and the pieces of a split message too) is counted
against a second bucket, :attr:`~.limits.Limits.frames` a second, and a client
over it is closed (1008) before the frame is answered. Every message is checked
by :func:`.protocol.read` before anyone reads it (a binary frame is refused: the
protocol is text); a refusal becomes an ``error`` message, and a bug of ours
costs that one message, never the connection.

The server takes no more connections than its file descriptors leave room for
(:func:`.limits.descriptor_room`), and logs a failed ``accept()`` as one line
every few seconds with a count, not as a traceback each.

The transport knows nothing of games or seeks: it hands a checked hello to
``greet``, every later message to ``receive``, and a closed connection to
``gone``. :mod:`.connections` knows which connections are whose, so the rest
of the server can tell a player something on every connection they have open.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.server import Server as WebSocketServer
from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed
from websockets.frames import CloseCode, Frame
from websockets.http11 import Request, Response
from websockets.server import ServerProtocol

from game.i18n import N_

from . import protocol
from .client_messages import Hello
from .connections import Conn, Connections, send
from .limits import Limits, descriptor_room
from .protocol import ClientMessage, ProtocolError, message
from .quiet import WEBSOCKETS_LOG
from .sql import Unreachable
from .table import TableError
from .tally import Tally
from .throttle import Open, address

log = logging.getLogger("mosaic.server")

#: What a refused message raised: its text goes back as the error's reason.
REFUSALS = (ProtocolError, TableError)

#: Answers a plain HTTP request, or ``None`` to go on to the WebSocket handshake.
HttpHandler = Callable[[ServerConnection, Request], Awaitable[Response | None]]
#: Adds to every HTTP answer, the handshake's too, before it is sent.
Finisher = Callable[[ServerConnection, Request, Response], None]


@dataclass
class Bucket:
    """A token bucket: ``rate`` a second, up to ``burst`` at once; starts full."""

    rate: float
    burst: float
    tokens: float = field(init=False)
    refilled: float = field(default_factory=time.monotonic)

    def __post_init__(self) -> None:
        self.tokens = self.burst

    def take(self, now: float) -> bool:
        self.tokens = min(self.burst, self.tokens + (now - self.refilled) * self.rate)
        self.refilled = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


def counting_frames(limits: Limits) -> type[ServerConnection]:
    """A connection that counts every frame its client sends, and fails it (1008)
    on the first frame over :attr:`Limits.frames` a second.

    websockets answers a ping, and joins the pieces of a split message, inside its
    protocol's ``recv_frame``, before the connection sees anything: a client
    that pinged without pause got a pong for each and was never closed. So the
    count sits in front of ``recv_frame`` (there in every websockets from 13.1 to
    17), and a frame over the count is neither answered nor kept."""

    class Counted(ServerConnection):
        def __init__(self, protocol: ServerProtocol, server: WebSocketServer, **kw: Any) -> None:
            super().__init__(protocol, server, **kw)
            self.frames = Bucket(limits.frames, limits.frame_burst)
            self.flooded = False
            self.cut_off: asyncio.TimerHandle | None = None
            recv_frame = protocol.recv_frame

            def counted(frame: Frame) -> None:
                if self.flooded:
                    return
                if not self.frames.take(time.monotonic()):
                    self.flooded = True
                    # Sends the close frame and ends the parser: what else was
                    # read with this frame is dropped unanswered.
                    protocol.fail(CloseCode.POLICY_VIOLATION, "too many frames")
                    return
                recv_frame(frame)

            protocol.recv_frame = counted  # type: ignore[method-assign]

        def data_received(self, data: bytes) -> None:
            super().data_received(data)  # writes the close frame, if it came to that
            if self.flooded and self.cut_off is None:
                # websockets would go on reading, and dropping, whatever the
                # flooder sends until it hangs up. Stop reading instead (its
                # sends soon block), and drop it after the close time-out.
                # Closing at once would reset the connection, and the reset
                # could overtake the close frame that says why.
                self.transport.pause_reading()
                self.cut_off = self.loop.call_later(self.close_timeout or 0.0, self.transport.abort)

        def connection_lost(self, exc: Exception | None) -> None:
            if self.cut_off is not None:
                self.cut_off.cancel()
            super().connection_lost(exc)

    return Counted


#: What asyncio says when ``accept()`` fails for want of descriptors or memory.
ACCEPT_FAILED = "socket.accept() out of system resource"


@dataclass
class AcceptFailures:
    """asyncio logs every failed ``accept()`` with its traceback, and out of
    descriptors its retries pile up (each failure schedules one more): 10,000
    tracebacks in ten seconds, 159 MB of log in two minutes in one run. This loop
    exception handler counts them instead, and logs one line at most every
    :attr:`every` seconds."""

    loop: asyncio.AbstractEventLoop
    descriptors: int | None
    every: float = 10.0
    failed: int = 0
    last: str = ""
    _report: asyncio.TimerHandle | None = None
    _before: Any = None

    @contextlib.contextmanager
    def installed(self) -> Iterator[None]:
        self._before = self.loop.get_exception_handler()
        self.loop.set_exception_handler(self._handle)
        try:
            yield
        finally:
            self.loop.set_exception_handler(self._before)
            if self._report is not None:
                self._report.cancel()
            self._flush()

    def _handle(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        text = str(context.get("message", ""))
        if text == ACCEPT_FAILED:
            self.failed += 1
            self.last = str(context.get("exception", ""))
            if self._report is None:
                self._flush()
                self._report = loop.call_later(self.every, self._again)
        elif "_start_serving" in text and isinstance(context.get("exception"), ValueError):
            # asyncio's own retries of those accepts, due after the listening
            # socket closed: nothing to say.
            pass
        elif self._before is not None:
            self._before(loop, context)
        else:
            loop.default_exception_handler(context)

    def _again(self) -> None:
        self._report = None
        if self.failed:
            self._flush()
            self._report = self.loop.call_later(self.every, self._again)

    def _flush(self) -> None:
        if self.failed:
            log.error(
                "could not accept %d connection(s) (%s; descriptor limit %s): "
                "they wait in the backlog or time out",
                self.failed, self.last, self.descriptors,
            )  # fmt: skip
            self.failed = 0


@dataclass
class Transport:
    limits: Limits
    clock: Callable[[], float]
    connections: Connections
    #: A checked hello: says who the connection is (:meth:`Connections.identify`)
    #: or raises :class:`.protocol.ProtocolError`, which closes it.
    greet: Callable[[Conn, Hello], Awaitable[None]]
    #: Every later checked message, from a connection that said hello.
    receive: Callable[[Conn, ClientMessage], Awaitable[None]]
    #: A connection closed (already out of :attr:`connections`).
    gone: Callable[[Conn], None]

    #: The connections the descriptor limit leaves room for (set by :meth:`serve`).
    room: int = 0
    #: Counts the refusals, for the operator (:mod:`.metrics`).
    tally: Tally = field(default_factory=Tally)
    #: The connections open from each address (:attr:`Limits.address_connections`).
    per_address: Open = field(init=False)

    def __post_init__(self) -> None:
        self.per_address = Open(self.limits.address_connections)

    @contextlib.asynccontextmanager
    async def serve(
        self, host: str, port: int, http: HttpHandler, finish: Finisher | None = None
    ) -> AsyncIterator[WebSocketServer]:
        """The listening server, to use as ``async with``; ``http`` answers plain
        HTTP requests, and ``finish`` sees every answer (the handshake's too) last."""
        wanted = self.limits.connections
        self.room, descriptors = descriptor_room(wanted, self.limits.reserve)
        if self.room < wanted:
            log.warning(
                "at most %d connections: the file descriptor limit is %s", self.room, descriptors
            )
        accepts = AcceptFailures(asyncio.get_running_loop(), descriptors)
        with accepts.installed():
            async with serve(
                self.handler,
                host,
                port,
                process_request=http,
                process_response=finish,
                server_header=None,  # no name and version for a scanner to match
                create_connection=counting_frames(self.limits),
                logger=WEBSOCKETS_LOG,
                max_size=protocol.MAX_MESSAGE,
                max_queue=16,
                compression=None,
                ping_interval=20,
                ping_timeout=20,
                close_timeout=2,
            ) as server:
                yield server

    async def handler(self, ws: ServerConnection) -> None:
        if len(self.connections) >= (self.room or self.limits.connections):
            self.tally.refuse("full")
            await ws.close(1013, "the server is full; try again later")
            return
        here = address(ws)
        if not self.per_address.take(here):
            self.tally.refuse("full")
            most = self.limits.address_connections
            await ws.close(1013, f"your address has {most} connections open here, the most")
            return
        conn = Conn(ws, tokens=self.limits.burst, refilled=self.clock())
        self.connections.add(conn)
        try:
            await self._converse(conn)
        except ConnectionClosed:
            pass
        finally:
            self.per_address.give_back(here)
            self.connections.remove(conn)
            self.gone(conn)

    async def _converse(self, conn: Conn) -> None:
        ws = conn.ws
        try:
            raw = await asyncio.wait_for(ws.recv(), self.limits.hello)
        except TimeoutError:
            self.tally.refuse("hello")
            await ws.close(1008, "say hello first")
            return
        try:
            msg = protocol.read(_text(raw))
            if msg["type"] != "hello":
                raise ProtocolError("the first message must be a hello")
            if msg["v"] != protocol.VERSION:
                raise ProtocolError(protocol.version_refused(msg["v"]))
            await self.greet(conn, msg)
        except ProtocolError as e:
            self.tally.refuse("hello")
            await ws.send(message("error", reason=str(e), about="hello"))
            await ws.close(1008, str(e)[:120])
            return
        except Unreachable as e:
            await ws.send(message("error", reason=str(e), about="hello"))
            await ws.close(1013, "try again later")
            return
        while True:
            try:
                raw = await asyncio.wait_for(ws.recv(), self.limits.idle)
            except TimeoutError:
                await ws.close(1000, "idle for too long")
                return
            if not self._allowed(conn):
                self.tally.refuse("rate")
                conn.drops.add(_kind(raw), lambda n, kind: _tell_dropped(conn, n, kind))
                if conn.dropped >= self.limits.flood:
                    self.tally.refuse("closed")
                    await ws.close(1008, "too many messages")
                    return
                continue
            try:
                await self.receive(conn, protocol.read(_text(raw)))
            except REFUSALS as e:
                conn.errors += 1
                self.tally.refuse("message")
                await ws.send(message("error", reason=str(e), about=_kind(raw)))
                if conn.errors >= self.limits.errors:
                    self.tally.refuse("closed")
                    await ws.close(1008, "too many bad messages")
                    return
            except Unreachable as e:  # said plainly: the player can only wait
                await ws.send(message("error", reason=str(e), about=_kind(raw)))
            except Exception:
                # A bug of ours must cost this message, never the server or the game.
                log.exception("while handling a message")
                failed = "the server failed on that message"
                await ws.send(message("error", reason=failed, about=_kind(raw)))

    def _allowed(self, conn: Conn) -> bool:
        """The token bucket: :attr:`Limits.rate` a second, up to :attr:`Limits.burst`."""
        now = self.clock()
        lim = self.limits
        conn.tokens = min(lim.burst, conn.tokens + (now - conn.refilled) * lim.rate)
        conn.refilled = now
        if conn.tokens < 1:
            conn.dropped += 1
            return False
        conn.tokens -= 1
        return True


def _tell_dropped(conn: Conn, count: int, kind: str) -> None:
    send(conn, "error", reason=N_("too many messages: slow down"), about=kind, dropped=count)


def _text(raw: str | bytes) -> str:
    """A text frame's message; a binary frame is refused, whatever it holds."""
    if isinstance(raw, bytes):
        raise ProtocolError("binary frames are refused: send each message as a text frame")
    return raw


def _kind(raw: str | bytes) -> str:
    """The type a bad message claimed, for the error's ``about`` (best effort)."""
    with contextlib.suppress(Exception):
        kind = json.loads(raw).get("type")
        if isinstance(kind, str) and kind in protocol.CLIENT:
            return kind
    return "unknown"
