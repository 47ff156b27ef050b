"""Who is connected, and who hears what the server says: each connection
(:class:`Conn`: here, or one another process of a cluster passed on), each
player's connections among them (:class:`Connections`: a player may have
several), and sending to them without waiting, so that a slow reader never
holds up the loop. :mod:`.transport` runs the connections themselves.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.server import ServerConnection, broadcast

from .protocol import message
from .store import Player
from .throttle import Drops, address


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
    #: For a connection held by another server process of a cluster
    #: (:mod:`.cluster`): how to pass a message on to it, and its address.
    remote: Callable[[str], None] | None = None
    remote_address: str = ""


def where(conn: Conn) -> str:
    """The address of a player's connection, here or, for one another process
    of a cluster passed on, as that process saw it."""
    return conn.remote_address or address(conn.ws)


def deliver(conns: Iterable[Conn], text: str) -> None:
    """Send ``text`` to these connections without waiting, each where it is held."""
    here = []
    for c in conns:
        if c.remote is not None:
            c.remote(text)
        else:
            here.append(c.ws)
    if here:
        broadcast(here, text)


def send(conn: Conn, kind: str, **fields: Any) -> None:
    """Queue a message without waiting: a slow reader never holds up the loop."""
    deliver([conn], message(kind, **fields))


@dataclass
class Connections:
    """Every open connection, and each player's among them (a player may have several)."""

    all: set[Conn] = field(default_factory=set)
    _of: dict[str, set[Conn]] = field(default_factory=dict)
    #: Players connected to other processes of a cluster, with those processes.
    elsewhere: dict[str, set[str]] = field(default_factory=dict)
    #: Passes a message for players held elsewhere on to the cluster (pids, text).
    relay: Callable[[list[str], str], None] | None = None

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
        """Whether the player has a connection open (here, or to another process
        of the cluster)."""
        return pid in self._of or pid in self.elsewhere

    def came_elsewhere(self, pid: str, process: str) -> bool:
        """The player connected to another process; returns whether they were
        online already."""
        was = self.online(pid)
        self.elsewhere.setdefault(pid, set()).add(process)
        return was

    def left_elsewhere(self, pid: str, process: str) -> bool:
        """The player left another process; returns whether that took their last
        connection anywhere."""
        held = self.elsewhere.get(pid)
        if held is None or process not in held:
            return False
        held.discard(process)
        if held:
            return False
        del self.elsewhere[pid]
        return not self.online(pid)

    def held_by(self, process: str) -> list[str]:
        """The players connected to another process, as far as this one knows."""
        return [pid for pid, held in self.elsewhere.items() if process in held]

    def players_here(self) -> list[str]:
        """The players with a connection open to this process."""
        return list(self._of)

    def here(self, pid: str) -> bool:
        """Whether the player has a connection open to this process."""
        return pid in self._of

    def of(self, pid: str) -> Collection[Conn]:
        return self._of.get(pid, ())

    def tell(self, pids: Iterable[str], kind: str, **fields: Any) -> None:
        """Send to every connection of these players, without waiting, here and
        in the other processes of a cluster."""
        pids = list(pids)
        text = message(kind, **fields)
        self.tell_here(pids, text)
        away = [pid for pid in pids if pid in self.elsewhere]
        if away and self.relay is not None:
            self.relay(away, text)

    def tell_here(self, pids: Iterable[str], text: str) -> None:
        """Send ``text`` to these players' connections to this process."""
        conns = [c for pid in pids for c in self._of.get(pid, ())]
        if conns:
            deliver(conns, text)
