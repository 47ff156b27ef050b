"""The Mosaic game server (run it with ``mosaic-server``: see :mod:`game.online.__main__`).

One asyncio loop serves every connection (the ``websockets`` library). The server
trusts no client: each message is checked against the protocol
(:mod:`.protocol`) before anything reads it, every turn goes through the rules
core (:mod:`.table`), a connection acts only as the player whose token it showed,
and only in that player's games. Each connection has a size limit per message, a
rate limit, a time limit to say hello and an idle time-out; each player has a
limit on open seeks and games; the server has a limit on connections. Whatever a
client sends, the worst it gets is an error message or a closed connection.

Each part has a module of its own, as lila splits its lobby, its rounds and
its socket layer: :mod:`.transport` (connections and their limits),
:mod:`.lobby` (seeks and challenge codes), :mod:`.in_play` (the games in play,
stored as they are played in :mod:`.store`, and put back after a restart),
:mod:`.finisher` (a game's end), :mod:`.spectators` (who watches), :mod:`.web`
(plain HTTP) and :mod:`.cluster` (other processes on the same PostgreSQL; a
server on its own has a :class:`~.cluster.Solo` that shares nothing).
:class:`Server` wires them together, says hello, and routes each message type
to its handler through one table.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from . import client_messages as cm
from . import protocol, ranks
from .accounts import Accounts
from .cluster import GAME_MESSAGES, Cluster, Solo
from .connections import Conn, Connections, send, where
from .in_play import InPlay, Moved
from .limits import Limits
from .lobby import Elsewhere, Lobby, WrongCode, join_keys
from .protocol import ClientMessage, ProtocolError
from .spectators import Spectators
from .sql import Unreachable
from .store import Player, Store
from .strikes import Strikes
from .table import Table, TableError
from .tournaments import Tournaments
from .transport import Transport
from .web import Web

log = logging.getLogger("mosaic.server")

#: Acts on one checked message of its type, from the player who sent it; raises
#: :class:`.protocol.ProtocolError` or :class:`.table.TableError` to refuse it.
#: A handler reads the message of its own type (``seek``'s a
#: :class:`.client_messages.Seek`); the table pairs them by type, which the type
#: checker cannot follow, so tests/online/test_server.py checks each pair.
Handler = Callable[[Conn, Player, Any], Awaitable[None]]


@dataclass
class Server:
    store: Store
    limits: Limits = field(default_factory=Limits)
    clock: Callable[[], float] = time.monotonic
    #: Wall-clock time, for correspondence games: their days go on through restarts.
    wall: Callable[[], float] = time.time
    rng: random.Random = field(default_factory=random.SystemRandom)
    #: Where players reach its pages (``https://mosaic.example.org``), for its links.
    public: str | None = None

    connections: Connections = field(init=False)
    transport: Transport = field(init=False)
    in_play: InPlay = field(init=False)
    lobby: Lobby = field(init=False)
    spectators: Spectators = field(init=False)
    web: Web = field(init=False)
    handlers: dict[str, Handler] = field(init=False)
    tournaments: Tournaments = field(init=False)
    accounts: Accounts = field(init=False)
    #: This process's part in a cluster of servers on one PostgreSQL (see
    #: :mod:`.cluster`); on its own, a :class:`~.cluster.Solo` that shares nothing.
    cluster: Cluster | Solo = field(init=False)
    #: Wrong challenge codes counted for the whole cluster (:mod:`.strikes`);
    #: ``None`` on its own, where the lobby's count is the whole count.
    shared_joins: Strikes | None = field(init=False, default=None)

    def __post_init__(self) -> None:
        self.connections = Connections()
        self.transport = Transport(
            self.limits, self.clock, self.connections, self._hello, self.dispatch, self._gone
        )
        self.in_play = InPlay(
            self.store, self.limits, self.connections, self.clock, self.wall, self.rng
        )
        self.spectators = self.in_play.spectators
        self.spectators.address = where
        self.lobby = Lobby(self.limits, self.in_play.games_of, self.in_play.postal_from)
        self.web = Web(
            self.store, self.in_play.tables.values, self.clock, self.limits,
            find=self.in_play.tables.get, now=self.in_play.now, tally=self.transport.tally,
        )  # fmt: skip
        self.tournaments = Tournaments(self.store, self.in_play, self.connections, self.wall)
        self.handlers = self._handlers()
        self.accounts = Accounts(self.store, self.limits, self.clock)
        self.cluster = Solo(self.store, self.in_play)

    def join_cluster(self, dsn: str) -> Cluster:
        """Play as one server with the others on this PostgreSQL (from :meth:`run`)."""
        lim, db = self.limits, self.store.db
        self.shared_joins = Strikes(db, "join", lim.join_failures, lim.join_window)
        if lim.signups:
            self.accounts.shared = Strikes(db, "signup", lim.signups, lim.signup_window)
        self.cluster = Cluster(
            dsn, self.store, in_play=self.in_play, lobby=self.lobby,
            connections=self.connections, handle=self.handle,
        )  # fmt: skip
        return self.cluster

    # -- connections ----------------------------------------------------------
    async def _hello(self, conn: Conn, msg: cm.Hello) -> None:
        player, fresh = await self.accounts.identify(msg, where(conn))
        self.connections.identify(conn, player)
        self.cluster.here(player.id)
        send(
            conn,
            "welcome",
            v=protocol.VERSION,
            player=player.view(),
            **({"token": fresh} if fresh else {}),
            **({"site": self.public} if self.public else {}),
        )
        self.in_play.arrived(conn, player.id)
        self.lobby.back(player.id)
        try:
            postal = await self.in_play.postal_games(player.id)
        except Unreachable as e:
            # Welcomed already: a database away for that moment closed the
            # connection just opened ("try again later", about the hello). The
            # list is asked for again: the client asks after every welcome.
            log.warning("no correspondence games for %s after the hello: %s", player.id, e)
            return
        if postal:  # none is the same as an empty list, and saves every hello a message
            send(conn, "correspondence", games=postal)

    def _gone(self, conn: Conn) -> None:
        self.lobby.leave(conn)
        self.spectators.leave(conn)
        self.tournaments.leave(conn)
        self.cluster.closed(conn)
        if (player := conn.player) is None:
            return  # it never said hello
        if self.connections.here(player.id):
            return  # another connection of the same player is still here
        self.cluster.gone(player.id)
        self.lobby.drop(player.id, self.clock())
        if self.connections.online(player.id):
            return  # connected to another process of the cluster
        self.in_play.away(player.id)
        self.tournaments.away(player.id)

    # -- messages ---------------------------------------------------------------
    def _handlers(self) -> dict[str, Handler]:
        """A handler for each type a client may send (:data:`.protocol.CLIENT`)."""
        return {
            "hello": self._hello_again,
            "ping": self._ping,
            "lobby": self._watch_lobby,
            "seek": self._seek,
            "challenge": self._challenge,
            "cancel": self._cancel,
            "accept": self._accept,
            "join": self._join,
            "turn": self._turn,
            "state": self._state,
            "resign": self._resign,
            "abort": self._abort,
            "leaderboard": self._leaderboard,
            "record": self._record,
            "correspondence": self._correspondence,
            "games": self._list_games,
            "watch": self._watch,
            "unwatch": self._unwatch,
            **self.tournaments.handlers(),
        }

    async def handle(self, conn: Conn, player: Player, msg: ClientMessage) -> None:
        """Act on one message here, whichever process its connection is held by."""
        await self.handlers[msg["type"]](conn, player, msg)

    async def dispatch(self, conn: Conn, msg: ClientMessage) -> None:
        """Act on one checked message (:func:`.protocol.read`) from a player who
        said hello, here or where its game or seek is."""
        player = conn.player
        assert player is not None  # the transport passes nothing on before the hello
        kind, gid = msg["type"], msg.get("game")
        if kind in GAME_MESSAGES and isinstance(gid, str) and gid not in self.in_play.tables:
            owner = await self.cluster.owner(gid)
            if owner is not None and owner != self.cluster.me:
                self.cluster.forward(owner, conn, player, msg)  # it answers the connection
                return
        try:
            await self.handle(conn, player, msg)
        except Elsewhere as e:  # a seek or challenge another process holds
            self.cluster.forward(e.process, conn, player, msg)
        except Moved as e:  # taken over by another process meanwhile: passed on there
            self.cluster.forget_owner(e.gid)
            await self.dispatch(conn, msg)

    async def _hello_again(self, conn: Conn, player: Player, msg: cm.Hello) -> None:
        raise ProtocolError("you have already said hello")

    async def _ping(self, conn: Conn, player: Player, msg: cm.Ping) -> None:
        send(conn, "pong")

    async def _leaderboard(self, conn: Conn, player: Player, msg: cm.Leaderboard) -> None:
        pace = msg.get("pace", "live")
        players = await ranks.leaderboard(self.store, pace == "correspondence", self.wall)
        send(conn, "leaderboard", players=players, pace=pace)

    async def _correspondence(self, conn: Conn, player: Player, msg: cm.Correspondence) -> None:
        send(conn, "correspondence", games=await self.in_play.postal_games(player.id))

    async def _record(self, conn: Conn, player: Player, msg: cm.Record) -> None:
        record = await self.web.record(msg["game"])
        if record is None:
            raise TableError("no game has that id")
        send(conn, "record", game=msg["game"], record=record)

    # -- the lobby's messages ---------------------------------------------------
    async def _watch_lobby(self, conn: Conn, player: Player, msg: cm.WatchLobby) -> None:
        self.lobby.watch(conn)

    async def _seek(self, conn: Conn, player: Player, msg: cm.Seek) -> None:
        self.lobby.open(conn, player, msg, private=False, now=self.clock(), address=where(conn))

    async def _challenge(self, conn: Conn, player: Player, msg: cm.Challenge) -> None:
        self.lobby.open(conn, player, msg, private=True, now=self.clock(), address=where(conn))

    async def _cancel(self, conn: Conn, player: Player, msg: cm.Cancel) -> None:
        self.lobby.cancel(conn, player, msg["seek"])

    async def _accept(self, conn: Conn, player: Player, msg: cm.Accept) -> None:
        here = where(conn)
        await self.in_play.start(self.lobby.accept(player, msg["seek"], here), player, here)

    async def _join(self, conn: Conn, player: Player, msg: cm.Join) -> None:
        code = msg["code"]
        await self.cluster.wait_for_code(code)
        here = where(conn)
        keys, shared = join_keys(player, here), self.shared_joins
        barred = shared is not None and await shared.full(keys)
        try:
            seek = self.lobby.join(player, code, here, self.clock(), barred)
        except WrongCode:
            if shared is not None:  # counted for the whole cluster
                await shared.add(keys)
            raise
        await self.in_play.start(seek, player, here)

    # -- spectators ----------------------------------------------------------------
    async def _list_games(self, conn: Conn, player: Player, msg: cm.Games) -> None:
        self.spectators.listen(conn)

    async def _watch(self, conn: Conn, player: Player, msg: cm.Watch) -> None:
        table = self.in_play.tables.get(msg["game"])
        if table is None or table.over:
            raise TableError("no game with that id is in play")
        if any(s.player == player.id for s in table.seats):
            raise TableError("you play in that game: you cannot watch it")
        self.spectators.watch(conn, table, self.in_play.now(table))

    async def _unwatch(self, conn: Conn, player: Player, msg: cm.Unwatch) -> None:
        self.spectators.unwatch(conn, msg["game"])

    # -- the games in play ------------------------------------------------------
    async def _turn(self, conn: Conn, player: Player, msg: cm.Turn) -> None:
        await self.in_play.turn(player, msg["game"], msg["ply"], msg["turn"])
        self.transport.tally.turns += 1

    async def _state(self, conn: Conn, player: Player, msg: cm.State) -> None:
        table = self.in_play.own(player, msg["game"])
        state = table.state(self.in_play.now(table)) | {"you": table.color_of(player.id)}
        send(conn, "game", game=state)

    async def _resign(self, conn: Conn, player: Player, msg: cm.Resign) -> None:
        await self.in_play.give_up(player, msg["game"], Table.resign)

    async def _abort(self, conn: Conn, player: Player, msg: cm.Abort) -> None:
        await self.in_play.give_up(player, msg["game"], Table.abort)

    # -- start and stop -----------------------------------------------------------
    async def sweep(self) -> None:
        """One look at every game's flags and absences, and at the lobby's codes."""
        await self.in_play.sweep()
        self.lobby.expire(self.clock())

    async def _sweeper(self) -> None:
        while True:
            await asyncio.sleep(self.limits.sweep)
            await self.sweep()

    async def run(self, host: str, port: int, started: asyncio.Future[int] | None = None) -> None:
        """Serve until cancelled; ``started`` gets the port actually bound."""
        await self.cluster.start()
        resumed = await self.cluster.resume()
        sweeper = asyncio.create_task(self._sweeper())
        director = asyncio.create_task(self.tournaments.direct())
        try:
            async with self.transport.serve(
                host, port, self.web.respond, self.web.finish
            ) as server:
                bound = next(iter(server.sockets)).getsockname()[1]
                log.info("listening on port %d, %d unfinished games resumed", bound, resumed)
                if started is not None:
                    started.set_result(bound)
                await asyncio.Future()
        finally:
            sweeper.cancel()
            director.cancel()
            await self.cluster.stop()
