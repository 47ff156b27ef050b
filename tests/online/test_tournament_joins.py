"""Players who join a tournament at the same moment cannot take it past its
caps: the provisional players' cap (so throwaway accounts cannot fill it) and
its players at most, on one process (SQLite) and on two processes sharing one
PostgreSQL. Before, each join counted the entrants, then joined: joins that
counted before any of them had joined all passed."""

from __future__ import annotations

import asyncio
import time

from game.online.limits import Limits
from game.online.session import Session
from game.online.store import Store
from game.online.tournament_rules import SWISS
from game.online.tournament_store import Tournament, TournamentStore

from .serving import serving, start_process
from .test_cluster import run_then_stop
from .test_tournaments import run

#: Players who try at once; every one is new, so provisional.
CROWD = 10


def swiss(**caps: int) -> Tournament:
    return Tournament("", "Rush", SWISS, 3, 60, 0, False, time.time() + 3600, rounds=3, **caps)


async def rush(urls: list[str], tid: str, prefix: str) -> list[str]:
    """:data:`CROWD` new players, spread over ``urls``, each connected, then all
    asking to join at once; what each heard (``entered`` or the refusal)."""
    sessions = [Session(urls[i % len(urls)], f"{prefix} {i}") for i in range(CROWD)]
    try:
        for s in sessions:
            await s.connect()
        await asyncio.gather(*(s.send("enter", tournament=tid) for s in sessions))

        async def heard(s: Session) -> str:
            while True:
                msg = await s.recv(30)
                if msg["type"] == "error":
                    return str(msg["reason"])
                if msg["type"] == "standings" and msg["tournament"]["you"]["entered"]:
                    return "entered"

        return list(await asyncio.gather(*(heard(s) for s in sessions)))
    finally:
        for s in sessions:
            await s.close()


async def check(db: TournamentStore, urls: list[str]) -> None:
    few = await db.create(swiss(provisional=3))
    said = await rush(urls, few.id, "New")
    assert said.count("entered") == 3, said
    assert all("provisional" in s for s in said if s != "entered"), said
    assert await db.counts(few.id) == (3, 3)
    small = await db.create(swiss(provisional=CROWD, most=4))
    said = await rush(urls, small.id, "Newer")
    assert said.count("entered") == 4, said
    assert all("full" in s for s in said if s != "entered"), said
    assert (await db.counts(small.id))[0] == 4


def test_simultaneous_joins_keep_the_caps_on_one_process(tmp_path):
    async def go():
        async with serving(tmp_path / "s.db", Limits(sweep=0.02, signups=0)) as (server, url):
            await check(server.tournaments.db, [url])

    run(go())


def test_simultaneous_joins_keep_the_caps_on_two_processes(dsn):
    a, url_a = start_process(dsn, 0, 300.0)
    b, url_b = start_process(dsn, 0, 300.0)

    async def go():
        store = await Store.open(dsn)
        try:
            await check(TournamentStore(store.db), [url_a, url_b])
        finally:
            await store.close()

    run_then_stop(go(), 120, a, b)
