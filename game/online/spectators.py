"""Spectators: the list of games in play, and who watches which game.

A connection that asks for the list (``games``) gets it whole once, then only
what changed (the games started and the ids of those that ended), the changes of
:attr:`~.limits.Limits.lobby_batch` seconds in one message, as the lobby sends
its seeks. A connection that watches a game (``watch``) gets its whole state,
then every turn, presence and end the players get; the players are told how
many watch (``watchers``) whenever that changes.

Watching is read-only by construction: nothing here touches a table, and the
server's handlers for turns, resignations, aborts and states act only for the
players seated at it. A connection watches at most
:attr:`~.limits.Limits.watching` games, a game has at most
:attr:`~.limits.Limits.watchers` watchers, and watching ends with the game or
the connection.
"""

from __future__ import annotations

import asyncio
import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .changes import ListChanges, drop_process
from .connections import Conn, deliver, send
from .fair import fair
from .limits import Limits
from .protocol import message
from .table import Table, TableError


def listing(t: Table) -> dict[str, Any]:
    """A game in play as the list shows it (and the web pages)."""
    return {
        "id": t.id,
        "red": t.seats[0].name,
        "blue": t.seats[1].name,
        "side": t.side,
        "time": t.pace(),
        "rated": t.rated,
        "turns": len(t.turns),
    }


