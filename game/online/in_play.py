"""The games in play on this process, as lila's round module keeps them: their
tables (:mod:`.table`, one game's state and rules) and locks, starting a game,
its turns, a resignation or abort, its end, putting stored games back after a
restart, and the sweep of flags and absences. Who watches them is
:mod:`.spectators`; a game's page is :mod:`.game_page`.

Every turn is committed to the store before anyone hears of it; the turns of
one game are applied one at a time under that game's lock, though each waits
for the store. Who sits at each board is kept here too: a player's arrival
and departure reach their games' other player and watchers.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import random
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from .connections import Conn, Connections, send
from .deadlines import Deadlines
from .doubts import AGAIN, Doubt, Doubts
from .finisher import Finisher
from .history import stored_table
from .limits import Limits
from .lobby import Seek
from .postal import PostalClock
from .ranks import provisional
from .spectators import Spectators
from .sql import Fenced, Unsaved
from .store import Player, Store, StoredGame, new_id
from .table import Seat, Table, TableError

log = logging.getLogger("mosaic.server")


class Moved(TableError):
    """Another process of the cluster has taken the game over: the store refused
    this one's write, and it has let the game go."""

    def __init__(self, gid: str) -> None:
        super().__init__("that game is now played by another server process")
        self.gid = gid


