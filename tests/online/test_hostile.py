"""What a hostile crowd tried (issue 52): one address opening every connection
the server has, every header the server reads sent twice, and a database that
restarts under a pool. Each is refused or said in one line of the log, and the
server goes on serving everyone else."""

from __future__ import annotations

import asyncio
import json
import logging

import pytest
from websockets.asyncio.client import connect

from game.online.limits import Limits
from game.online.protocol import VERSION, request
from game.online.sql import PostgresDatabase, Unreachable
from tests.helpers import run

from .serving import serving
from .test_abuse import closed_with


async def hello(url: str, name: str, **headers: str) -> dict:
    async with connect(url, additional_headers=headers) as ws:
        await ws.send(request("hello", v=VERSION, name=name))
        return json.loads(await asyncio.wait_for(ws.recv(), 5))


def test_one_address_cannot_take_every_connection(tmp_path):
    async def go():
        async with serving(tmp_path / "s.db", Limits(sweep=0.02, address_connections=3)) as (
            server,
            url,
        ):
            crowd = [await connect(url) for _ in range(3)]  # 127.0.0.1, three times
            try:
                one_more = await connect(url)
                assert await closed_with(one_more) == 1013
                assert "your address has 3 connections" in one_more.close_reason
                # Another address (as a proxy on this computer says) is served.
                welcome = await hello(url, "Ann", **{"X-Forwarded-For": "198.51.100.7"})
                assert welcome["type"] == "welcome"
                assert server.transport.tally.refusals["full"] == 1
            finally:
                await crowd.pop().close()
            # One closed, one more may come.
            for _ in range(50):
                if server.transport.per_address._open.get("127.0.0.1") == 2:
                    break
                await asyncio.sleep(0.02)
            assert (await hello(url, "Bob"))["type"] == "welcome"
            for ws in crowd:
                await ws.close()

    run(go())


async def raw(port: int, lines: list[str]) -> tuple[int, bytes]:
    """Sends a request of these lines as they are (headers twice included);
    returns the status and the whole answer."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(("\r\n".join(lines) + "\r\n\r\n").encode())
    await writer.drain()
    answer = await asyncio.wait_for(reader.read(1 << 20), 5)
    writer.close()
    status = int(answer.split(b" ", 2)[1]) if answer.startswith(b"HTTP/1.1 ") else -1
    return status, answer


HANDSHAKE = [
    "Upgrade: websocket",
    "Connection: Upgrade",
    "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==",
    "Sec-WebSocket-Version: 13",
]

#: Each header the server (or the handshake under it) reads, sent twice, and
#: the answers allowed: a clean one, never a 500.
TWICE = {
    "X-Forwarded-For": (["X-Forwarded-For: 192.0.2.1", "X-Forwarded-For: 192.0.2.2"], {200}),
    "If-None-Match": (['If-None-Match: "a"', 'If-None-Match: "b"'], {200}),
    "Upgrade": (["Upgrade: websocket", *HANDSHAKE], {400, 426}),
    "Connection": (["Connection: Upgrade", *HANDSHAKE], {101, 400}),
    "Sec-WebSocket-Key": (["Sec-WebSocket-Key: eHh4eHh4eHh4eHh4eHh4eA==", *HANDSHAKE], {400}),
    "Sec-WebSocket-Version": (["Sec-WebSocket-Version: 13", *HANDSHAKE], {101, 400}),
    "Host": (["Host: other.example"], {200}),
}


@pytest.mark.parametrize("header", sorted(TWICE))
def test_a_header_sent_twice_gets_a_clean_answer_and_one_line_at_most(tmp_path, caplog, header):
    lines, allowed = TWICE[header]
    caplog.set_level(logging.INFO)

    async def go():
        async with serving(tmp_path / "s.db") as (_, url):
            port = int(url.rsplit(":", 1)[1])
            caplog.clear()
            status, answer = await raw(port, ["GET /leaderboard HTTP/1.1", "Host: x", *lines])
            await asyncio.sleep(0.2)  # the handshake's log line, if any
            return status, answer

    status, answer = run(go())
    assert status in allowed, answer[:300]
    # Above the library's line a connection (INFO), what an operator reads.
    said = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert len(said) <= 1, [r.getMessage() for r in said]
    assert not any(r.exc_info or r.stack_info for r in caplog.records)
    assert "Traceback" not in caplog.text


def test_a_doubled_forwarded_for_still_spends_the_addresses_budget(tmp_path):
    """The budget is taken before anything that could fail: a request with its
    X-Forwarded-For twice counts against the last address, the proxy's."""
    limits = Limits(sweep=0.02, http_requests=0.01, http_requests_burst=5)

    async def go():
        async with serving(tmp_path / "s.db", limits) as (_, url):
            port = int(url.rsplit(":", 1)[1])
            doubled = ["X-Forwarded-For: 192.0.2.1", "X-Forwarded-For: 203.0.113.9"]
            statuses = [
                (await raw(port, ["GET /robots.txt HTTP/1.1", "Host: x", *doubled]))[0]
                for _ in range(8)
            ]
            other = await raw(port, ["GET /robots.txt HTTP/1.1", "Host: x", doubled[0]])
            return statuses, other[0]

    statuses, other = run(go())
    assert statuses[:5] == [200] * 5 and set(statuses[5:]) == {429}, statuses
    assert other == 200  # the first entry alone is another address: its own budget


def test_a_database_restart_logs_one_line_an_error_and_no_traceback(dsn, postgres, caplog):
    """asyncpg's pool reconnects the connections it keeps, and logs a traceback
    for each try that fails while the database is away: one line each instead."""
    caplog.set_level(logging.INFO)

    async def go():
        db = await PostgresDatabase.connect(dsn, size=2)
        try:
            await db.fetch("SELECT 1")
            postgres.stop_server()
            try:
                with pytest.raises(Unreachable):
                    await db.fetch("SELECT 1")
                # Until the pool's first try to connect again fails and says so
                # (each later try says the same in the same words).
                for _ in range(200):
                    if any(r.name.startswith("asyncpg") for r in caplog.records):
                        break
                    await asyncio.sleep(0.05)
            finally:
                postgres.start_server()
            for _ in range(50):
                try:
                    await db.fetch("SELECT 1")
                    break
                except Unreachable:
                    await asyncio.sleep(0.1)
        finally:
            await db.close()

    run(go())
    pool = [r for r in caplog.records if r.name.startswith("asyncpg")]
    assert pool, "the pool said nothing of the database being away"
    for r in pool:
        assert r.exc_info is None and "\n" not in r.getMessage(), r.getMessage()
    assert "Traceback" not in caplog.text
