"""Several server processes on one PostgreSQL database, seen by players as one server.

Each process keeps the games it started (or took over) in its memory, as a
single server does, and marks them with its id in the ``games`` table (the
``host`` column). What the processes must share goes through PostgreSQL's own
message channel, ``LISTEN``/``NOTIFY``, so a deployment needs no message bus
beside the database it already has:

- **One lobby.** A seek or challenge opened on one process is announced to the
  others, which list it to their players; accepting or joining it from another
  process passes the message to the process that holds it, which starts the game.
- **Players on any process.** Each process says which players it holds
  (``here``/``gone``); a message for a player held elsewhere (a turn, a game's
  end, a presence) is relayed there. A client's message about a game another
  process plays (a turn, a resignation, a ``state``, a ``watch``) is passed to
  that process with a way back to the connection, and is handled there as if the
  connection were its own; the limits of each connection are kept where it is.
- **A process that dies loses nothing announced.** Every turn is committed
  before it is announced (as on a single server). Each process holds a
  PostgreSQL advisory lock for as long as it lives; the others try it every
  :attr:`~.limits.Limits.cluster_check` seconds, and the first to find it free
  twice in a row takes over the dead process's unfinished games from the store (one ``UPDATE``, so
  each game goes to one process), as a restarted server puts its games back: the
  players reconnect to any process and play on.
- **One list of games in play**, for spectators: each process announces the
  games it starts, takes over and ends.
- **The database may go away.** The channel (:mod:`.channel`) connects again
  and takes the process's lock back; a process then tells the others all it
  holds (``all``: seeks, players, games), which replaces what they knew of it,
  and each answers with its own, so every lobby and list agree again; its
  players hear each live game's whole state, turns relayed meanwhile included.
  A process judges others only once its channel has been up for
  :data:`.watchdog.SETTLE` seconds (:mod:`.watchdog`), so a peer has time to
  take its lock back after an outage. If it takes a peer's games all the same,
  each game's ``epoch`` in the store fences the old copy: its next write is
  refused, it lets the game go and passes the message on to the new process,
  so two copies never both advance.
  A move passed on to another process is sent again if that process says
  hello before it says the move is done.

A message on the channel is a JSON object with ``from`` and ``to`` (a process id,
or ``*`` for all). A process sends its messages through one connection, in
order, so the turns of a game arrive in the order they were played.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Awaitable, Callable
from typing import Any, cast

from game.i18n import N_

from .channel import Channel, Parts, cut, decode, stopped
from .connections import Conn, Connections, deliver, send
from .in_play import InPlay
from .lobby import Elsewhere, Lobby, Seek
from .protocol import ClientMessage, checked
from .spectators import listing
from .sql import Unreachable
from .store import Player, Store, new_id
from .table import Table, TableError
from .throttle import address
from .transport import REFUSALS
from .watchdog import Watchdog, lock_name

log = logging.getLogger("mosaic.cluster")

#: Client messages that change a game: sent again if they may have been lost.
MOVES = frozenset({"turn", "resign", "abort"})
#: Client messages about one game, passed to the process that plays it.
GAME_MESSAGES = frozenset({"turn", "state", "resign", "abort", "watch", "unwatch"})

#: Handles a client's message here, as the server's handlers do.
Handle = Callable[[Conn, Player, ClientMessage], Awaitable[None]]


class Solo:
    """A server on its own: a cluster of one, which shares nothing."""

    me: str | None = None

    def __init__(self, store: Store, in_play: InPlay) -> None:
        self.store = store
        self.in_play = in_play

    async def start(self) -> None:
        pass

    async def stop(self) -> None:
        pass

    async def resume(self) -> int:
        """Put back every unfinished game from the store; returns how many."""
        stored = await self.store.open_games()
        self.in_play.put_back(stored)
        return len(stored)

    def here(self, pid: str) -> None:
        pass

    def gone(self, pid: str) -> None:
        pass

    def closed(self, conn: Conn) -> None:
        pass

    async def owner(self, gid: str) -> str | None:
        return None

    def forget_owner(self, gid: str) -> None:
        pass

    def forward(self, process: str, conn: Conn, player: Player, msg: ClientMessage) -> None:
        raise TableError(N_("that seek is no longer open"))

    async def wait_for_code(self, code: str) -> None:
        pass


class Cluster:
    """This process's part in a cluster: its id, its channel and its watchdog."""

    def __init__(
        self,
        dsn: str,
        store: Store,
        *,
        in_play: InPlay,
        lobby: Lobby,
        connections: Connections,
        handle: Handle,
        me: str | None = None,
    ) -> None:
        self.dsn = dsn
        self.store = store
        self.in_play = in_play
        self.lobby = lobby
        self.spectators = in_play.spectators
        self.connections = connections
        self.handle = handle
        self.limits = in_play.limits
        self.me = me or new_id()
        #: Every other process heard from (or named as a game's host).
        self.peers: set[str] = set()
        #: Which process plays each game asked about lately.
        self.owners: dict[str, str] = {}
        #: This process's connections that other processes answer, by key.
        self.local: dict[str, Conn] = {}
        #: Moves passed on and not yet done, by process and number.
        self.unanswered: dict[str, dict[int, dict[str, Any]]] = {}
        self._sent = 0
        #: Stand-ins for other processes' connections, by (process, key).
        self.stand_ins: dict[tuple[str, str], Conn] = {}
        #: The same stand-ins' keys, so that what a game tells its watchers goes
        #: to each process once (:meth:`.spectators.Spectators.tell`).
        self.stand_in_keys: dict[Conn, tuple[str, str]] = {}
        self.channel = Channel(dsn, lock_name(self.me), self._heard, self._rejoined)
        self.watchdog = Watchdog(
            dsn, store, self.channel, self.limits, self.me, self.peers, self._buried
        )
        self._parts = Parts()
        self._tasks: list[asyncio.Task[None]] = []
        in_play.host = self.me
        in_play.listed = self.listed
        in_play.unlisted = self.unlisted
        connections.relay = lambda pids, text: self.publish("*", "tell", pids=pids, text=text)
        lobby.published = self._seek_changed
        self.spectators.remote_of = self.stand_in_keys.get
        self.spectators.relay = lambda to, conns, text: self.publish(
            to, "replies", conns=conns, text=text
        )

    # -- start and stop ----------------------------------------------------------
    async def start(self) -> None:
        await self.channel.start()
        await self.watchdog.start()
        self._tasks = [asyncio.create_task(self.watchdog.run())]
        self.publish("*", "hello")
        self._announce("*")

    async def stop(self) -> None:
        await stopped(self._tasks, ())
        await self.channel.stop()
        await self.watchdog.stop()

    async def _rejoined(self) -> None:
        """The channel is back after the database was away: let go of the games
        another process took meanwhile, then tell the others all we hold."""
        while True:
            try:
                owned = await self.store.owned(self.me)
                break
            except Exception as e:  # away again: tried once more in a moment
                log.error("could not read which games are still ours: %s", e)
                await asyncio.sleep(1.0)
        for table in list(self.in_play.tables.values()):
            if owned.get(table.id) != table.epoch:
                async with self.in_play.lock(table.id):
                    self.in_play.let_go(table)
        self.owners.clear()
        self.publish("*", "hello")
        self._announce("*")

    def _announce(self, to: str) -> None:
        """Everything this process holds, which replaces what ``to`` knew of it."""
        seeks = [
            {
                "seek": s.id,
                "code": s.code,
                "listing": None if s.code else s.public(),
                "address": s.address,
            }
            for s in self.lobby.held()
        ]
        games = [listing(t) for t in self.in_play.tables.values()]
        players = self.connections.players_here()
        self.publish(to, "all", seeks=seeks, games=games, players=players)

    async def resume(self) -> int:
        """At start: the games of no process, and of any process that has died."""
        n = await self.adopt(None)
        for process in await self.store.game_hosts() - {self.me}:
            n += await self.watchdog.if_dead(process)
        return n

    # -- the server's hooks --------------------------------------------------------
    def listed(self, table: Table, to: str = "*") -> None:
        """A game began to be played here (started, or taken over)."""
        self.publish(to, "listed", game=listing(table))

    def unlisted(self, gid: str) -> None:
        self.publish("*", "unlisted", game=gid)

    def here(self, pid: str) -> None:
        self.publish("*", "here", pid=pid)

    def gone(self, pid: str) -> None:
        self.publish("*", "gone", pid=pid)

    def closed(self, conn: Conn) -> None:
        key = self.local_key(conn)
        if self.local.pop(key, None) is not None:
            self.publish("*", "closed", conn=key)
        for sent in self.unanswered.values():
            for seq in [s for s, note in sent.items() if note["conn"] == key]:
                del sent[seq]

    def local_key(self, conn: Conn) -> str:
        return str(id(conn))

    def forward(self, process: str, conn: Conn, player: Player, msg: ClientMessage) -> None:
        """Pass a client's message to the process that holds what it is about. A
        move in a game is kept until that process says it is done, and sent
        again should the process say hello meanwhile: it had missed it."""
        key = self.local_key(conn)
        self.local[key] = conn
        where = conn.remote_address or address(conn.ws)
        note: dict[str, Any] = {"conn": key, "pid": player.id, "address": where, "msg": msg}
        if msg["type"] in MOVES:
            self._sent += 1
            note["seq"] = self._sent
            self.unanswered.setdefault(process, {})[self._sent] = note
        self.publish(process, "msg", **note)

    async def wait_for_code(self, code: str) -> None:
        """Another process may have given the code out a moment before its
        announcement reaches this one."""
        if not self.lobby.knows(code):
            await asyncio.sleep(self.limits.cluster_code_wait)

    def forget_owner(self, gid: str) -> None:
        self.owners.pop(gid, None)

    async def owner(self, gid: str) -> str | None:
        """The process that plays this unfinished game, if any."""
        if gid in self.in_play.tables:
            return self.me
        if gid in self.owners:
            return self.owners[gid]
        host = await self.store.game_host(gid)
        if host is not None:
            self.owners[gid] = host
            if host != self.me:
                self.peers.add(host)
        return host

    # -- sending and hearing -----------------------------------------------------------
    def publish(self, to: str, kind: str, **fields: Any) -> None:
        head = {"from": self.me, "to": to}
        for text in cut(json.dumps(head | {"kind": kind, **fields}), head):
            self.channel.send(text)

    def _heard(self, payload: str) -> None:
        note = decode(payload, self._parts)
        if note is None:
            return
        origin = note.get("from")
        if not isinstance(origin, str) or origin == self.me or note.get("to") not in ("*", self.me):
            return
        self.peers.add(origin)
        task = asyncio.get_running_loop().create_task(self._act(origin, note))
        task.add_done_callback(_report)

    async def _act(self, origin: str, note: dict[str, Any]) -> None:
        kind = note["kind"]
        if kind == "tell":
            self.connections.tell_here(note["pids"], note["text"])
        elif kind == "reply":
            conn = self.local.get(note["conn"])
            if conn is not None:
                deliver([conn], note["text"])
        elif kind == "replies":
            conns = (self.local.get(key) for key in note["conns"])
            deliver([c for c in conns if c is not None], note["text"])
        elif kind == "hello":
            self._announce(origin)
            for again in sorted(self.unanswered.get(origin, {}).values(), key=lambda n: n["seq"]):
                self.publish(origin, "msg", **again)
        elif kind == "done":
            self.unanswered.get(origin, {}).pop(note["seq"], None)
        elif kind == "all":
            self._replace(origin, note)
        elif kind == "here":
            was_online = self.connections.came_elsewhere(note["pid"], origin)
            self.in_play.came_elsewhere(note["pid"], was_online)
        elif kind == "gone":
            self._left(origin, note["pid"])
        elif kind == "seek":
            self._remote_seek(origin, note)
        elif kind == "msg":
            await self._message(origin, note)
        elif kind == "closed":
            stand_in = self.stand_ins.pop((origin, note["conn"]), None)
            if stand_in is not None:
                self.stand_in_keys.pop(stand_in, None)
                self.spectators.leave(stand_in)
        elif kind == "adopted":
            for gid in note["games"]:
                self.owners[gid] = origin
                table = self.in_play.tables.get(gid)
                if table is not None:  # this process was thought dead: its copy goes
                    async with self.in_play.lock(gid):
                        self.in_play.let_go(table)
        elif kind == "listed":
            self.spectators.add_remote(origin, note["game"])
        elif kind == "unlisted":
            self.spectators.remove_remote(note["game"])

    def _replace(self, origin: str, note: dict[str, Any]) -> None:
        """All another process holds: what we knew of it goes, this comes. Its
        players hear the whole state of their live games here, so a turn relayed
        while its channel was down is not lost on them."""
        self.lobby.forget(origin)
        for seek in note["seeks"]:
            self.lobby.add_remote(
                origin, seek["seek"], seek["code"], seek["listing"], seek.get("address", "")
            )
        self.spectators.forget(origin)
        for entry in note["games"]:
            self.spectators.add_remote(origin, entry)
        players = set(note["players"])
        for pid in set(self.connections.held_by(origin)) - players:
            self._left(origin, pid)
        for pid in players:
            self.in_play.came_elsewhere(pid, self.connections.came_elsewhere(pid, origin))

    def _left(self, origin: str, pid: str) -> None:
        if self.connections.left_elsewhere(pid, origin):
            self.in_play.away(pid)

    # -- the lobby --------------------------------------------------------------------------
    def _seek_changed(self, what: str, seek: Seek, to: str = "*") -> None:
        fields: dict[str, Any] = {"what": what, "seek": seek.id, "code": seek.code}
        if what == "add":
            fields["listing"] = None if seek.code else seek.public()
            fields["address"] = seek.address
        self.publish(to, "seek", **fields)

    def _remote_seek(self, origin: str, note: dict[str, Any]) -> None:
        if note["what"] == "add":
            self.lobby.add_remote(
                origin, note["seek"], note.get("code"), note.get("listing"), note.get("address", "")
            )
        else:
            self.lobby.remove_remote(note["seek"], note.get("code"))

    # -- messages passed on from other processes ---------------------------------------------
    async def _message(self, origin: str, note: dict[str, Any]) -> None:
        """A client's message that another process passed on: handled as if the
        connection were here, every answer going back to it."""
        key = (origin, note["conn"])
        stand_in = self.stand_ins.get(key)
        if stand_in is None:
            stand_in = Conn(
                ws=cast(Any, None), remote=self._back_to(*key), remote_address=note["address"]
            )
            self.stand_ins[key] = stand_in
            self.stand_in_keys[stand_in] = key
        kind = note["msg"]["type"]
        try:
            # The database may be away: its refusal is the player's answer.
            player = await self.store.player(note["pid"])
            if player is None:
                return
            stand_in.player = player
            # Checked again, as its first process did: a message is typed only so.
            await self.handle(stand_in, player, checked(note["msg"]))
        except Elsewhere:
            send(stand_in, "error", reason=N_("that seek is no longer open"), about=kind)
        except (*REFUSALS, Unreachable) as e:
            send(stand_in, "error", reason=str(e), about=kind)
        finally:
            if "seq" in note:
                self.publish(origin, "done", seq=note["seq"])

    def _back_to(self, process: str, conn: str) -> Callable[[str], None]:
        def reply(text: str) -> None:
            self.publish(process, "reply", conn=conn, text=text)

        return reply

    # -- processes that die (:mod:`.watchdog` finds them) -----------------------------------
    async def _buried(self, process: str) -> int:
        log.warning("server process %s is gone: taking over its games", process)
        self.peers.discard(process)
        self.unanswered.pop(process, None)  # its games' new process has not seen them
        for pid in self.connections.held_by(process):
            self._left(process, pid)
        self.lobby.forget(process)
        self._parts.forget(process)
        self.spectators.forget(process)  # its games come back as their new process lists them
        return await self.adopt(process)

    async def adopt(self, process: str | None) -> int:
        """Take the unfinished games of ``process`` (``None``: of no process, as a
        single server left them) from the store and play them here."""
        stored = await self.store.adopt(process, self.me)
        if not stored:
            return 0
        self.in_play.put_back(stored)  # which lists them
        ids = [g.id for g in stored]
        for gid in ids:
            self.owners.pop(gid, None)
        self.publish("*", "adopted", games=ids)
        return len(ids)


def _report(task: asyncio.Task[None]) -> None:
    if not task.cancelled() and task.exception() is not None:
        log.error("a message from another server process failed", exc_info=task.exception())
