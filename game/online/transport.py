"""The server's WebSocket side: who may connect, how much and how fast they may
say, and who hears what the server says.

:class:`Transport` runs each connection (the ``websockets`` library under it):
a full server refuses it with code 1013; it must say hello within
:attr:`~.limits.Limits.hello` seconds and is closed after
:attr:`~.limits.Limits.idle` silent ones; a token bucket lets it send
:attr:`~.limits.Limits.rate` messages a second, :attr:`~.limits.Limits.burst` at
once; a frame over :data:`.protocol.MAX_MESSAGE` bytes closes it (1009), as too
many dropped or refused messages do (1008). Every message is checked by
:func:`.protocol.read` before anyone reads it (a binary frame is refused: the
protocol is text); a refusal becomes an ``error`` message, and a bug of ours
costs that one message, never the connection.

The transport knows nothing of games or seeks: it hands a checked hello to
``greet``, every later message to ``receive``, and a closed connection to
``gone``. :class:`Connections` knows which connections are whose, so the rest
of the server can tell a player something on every connection they have open.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Awaitable, Callable, Collection, Iterable
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.server import Server as WebSocketServer
from websockets.asyncio.server import ServerConnection, broadcast, serve
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response

from . import protocol
from .limits import Limits
from .protocol import Message, ProtocolError, message
from .store import Player
from .table import TableError
from .throttle import Drops

log = logging.getLogger("mosaic.server")

#: What a refused message raised: its text goes back as the error's reason.
REFUSALS = (ProtocolError, TableError)

#: Answers a plain HTTP request, or ``None`` to go on to the WebSocket handshake.
HttpHandler = Callable[[ServerConnection, Request], Awaitable[Response | None]]


@dataclass(eq=False)  # one per connection, kept in sets by identity
class Conn:
    ws: ServerConnection
    #: Set once the hello is answered; only then does ``receive`` see a message.
    player: Player | None = None
    tokens: float = 0.0
    refilled: float = 0.0
    dropped: int = 0
    errors: int = 0
    drops: Drops = field(default_factory=Drops)


def send(conn: Conn, kind: str, **fields: Any) -> None:
    """Queue a message without waiting: a slow reader never holds up the loop."""
    broadcast([conn.ws], message(kind, **fields))


@dataclass
class Connections:
    """Every open connection, and each player's among them (a player may have several)."""

    all: set[Conn] = field(default_factory=set)
    _of: dict[str, set[Conn]] = field(default_factory=dict)

    def __len__(self) -> int:
        return len(self.all)

    def add(self, conn: Conn) -> None:
        self.all.add(conn)

    def identify(self, conn: Conn, player: Player) -> None:
        """``conn`` said hello as ``player``."""
        conn.player = player
        self._of.setdefault(player.id, set()).add(conn)

    def remove(self, conn: Conn) -> None:
        self.all.discard(conn)
        if conn.player is None:
            return
        mine = self._of.get(conn.player.id, set())
        mine.discard(conn)
        if not mine:
            self._of.pop(conn.player.id, None)

    def online(self, pid: str) -> bool:
        """Whether the player has a connection open."""
        return pid in self._of

    def of(self, pid: str) -> Collection[Conn]:
        return self._of.get(pid, ())

    def tell(self, pids: Iterable[str], kind: str, **fields: Any) -> None:
        """Send to every connection of these players, without waiting."""
        ws = [c.ws for pid in pids for c in self._of.get(pid, ())]
        if ws:
            broadcast(ws, message(kind, **fields))


@dataclass
class Transport:
    limits: Limits
    clock: Callable[[], float]
    connections: Connections
    #: A checked hello: says who the connection is (:meth:`Connections.identify`)
    #: or raises :class:`.protocol.ProtocolError`, which closes it.
    greet: Callable[[Conn, Message], Awaitable[None]]
    #: Every later checked message, from a connection that said hello.
    receive: Callable[[Conn, Message], Awaitable[None]]
    #: A connection closed (already out of :attr:`connections`).
    gone: Callable[[Conn], None]

    def serve(self, host: str, port: int, http: HttpHandler) -> WebSocketServer:
        """The listening server, to use as ``async with``; ``http`` answers plain
        HTTP requests."""
        return serve(
            self.handler,
            host,
            port,
            process_request=http,
            max_size=protocol.MAX_MESSAGE,
            max_queue=16,
            compression=None,
            ping_interval=20,
            ping_timeout=20,
            close_timeout=2,
        )

    async def handler(self, ws: ServerConnection) -> None:
        if len(self.connections) >= self.limits.connections:
            await ws.close(1013, "the server is full; try again later")
            return
        conn = Conn(ws, tokens=self.limits.burst, refilled=self.clock())
        self.connections.add(conn)
        try:
            await self._converse(conn)
        except ConnectionClosed:
            pass
        finally:
            self.connections.remove(conn)
            self.gone(conn)

    async def _converse(self, conn: Conn) -> None:
        ws = conn.ws
        try:
            raw = await asyncio.wait_for(ws.recv(), self.limits.hello)
        except TimeoutError:
            await ws.close(1008, "say hello first")
            return
        try:
            msg = protocol.read(_text(raw))
            if msg["type"] != "hello":
                raise ProtocolError("the first message must be a hello")
            if msg["v"] != protocol.VERSION:
                raise ProtocolError(f"this server speaks protocol version {protocol.VERSION}")
            await self.greet(conn, msg)
        except ProtocolError as e:
            await ws.send(message("error", reason=str(e), about="hello"))
            await ws.close(1008, str(e)[:120])
            return
        while True:
            try:
                raw = await asyncio.wait_for(ws.recv(), self.limits.idle)
            except TimeoutError:
                await ws.close(1000, "idle for too long")
                return
            if not self._allowed(conn):
                conn.drops.add(_kind(raw), lambda n, kind: _tell_dropped(conn, n, kind))
                if conn.dropped >= self.limits.flood:
                    await ws.close(1008, "too many messages")
                    return
                continue
            try:
                await self.receive(conn, protocol.read(_text(raw)))
            except REFUSALS as e:
                conn.errors += 1
                await ws.send(message("error", reason=str(e), about=_kind(raw)))
                if conn.errors >= self.limits.errors:
                    await ws.close(1008, "too many bad messages")
                    return
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
    send(conn, "error", reason="too many messages: slow down", about=kind, dropped=count)


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