@dataclass
class InPlay:
    store: Store
    limits: Limits
    connections: Connections
    clock: Callable[[], float] = time.monotonic
    #: Wall-clock time, for correspondence games: their days go on through restarts.
    wall: Callable[[], float] = time.time
    rng: random.Random = field(default_factory=random.SystemRandom)
    #: This process's id in a cluster (the ``host`` of the games it stores), or
    #: ``None`` for a server on its own.
    host: str | None = None
    #: Told of each game that begins to be played here, and of each that ends.
    listed: Callable[[Table], None] = lambda table: None
    unlisted: Callable[[str], None] = lambda gid: None
    tables: dict[str, Table] = field(default_factory=dict)
    #: Each player's games in play here, so a hello or a seek looks at those only.
    seated: dict[str, dict[str, Table]] = field(default_factory=dict)
    #: When each game next needs the sweep's look: live games on the monotonic
    #: clock, correspondence games (``True``) on the calendar.
    deadlines: dict[bool, Deadlines] = field(
        default_factory=lambda: {False: Deadlines(), True: Deadlines()}
    )
    #: The correspondence games started here from each address (the seeker's
    #: and the taker's), so that an address's throwaway accounts share one cap.
    from_address: dict[str, set[str]] = field(default_factory=dict)
    #: One lock a game in play: its turns, its end and its sweep run one at a time.
    locks: dict[str, asyncio.Lock] = field(default_factory=dict)
    spectators: Spectators = field(init=False)
    finisher: Finisher = field(init=False)
    #: Turns whose write failed but may have been kept (:mod:`.doubts`).
    doubts: Doubts = field(init=False)
    #: Tasks started and not awaited (a list read back from the store), kept so
    #: that they are not collected half-way.
    chores: set[asyncio.Task[None]] = field(init=False, default_factory=set)

    def __post_init__(self) -> None:
        self.spectators = Spectators(self.limits, self.tables, self.tell_seats)
        self.finisher = Finisher(self.store, self.connections, self.now)
        self.doubts = Doubts(self.store)

    def lock(self, gid: str) -> asyncio.Lock:
        return self.locks.setdefault(gid, asyncio.Lock())

    def now(self, table: Table) -> float:
        """The time on the scale of the game's clock: monotonic for a live game,
        wall-clock for a correspondence game, whose turns outlive the process."""
        return self.wall() if table.postal else self.clock()

    def of(self, pid: str) -> list[Table]:
        """The player's games in play here."""
        return list(self.seated.get(pid, {}).values())

    def _add(self, table: Table) -> None:
        self.tables[table.id] = table
        for seat in table.seats:
            self.seated.setdefault(seat.player, {})[table.id] = table
        self.schedule(table)

    def _remove(self, table: Table) -> None:
        del self.tables[table.id]
        self.locks.pop(table.id, None)
        for seat in table.seats:
            mine = self.seated.get(seat.player, {})
            mine.pop(table.id, None)
            if not mine:
                self.seated.pop(seat.player, None)
        self.deadlines[table.postal].drop(table.id)
        self.doubts.drop(table.id)
        for address, games in list(self.from_address.items()):
            games.discard(table.id)
            if not games:
                del self.from_address[address]

    def schedule(self, table: Table) -> None:
        """The game's clock or its players' presence changed: its next look too."""
        self.deadlines[table.postal].schedule(table.id, table.deadline(self.limits.grace))

    def games_of(self, pid: str, postal: bool) -> int:
        return sum(1 for t in self.of(pid) if t.postal == postal)

    def postal_from(self, address: str) -> int:
        """The correspondence games in play started here from this address."""
        return len(self.from_address.get(address, ()))

    # -- telling ----------------------------------------------------------------------
    def tell_player(self, pid: str, kind: str, **fields: Any) -> None:
        self.connections.tell((pid,), kind, **fields)

    def tell_seats(self, table: Table, kind: str, **fields: Any) -> None:
        self.connections.tell((s.player for s in table.seats), kind, **fields)

    def tell_table(self, table: Table, kind: str, **fields: Any) -> None:
        """Tell the players, and whoever watches the game."""
        self.tell_seats(table, kind, **fields)
        self.spectators.tell(table.id, kind, **fields)

    def tell_postal(self, table: Table) -> None:
        """A correspondence game changed: each player hears their list again,
        whatever screen they are on."""
        if not table.postal:
            return
        for seat in table.seats:
            if self.connections.online(seat.player):
                task = asyncio.create_task(self._tell_postal(seat.player))
                self.chores.add(task)
                task.add_done_callback(self.chores.discard)

    async def _tell_postal(self, pid: str) -> None:
        self.tell_player(pid, "correspondence", games=await self.postal_games(pid))

    async def postal_games(self, pid: str) -> list[dict[str, Any]]:
        """The player's correspondence games in play, the ones awaiting their turn
        first, from the store, which has the games of every process."""
        tables = []
        for g in await self.store.open_games_of(pid):
            table = self.tables.get(g.id)
            if table is None:  # played by another process: as the store last had it
                table = stored_table(g)
                table.replay(g.turns)
                table.clock.start(table.mover, g.since if g.since is not None else self.wall())
            tables.append(table)
        return postal_entries(tables, pid, self.now)

    # -- who is at the board ----------------------------------------------------------------
    def arrived(self, conn: Conn, pid: str) -> None:
        """The player said hello here: a live game goes on at once on ``conn``
        (correspondence games are listed), and the other side hears they are back."""
        for table in self.of(pid):
            color = table.color_of(pid)
            seat = table.seats[color]
            was_gone = not seat.connected
            seat.connected, seat.gone_since = True, None
            self.schedule(table)
            if not table.postal:
                send(conn, "game", game=table.state(self.now(table)) | {"you": color})
            if was_gone:
                self.tell_table(table, "presence", game=table.id, color=color, connected=True)

    def came_elsewhere(self, pid: str, was_online: bool) -> None:
        """The player connected to another process of the cluster: they get each
        live game's whole state there, as a hello here would give."""
        for table in self.of(pid):
            color = table.color_of(pid)
            seat = table.seats[color]
            if not table.postal:
                self.tell_player(pid, "game", game=table.state(self.now(table)) | {"you": color})
            if not was_online:
                seat.connected, seat.gone_since = True, None
                self.schedule(table)
                self.tell_table(table, "presence", game=table.id, color=color, connected=True)

    def away(self, pid: str) -> None:
        """The player has no connection left anywhere: the grace period runs."""
        for table in self.of(pid):
            color = table.color_of(pid)
            table.seats[color].connected = False
            table.seats[color].gone_since = self.now(table)
            self.schedule(table)
            self.tell_table(table, "presence", game=table.id, color=color, connected=False)

    # -- start and stop ----------------------------------------------------------------
    def put_back(self, stored: list[StoredGame]) -> None:
        """Play these unfinished games here again, as a restart finds them: both
        players get the grace period to come back, and the mover's clock goes on."""
        # A restart puts back every game at once: the collector, run again and
        # again over the growing heap of new objects that are no garbage, took
        # most of the time (100,000 games: 2.4 s with it, 1 s without).
        collecting = gc.isenabled()
        gc.disable()
        try:
            self._put_back(stored)
        finally:
            if collecting:
                gc.enable()
        if stored:
            self.spectators.changed()

    def _put_back(self, stored: list[StoredGame]) -> None:
        for g in stored:
            table = stored_table(g)
            table.replay(g.turns)
            now = self.now(table)
            for seat in table.seats:
                seat.connected, seat.gone_since = False, now
            if isinstance(table.clock, PostalClock):
                since = g.since if g.since is not None else now
                table.clock.resume(table.mover, since, now, self.limits.postal_resume)
            else:
                table.clock.start(table.mover, now)
            for seat in table.seats:
                if self.connections.online(seat.player):
                    # Back already (a process of the cluster died and this one took
                    # its games over): the game goes on, and its player hears so.
                    seat.connected, seat.gone_since = True, None
            self._add(table)
            self.listed(table)
            for color, seat in enumerate(table.seats):
                if seat.connected and not table.postal:
                    state = table.state(now) | {"you": color}
                    self.tell_player(seat.player, "game", game=state)

    async def sweep(self) -> None:
        """A look at the games whose flag may have fallen or whose absent player's
        grace may have run out (see :mod:`.deadlines`)."""
        for postal, deadlines in self.deadlines.items():
            for gid in deadlines.due(self.wall() if postal else self.clock()):
                table = self.tables.get(gid)
                if table is None:
                    continue
                # Uncontended, the lock is taken without waiting; a game whose turn
                # is being stored is looked at once that turn is in.
                async with self.lock(gid):
                    if self.tables.get(gid) is table:
                        await self._look(table)

    async def _look(self, table: Table) -> None:
        now = self.now(table)
        try:
            try:
                await self._settle(table)
            except Unsaved:  # the store cannot say yet: no flag falls before it does
                return
            if self.tables.get(table.id) is not table:
                return  # the turn in doubt was kept, and ended the game
            if table.over or table.due(now, self.limits.grace):
                await self.finish(table)
            else:
                self.schedule(table)
        except Moved:  # its new process sweeps it
            pass
        except Exception as e:  # the store is away: its end is kept at the next try
            log.error("could not end game %s: %s", table.id, e)
            self.deadlines[table.postal].schedule(table.id, now + 1.0)

    # -- a game's life -------------------------------------------------------------------
    async def start(self, seek: Seek, player: Player, address: str = "") -> None:
        """The game of a seek the lobby gave up to ``player``, who connects from
        ``address``: stored, then started."""
        pair = [seek.player, player]
        self.rng.shuffle(pair)
        # Ratings come fresh from the store: the seeker's may have changed since.
        fresh = [await self.store.player(p.id) or p for p in pair]
        kinds = [p.postal if seek.postal else p.rating for p in fresh]
        ratings = [k.rating for k in kinds]
        red, blue = (
            Seat(p.id, p.name, k.rating, provisional=provisional(k))
            for p, k in zip(fresh, kinds, strict=True)
        )
        table = Table(
            new_id(), seek.side, seek.base, seek.inc, seek.rated, (red, blue),
            created=time.time(), days=seek.days,
        )  # fmt: skip
        for seat in table.seats:
            seat.connected = self.connections.online(seat.player)
        kept = table.clock.kept(self.now(table))
        try:
            await self.store.new_game(
                StoredGame(
                    table.id, table.side, table.base, table.inc, table.rated,
                    (pair[0].id, pair[1].id), (pair[0].name, pair[1].name),
                    (ratings[0], ratings[1]), (kept[0], kept[1]), [],
                    table.created, table.days, self.wall() if table.postal else None, self.host,
                )
            )  # fmt: skip
        except Exception:  # the players hear it failed: kept unheard, it goes again
            self.doubts.unstart(table.id)
            raise
        now = self.now(table)  # the store took its time: the clock starts now
        table.start(now)
        self._add(table)
        if table.postal:
            for where in {seek.address, address} - {""}:
                self.from_address.setdefault(where, set()).add(table.id)
        self.spectators.changed()
        self.listed(table)
        for color, seat in enumerate(table.seats):
            state = table.state(now) | {"you": color, "seek": seek.id}
            self.tell_player(seat.player, "game", game=state)
        self.tell_postal(table)

    def begin(self, table: Table, **extra: Any) -> None:
        """A game already stored (a tournament's pairing): played here from now,
        each player told, with ``extra`` in their ``game``."""
        now = self.now(table)
        table.start(now)
        self._add(table)
        self.spectators.changed()
        self.listed(table)
        for color, seat in enumerate(table.seats):
            self.tell_player(seat.player, "game", game=table.state(now) | {"you": color, **extra})

    def own(self, player: Player, gid: str) -> Table:
        """The game in play that ``player`` sits at, or a refusal."""
        table = self.tables.get(gid)
        if table is None:
            raise TableError("no game with that id is in play")
        table.color_of(player.id)
        return table

    async def give_up(
        self, player: Player, gid: str, how: Callable[[Table, str, float], None]
    ) -> None:
        """A resignation or an abort (``how``) by ``player``."""
        table = self.own(player, gid)
        async with self.lock(table.id):
            self.own(player, gid)  # not ended while we waited
            await self._settle(table, "that")
            self.own(player, gid)  # not ended by a turn that was in doubt
            how(table, player.id, self.now(table))
            await self.finish(table)

    async def turn(self, player: Player, gid: str, ply: int, text: str) -> None:
        table = self.own(player, gid)
        async with self.lock(table.id):
            self.own(player, gid)  # not ended while we waited
            doubted = await self._settle(table)
            if doubted and (doubted.player, doubted.ply, doubted.text) == (player.id, ply, text):
                return  # the turn in doubt, sent again: it was kept, and is announced
            self.own(player, gid)  # not ended by a turn that was in doubt
            now = self.now(table)
            # A flag that fell before this turn arrived ends the game first.
            if table.due(now, self.limits.grace):
                await self.finish(table)
                raise TableError("that game is over")
            first = len(table.turns)
            before = table.snapshot()
            played = table.play(player.id, ply, text, now)
            clocks = table.clock.both(now)
            since = table.clock.since if isinstance(table.clock, PostalClock) else None
            kept = table.clock.kept(now)
            try:
                await self.store.add_turns(table.id, first, played, kept, since, epoch=table.epoch)
            except Fenced:
                table.restore(before)
                self.let_go(table)
                raise Moved(table.id) from None
            except Exception as e:  # whatever the engine raised: the turn is not kept
                # Announced turns are stored turns: one that could not be kept is
                # taken back. The fault is the server's: it costs the player nothing.
                log.error("could not store a turn of game %s: %s", table.id, e)
                table.restore(before)
                # Its commit may have gone through all the same: the store is asked.
                self.doubts.add(table.id, Doubt(player.id, ply, text, now, first, len(played)))
                self.deadlines[table.postal].schedule(table.id, now + AGAIN)
                raise Unsaved("that turn") from None
            self._announce(table, first, played, clocks)
            with contextlib.suppress(Moved):  # the turn is kept: its new process ends it
                await self.finish(table)

    def _announce(self, table: Table, first: int, played: list[str], clocks: list[int]) -> None:
        """Turns just stored: each hears them, and the game's next look is set."""
        self.schedule(table)
        for i, turn in enumerate(played):
            self.tell_table(table, "turn", game=table.id, ply=first + i, turn=turn, clocks=clocks)
        if not table.over:
            self.tell_postal(table)

    async def _settle(self, table: Table, what: str = "that turn") -> Doubt | None:
        """Under the game's lock: its turn in doubt, if the store kept it, is
        played again as it was and announced (and returned); one not kept is
        forgotten. Raises :class:`.sql.Unsaved` while the store cannot say."""
        if table.id not in self.doubts:
            return None
        try:
            kept = await self.doubts.answer(table.id)
        except Exception as e:  # still away: asked again in a moment
            log.error("could not ask whether a turn of game %s was kept: %s", table.id, e)
            self.deadlines[table.postal].schedule(table.id, self.now(table) + AGAIN)
            raise Unsaved(what) from None
        if kept is None:
            return None
        log.warning("a turn of game %s was kept though its write failed", table.id)
        played = table.play(kept.player, kept.ply, kept.text, kept.at)
        self._announce(table, kept.first, played, table.clock.both(kept.at))
        with contextlib.suppress(Moved):
            await self.finish(table)
        return kept

    async def finish(self, table: Table) -> None:
        """End a game whose result is set (:mod:`.finisher`) and let it go. Called
        under the game's lock; a game is finished once."""
        if self.tables.get(table.id) is not table or not table.over:
            return
        try:
            await self.finisher.finish(table)
        except Fenced:
            self.let_go(table)
            raise Moved(table.id) from None
        except Exception:  # kept or not, the sweep ends it again soon (:mod:`.finisher`)
            self.deadlines[table.postal].schedule(table.id, self.now(table) + AGAIN)
            raise
        self.spectators.tell(table.id, "over", **self.finisher.announcement(table))
        self._remove(table)
        self.spectators.ended(table.id)
        self.unlisted(table.id)
        self.tell_postal(table)

    def let_go(self, table: Table) -> None:
        """Stop playing a game another process has taken over (its new process
        lists it, and tells its players)."""
        if self.tables.get(table.id) is table:
            self._remove(table)
            self.spectators.ended(table.id)
            log.warning("game %s is now played by another server process", table.id)


def postal_entries(
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
