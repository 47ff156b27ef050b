"""The store behind one interface: every test here runs against SQLite and
against PostgreSQL (a throw-away server started by the tests themselves)."""

from __future__ import annotations

import asyncio
import json
import sqlite3
import time

import pytest

from game.glicko import Rating
from game.online import ranks, sql
from game.online.sql import PostgresDatabase, SqliteDatabase, Step
from game.online.store import NameTaken, Store, StoredGame
from tests.helpers import run

from .postgres import Postgres


@pytest.fixture(params=["sqlite", "postgres"])
def where(request, tmp_path, postgres):
    """Where a fresh store lives: an SQLite file, or a new PostgreSQL database."""
    if request.param == "sqlite":
        return str(tmp_path / "store.db")
    if postgres is None:
        pytest.skip(f"PostgreSQL: {Postgres().why_not or 'it could not be started'}")
    return postgres.fresh_database()


async def sqlite_store(path, durable: bool = False) -> Store:
    """An SQLite store, its engine at hand for the tests that hold up its thread."""
    store = Store(SqliteDatabase(path, durable))
    await store.setup()
    return store


def game(gid: str, red: str, blue: str, rated: bool = True) -> StoredGame:
    return StoredGame(
        gid, 5, 300, 3, rated, (red, blue), ("Ann", "Bob"), (1500.0, 1500.0),
        (300_000, 300_000), [], time.time(),
    )  # fmt: skip


def test_the_engine_is_chosen_by_the_address(where):
    async def go():
        store = await Store.open(where)
        try:
            kind = PostgresDatabase if where.startswith("postgresql://") else SqliteDatabase
            assert isinstance(store.db, kind)
        finally:
            await store.close()

    run(go())


def test_players_tokens_names_and_renames(where):
    async def go():
        store = await Store.open(where)
        try:
            ann, token = await store.new_player("Ann")
            assert ann.rating == Rating() and ann.games == 0
            assert (await store.player_by_token(token)).id == ann.id
            assert await store.player_by_token(token + "x") is None
            assert (await store.player(ann.id)).name == "Ann"
            assert (await store.player_by_name("aNN")).id == ann.id
            await store.rename(ann.id, "Anna")
            assert (await store.player(ann.id)).name == "Anna"
            # The old name still leads to her: old games' links keep their person.
            assert (await store.player_by_name("Ann")).id == ann.id
        finally:
            await store.close()

    run(go())


def test_a_game_its_turns_its_end_and_the_ratings(where):
    async def go():
        store = await Store.open(where)
        try:
            ann, _ = await store.new_player("Ann")
            bob, _ = await store.new_player("Bob")
            await store.new_game(game("g1", ann.id, bob.id))
            await store.add_turns("g1", 0, ["e5", "d4"], [299_000, 298_000])
            await store.add_turns("g1", 2, ["f6"], [297_000, 298_000])
            (open_game,) = await store.open_games()
            assert open_game.turns == ["e5", "d4", "f6"]
            assert open_game.clocks == (297_000, 298_000) and open_game.rated
            row = await store.game_row("g1")
            assert row["turns"] == ["e5", "d4", "f6"] and row["result"] is None
            assert await store.game_row("nope") is None
            ratings = {
                "red": {"before": 1500, "after": 1662},
                "blue": {"before": 1500, "after": 1338},
            }
            await store.finish(
                "g1", "red", "neither player can move", [290_000, 280_000],
                ratings_json=json.dumps(ratings),
                new_ratings=[(ann.id, Rating(1662, 290, 0.06)), (bob.id, Rating(1338, 290, 0.06))],
            )  # fmt: skip
            assert await store.open_games() == []
            row = await store.game_row("g1")
            assert row["result"] == "red" and json.loads(row["ratings"]) == ratings
            board = await store.leaderboard()
            assert [p["name"] for p in board] == ["Ann", "Bob"]
            assert board[0] == {"name": "Ann", "rating": 1662, "rd": 290, "games": 1}
            (mine,) = await store.finished_games_of(bob.id, 10)
            assert mine["id"] == "g1" and mine["result"] == "red" and mine["rated"] is True
            assert await store.finished_games_of(bob.id, 0) == []
            assert await store.finished_games_of(bob.id, 10, skip=1) == []
        finally:
            await store.close()

    run(go())


