"""An arena whose time runs out while a game is still in play, on two server
processes sharing one PostgreSQL: that game is played to its end, but its
result counts for nothing (as on lichess, only games over before the end
count), and the standings the players heard on both processes, the store's
and both processes' web pages agree, the winner first."""

from __future__ import annotations

import asyncio
import contextlib
import time
from typing import Any

import pytest

from game.online.connections import Connections
from game.online.in_play import InPlay
from game.online.limits import Limits
from game.online.session import OnlineError, Session
from game.online.sql import Step
from game.online.store import Store, StoredGame, new_id
from game.online.tournament_rules import ARENA
from game.online.tournament_store import LATE, Tournament, TournamentStore
from game.online.tournaments import Tournaments, table_of, view
from game.rules import Board
from tests.helpers import run

from .serving import start_process
from .test_cluster import run_then_stop
from .tourney_checks import all_heard, page_standings, standings_shown, until_over


class Entrant:
    """A player who plays only when the test says: their games, their games'
    ends and the last standings they heard, read in the background."""

    def __init__(self, url: str, name: str) -> None:
        self.session = Session(url, name)
        self.name = name
        self.games: dict[str, dict[str, Any]] = {}
        self.over: dict[str, dict[str, Any]] = {}
        #: The turns each game has, as heard.
        self.turns: dict[str, int] = {}
        self.standings: dict[str, Any] | None = None
        self.changed = asyncio.Event()

    async def start(self, tid: str) -> None:
        await self.session.connect()
        await self.session.send("enter", tournament=tid)
        self.task = asyncio.create_task(self._read())

    async def _read(self) -> None:
        with contextlib.suppress(OnlineError):
            while True:
                msg = await self.session.recv()
                if msg["type"] == "game" and msg["game"].get("tournament"):
                    self.games.setdefault(msg["game"]["id"], msg["game"])
                elif msg["type"] == "turn":
                    self.turns[msg["game"]] = msg["ply"] + 1
                elif msg["type"] == "over":
                    self.over[msg["game"]] = msg
                elif msg["type"] == "standings":
                    self.standings = msg["tournament"]
                self.changed.set()

    async def until(self, test, seconds: float = 30.0) -> None:
        end = time.monotonic() + seconds
        while not test():
            self.changed.clear()
            await asyncio.wait_for(self.changed.wait(), max(0.0, end - time.monotonic()))

    async def stop(self) -> None:
        self.task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self.task
        await self.session.close()


async def opening(red: Entrant, blue: Entrant, game: dict[str, Any]) -> None:
    """A turn each (so that the game is past its opening: a resignation then
    is a win, not an abort)."""
    board = Board(size=game["side"])
    for ply, who in enumerate((red, blue)):
        turn = board.notation(board.legal_turns()[0])
        board.play(turn)
        await who.session.send("turn", game=game["id"], ply=ply, turn=turn)
        await who.until(lambda ply=ply, who=who: who.turns.get(game["id"], 0) > ply)


