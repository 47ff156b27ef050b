"""What an operator relies on: the health endpoints a proxy or a supervisor asks,
and the public address in every link the server gives out."""

from __future__ import annotations

import asyncio
import time

import pytest

from game.online.__main__ import main
from game.online.host import LocalServer, site_of
from game.online.server import Limits, Server
from game.online.session import Session
from game.online.store import Store
from game.play.online_game import page_address

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


# -- the public address -----------------------------------------------------------------
def test_the_welcome_gives_the_public_address_and_share_uses_it(tmp_path):
    async def go():
        async with serving(tmp_path / "s.db") as (server, url):
            plain = await Session(url, "Ann").connect()
            assert "site" not in plain  # where they connect is where the pages are
            server.public = "https://mosaic.example.org"
            welcome = await Session(url, "Bob").connect()
            assert welcome["site"] == "https://mosaic.example.org"
            shared = page_address(url, "g7", welcome.get("site"))
            assert shared == "https://mosaic.example.org/games/g7"

    run(go())


def test_a_game_hosted_from_the_client_shares_the_address_its_friends_reach(tmp_path):
    """Share gave http://127.0.0.1:8765/games/... while the lobby told friends
    192.0.2.2:8765: the hosted server now gives out the lobby's address."""
    # Loopback only on a shared machine: the address friends use on 0.0.0.0 is
    # site_of's, checked with the addresses it would find.
    assert site_of("0.0.0.0", 8765, lambda: ["192.0.2.2"]) == "http://192.0.2.2:8765"
    host = LocalServer(tmp_path / "hosted.db", host="127.0.0.1", port=0)
    port = host.start()
    try:

        async def hello():
            return await Session(f"ws://127.0.0.1:{port}", "Ann").connect()

        welcome = run(hello())
        assert welcome["site"] == site_of("127.0.0.1", port) == f"http://127.0.0.1:{port}"
    finally:
        host.stop()


@pytest.mark.parametrize(
    ("given", "shown"),
    [
        ("mosaic.example.org", "is not a web address"),
        ("ftp://mosaic.example.org", "is not a web address"),
        ("https://mosaic.example.org/?x=1", "is not a web address"),
        ("https://mosaic.example.org:http", "is not a web address"),
    ],
)
def test_a_bad_public_address_is_refused_plainly(given, shown, capsys):
    with pytest.raises(SystemExit) as e:
        main(["--public", given])
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert "argument --public" in err and shown in err and "Traceback" not in err


def test_the_public_address_may_come_from_the_environment(monkeypatch, capsys):
    monkeypatch.setenv("MOSAIC_PUBLIC_URL", "not an address")
    with pytest.raises(SystemExit):
        main([])
    assert "'not an address' is not a web address" in capsys.readouterr().err