def test_a_correspondence_game_keeps_its_days_reserve_and_ratings_apart(where):
    async def go():
        store = await Store.open(where)
        try:
            ann, _ = await store.new_player("Ann")
            bob, _ = await store.new_player("Bob")
            g = game("c1", ann.id, bob.id)
            g.base, g.inc, g.clocks, g.days, g.since = 0, 0, (10, 10), 3, 1_700_000_000.5
            await store.new_game(g)
            await store.add_turns("c1", 0, ["e5"], [10, 10], 1_700_090_000.25)
            await store.add_turns("c1", 1, ["d4"], [10, 9], 1_700_500_000.0)
            (kept,) = await store.open_games()
            assert (kept.days, kept.since, kept.clocks) == (3, 1_700_500_000.0, (10, 9))
            assert (await store.game_row("c1"))["days"] == 3
            await store.finish(
                "c1", "blue", "red ran out of time", [10, 9], postal=True,
                new_ratings=[(ann.id, Rating(1400, 300, 0.06)), (bob.id, Rating(1600, 300, 0.06))],
            )  # fmt: skip
            ann_now = await store.player(ann.id)
            assert ann_now.postal == Rating(1400, 300, 0.06) and ann_now.postal_games == 1
            assert ann_now.rating == Rating() and ann_now.games == 0, "live rating untouched"
            assert await store.leaderboard() == []
            board = await store.leaderboard(postal=True)
            assert [(p["name"], p["rating"], p["games"]) for p in board] == [
                ("Bob", 1600, 1),
                ("Ann", 1400, 1),
            ]
        finally:
            await store.close()

    run(go())


def test_what_was_kept_is_there_when_the_store_is_opened_again(where):
    async def go():
        store = await Store.open(where)
        ann, token = await store.new_player("Ann")
        bob, _ = await store.new_player("Bob")
        await store.new_game(game("g2", ann.id, bob.id, rated=False))
        await store.add_turns("g2", 0, ["e5"], [299_000, 300_000])
        await store.close()
        again = await Store.open(where)
        try:
            assert (await again.player_by_token(token)).id == ann.id
            (g,) = await again.open_games()
            assert g.turns == ["e5"] and not g.rated
        finally:
            await again.close()

    run(go())


def test_a_slow_sqlite_write_does_not_hold_the_event_loop(tmp_path):
    path = tmp_path / "store.db"

    async def go():
        store = await sqlite_store(path)
        ann, _ = await store.new_player("Ann")
        bob, _ = await store.new_player("Bob")
        await store.new_game(game("g3", ann.id, bob.id))
        # Another process holds the database: the store's write has to wait for it.
        other = sqlite3.connect(path, isolation_level=None)
        other.execute("BEGIN EXCLUSIVE")
        ticks = 0

        async def ticker():
            nonlocal ticks
            while True:
                await asyncio.sleep(0.01)
                ticks += 1

        beat = asyncio.create_task(ticker())
        write = asyncio.create_task(store.add_turns("g3", 0, ["e5"], [1, 2]))
        await asyncio.sleep(0.5)
        assert not write.done()  # still waiting for the lock...
        assert ticks >= 10  # ...while the loop went on serving
        other.execute("COMMIT")
        other.close()
        await asyncio.wait_for(write, 10)
        beat.cancel()
        (g,) = await store.open_games()
        assert g.turns == ["e5"]
        await store.close()

    run(go())