@pytest.mark.slow
def test_a_game_in_play_when_an_arena_ends_counts_for_nothing(dsn):
    a, url_a = start_process(dsn, 0, 300.0)
    b, url_b = start_process(dsn, 0, 300.0)

    async def go():
        store = await Store.open(dsn)
        db = TournamentStore(store.db)
        t = await db.create(
            Tournament("", "Closing arena", ARENA, 4, 300, 0, False, time.time(), minutes=60,
                       provisional=4)
        )  # fmt: skip
        people = [Entrant(url, name) for url, name in
                  ((url_a, "Ann"), (url_b, "Bob"), (url_a, "Cat"), (url_b, "Dan"))]  # fmt: skip
        by_name = {p.name: p for p in people}
        try:
            for p in people:
                await p.start(t.id)
            for p in people:
                await p.until(lambda p=p: len(p.games) == 1)
            games = {}
            for p in people:
                (g,) = p.games.values()
                games.setdefault(g["id"], g)
            assert len(games) == 2
            first, second = games.values()
            names = [[pl["name"] for pl in g["players"]] for g in (first, second)]
            # The first game ends before the time: red resigns.
            red, blue = (by_name[n] for n in names[0])
            await opening(red, blue, first)
            await red.session.send("resign", game=first["id"])
            await blue.until(lambda: first["id"] in blue.over)
            # The second is under way when the time runs out.
            red2, blue2 = (by_name[n] for n in names[1])
            await opening(red2, blue2, second)
            await store.db.write([Step(
                "UPDATE tournaments SET starts=? WHERE id=?", (time.time() - 3600, t.id)
            )])  # fmt: skip
            ended = await until_over(store, t.id)
            assert [g.id for g in ended.games] == [first["id"]]
            row = await store.game_row(second["id"])
            assert row is not None and row["result"] is None  # still in play
            # Played to its end after the time: red resigns, blue wins nothing.
            await red2.session.send("resign", game=second["id"])
            await blue2.until(lambda: second["id"] in blue2.over)
            assert blue2.over[second["id"]]["result"] == "blue"
            row = await store.game_row(second["id"])
            assert row is not None and row["result"] is not None
            snap = await db.snapshot(t.id)
            assert snap is not None and [g.id for g in snap.games] == [first["id"]]
            assert await store.db.fetch("SELECT round FROM games WHERE id=?", second["id"]) == [
                (LATE,)
            ]
            final = view(snap, time.time())
            points = {r["name"]: (r["points"], r["games"]) for r in final["standings"]}
            assert points == {blue.name: (2, 1), red.name: (0, 1), red2.name: (0, 0),
                              blue2.name: (0, 0)}, points  # fmt: skip
            assert snap.tournament.winner == blue.name == final["standings"][0]["name"]
            assert [g["id"] for g in final["games"]] == [first["id"]]
            # The same on both processes, as heard and as shown.
            await all_heard(people, final)
            for url in (url_a, url_b):
                shown, text = await page_standings(url, t.id)
                assert shown == standings_shown(final)
                assert second["id"] not in text
        finally:
            for p in people:
                await p.stop()
            await store.close()

    run_then_stop(go(), 120, a, b)


def test_a_game_over_between_the_last_look_and_the_end_counts_for_nothing(tmp_path):
    """The director works the winner out from a snapshot, then ends the arena:
    a game that ends in between is over after the time too, and must not count,
    or the stored winner would not be the standings' first. Before, the end
    marked only the games still in play at its commit, so that game counted."""

    async def go():
        store = await Store.open(tmp_path / "s.db")
        try:
            connections = Connections()
            directing = Tournaments(store, InPlay(store, Limits(), connections), connections)
            db = directing.db
            ann, bob = [(await store.new_player(n))[0] for n in ("Ann", "Bob")]
            t = await db.create(
                Tournament("", "Closing", ARENA, 4, 60, 0, False, time.time(), minutes=1)
            )
            for p in (ann, bob):
                assert await db.enter(t, p)
            game = StoredGame(new_id(), 4, 60, 0, False, (ann.id, bob.id), ("Ann", "Bob"),
                              (1500.0, 1500.0), (60_000, 60_000), [], time.time())  # fmt: skip
            await db.pair(t, [game])
            snap = await db.snapshot(t.id)  # the director's look, the game in play
            assert snap is not None and snap.games[0].result is None
            await store.finish(game.id, "red", "blue resigned", [1, 1])  # a moment later
            assert await directing.advance(snap, t.starts + 61)  # the time is up: it ends
            after = await db.snapshot(t.id)
            assert after is not None and after.tournament.ended is not None
            assert after.games == [] and after.tournament.winner is None
            assert all(r.points == 0 for r in table_of(after))
        finally:
            await store.close()

    run(go(), 30)