@dataclass
class Spectators:
    limits: Limits
    #: The server's games in play by id, in the order they started.
    tables: dict[str, Table]
    #: Tells a game's players something: (table, kind, fields).
    tell_players: Callable[..., None]
    #: The connections that asked for the list of games.
    listeners: set[Conn] = field(default_factory=set)
    #: The list's changes, as the listeners are told of them.
    changes: ListChanges = field(init=False)
    #: Who watches each game, and which games each connection watches.
    watchers: dict[str, set[Conn]] = field(default_factory=dict)
    watching: dict[Conn, set[str]] = field(default_factory=dict)
    #: In a cluster: the games other processes play, by id, as (process, listing).
    remote: dict[str, tuple[str, dict[str, Any]]] = field(default_factory=dict)
    #: When each of those was first heard of (wall-clock, as a table's ``created``).
    arrived: dict[str, float] = field(default_factory=dict)
    #: Where a watcher connected from (:func:`.throttle.where`).
    address: Callable[[Conn], str] = lambda conn: ""
    #: In a cluster: the process holding a watcher's connection and its key
    #: there (``None`` for one held here), and how to send one text to many of
    #: one process's connections at once.
    remote_of: Callable[[Conn], tuple[str, str] | None] = lambda conn: None
    relay: Callable[[str, list[str], str], None] | None = None
    #: When each game's players were last told the count of its watchers, and
    #: the telling to come of a count that changed since.
    counted: dict[str, float] = field(default_factory=dict)
    recount: dict[str, asyncio.TimerHandle] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.changes = ListChanges(
            "games", self.limits.lobby_batch, self.view, lambda: self.listeners
        )

    # -- the list -----------------------------------------------------------------
    def listen(self, conn: Conn) -> None:
        self.listeners.add(conn)
        send(conn, "games", games=self.changes.whole())

    def view(self) -> list[dict[str, Any]]:
        """The games listed (:mod:`.fair`): live ones before correspondence ones,
        the newest first, a few a player (by name, which a remote listing has
        and which is one player's)."""
        entries = [
            (t.postal, -t.created, listing(t), (t.seats[0].name, t.seats[1].name))
            for t in self.tables.values()
            if not t.over
        ]
        for gid, (_, entry) in self.remote.items():
            postal = entry["time"].endswith(("day", "days"))
            # Keyed by name: a remote listing has no player ids, and a name is one player's.
            entries.append(
                (postal, -self.arrived.get(gid, 0.0), entry, (entry["red"], entry["blue"]))
            )
        entries.sort(key=lambda e: (e[0], e[1]))
        listed = ((e[2], [f"player {p}" for p in e[3]]) for e in entries)
        return fair(listed, {"player": self.limits.listed_player_games}, self.limits.listed_games)

    def add_remote(self, process: str, entry: dict[str, Any]) -> None:
        """A game another process plays, as its list shows it."""
        self.remote[entry["id"]] = (process, entry)
        self.arrived.setdefault(entry["id"], time.time())
        self.changed()

    def remove_remote(self, gid: str) -> None:
        self.arrived.pop(gid, None)
        if self.remote.pop(gid, None) is not None:
            self.changed()

    def forget(self, process: str) -> None:
        """The games another process played: it has gone, or it lists them again."""
        if drop_process(self.remote, process):
            self.changed()
        for gid in [gid for gid in self.arrived if gid not in self.remote]:
            del self.arrived[gid]

    def changed(self) -> None:
        """A game started or ended: the listeners hear of it in a moment, with
        whatever else changes meanwhile."""
        self.changes.changed()

    # -- watching one game --------------------------------------------------------------
    def watch(self, conn: Conn, table: Table, now: float) -> None:
        mine = self.watching.setdefault(conn, set())
        if table.id not in mine:
            if len(mine) >= self.limits.watching:
                raise TableError(
                    f"you may watch at most {self.limits.watching} games at once; unwatch one"
                )
            who = self.watchers.setdefault(table.id, set())
            if len(who) >= self.limits.watchers:
                self._forget_empty(conn)
                raise TableError("that game has as many watchers as it may have")
            here = self.address(conn)
            if sum(self.address(c) == here for c in who) >= self.limits.address_watchers:
                self._forget_empty(conn)
                raise TableError(
                    f"your address has {self.limits.address_watchers} watchers of that game,"
                    " as many as one address may have"
                )
            who.add(conn)
            mine.add(table.id)
            self._count(table.id)
        send(conn, "watching", game=table.state(now), watchers=len(self.watchers[table.id]))

    def unwatch(self, conn: Conn, gid: str) -> None:
        mine = self.watching.get(conn, set())
        if gid in mine:
            mine.discard(gid)
            self.watchers[gid].discard(conn)
            self._count(gid)
        self._forget_empty(conn)
        send(conn, "unwatched", game=gid)

    def leave(self, conn: Conn) -> None:
        """The connection closed: it watches nothing any more."""
        self.listeners.discard(conn)
        for gid in self.watching.pop(conn, set()):
            self.watchers[gid].discard(conn)
            self._count(gid)

    def tell(self, gid: str, kind: str, **fields: Any) -> None:
        """Pass on to the game's watchers what its players are told: in a
        cluster, one message to each other process for all its watchers, not
        one a watcher."""
        who = self.watchers.get(gid)
        if not who:
            return
        text = message(kind, **fields)
        if self.relay is None:
            deliver(who, text)
            return
        here: list[Conn] = []
        far: dict[str, list[str]] = {}
        for conn in who:
            remote = self.remote_of(conn)
            if remote is None:
                here.append(conn)
            else:
                far.setdefault(remote[0], []).append(remote[1])
        deliver(here, text)
        for process, keys in far.items():
            self.relay(process, keys, text)

    def ended(self, gid: str) -> None:
        """The game is over (its watchers have heard): nobody watches it any more."""
        self.counted.pop(gid, None)
        if (pending := self.recount.pop(gid, None)) is not None:
            pending.cancel()
        for conn in self.watchers.pop(gid, set()):
            mine = self.watching.get(conn)
            if mine is not None:
                mine.discard(gid)
                self._forget_empty(conn)
        self.changed()

    def count(self, gid: str) -> int:
        return len(self.watchers.get(gid, ()))

    def _count(self, gid: str) -> None:
        """The game's watchers changed: its players hear the count now, or, if
        they heard one within :attr:`~.limits.Limits.watcher_notice` seconds,
        when that has passed (watch and unwatch in a loop must not flood them)."""
        if not self.watchers.get(gid, True):
            del self.watchers[gid]
        if gid in self.recount:
            return  # the coming telling reads the count as it is then
        loop = asyncio.get_running_loop()
        wait = self.counted.get(gid, -math.inf) + self.limits.watcher_notice - loop.time()
        if wait > 0:
            self.recount[gid] = loop.call_later(wait, self._tell_count, gid)
        else:
            self._tell_count(gid)

    def _tell_count(self, gid: str) -> None:
        self.recount.pop(gid, None)
        table = self.tables.get(gid)
        if table is None:
            self.counted.pop(gid, None)
            return
        self.counted[gid] = asyncio.get_running_loop().time()
        self.tell_players(table, "watchers", game=gid, count=len(self.watchers.get(gid, ())))

    def _forget_empty(self, conn: Conn) -> None:
        if not self.watching.get(conn, True):
            del self.watching[conn]
