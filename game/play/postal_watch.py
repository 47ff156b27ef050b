"""Whose turn it is in the player's correspondence games, asked in the background.

The title screen says "your turn in N games" without the player opening the
lobby: where the player has correspondence games (:attr:`.online_identity.Identity.postal`),
a :class:`PostalWatch` connects with the kept token on a line of its own
(:class:`game.online.link.Link`: a thread, so the window never waits), reads the
server's ``correspondence`` list and keeps it as the games move. A server that
cannot be reached costs nothing: the watch gives up quietly on the first failure
and the title simply says nothing.
"""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any, Protocol

from game.online.link import Heard
from game.online.server_messages import PostalGame

from .online_identity import Identity, normal
from .online_identity import save as save_identity


class Line(Protocol):
    """What the watch needs of a :class:`game.online.link.Link`."""

    def poll(self) -> list[Heard]: ...
    def send(self, kind: str, **fields: Any) -> None: ...
    def close(self, timeout: float = ...) -> None: ...


class PostalWatch:
    def __init__(self, identity: Identity, data: Path, line: Line, url: str) -> None:
        self.identity, self.data, self.line, self.url = identity, data, line, url
        #: The correspondence games, as the server last listed them (``None``: not yet).
        self.games: list[PostalGame] | None = None
        self.done = False

    @classmethod
    def open(cls, identity: Identity, data: Path) -> PostalWatch | None:
        """Start asking the server of the player's correspondence games, if they
        have any there (None: nothing to ask)."""
        url = cls.server(identity)
        if url is None:
            return None
        # Loaded only by a player with correspondence games: websockets and asyncio
        # cost a tenth of a second at start-up.
        from game.online.link import Link  # noqa: PLC0415

        return cls(identity, data, Link(url, identity.name, identity.token(url)).start(), url)

    @staticmethod
    def server(identity: Identity) -> str | None:
        """The server to ask, if the player has correspondence games on the last one."""
        try:
            url = normal(identity.server)
        except ValueError:
            return None
        return url if url in identity.postal and identity.token(url) else None

    @property
    def yours(self) -> int:
        """How many of the games wait for the player's turn."""
        return sum(1 for g in self.games or () if g["yours"])

    def poll(self) -> bool:
        """Read what arrived; returns whether the count may have changed."""
        if self.done:
            return False
        changed = False
        for msg in self.line.poll():
            if msg["type"] == "correspondence":
                self.games, changed = list(msg["games"]), True
            elif msg["type"] == "welcome":
                # The list after a hello comes only when there are games: asked
                # for, it comes even when empty, and ends the question.
                self.line.send("correspondence")
            elif msg["type"] == "link" and msg["state"] in ("offline", "closed"):
                self.close()
                return True
        if changed and self.games == [] and self.url in self.identity.postal:
            # Every game there has ended: no need to ask at the next start.
            self.identity.postal.remove(self.url)
            with contextlib.suppress(OSError):  # asked again next time; nothing is lost
                save_identity(self.identity, self.data)
        return changed

    def close(self) -> None:
        if not self.done:
            self.done = True
            self.line.close(timeout=0.5)
