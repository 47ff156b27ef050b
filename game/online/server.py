"""The Mosaic game server: ``mosaic-server [--host H] [--port P] [--db PATH]``.

One asyncio loop serves every connection (the ``websockets`` library). The server
trusts no client: each message is checked against the protocol
(:mod:`.protocol`) before anything reads it, every turn goes through the rules
core (:mod:`.table`), a connection acts only as the player whose token it showed,
and only in that player's games. Each connection has a size limit per message, a
rate limit, a time limit to say hello and an idle time-out; each player has a
limit on open seeks and games; the server has a limit on connections. Whatever a
client sends, the worst it gets is an error message or a closed connection.

Games are stored as they are played, in SQLite or PostgreSQL (:mod:`.stores`:
every store call is awaited, so no disk write holds the loop; the moves of one
game are applied one at a time under that game's lock); a restarted server puts
every unfinished game back, gives both players the grace period to reconnect,
and restarts the mover's clock where the last stored turn left it, so the time
the server was down costs nobody; a game neither player came back to is aborted,
unrated, when the grace period ends.

Each part has a module of its own, as lila splits its lobby, its round finisher
and its socket layer: :mod:`.transport` (connections, their limits, reading and
answering messages), :mod:`.lobby` (seeks and challenge codes),
:mod:`.finisher` (ending a game: ratings, store, announcement), :mod:`.gallery`
(spectators: the list of games in play and who watches which) and :mod:`.web`
(plain HTTP). :class:`Server` wires them together, routes each message type to
its handler through one table, and keeps the games in play: starting them, their
turns, their clocks and who is at the board.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import random
import signal
import sys
import time
from collections.abc import Awaitable, Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from . import protocol
from .cluster import GAME_MESSAGES, Cluster
from .finisher import Finisher
from .gallery import Gallery
from .limits import Limits
from .lobby import Elsewhere, Lobby, Seek
from .postal import PostalClock
from .protocol import Message, ProtocolError
from .store import NameTaken, Player, StoredGame, new_id
from .stores import AsyncStore, open_store
from .table import Seat, Table, TableError
from .throttle import address
from .transport import Conn, Connections, Transport, send
from .web import Web

log = logging.getLogger("mosaic.server")

#: Acts on one checked message of its type, from the player who sent it; raises
#: :class:`.protocol.ProtocolError` or :class:`.table.TableError` to refuse it.
Handler = Callable[[Conn, Player, Message], Awaitable[None]]


@dataclass
class Server:
    store: AsyncStore
    limits: Limits = field(default_factory=Limits)
    clock: Callable[[], float] = time.monotonic
    #: Wall-clock time, for correspondence games: their days go on through restarts.
    wall: Callable[[], float] = time.time
    tables: dict[str, Table] = field(default_factory=dict)
    rng: random.Random = field(default_factory=random.SystemRandom)
    #: One lock a game in play: its turns, its end and its sweep run one at a time,
    #: though each waits for the store.
    locks: dict[str, asyncio.Lock] = field(default_factory=dict)

    connections: Connections = field(init=False)
    transport: Transport = field(init=False)
    lobby: Lobby = field(init=False)
    gallery: Gallery = field(init=False)
    finisher: Finisher = field(init=False)
    web: Web = field(init=False)
    handlers: dict[str, Handler] = field(init=False)
    #: Tasks started and not awaited (a list read back from the store), kept so
    #: that they are not collected half-way.
    chores: set[asyncio.Task[None]] = field(init=False, default_factory=set)
    #: This process's part in a cluster of servers on one PostgreSQL (see
    #: :mod:`.cluster`), or ``None`` for a server on its own.
    cluster: Cluster | None = field(init=False, default=None)

    def __post_init__(self) -> None:
        self.connections = Connections()
        self.transport = Transport(
            self.limits, self.clock, self.connections, self._hello, self.dispatch, self._gone
        )
        self.lobby = Lobby(self.limits, self._games_of)
        self.gallery = Gallery(self.limits, self.tables, self._tell_seats)
        self.finisher = Finisher(self.store, self.connections, self.now)
        self.web = Web(
            self.store,
            self.tables.values,
            self.clock,
            self.limits,
            find=self.tables.get,
            now=self.now,
        )
        self.handlers = self._handlers()

    def lock(self, gid: str) -> asyncio.Lock:
        return self.locks.setdefault(gid, asyncio.Lock())

    def now(self, table: Table) -> float:
        """The time on the scale of the game's clock: monotonic for a live game,
        wall-clock for a correspondence game, whose turns outlive the process."""
        return self.wall() if table.postal else self.clock()

    def join_cluster(self, dsn: str) -> Cluster:
        """Share the lobby, the players and the games with the other server
        processes on this PostgreSQL database (started by :meth:`run`)."""
        self.cluster = Cluster(self, dsn)
        self.cluster.wire()
        return self.cluster

    # -- start and stop -----------------------------------------------------
    async def resume_games(self) -> int:
        """Put back every unfinished game from the store (in a cluster: those of
        no living process); returns how many."""
        if self.cluster is not None:
            return await self.cluster.adopt_orphans()
        stored = await self.store.open_games()
        self.put_back(stored)
        return len(self.tables)

    def put_back(self, stored: list[StoredGame]) -> None:
        """Play these unfinished games here again, as a restart finds them: both
        players get the grace period to come back, and the mover's clock goes on."""
        for g in stored:
            table = self._table(g)
            table.replay(g.turns)
            now = self.now(table)
            for seat in table.seats:
                seat.connected, seat.gone_since = False, now
            if isinstance(table.clock, PostalClock):
                since = g.since if g.since is not None else now
                table.clock.resume(table.mover, since, now, self.limits.postal_resume)
            else:
                table.clock.start(table.mover, now)
            self.tables[table.id] = table
            for color, seat in enumerate(table.seats):
                if self.connections.online(seat.player):
                    # Back already (a process of the cluster died and this one took
                    # its games over): the game goes on, and its player hears so.
                    seat.connected, seat.gone_since = True, None
                    if not table.postal:
                        state = table.state(now) | {"you": color}
                        self._tell_player(seat.player, "game", game=state)
        if stored:
            self.gallery.changed()

    @staticmethod
    def _table(g: StoredGame) -> Table:
        red, blue = (
            Seat(p, n, r, connected=False)
            for p, n, r in zip(g.players, g.names, g.ratings, strict=True)
        )
        table = Table(
            g.id, g.side, g.base, g.inc, g.rated, (red, blue), created=g.created, days=g.days
        )
        if isinstance(table.clock, PostalClock):
            table.clock.reserve = list(g.clocks)
        else:
            table.clock.remaining = list(g.clocks)
        return table

    async def sweeper(self) -> None:
        """End games whose flag fell or whose absent player did not come back, and
        forget expired challenge codes, every :attr:`Limits.sweep` seconds."""
        while True:
            await asyncio.sleep(self.limits.sweep)
            await self.sweep()

    async def sweep(self) -> None:
        """One look at every game's flags and absences, and at the lobby's codes."""
        for table in list(self.tables.values()):
            # Uncontended, the lock is taken without waiting; a game whose turn
            # is being stored is looked at once that turn is in.
            async with self.lock(table.id):
                now = self.now(table)
                if self.tables.get(table.id) is table and table.due(now, self.limits.grace):
                    await self.finish(table)
        self.lobby.expire(self.clock())

    # -- connections ----------------------------------------------------------
    async def _hello(self, conn: Conn, msg: Message) -> None:
        token = msg.get("token")
        # Kept as normalised (NFKC), so that look-alikes are one name; the check
        # has already refused a name with no normal form.
        name = protocol.display_name(msg["name"]) if "name" in msg else None
        fresh = None
        try:
            if token is not None:
                player = await self.store.player_by_token(token)
                if player is None:
                    raise ProtocolError("unknown token: say hello with a name to start afresh")
                if name and name != player.name:
                    await self.store.rename(player.id, name)
                    player.name = name
            else:
                if not name:
                    raise ProtocolError("hello: a new player needs a name")
                player, fresh = await self.store.new_player(name)
        except NameTaken:
            raise ProtocolError(f"Another player has the name {name!r}: choose another.") from None
        self.connections.identify(conn, player)
        if self.cluster is not None:
            self.cluster.here(player.id)
        send(
            conn,
            "welcome",
            v=protocol.VERSION,
            player=_player_view(player),
            **({"token": fresh} if fresh else {}),
        )
        for table in self._tables_of(player.id):
            color = table.color_of(player.id)
            seat = table.seats[color]
            was_gone = not seat.connected
            seat.connected, seat.gone_since = True, None
            if not table.postal:  # a live game goes on at once; the others are listed
                send(conn, "game", game=table.state(self.now(table)) | {"you": color})
            if was_gone:
                self._tell_table(table, "presence", game=table.id, color=color, connected=True)
        postal = await self.postal_games(player.id)
        if postal:  # none is the same as an empty list, and saves every hello a message
            send(conn, "correspondence", games=postal)

    def _gone(self, conn: Conn) -> None:
        self.lobby.leave(conn)
        self.gallery.leave(conn)
        player = conn.player
        if self.cluster is not None:
            self.cluster.closed(conn)
        if player is None:
            return  # it never said hello
        if self.connections.here(player.id):
            return  # another connection of the same player is still here
        if self.cluster is not None:
            self.cluster.gone(player.id)
        self.lobby.drop(player.id)
        if self.connections.online(player.id):
            return  # connected to another process of the cluster
        for table in self._tables_of(player.id):
            color = table.color_of(player.id)
            table.seats[color].connected = False
            table.seats[color].gone_since = self.now(table)
            self._tell_table(table, "presence", game=table.id, color=color, connected=False)

    # -- sending --------------------------------------------------------------
    def _tell_player(self, pid: str, kind: str, **fields: Any) -> None:
        self.connections.tell((pid,), kind, **fields)

    def _tell_seats(self, table: Table, kind: str, **fields: Any) -> None:
        self.connections.tell((s.player for s in table.seats), kind, **fields)

    def _tell_table(self, table: Table, kind: str, **fields: Any) -> None:
        """Tell the players, and whoever watches the game."""
        self._tell_seats(table, kind, **fields)
        self.gallery.tell(table.id, kind, **fields)

    def _tell_postal(self, table: Table) -> None:
        """A correspondence game changed: each player hears their list again (at
        most :attr:`Limits.postal_games` short lines), whatever screen they are on."""
        if not table.postal:
            return
        for seat in table.seats:
            if self.connections.online(seat.player):
                if self.cluster is None:
                    games = self.postal_list(seat.player)
                    self._tell_player(seat.player, "correspondence", games=games)
                else:  # read back from the store, which has every process's games
                    task = asyncio.create_task(self._tell_postal_from_store(seat.player))
                    self.chores.add(task)
                    task.add_done_callback(self.chores.discard)

    async def _tell_postal_from_store(self, pid: str) -> None:
        self._tell_player(pid, "correspondence", games=await self.postal_games(pid))

    async def postal_games(self, pid: str) -> list[dict[str, Any]]:
        """:meth:`postal_list`, or in a cluster, the list of the games every
        process plays, from the store."""
        if self.cluster is None:
            return self.postal_list(pid)
        tables = []
        for g in await self.store.open_games_of(pid):
            table = self.tables.get(g.id)
            if table is None:  # played by another process: as the store last had it
                table = self._table(g)
                table.replay(g.turns)
                table.clock.start(table.mover, g.since if g.since is not None else self.wall())
            tables.append(table)
        return _postal_entries(tables, pid, self.now)

    def postal_list(self, pid: str) -> list[dict[str, Any]]:
        """The player's correspondence games in play, the ones awaiting their turn first."""
        return _postal_entries(self._tables_of(pid), pid, self.now)

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
        }

    async def dispatch(self, conn: Conn, msg: Message) -> None:
        """Act on one message from a player who said hello. :func:`.protocol.read`
        has checked its fields and refused any type not in :data:`.protocol.CLIENT`,
        and every type there has its handler (a test holds the two in step)."""
        player = conn.player
        assert player is not None  # the transport passes nothing on before the hello
        cluster = self.cluster
        kind, gid = msg["type"], msg.get("game")
        if cluster is not None and kind in GAME_MESSAGES and isinstance(gid, str):
            owner = None if gid in self.tables else await cluster.owner(gid)
            if owner is not None and owner != cluster.me:
                cluster.forward(owner, conn, player, msg)  # it answers the connection
                return
        try:
            await self.handlers[kind](conn, player, msg)
        except Elsewhere as e:  # a seek or challenge another process holds
            if cluster is None:
                raise TableError("that seek is no longer open") from None
            cluster.forward(e.process, conn, player, msg)

    async def _hello_again(self, conn: Conn, player: Player, msg: Message) -> None:
        raise ProtocolError("you have already said hello")

    async def _ping(self, conn: Conn, player: Player, msg: Message) -> None:
        send(conn, "pong")

    async def _leaderboard(self, conn: Conn, player: Player, msg: Message) -> None:
        pace = msg.get("pace", "live")
        players = await self.store.leaderboard(postal=pace == "correspondence")
        send(conn, "leaderboard", players=players, pace=pace)

    async def _correspondence(self, conn: Conn, player: Player, msg: Message) -> None:
        send(conn, "correspondence", games=await self.postal_games(player.id))

    async def _record(self, conn: Conn, player: Player, msg: Message) -> None:
        record = await self.web.record(msg["game"])
        if record is None:
            raise TableError("no game has that id")
        send(conn, "record", game=msg["game"], record=record)

    # -- the lobby's messages ---------------------------------------------------
    async def _watch_lobby(self, conn: Conn, player: Player, msg: Message) -> None:
        self.lobby.watch(conn)

    async def _seek(self, conn: Conn, player: Player, msg: Message) -> None:
        self.lobby.open(conn, player, msg, private=False, now=self.clock())

    async def _challenge(self, conn: Conn, player: Player, msg: Message) -> None:
        self.lobby.open(conn, player, msg, private=True, now=self.clock())

    async def _cancel(self, conn: Conn, player: Player, msg: Message) -> None:
        self.lobby.cancel(conn, player, msg["seek"])

    async def _accept(self, conn: Conn, player: Player, msg: Message) -> None:
        await self._start(self.lobby.accept(player, msg["seek"]), player)

    async def _join(self, conn: Conn, player: Player, msg: Message) -> None:
        where = conn.remote_address or address(conn.ws)  # passed on by another process
        code = msg["code"]
        if self.cluster is not None and not self.lobby.knows(code):
            # Another process may have given the code out a moment before its
            # announcement reaches this one.
            await asyncio.sleep(self.limits.cluster_code_wait)
        seek = self.lobby.join(player, code, where, self.clock())
        await self._start(seek, player)

    # -- spectators ----------------------------------------------------------------
    async def _list_games(self, conn: Conn, player: Player, msg: Message) -> None:
        self.gallery.listen(conn)

    async def _watch(self, conn: Conn, player: Player, msg: Message) -> None:
        table = self.tables.get(msg["game"])
        if table is None or table.over:
            raise TableError("no game with that id is in play")
        if any(s.player == player.id for s in table.seats):
            raise TableError("you play in that game: you cannot watch it")
        self.gallery.watch(conn, table, self.now(table))

    async def _unwatch(self, conn: Conn, player: Player, msg: Message) -> None:
        self.gallery.unwatch(conn, msg["game"])

    # -- the games in play ------------------------------------------------------
    def _games_of(self, pid: str, postal: bool) -> int:
        return sum(1 for t in self._tables_of(pid) if t.postal == postal)

    async def _start(self, seek: Seek, player: Player) -> None:
        """The game of a seek the lobby gave up to ``player``: stored, then started."""
        pair = [seek.player, player]
        self.rng.shuffle(pair)
        # Ratings come fresh from the store: the seeker's may have changed since.
        fresh = [await self.store.player(p.id) or p for p in pair]
        ratings = [(p.postal if seek.postal else p.rating).rating for p in fresh]
        red, blue = (Seat(p.id, p.name, r) for p, r in zip(fresh, ratings, strict=True))
        table = Table(
            new_id(), seek.side, seek.base, seek.inc, seek.rated, (red, blue),
            created=time.time(), days=seek.days,
        )  # fmt: skip
        for seat in table.seats:
            seat.connected = self.connections.online(seat.player)
        kept = table.clock.kept(self.now(table))
        await self.store.new_game(
            StoredGame(
                table.id, table.side, table.base, table.inc, table.rated,
                (pair[0].id, pair[1].id), (pair[0].name, pair[1].name),
                (ratings[0], ratings[1]), (kept[0], kept[1]), [],
                table.created, table.days, self.wall() if table.postal else None,
                self.cluster.me if self.cluster is not None else None,
            )
        )  # fmt: skip
        now = self.now(table)  # the store took its time: the clock starts now
        table.start(now)
        self.tables[table.id] = table
        self.gallery.changed()
        if self.cluster is not None:
            self.cluster.listed(table)
        for color, seat in enumerate(table.seats):
            state = table.state(now) | {"you": color, "seek": seek.id}
            self._tell_player(seat.player, "game", game=state)
        self._tell_postal(table)

    def _own_table(self, player: Player, gid: str) -> Table:
        table = self.tables.get(gid)
        if table is None:
            raise TableError("no game with that id is in play")
        table.color_of(player.id)
        return table

    async def _state(self, conn: Conn, player: Player, msg: Message) -> None:
        table = self._own_table(player, msg["game"])
        state = table.state(self.now(table)) | {"you": table.color_of(player.id)}
        send(conn, "game", game=state)

    async def _resign(self, conn: Conn, player: Player, msg: Message) -> None:
        await self._give_up(player, msg["game"], Table.resign)

    async def _abort(self, conn: Conn, player: Player, msg: Message) -> None:
        await self._give_up(player, msg["game"], Table.abort)

    async def _give_up(
        self, player: Player, gid: str, how: Callable[[Table, str, float], None]
    ) -> None:
        table = self._own_table(player, gid)
        async with self.lock(table.id):
            self._own_table(player, gid)  # not ended while we waited
            how(table, player.id, self.now(table))
            await self.finish(table)

    async def _turn(self, conn: Conn, player: Player, msg: Message) -> None:
        table = self._own_table(player, msg["game"])
        async with self.lock(table.id):
            self._own_table(player, msg["game"])  # not ended while we waited
            now = self.now(table)
            # A flag that fell before this turn arrived ends the game first.
            if table.due(now, self.limits.grace):
                await self.finish(table)
                raise TableError("that game is over")
            first = len(table.turns)
            before = table.snapshot()
            played = table.play(player.id, msg["ply"], msg["turn"], now)
            clocks = table.clock.both(now)
            since = table.clock.since if isinstance(table.clock, PostalClock) else None
            try:
                await self.store.add_turns(table.id, first, played, table.clock.kept(now), since)
            except Exception as e:  # whatever the engine raised: the turn is not kept
                # Announced turns are stored turns: one that could not be kept is taken back.
                log.error("could not store a turn of game %s: %s", table.id, e)
                table.restore(before)
                raise TableError("the server could not save that turn; play it again") from None
            for i, text in enumerate(played):
                self._tell_table(
                    table, "turn", game=table.id, ply=first + i, turn=text, clocks=clocks
                )
            if table.over:
                await self.finish(table)
            else:
                self._tell_postal(table)

    async def finish(self, table: Table) -> None:
        """End a game whose result is set (:mod:`.finisher`) and let it go. Called
        under the game's lock; a game is finished once."""
        if self.tables.get(table.id) is not table:
            return
        await self.finisher.finish(table)
        self.gallery.tell(table.id, "over", **self.finisher.announcement(table))
        self.tables.pop(table.id, None)
        self.locks.pop(table.id, None)
        self.gallery.ended(table.id)
        if self.cluster is not None:
            self.cluster.unlisted(table.id)
        self._tell_postal(table)

    def _tables_of(self, pid: str) -> Iterator[Table]:
        return (t for t in self.tables.values() if any(s.player == pid for s in t.seats))

    async def run(self, host: str, port: int, started: asyncio.Future[int] | None = None) -> None:
        """Serve until cancelled; ``started`` gets the port actually bound."""
        if self.cluster is not None:
            await self.cluster.start()
        resumed = await self.resume_games()
        sweeper = asyncio.create_task(self.sweeper())
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
            if self.cluster is not None:
                await self.cluster.stop()


