"""Tournaments on the server: joining, pausing, the standings each watcher
hears, and the director that pairs and ends them.

The director looks at every tournament not over each :attr:`Tournaments.every`
seconds. It works from the store alone (:mod:`.tournament_store`), so every
process of a cluster runs one, and a restart loses nothing: whichever process
stores a pairing first plays its games (the others' attempt is fenced off);
players on other processes reach them as they reach any game there.

Abuse rules, as for rated games: a tournament takes at most
:attr:`~.tournament_store.Tournament.provisional` players whose rating is still
provisional, so throwaway accounts cannot fill it; a player with no connection
left is paused (never paired) until they join again.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from game.i18n import N_

from . import client_messages as cm
from .connections import Conn, Connections, send
from .in_play import InPlay
from .sql import Fenced
from .store import Player, Store, StoredGame, new_id
from .table import Seat, Table, TableError
from .tournament_pairing import arena_pairs, colours, histories, swiss_pairs
from .tournament_rules import ARENA, Row, standings, swiss_scores
from .tournament_store import Snapshot, Tournament, TournamentStore

log = logging.getLogger("mosaic.tournaments")

#: A handler reads the message of its own type (``seek``'s a
#: :class:`.client_messages.Seek`); the table pairs them by type, which the type
#: checker cannot follow, so tests/online/test_server.py checks each pair.
Handler = Callable[[Conn, Player, Any], Awaitable[None]]

NO_TOURNAMENT = N_("no tournament has that id")
OVER = N_("that tournament is over")
FULL = N_("that tournament is full")
PROVISIONAL_FULL = N_(
    "that tournament takes no more players with a provisional rating: play a few rated games first"
)
#: Games listed with the standings: the latest.
GAMES_LISTED = 60


def status(t: Tournament, now: float) -> str:
    if t.ended is not None:
        return "over"
    return "soon" if now < t.starts else "playing"


def summary(t: Tournament, now: float) -> dict[str, Any]:
    """A tournament as the list shows it."""
    left = None
    if t.ended is None:
        if now < t.starts:
            left = t.starts - now
        elif t.ends is not None:
            left = max(0.0, t.ends - now)
    return {
        "id": t.id,
        "name": t.name,
        "kind": t.kind,
        "side": t.side,
        "base": t.base,
        "inc": t.inc,
        "rated": t.rated,
        "status": status(t, now),
        "starts": t.starts,
        "left": None if left is None else round(left, 1),
        "minutes": t.minutes,
        "rounds": t.rounds,
        "round": t.round,
        "winner": t.winner,
    }


def table_of(snap: Snapshot) -> list[Row]:
    t = snap.tournament
    return standings(t.kind, snap.entrants, snap.games, snap.byes)


def view(snap: Snapshot, now: float) -> dict[str, Any]:
    """What every watcher hears of a tournament (their own part apart)."""
    names = {e.id: e.name for e in snap.entrants}
    games = [
        {
            "id": g.id,
            "red": names.get(g.red, "?"),
            "blue": names.get(g.blue, "?"),
            "result": g.result,
            "round": g.round,
        }
        for g in snap.games[-GAMES_LISTED:]
    ]
    return summary(snap.tournament, now) | {
        "standings": [r.view() for r in table_of(snap)],
        "games": games[::-1],
        "byes": [{"round": r, "name": names.get(p, "?")} for r, p in snap.byes],
    }


def personal(snap: Snapshot, pid: str) -> dict[str, Any]:
    """A player's own part: whether they play, and their pairing now."""
    entrant = next((e for e in snap.entrants if e.id == pid), None)
    names = {e.id: e.name for e in snap.entrants}
    game = next(
        (g for g in reversed(snap.games) if g.result is None and pid in (g.red, g.blue)), None
    )
    t = snap.tournament
    return {
        "entered": entrant is not None,
        "paused": bool(entrant and entrant.paused),
        "game": game.id if game else None,
        "opponent": names.get(game.other(pid)) if game else None,
        "color": (0 if game.red == pid else 1) if game else None,
        "bye": (t.round, pid) in snap.byes,
    }


