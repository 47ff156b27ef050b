"""A player's page on a big store: their finished games read by index a page
at a time, beside the writer, and the page's ``?page=`` checked (issue 41)."""

from __future__ import annotations

import asyncio
import json
import sqlite3
import threading

from game.online import history
from game.online.pages import Pages
from game.online.sql import Step
from game.online.store import FINISHED_OF, Store
from game.online.web import canonical

from . import test_stores
from .test_stores import game, run, sqlite_store

#: A fresh store on SQLite, then on PostgreSQL.
where = test_stores.where


async def finished(store: Store, gid: str, red: str, blue: str, ended: float, **kind) -> None:
    """A finished game between ``red`` and ``blue``, ended at ``ended``; rated
    unless ``rated=False``, by correspondence with ``days=``."""
    g = game(gid, red, blue, rated=kind.get("rated", True))
    g.days = kind.get("days")
    await store.new_game(g)
    after = {"red": ended, "blue": -ended}
    ratings = (
        json.dumps({c: {"before": after[c] - 1, "after": after[c]} for c in after})
        if g.rated
        else None
    )
    await store.finish(gid, "red", "no move left", [1, 1], ratings_json=ratings)
    # Each its own time, exact on PostgreSQL's REAL too, so the order is known.
    await store.db.write([Step("UPDATE games SET ended=? WHERE id=?", (ended, gid))])


def test_a_players_finished_games_come_newest_first_a_page_at_a_time(where):
    async def go():
        store = await Store.open(where)
        try:
            ann, _ = await store.new_player("Ann")
            bob, _ = await store.new_player("Bob")
            cat, _ = await store.new_player("Cat")
            for i in range(7):  # Ann plays either colour; g3 unrated, g5 by correspondence
                red, blue = (ann.id, bob.id) if i % 2 else (bob.id, ann.id)
                days = 3 if i == 5 else None
                await finished(store, f"g{i}", red, blue, 1000.0 + i, rated=i != 3, days=days)
            await store.new_game(game("open", ann.id, bob.id))  # not over: on no page

            async def ids(pid, count, skip=0):
                return [g["id"] for g in await store.finished_games_of(pid, count, skip)]

            assert await ids(ann.id, 3) == ["g6", "g5", "g4"]
            assert await ids(ann.id, 3, 3) == ["g3", "g2", "g1"]
            assert await ids(ann.id, 3, 6) == ["g0"]
            assert await ids(ann.id, 3, 9) == []
            assert await ids(bob.id, 10) == [f"g{i}" for i in range(6, -1, -1)]
            assert await ids(cat.id, 10) == []
            (g,) = await store.finished_games_of(ann.id, 1, 1)
            assert g["rated"] is True and g["days"] == 3 and g["ended"] == 1005.0
        finally:
            await store.close()

    run(go())


def test_a_players_page_reads_their_games_by_index_without_a_scan(tmp_path):
    path = tmp_path / "store.db"

    async def make():
        store = await Store.open(path)
        await store.close()

    run(make())
    db = sqlite3.connect(path)
    try:
        plan = " | ".join(
            row[3]
            for row in db.execute(
                "EXPLAIN QUERY PLAN " + FINISHED_OF, ("p", 31, "p", "p", 31, 31, 0)
            )
        )
        assert "SEARCH games USING INDEX games_red_done" in plan, plan
        assert "SEARCH games USING INDEX games_blue_done" in plan, plan
        assert "SCAN games" not in plan, plan
    finally:
        db.close()


def test_the_pages_read_while_the_writer_is_held_up(tmp_path):
    async def go():
        store = await sqlite_store(tmp_path / "store.db")
        await store.new_player("Ann")
        held, release = threading.Event(), threading.Event()

        def hold(_db):
            held.set()
            release.wait(10)

        holding = asyncio.create_task(store.db.call(hold, store.db.db))
        try:
            await asyncio.to_thread(held.wait, 5)
            on_writer = asyncio.create_task(store.player_by_name("Ann"))
            beside = await asyncio.wait_for(store.beside.player_by_name("Ann"), 5)
            assert beside is not None and beside.name == "Ann"
            assert await asyncio.wait_for(store.beside.leaderboard(), 5) == []
            assert not on_writer.done()  # the writer's own queue still waits
        finally:
            release.set()
        await holding
        assert (await on_writer) is not None
        # A write done is seen beside at once.
        await store.new_player("Bob")
        assert (await store.beside.player_by_name("bob")) is not None
        await store.close()

    run(go())