def _postal_entries(
    tables: Iterable[Table], pid: str, now: Callable[[Table], float]
) -> list[dict[str, Any]]:
    """The player's correspondence games as their list shows them, those
    awaiting their turn first, then by the time the mover has left."""
    games = []
    for table in tables:
        if not table.postal:
            continue
        color = table.color_of(pid)
        other = table.seats[1 - color]
        mover = table.mover
        games.append(
            {
                "id": table.id,
                "side": table.side,
                "days": table.days,
                "rated": table.rated,
                "opponent": other.name,
                "rating": round(other.rating),
                "you": color,
                "turns": len(table.turns),
                "yours": mover == color,
                "left": table.clock.left(mover, now(table)),
                "reserve": table.clock.kept(now(table))[mover],
            }
        )
    games.sort(key=lambda g: (not g["yours"], g["left"]))
    return games


def _player_view(p: Player) -> dict[str, Any]:
    return {
        "id": p.id,
        "name": p.name,
        "rating": round(p.rating.rating),
        "games": p.games,
        "correspondence_rating": round(p.postal.rating),
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        prog="mosaic-server",
        description="The Mosaic game server (see docs/online-server.md).",
    )
    ap.add_argument("--host", default="127.0.0.1", help="address to listen on (0.0.0.0: all)")
    ap.add_argument("--port", type=int, default=8765, help="port (0 picks a free one)")
    ap.add_argument(
        "--db",
        default="mosaic-server.db",
        help="the SQLite database file, or a postgresql:// address (several servers may share one)",
    )
    ap.add_argument("--grace", type=float, default=Limits.grace, help="seconds to reconnect")
    ap.add_argument(
        "--durable", action="store_true", help="sync every commit to disk (survives power loss)"
    )
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    # The store's writer thread hands each commit back to the loop: with the default
    # 5 ms switch interval a busy loop kept it waiting for the interpreter that long.
    sys.setswitchinterval(0.0005)

    async def go() -> int:
        try:
            store = await open_store(args.db, durable=args.durable)
        except Exception as e:  # whatever the engine raised, said plainly
            print(f"mosaic-server: cannot open the database {args.db}: {e}", file=sys.stderr)
            return 2
        try:
            await serve_with(store)
        finally:
            await store.close()
        return 0

    async def serve_with(store: AsyncStore) -> None:
        server = Server(store, Limits(grace=args.grace))
        if str(args.db).startswith(("postgresql://", "postgres://")):
            # Any number of processes may share the database: they act as one server.
            server.join_cluster(args.db)
        started = asyncio.get_running_loop().create_future()
        task = asyncio.create_task(server.run(args.host, args.port, started))
        with contextlib.suppress(NotImplementedError):  # no signal handlers on Windows
            asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, task.cancel)
        await asyncio.wait({task, started}, return_when=asyncio.FIRST_COMPLETED)
        if started.done():
            print(f"Mosaic server listening on ws://{args.host}:{started.result()}", flush=True)
        with contextlib.suppress(asyncio.CancelledError):
            await task

    try:
        return asyncio.run(go())
    except KeyboardInterrupt:
        return 0
    except OSError as e:
        print(f"mosaic-server: cannot listen on {args.host}:{args.port}: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