@dataclass
class Tournaments:
    store: Store
    in_play: InPlay
    connections: Connections
    wall: Callable[[], float] = time.time
    #: Seconds between the director's looks.
    every: float = 0.5
    #: The connections here that watch each tournament.
    watchers: dict[str, set[Conn]] = field(default_factory=dict)
    #: What each tournament's watchers last heard (a digest), to send only changes.
    heard: dict[str, str] = field(default_factory=dict)
    #: The tournaments over whose watchers here have heard the end.
    told_over: set[str] = field(default_factory=set)
    chores: set[asyncio.Task[None]] = field(default_factory=set)
    #: Pairings whose write failed but may have been kept (the database restarted
    #: while it committed): their games, by tournament, played here at the next
    #: look if the store has them. Nobody else would: they are this process's.
    unsure: dict[str, list[Table]] = field(default_factory=dict)

    @cached_property
    def db(self) -> TournamentStore:
        # Not made with the server: a server is made before its store is opened.
        return TournamentStore(self.store.db)

    def handlers(self) -> dict[str, Handler]:
        return {
            "tournaments": self._list,
            "tournament": self._watch,
            "enter": self._enter,
            "pause": self._pause,
        }

    # -- a player's messages --------------------------------------------------------
    async def _list(self, conn: Conn, player: Player, msg: cm.Tournaments) -> None:
        now = self.wall()
        send(conn, "tournaments", tournaments=[summary(t, now) for t in await self.db.listed()])

    async def _watch(
        self, conn: Conn, player: Player, msg: cm.Tournament | cm.Enter | cm.Pause
    ) -> None:
        snap = await self._snapshot(msg["tournament"])
        self.watchers.setdefault(snap.tournament.id, set()).add(conn)
        self._send(conn, snap, view(snap, self.wall()))

    async def _enter(self, conn: Conn, player: Player, msg: cm.Enter) -> None:
        snap = await self._snapshot(msg["tournament"])
        t = snap.tournament
        if t.ended is not None:
            raise TableError(OVER)
        if not any(e.id == player.id for e in snap.entrants):
            # The rating as the store has it now: one just settled counts as such.
            player = await self.db.player(player.id) or player
        if not await self.db.enter(t, player):  # the caps are counted in the same commit
            now = await self.db.get(t.id)
            if now is None or now.ended is not None:
                raise TableError(OVER)
            joined, _ = await self.db.counts(t.id)
            raise TableError(FULL if t.most and joined >= t.most else PROVISIONAL_FULL)
        await self._watch(conn, player, msg)
        self.heard.pop(t.id, None)  # the others hear of the new entrant

    async def _pause(self, conn: Conn, player: Player, msg: cm.Pause) -> None:
        snap = await self._snapshot(msg["tournament"])
        await self.db.pause(player.id, snap.tournament.id)
        await self._watch(conn, player, msg)
        self.heard.pop(snap.tournament.id, None)

    async def _snapshot(self, tid: str) -> Snapshot:
        snap = await self.db.snapshot(tid)
        if snap is None:
            raise TableError(NO_TOURNAMENT)
        return snap

    # -- connections coming and going ----------------------------------------------------
    def leave(self, conn: Conn) -> None:
        for conns in self.watchers.values():
            conns.discard(conn)

    def away(self, pid: str) -> None:
        """The player has no connection left anywhere: paused in every tournament."""
        task = asyncio.create_task(self._away(pid))
        self.chores.add(task)
        task.add_done_callback(self.chores.discard)

    async def _away(self, pid: str) -> None:
        try:
            await self.db.pause(pid)
        except Exception as e:  # the store is away: they are not paired while offline anyway
            log.error("could not pause player %s in their tournaments: %s", pid, e)

    # -- the director ----------------------------------------------------------------
    async def direct(self) -> None:
        """Look at the tournaments until cancelled."""
        while True:
            await asyncio.sleep(self.every)
            try:
                await self.look()
            except Exception as e:  # the store is away: the next look tries again
                log.error("could not look at the tournaments: %s", e)

    async def look(self) -> None:
        """Pair or end every tournament that is due, and tell its watchers."""
        await self._settle()
        now = self.wall()
        running = await self.db.open()
        for t in running:
            snap = await self.db.snapshot(t.id) if now >= t.starts else None
            if snap is not None and await self.advance(snap, now):
                snap = None  # read again, as it is now
            await self.tell(t.id, snap)
        # Ended by another process: its watchers here hear the end once.
        gone = set(self.watchers) - {t.id for t in running} - self.told_over
        for tid in gone:
            await self.tell(tid)
            self.told_over.add(tid)
        for tid in [tid for tid, conns in self.watchers.items() if not conns]:
            del self.watchers[tid]
            self.heard.pop(tid, None)

    async def advance(self, snap: Snapshot, now: float) -> bool:
        """Pair whoever is due, or end the tournament; whether anything was stored."""
        try:
            if snap.tournament.kind == ARENA:
                return await self._arena(snap, now)
            return await self._swiss(snap)
        except Fenced:  # another process paired or ended it a moment before
            return True

    async def _arena(self, snap: Snapshot, now: float) -> bool:
        t = snap.tournament
        rows = table_of(snap)
        if t.ends is not None and now >= t.ends:
            await self._finish(snap, rows[0].name if rows and rows[0].games else None)
            return True
        playing = {p for g in snap.games if g.result is None for p in (g.red, g.blue)}
        paused = {e.id for e in snap.entrants if e.paused}
        waiting = [
            r.id
            for r in rows
            if r.id not in playing and r.id not in paused and self.connections.online(r.id)
        ]
        last = {}
        for g in snap.games:  # in the order they began
            last[g.red], last[g.blue] = g.blue, g.red
        pairs = arena_pairs(waiting, last, bool(playing))
        if not pairs:
            return False
        hist = histories(snap.games)
        await self._start(snap, [colours(a, b, hist) for a, b in pairs])
        return True

    async def _swiss(self, snap: Snapshot) -> bool:
        t = snap.tournament
        if any(g.result is None for g in snap.games if g.round == t.round):
            return False  # the round is still being played
        if t.round >= t.rounds:
            rows = table_of(snap)
            await self._finish(snap, rows[0].name if rows else None)
            return True
        present = [e.id for e in snap.entrants if not e.paused and self.connections.online(e.id)]
        if len(present) < 2:
            return False  # waits for players
        rating = {e.id: e.rating for e in snap.entrants}
        scores = swiss_scores(snap.games, snap.byes)
        found = swiss_pairs(present, scores, rating, histories(snap.games, snap.byes))
        if found is None:  # nobody has a fresh opponent left: it is over
            rows = table_of(snap)
            await self._finish(snap, rows[0].name if rows else None)
            return True
        await self._start(snap, found.pairs, [found.bye] if found.bye else [], t.round + 1)
        return True

    async def _finish(self, snap: Snapshot, winner: str | None) -> None:
        """End the tournament as ``snap`` has it: its games still in play there
        count for nothing, whenever they end."""
        late = [g.id for g in snap.games if g.result is None]
        await self.db.finish(snap.tournament, winner, late)

    async def _start(
        self,
        snap: Snapshot,
        pairs: list[tuple[str, str]],
        byes: list[str] | None = None,
        next_round: int | None = None,
    ) -> None:
        """Store the pairing's games, then play them here."""
        t = snap.tournament
        info = {e.id: e for e in snap.entrants}
        tables, stored = [], []
        for red, blue in pairs:
            a, b = info[red], info[blue]
            seats = (
                Seat(a.id, a.name, a.rating, provisional=a.provisional),
                Seat(b.id, b.name, b.rating, provisional=b.provisional),
            )
            table = Table(new_id(), t.side, t.base, t.inc, t.rated, seats, created=time.time())
            kept = table.clock.kept(self.in_play.clock())
            tables.append(table)
            stored.append(StoredGame(
                table.id, t.side, t.base, t.inc, t.rated, (a.id, b.id), (a.name, b.name),
                (a.rating, b.rating), (kept[0], kept[1]), [], table.created,
                host=self.in_play.host,
            ))  # fmt: skip
        try:
            await self.db.pair(t, stored, byes or [], next_round)
        except Fenced:
            raise
        except Exception:  # its commit may have gone through: asked at the next look
            self.unsure[t.id] = tables
            raise
        self._play(t.id, tables)

    def _play(self, tid: str, tables: list[Table]) -> None:
        for table in tables:
            for seat in table.seats:
                seat.connected = self.connections.online(seat.player)
            self.in_play.begin(table, tournament=tid)

    async def _settle(self) -> None:
        """Play the games of each pairing in doubt that the store kept; forget
        the others (their tournaments are paired again). Raises while the store
        cannot say."""
        for tid, tables in list(self.unsure.items()):
            kept = await self.db.has_games([t.id for t in tables])
            del self.unsure[tid]
            if kept:
                log.warning("a pairing of tournament %s was kept though its write failed", tid)
                self._play(tid, tables)

    # -- telling the watchers ----------------------------------------------------------
    async def tell(self, tid: str, snap: Snapshot | None = None) -> None:
        """Each watcher here hears the tournament again if it changed."""
        conns = self.watchers.get(tid)
        if not conns:
            return
        snap = snap or await self.db.snapshot(tid)
        if snap is None:
            return
        common = view(snap, self.wall())
        digest = hashlib.blake2b(
            json.dumps({**common, "left": None}, sort_keys=True).encode(), digest_size=12
        ).hexdigest()
        if self.heard.get(tid) == digest:
            return
        self.heard[tid] = digest
        for conn in list(conns):
            self._send(conn, snap, common)

    @staticmethod
    def _send(conn: Conn, snap: Snapshot, common: dict[str, Any]) -> None:
        you = personal(snap, conn.player.id) if conn.player else None
        send(conn, "standings", tournament=common | {"you": you})