def test_a_players_history_is_paginated_and_its_graph_starts_at_the_page(tmp_path):
    async def go():
        store = await Store.open(tmp_path / "store.db")
        try:
            ann, _ = await store.new_player("Ann")
            bob, _ = await store.new_player("Bob")
            total = history.GRAPH_SPAN + history.GAMES_A_PAGE + 5
            for i in range(total):
                # Every tenth by correspondence, rated apart: not on the graph.
                days = 3 if i % 10 == 0 else None
                await finished(store, f"g{i}", ann.id, bob.id, 1000.0 + i, days=days)
            first = await history.player_summary(store, "ann", 1)
            assert [g["id"] for g in first["games"]][:2] == [f"g{total - 1}", f"g{total - 2}"]
            assert len(first["games"]) == history.GAMES_A_PAGE and first["older"]
            # Ann's rating after each game is its ended time (see finished()).
            drawn = [1000.0 + i for i in range(total - history.GRAPH_SPAN, total) if i % 10]
            assert first["history"] == [drawn[0] - 1, *drawn]
            pages = -(-total // history.GAMES_A_PAGE)
            last = await history.player_summary(store, "ann", pages)
            left = total - (pages - 1) * history.GAMES_A_PAGE
            assert [g["id"] for g in last["games"]] == [f"g{i}" for i in range(left - 1, -1, -1)]
            assert not last["older"]
            drawn = [1000.0 + i for i in range(left) if i % 10]
            assert last["history"] == [drawn[0] - 1, *drawn]
            beyond = await history.player_summary(store, "ann", pages + 1)
            assert beyond["games"] == [] and beyond["history"] == [] and not beyond["older"]
        finally:
            await store.close()

    run(go())


class OnePlayer:
    """A source with one player, who has older games than a page shows."""

    def __init__(self) -> None:
        self.asked: list[int] = []

    async def player_summary(self, name, page):
        self.asked.append(page)
        if name != "Ann":
            return None
        games = [{"id": "g1", "date": "2026", "opponent": "Bob", "outcome": "won", "rating": 1}]
        return {
            "name": "Ann",
            "rating": 1500,
            "rd": 60,
            "rated": 40,
            "history": [],
            "games": games if page < 3 else [],
            "older": page < 2,
        }


def test_a_players_page_takes_a_page_number_and_refuses_anything_else():
    source = OnePlayer()
    pages = Pages(source)  # type: ignore[arg-type]

    def get(target):
        return asyncio.run(pages.route(target))

    first = get("/players/Ann")
    assert first.status == 200 and 'href="/players/Ann?page=2">Older' in first.body
    assert "Newer" not in first.body
    second = get("/players/Ann?page=2")
    assert second.status == 200 and 'href="/players/Ann?page=1">&lsaquo; Newer' in second.body
    assert "Older" not in second.body
    far = get("/players/Ann?page=999999999")
    assert far.status == 200 and "No games on this page" in far.body
    assert source.asked == [1, 2, 999999999]
    for bad in ("abc", "0", "-1", "²", "፩", "1.5", "9" * 5000):
        page = get(f"/players/Ann?page={bad}")
        assert page.status == 400 and "?page= takes a page number" in page.body, bad
    assert source.asked == [1, 2, 999999999]  # a bad page is refused before any read
    assert get("/players/Nobody?page=2").status == 404
    # The web keeps one answer a page: the page number is part of what it keys.
    assert canonical("/players/Ann?page=2&x=1") == "/players/Ann?page=2"
    assert canonical("/players/Ann?x=1") == "/players/Ann"


def test_a_store_in_memory_reads_its_pages_on_its_one_connection():
    async def go():
        store = await Store.open(":memory:")
        try:
            await store.new_player("Ann")
            # A second connection to ":memory:" would be another, empty database.
            assert (await store.beside.player_by_name("ann")) is not None
        finally:
            await store.close()

    run(go())
