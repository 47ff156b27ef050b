"""The games in play at scale: the sweep looks at the games whose time has come
(not at every game ten times a second), and a player's games are found without
looking at anyone else's."""

from __future__ import annotations

import asyncio
import time

from game.online.connections import Connections
from game.online.in_play import InPlay
from game.online.limits import Limits
from game.online.postal import DAY
from game.online.store import Store, StoredGame
from game.online.table import Table

from .serving import FakeTime


def postal_games(n: int, since: float, days: int = 3) -> list[StoredGame]:
    return [
        StoredGame(
            f"g{i}", 4, 0, 0, False, (f"r{i}", f"b{i % 50}"), (f"R{i}", f"B{i % 50}"),
            (1500.0, 1500.0), (10, 10), [], since, days=days, since=since,
        )
        for i in range(n)
    ]  # fmt: skip


def with_in_play(tmp_path, body) -> None:
    """``body(in_play)``: the games in play over a store of their own, with a clock and a
    calendar the test moves."""

    async def go():
        store = await Store.open(tmp_path / "store.db")
        clock, wall = FakeTime(), FakeTime()
        wall.now = 1_700_000_000.0
        try:
            await body(InPlay(store, Limits(grace=30.0), Connections(), clock, wall))
        finally:
            await store.close()

    asyncio.run(go())


def counting(monkeypatch) -> list[str]:
    looked: list[str] = []
    real = Table.due

    def due(self, now, grace):
        looked.append(self.id)
        return real(self, now, grace)

    monkeypatch.setattr(Table, "due", due)
    return looked


def test_the_sweep_looks_only_at_games_whose_time_has_come(tmp_path, monkeypatch):
    async def body(in_play):
        in_play.put_back(postal_games(2000, in_play.wall.now))
        looked = counting(monkeypatch)
        await in_play.sweep()
        assert looked == [], "no game is near its deadline: none is looked at"
        in_play.wall.now += DAY  # a day later, still none
        await in_play.sweep()
        assert looked == []

    with_in_play(tmp_path, body)


def test_a_flag_that_falls_is_found_by_the_sweep(tmp_path, monkeypatch):
    async def body(in_play):
        ended = []

        async def finish(table):
            ended.append(table.id)

        in_play.finish = finish
        in_play.put_back(postal_games(3, in_play.wall.now))
        in_play.wall.now += 400 * DAY  # past every turn's days and reserve
        looked = counting(monkeypatch)
        await in_play.sweep()
        assert sorted(looked) == sorted(ended) == ["g0", "g1", "g2"]

    with_in_play(tmp_path, body)


def test_a_player_who_leaves_a_live_game_is_looked_at_when_the_grace_ends(tmp_path, monkeypatch):
    async def body(in_play):
        live = StoredGame(
            "live", 4, 600, 0, False, ("ann", "bob"), ("Ann", "Bob"), (1500.0, 1500.0),
            (600_000, 600_000), [], time.time(),
        )  # fmt: skip
        in_play.put_back([live])
        table = in_play.tables["live"]
        for seat in table.seats:
            seat.connected, seat.gone_since = True, None
        in_play.schedule(table)
        in_play.away("bob")
        looked = counting(monkeypatch)
        in_play.clock.now += 29.0
        await in_play.sweep()
        assert looked == []
        ended = []

        async def finish(t):
            ended.append((t.result, t.reason))

        in_play.finish = finish
        in_play.clock.now += 2.0
        await in_play.sweep()
        assert looked == ["live"] and ended == [("aborted", "blue left before the first turn")]

    with_in_play(tmp_path, body)


def test_a_players_games_are_found_by_the_player(tmp_path):
    async def body(in_play):
        in_play.put_back(postal_games(200, in_play.wall.now))
        assert {t.id for t in in_play.of("b7")} == {f"g{i}" for i in range(7, 200, 50)}
        assert in_play.games_of("b7", True) == 4 and in_play.games_of("b7", False) == 0
        in_play.let_go(in_play.tables["g7"])
        assert "g7" not in [t.id for t in in_play.of("b7")] and in_play.of("r7") == []
        assert len(in_play.deadlines[True]) == 199

    with_in_play(tmp_path, body)
