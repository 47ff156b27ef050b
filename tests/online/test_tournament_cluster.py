"""A 16-player Swiss (14 scripted players, 2 bots) on two server processes
sharing one PostgreSQL, which restarts in the middle: made by the operator's
command, played to its end, the same standings heard on both processes and
shown on both processes' web pages."""

from __future__ import annotations

import asyncio
import subprocess
import sys
import time

import pytest

from game.online.store import Store
from game.online.tournament_store import TournamentStore
from game.online.tournaments import view

from .serving import start_process
from .test_cluster import run_then_stop
from .tourney_checks import all_heard, check_swiss, page_standings, standings_shown, until_over
from .tourney_players import Bots, Scripted


def make_tournament(dsn: str) -> str:
    """The operator's command, as a deployment runs it."""
    out = subprocess.run(
        [sys.executable, "-m", "game.online.tournament_cli", "--db", dsn, "create",
         "--name", "Cluster Swiss", "--kind", "swiss", "--rounds", "4", "--side", "3",
         "--base", "15", "--inc", "0", "--casual", "--in", "0.05", "--provisional", "16"],
        check=True, capture_output=True, text=True, timeout=60,
    ).stdout  # fmt: skip
    assert out.startswith("made "), out
    return out.split()[1]


@pytest.mark.slow
def test_a_swiss_on_two_processes_outlives_a_database_restart(dsn, postgres):
    a, url_a = start_process(dsn, 0, 300.0)
    b, url_b = start_process(dsn, 0, 300.0)

    async def go():
        tid = make_tournament(dsn)
        players = [
            Scripted(url_a if i % 2 else url_b, f"Player {i}", tid, seed=i) for i in range(14)
        ]
        bots = Bots()
        store = await Store.open(dsn)
        try:
            for p in players:
                await p.start()
            await bots.start(url_a, tid, 1)
            await bots.start(url_b, tid, 1, first=1)
            db = TournamentStore(store.db)
            while (t := await db.get(tid)) is not None and t.round < 2:
                await asyncio.sleep(0.1)
            t0 = time.monotonic()
            await asyncio.to_thread(postgres.restart)
            snap = await until_over(store, tid)
            print("after the restart", time.monotonic() - t0)
            check_swiss(snap)
            assert len(snap.games) == 32 and snap.tournament.round == 4, [
                (p.name, p.errors) for p in players if p.errors
            ] + [snap.byes, [g.round for g in snap.games]]
            # Both processes' players heard the final standings, the same.
            final = view(snap, time.time())
            await all_heard(players, final)
            # Both processes' web pages show that table.
            for url in (url_a, url_b):
                assert (await page_standings(url, tid))[0] == standings_shown(final)
        finally:
            for p in players:
                await p.stop()
            await bots.stop()
            await store.close()

    run_then_stop(go(), 240, a, b)
