"""What an operator relies on: the health endpoints a proxy or a supervisor asks."""

from __future__ import annotations

import asyncio
import time

from game.online.server import Limits, Server
from game.online.store import Store

from .serving import Answer, ask_now, serving


def run(coro, timeout: float = 60):
    return asyncio.run(asyncio.wait_for(coro, timeout))


async def ask(port: int, path: str) -> Answer:
    return await asyncio.to_thread(ask_now, port, path)


def port_of(url: str) -> int:
    return int(url.rsplit(":", 1)[1])


# -- health ---------------------------------------------------------------------------
def test_health_is_live_and_ready_says_not_ready_while_the_sqlite_writer_is_stuck(tmp_path):
    async def go():
        async with serving(tmp_path / "s.db") as (server, url):
            health = server.web.health
            health.timeout, health.fresh = 0.3, 0.0
            port = port_of(url)
            live, ready = await ask(port, "/health"), await ask(port, "/ready")
            assert (live.status, live.text) == (200, "alive\n")
            assert (ready.status, ready.text) == (200, "ready\n")
            assert ready.headers["cache-control"] == "no-store"
            assert ready.headers["content-security-policy"]  # the headers every answer has
            # A disk that hangs holds the writer thread, and every store call behind it.
            stuck = asyncio.ensure_future(server.store.db.call(time.sleep, 1.0))  # type: ignore[attr-defined]
            await asyncio.sleep(0.05)
            ready = await ask(port, "/ready")
            assert ready.status == 503
            assert ready.text == "not ready: the store did not answer within 0.3 s\n"
            assert (await ask(port, "/health")).status == 200  # alive all the same
            await stuck
            assert (await ask(port, "/ready")).status == 200

    run(go())


def test_ready_checks_share_one_probe_a_second(tmp_path):
    async def go():
        async with serving(tmp_path / "s.db") as (server, url):
            calls = 0
            fetch = server.store.db.fetch

            async def counted(sql, *args):
                nonlocal calls
                calls += sql == "SELECT 1"
                return await fetch(sql, *args)

            server.store.db.fetch = counted  # type: ignore[method-assign]
            answers = await asyncio.gather(*(ask(port_of(url), "/ready") for _ in range(10)))
            assert [a.status for a in answers] == [200] * 10
            assert calls == 1

    run(go())


def test_ready_says_not_ready_while_postgresql_is_stopped(tmp_path, dsn, postgres):
    async def go():
        store = await Store.open(dsn)
        server = Server(store, Limits(sweep=0.05))
        server.web.health.timeout, server.web.health.fresh = 2.0, 0.0
        started = asyncio.get_running_loop().create_future()
        task = asyncio.create_task(server.run("127.0.0.1", 0, started))
        port = await asyncio.wait_for(started, 10)
        try:
            assert (await ask(port, "/ready")).status == 200
            await asyncio.to_thread(postgres.stop_server)
            try:
                answer = await ask(port, "/ready")
                assert answer.status == 503 and answer.text.startswith("not ready: the store")
                assert (await ask(port, "/health")).status == 200
            finally:
                await asyncio.to_thread(postgres.start_server)
            for _ in range(50):  # the pool connects again
                if (await ask(port, "/ready")).status == 200:
                    break
                await asyncio.sleep(0.2)
            else:
                raise AssertionError("still not ready after PostgreSQL came back")
        finally:
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)
            await store.close()

    run(go(), 120)