def test_turns_that_arrive_during_a_commit_are_kept_together_in_the_next(tmp_path, monkeypatch):
    commits = []
    real = sql._writes

    def counted(db, batches):
        commits.append(len(batches))
        return real(db, batches)

    monkeypatch.setattr(sql, "_writes", counted)

    async def go():
        store = await sqlite_store(tmp_path / "store.db", durable=True)
        ann, _ = await store.new_player("Ann")
        bob, _ = await store.new_player("Bob")
        for i in range(20):
            await store.new_game(game(f"g{i}", ann.id, bob.id))
        commits.clear()
        slow = asyncio.create_task(store.db.call(time.sleep, 0.3))  # the writer is busy
        await asyncio.sleep(0.05)
        await asyncio.gather(*(store.add_turns(f"g{i}", 0, ["e5"], [1, 2]) for i in range(20)))
        await slow
        games = await store.open_games()
        await store.close()
        return games

    games = asyncio.run(go())
    assert all(g.turns == ["e5"] for g in games) and len(games) == 20
    assert sum(commits) == 20 and len(commits) < 20, commits


def test_a_turn_that_cannot_be_kept_costs_only_its_own_game(tmp_path):
    async def go():
        store = await sqlite_store(tmp_path / "store.db")
        ann, _ = await store.new_player("Ann")
        bob, _ = await store.new_player("Bob")
        for gid in ("a", "b"):
            await store.new_game(game(gid, ann.id, bob.id))
        await store.add_turns("a", 0, ["e5"], [1, 2])
        slow = asyncio.create_task(store.db.call(time.sleep, 0.2))
        await asyncio.sleep(0.05)
        # Ply 0 of game a again (already kept) beside a good turn of game b, in one batch.
        results = await asyncio.gather(
            store.add_turns("a", 0, ["d4"], [1, 2]),
            store.add_turns("b", 0, ["e5"], [1, 2]),
            return_exceptions=True,
        )
        await slow
        kept = {g.id: g.turns for g in await store.open_games()}
        await store.close()
        return results, kept

    results, kept = asyncio.run(go())
    assert isinstance(results[0], sqlite3.IntegrityError) and results[1] is None
    assert kept == {"a": ["e5"], "b": ["e5"]}


def test_a_name_is_one_players_whatever_letters_look_like_it(where):
    async def go():
        store = await Store.open(where)
        try:
            await store.new_player("Ann")
            bob, _ = await store.new_player("Bob")
            # Cyrillic А, Greek Α and Ν, a zero for an o: the same row on a leaderboard.
            for lookalike in ("\u0410nn", "\u0391\u039d\u039d", "B0b", "\u0412ob"):
                with pytest.raises(NameTaken):
                    await store.new_player(lookalike)
            with pytest.raises(NameTaken):
                await store.rename(bob.id, "\u0410nn")
            # Unicode's table reads a small "\u0432" as a small capital, but "\u0412\u043e\u042c"
            # (capital soft sign last) is Bob all through.
            assert (await store.player_by_name("\u0412\u043e\u042c")).id == bob.id
        finally:
            await store.close()

    run(go())


def test_a_name_is_one_players_whatever_its_case_or_width(where):
    async def go():
        store = await Store.open(where)
        try:
            ann, _ = await store.new_player("Ann")
            bob, _ = await store.new_player("Bob")
            for taken in ("Ann", "aNN", "\uff21\uff4e\uff4e"):
                with pytest.raises(NameTaken):
                    await store.new_player(taken)
            with pytest.raises(NameTaken):
                await store.rename(bob.id, "ANN")
            await store.rename(ann.id, "ANN")  # one's own name, in another case
            assert (await store.player_by_name("ann")).id == ann.id
            await store.rename(ann.id, "Anna")
            with pytest.raises(NameTaken):  # kept for her: never another person's
                await store.new_player("Ann")
            with pytest.raises(NameTaken):
                await store.rename(bob.id, "ann")
            await store.rename(ann.id, "Ann")  # hers to take back
            assert await store.names_of(ann.id) == 2
        finally:
            await store.close()

    run(go())


