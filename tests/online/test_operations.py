"""What an operator relies on: the health endpoints, the public address in
every link, and the counters scraped in Prometheus's text format."""

from __future__ import annotations

import asyncio
import json
import random
import socket
import subprocess
import sys
import time
import urllib.request

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from game.online import protocol
from game.online.__main__ import main
from game.online.host import LocalServer, site_of
from game.online.server import Limits, Server
from game.online.session import Session
from game.online.store import Store
from game.online.tally import REFUSALS
from game.play.online_game import page_address

from .serving import Answer, ask_now, pair, play_random, serving, start_process


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
            # The server's own clock stands still, so that ten checks spread
            # over more than a second on a loaded machine still fall in one window.
            now = [0.0]
            health = server.web.health
            health.clock = lambda: now[0]
            answers = await asyncio.gather(*(ask(port_of(url), "/ready") for _ in range(10)))
            assert [a.status for a in answers] == [200] * 10
            assert calls == 1
            now[0] += health.fresh
            assert (await ask(port_of(url), "/ready")).status == 200
            assert calls == 2

    run(go())


def test_a_check_between_a_probes_end_and_its_waiters_shares_the_probe():
    """The probe keeps its answer as it ends: a check that comes after it has ended,
    before the checks that waited for it have taken their turn, finds the answer
    instead of starting a second probe (ten checks on a loaded server met that)."""
    from types import SimpleNamespace

    from game.online.health import Health

    calls = 0

    async def fetch(sql: str) -> list[object]:
        nonlocal calls
        calls += 1
        return []

    async def go() -> list[str]:
        store = SimpleNamespace(db=SimpleNamespace(unsaved=None, fetch=fetch))
        health = Health(store, clock=lambda: 0.0)  # type: ignore[arg-type]
        late: list[asyncio.Future[str]] = []
        probe = health._probe

        async def ending() -> str:
            wrong = await probe()
            # A check that arrives as the probe's task ends: its first step comes
            # before the waiter's, which goes through the shield's callbacks first.
            asyncio.get_running_loop().call_soon(
                lambda: late.append(asyncio.ensure_future(health.wrong()))
            )
            return wrong

        health._probe = ending  # type: ignore[method-assign]
        first = await health.wrong()
        return [first, await late[0]]

    assert run(go()) == ["", ""]
    assert calls == 1


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
    # A scripted tour seats its players by a seeded chance (each run plays the
    # same games: a Normal and a Large run are compared text by text).
    seats = random.Random(5)
    host = LocalServer(tmp_path / "hosted.db", host="127.0.0.1", port=0, rng=seats)
    port = host.start()
    try:
        assert host.server is not None and host.server.in_play.rng is seats

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


def test_a_bad_metrics_address_is_refused_plainly(capsys):
    with pytest.raises(SystemExit) as e:
        main(["--metrics", "localhost:ninety"])
    assert e.value.code == 2
    assert "give HOST:PORT, such as 127.0.0.1:9108" in capsys.readouterr().err


def test_the_public_address_may_come_from_the_environment(monkeypatch, capsys):
    monkeypatch.setenv("MOSAIC_PUBLIC_URL", "not an address")
    with pytest.raises(SystemExit):
        main([])
    assert "'not an address' is not a web address" in capsys.readouterr().err


# -- the counters -------------------------------------------------------------------------
def scrape(port: int) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    from prometheus_client.parser import text_string_to_metric_families

    with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=10) as r:
        assert r.headers["Content-Type"].startswith("text/plain; version=0.0.4")
        text = r.read().decode()
    return {
        (s.name, tuple(sorted(s.labels.items()))): s.value
        for family in text_string_to_metric_families(text)
        for s in family.samples
    }


def test_the_counters_in_prometheus_text_format(tmp_path):
    pytest.importorskip("prometheus_client", reason="the server extra is not installed")
    from game.online import metrics

    async def go():
        # One page with a body an address, then a 429.
        limits = Limits(sweep=0.02, http_burst=1, http_rate=0.01)
        async with serving(tmp_path / "s.db", limits) as (server, url):
            exposed = metrics.expose(server, "127.0.0.1", 0)
            try:
                before = await asyncio.to_thread(scrape, exposed.port)
                assert before[("mosaic_turns_total", ())] == 0
                for kind in REFUSALS:  # every kind there from the start, at 0
                    assert before[("mosaic_refusals_total", (("kind", kind),))] == 0
                sessions, game = await pair(url)
                f = await play_random(sessions, game, seed=1, turns=6)
                await sessions[0].send("turn", game=game["id"], ply=0, turn="a1")  # out of turn
                assert (await sessions[0].expect("error"))["about"] == "turn"
                late = Session(url, "Cy")
                await late.connect()
                await late.ws.send(protocol.request("ping") + "{")  # type: ignore[union-attr]
                await late.expect("error")
                seen = await asyncio.to_thread(scrape, exposed.port)
                assert seen[("mosaic_turns_total", ())] == len(f.board.turn_stack) >= 6
                assert seen[("mosaic_connections", ())] == 3
                assert seen[("mosaic_players", ())] == 3
                assert seen[("mosaic_games_in_play", (("pace", "live"),))] == 1
                assert seen[("mosaic_games_in_play", (("pace", "correspondence"),))] == 0
                assert seen[("mosaic_refusals_total", (("kind", "message"),))] == 2
                writes = seen[("mosaic_store_seconds_count", (("op", "write"),))]
                assert writes >= 6  # every turn is written before it is announced
                assert seen[("mosaic_store_seconds_sum", (("op", "write"),))] > 0
                assert ("process_cpu_seconds_total", ()) in seen
                async with connect(url) as rude:  # anything but a hello first
                    await rude.send(protocol.request("ping"))
                    assert json.loads(await rude.recv())["about"] == "hello"
                    with pytest.raises(ConnectionClosed):
                        await rude.recv()
                seen = await asyncio.to_thread(scrape, exposed.port)
                assert seen[("mosaic_refusals_total", (("kind", "hello"),))] == 1
                # Never on the public port.
                assert (await ask(port_of(url), "/metrics")).status == 404
                assert (await ask(port_of(url), "/leaderboard")).status == 429
                seen = await asyncio.to_thread(scrape, exposed.port)
                assert seen[("mosaic_refusals_total", (("kind", "http"),))] == 1
            finally:
                exposed.close()

    run(go())


def test_the_counters_are_off_unless_asked_for_and_a_taken_port_is_said_plainly(tmp_path):
    """Without --metrics nothing listens but the game's port; with a port in use
    the server says which, and stops."""
    proc, url = start_process(tmp_path / "s.db")
    try:
        assert (ask_now(port_of(url), "/metrics")).status == 404
    finally:
        proc.kill()
        proc.wait()
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = subprocess.run(
            [sys.executable, "-m", "game.online", "--port", "0", "--db", str(tmp_path / "t.db"),
             "--metrics", f"127.0.0.1:{port}"],
            check=False, capture_output=True, text=True, timeout=60,
        )  # fmt: skip
    assert done.returncode == 2
    assert f"cannot serve the counters on 127.0.0.1:{port}" in done.stderr
    assert "Traceback" not in done.stderr
