"""A client's side of one connection, on asyncio: say hello, send requests, read
what the server says. The bot, the benchmark, the tests and the game's own
online link (:mod:`.link`) all talk to the server through it.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any, cast

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from . import protocol
from .protocol import ProtocolError, heard
from .server_messages import ServerMessage, Welcome

log = logging.getLogger("mosaic.session")


class OnlineError(Exception):
    """The server refused something, or could not be reached; the text says which."""


class Refused(OnlineError):
    """The server answered with an ``error``: the text is its reason."""


class Session:
    def __init__(self, url: str, name: str | None = None, token: str | None = None) -> None:
        self.url = url
        self.name = name
        self.token = token
        self.ws: ClientConnection | None = None
        #: The player as the server's welcome described it.
        self.player: dict[str, Any] = {}

    async def connect(self, timeout: float = 10.0) -> Welcome:
        """Open the connection and say hello; returns the welcome. A new player's
        token is kept in :attr:`token` (the caller should save it)."""
        try:
            self.ws = await connect(
                self.url,
                max_size=1 << 20,  # a lobby or a long game's state can exceed a request's limit
                compression=None,
                open_timeout=timeout,
                ping_interval=20,
                ping_timeout=20,
                close_timeout=2,
            )
        except (OSError, TimeoutError, ValueError) as e:
            raise OnlineError(f"cannot reach {self.url}: {e}") from None
        except Exception as e:  # the handshake's own errors (a web page, a refused upgrade)
            raise OnlineError(f"{self.url} is not a Mosaic server: {e}") from None
        fields: dict[str, Any] = {"v": protocol.VERSION}
        if self.token:
            fields["token"] = self.token
        if self.name:
            fields["name"] = self.name
        await self.send("hello", **fields)
        welcome = cast(Welcome, await self.expect("welcome", timeout))
        self.player = dict(welcome["player"])
        self.token = welcome.get("token", self.token)
        return welcome

    async def send(self, kind: str, **fields: Any) -> None:
        if self.ws is None:
            raise OnlineError("not connected")
        try:
            await self.ws.send(protocol.request(kind, **fields))
        except ConnectionClosed as e:
            raise OnlineError(f"connection closed: {e}") from None

    async def recv(self, timeout: float | None = None) -> ServerMessage:
        """The next message, checked (:func:`.protocol.heard`): one that is not a
        server's message as its definition says is passed over with a warning.
        Raises :class:`OnlineError` if the connection closed."""
        if self.ws is None:
            raise OnlineError("not connected")
        loop = asyncio.get_running_loop()
        end = None if timeout is None else loop.time() + timeout
        while True:
            left = None if end is None else max(0.0, end - loop.time())
            try:
                raw = await asyncio.wait_for(self.ws.recv(), left)
            except TimeoutError:
                raise
            except Exception as e:
                raise OnlineError(f"connection closed: {e}") from None
            try:
                return heard(raw)
            except ProtocolError as e:
                log.warning("passed over a message from the server: %s", e)

    async def expect(self, kind: str, timeout: float = 10.0) -> ServerMessage:
        """Read until a ``kind`` message (others are dropped); an error message
        raises :class:`OnlineError` with the server's reason."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while True:
            msg = await self.recv(max(0.0, end - loop.time()))
            if msg["type"] == kind:
                return msg
            if msg["type"] == "error":
                raise Refused(msg.get("reason", "refused"))

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()
            self.ws = None