OLD_PLAYERS = """CREATE TABLE players (
    id TEXT PRIMARY KEY, name TEXT NOT NULL, token_hash TEXT NOT NULL UNIQUE,
    rating REAL NOT NULL, rd REAL NOT NULL, volatility REAL NOT NULL,
    games INTEGER NOT NULL DEFAULT 0, created REAL NOT NULL)"""
OLD_ROWS = [
    ("p1", "Ann", "h1", 1600.0, 80.0, 0.06, 3, 1.0),
    ("p2", "ann", "h2", 1500.0, 350.0, 0.06, 0, 2.0),
    ("p3", "Bob", "h3", 1500.0, 350.0, 0.06, 0, 3.0),
    ("p4", "Z0e", "h4", 1500.0, 350.0, 0.06, 0, 4.0),  # a zero, kept before look-alikes
]


def test_a_store_kept_before_names_were_unique_opens_and_keeps_everyone(where):
    if where.startswith("postgresql://"):
        import asyncpg

        async def old():
            conn = await asyncpg.connect(where)
            try:
                await conn.execute(OLD_PLAYERS.replace("REAL", "DOUBLE PRECISION"))
                await conn.executemany(
                    "INSERT INTO players VALUES ($1,$2,$3,$4,$5,$6,$7,$8)", OLD_ROWS
                )
            finally:
                await conn.close()

        run(old())
    else:
        db = sqlite3.connect(where)
        db.execute(OLD_PLAYERS)
        db.executemany("INSERT INTO players VALUES (?,?,?,?,?,?,?,?)", OLD_ROWS)
        db.commit()
        db.close()

    async def go():
        for _ in range(2):  # the second start finds the keys in place
            store = await Store.open(where)
            try:
                # Both players called Ann are still there; the first keeps the name.
                assert (await store.player("p2")).name == "ann"
                assert (await store.player_by_name("ANN")).id == "p1"
                with pytest.raises(NameTaken):
                    await store.new_player("Bob")
                with pytest.raises(NameTaken):
                    await store.new_player("ANN")
                # Kept names are kept by their look too: "Zoe" is "Z0e"'s, and
                # "Ann" in Cyrillic letters the first Ann's.
                with pytest.raises(NameTaken):
                    await store.new_player("Zoe")
                with pytest.raises(NameTaken):
                    await store.new_player("\u0410nn")
                assert (await store.player_by_name("zoe")).id == "p4"
                assert (await store.player("p1")).games == 3
                # Kept before correspondence games: the starting rating for them.
                assert (await store.player("p1")).postal == Rating()
            finally:
                await store.close()

    run(go())


def test_the_leaderboard_lists_only_settled_players_who_play(where):
    async def go():
        store = await Store.open(where)
        try:
            now = time.time()
            old = now - (ranks.RANKED_DAYS + 1) * 86_400.0
            # (name, rating, deviation, rated games, last rated game)
            kinds = [
                ("Settled", 1700.0, 60.0, 40, now),
                ("Farmer", 2366.0, 150.0, 100, now),  # many wins, still provisional
                ("Fresh", 1900.0, 100.0, ranks.RANKED_GAMES - 1, now),  # too few games
                ("Gone", 1800.0, 60.0, 40, old),  # no rated game lately
                ("Never", 1800.0, 60.0, 40, None),  # kept before the time was
            ]
            for name, rating, rd, games, at in kinds:
                p, _ = await store.new_player(name)
                await store.db.write([Step(
                    "UPDATE players SET rating=?, rd=?, games=?, rated_at=? WHERE id=?",
                    (rating, rd, games, at, p.id),
                )])  # fmt: skip
            board = await ranks.leaderboard(store)
            assert [p["name"] for p in board] == ["Settled"]
            assert await ranks.leaderboard(store, postal=True) == []
            assert (
                ranks.shown(Rating(1662, 290)) == "1662?"
                and ranks.shown(Rating(1700, 60)) == "1700"
            )
        finally:
            await store.close()

    run(go())
