"""A server that trusts no client: every hostile or malformed message gets an
error or a closed connection, nobody acts for another player, and the server
goes on serving everyone else."""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import sqlite3
from pathlib import Path

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from game.online import protocol
from game.online.server import Limits
from game.online.session import OnlineError, Session
from tests.helpers import run

from .serving import FakeTime, pair, play_random, serving

ONLINE = Path(__file__).resolve().parents[2] / "game" / "online"


async def closed_with(ws, timeout: float = 5.0) -> int:
    """Read until the server closes the connection; returns the close code."""
    with pytest.raises(ConnectionClosed) as info:
        while True:
            await asyncio.wait_for(ws.recv(), timeout)
    return info.value.rcvd.code if info.value.rcvd else -1


async def still_serves(url: str) -> None:
    sessions, game = await pair(url, side=3)
    f = await play_random(sessions, game, seed=1)
    assert f.over is not None and f.board.is_game_over()


def test_nobody_acts_in_a_game_that_is_not_theirs(tmp_path):
    async def go():
        async with serving(tmp_path / "s.db") as (server, url):
            sessions, game = await pair(url)
            eve = Session(url, "Eve")
            await eve.connect()
            gid = game["id"]
            for kind, fields in [
                ("turn", {"game": gid, "ply": 0, "turn": "d4"}),
                ("resign", {"game": gid}),
                ("abort", {"game": gid}),
            ]:
                await eve.send(kind, **fields)
                with pytest.raises(OnlineError, match="not yours"):
                    await eve.expect("over", timeout=5)
            # Blue cannot play Red's turn either.
            await sessions[1].send("turn", game=gid, ply=0, turn="d4")
            with pytest.raises(OnlineError, match="not your turn"):
                await sessions[1].expect("turn")
            assert server.in_play.tables[gid].turns == []
            assert server.in_play.tables[gid].result is None

    run(go())


def test_a_watcher_can_send_nothing_that_touches_the_game(tmp_path):
    async def go():
        async with serving(tmp_path / "s.db") as (server, url):
            _sessions, game = await pair(url)
            gid = game["id"]
            eve = Session(url, "Eve")
            await eve.connect()
            await eve.send("watch", game=gid)
            await eve.expect("watching")
            table = server.in_play.tables[gid]
            before = table.snapshot()
            for kind, fields in [
                ("turn", {"game": gid, "ply": 0, "turn": "d4"}),
                ("resign", {"game": gid}),
                ("abort", {"game": gid}),
                ("state", {"game": gid}),
            ]:
                await eve.send(kind, **fields)
                with pytest.raises(OnlineError, match="not yours"):
                    await eve.expect("game", timeout=5)
            assert server.in_play.tables[gid] is table and table.snapshot() == before
            assert table.turns == [] and table.result is None
            assert server.spectators.count(gid) == 1

    run(go())


def test_a_token_is_the_only_way_to_be_a_player(tmp_path):
    async def go():
        async with serving(tmp_path / "s.db") as (_server, url):
            ann = Session(url, "Ann")
            await ann.connect()
            db = sqlite3.connect(tmp_path / "s.db")
            row = db.execute("SELECT token_hash FROM players").fetchone()
            db.close()
            assert ann.token not in row[0] and len(row[0]) == 64  # only the hash is kept
            thief = Session(url, "Ann", token="x" * 32)
            with pytest.raises(OnlineError, match="unknown token"):
                await thief.connect()
            again = Session(url, token=ann.token)
            welcome = await again.connect()
            assert welcome["player"]["id"] == ann.player["id"] and "token" not in welcome

    run(go())


def test_the_first_message_must_be_hello_and_come_soon(tmp_path):
    async def go():
        async with serving(tmp_path / "s.db", Limits(hello=0.3, sweep=0.02)) as (_s, url):
            async with connect(url) as ws:
                await ws.send(json.dumps({"type": "seek"}))
                assert json.loads(await ws.recv())["type"] == "error"
                assert await closed_with(ws) == 1008
            async with connect(url) as ws:
                assert await closed_with(ws) == 1008  # said nothing at all
            async with connect(url) as ws:
                await ws.send(json.dumps({"type": "hello", "v": 99, "name": "Old"}))
                assert f"version {protocol.VERSION}" in json.loads(await ws.recv())["reason"]
                assert await closed_with(ws) == 1008
            await still_serves(url)

    run(go())


def test_hostile_messages_get_errors_and_never_crash_the_server(tmp_path):
    hostile = [
        "{",
        "null",
        "[" * 1500 + "]" * 1500,
        '{"type": "turn", "game": "x", "ply": 1e400, "turn": "a1"}',
        '{"type": "turn", "game": "x", "ply": NaN, "turn": "a1"}',
        '{"type": "turn", "game": "x", "ply": ' + "9" * 300 + ', "turn": "a1"}',
        '{"type": "turn", "game": "nosuchgame", "ply": 0, "turn": "a1"}',
        '{"type": "record", "game": "nosuchgame"}',
        '{"type": "join", "code": "ZZZZZZZZZZ"}',
        '{"type": "__class__"}',
        '{"type": "hello", "v": 1, "name": "Again"}',
        '{"type": "seek", "side": 5, "base": 300, "inc": 3, "rated": true, "__proto__": {}}',
    ]

    async def go():
        async with serving(tmp_path / "s.db") as (server, url):
            sessions, game = await pair(url)
            red = sessions[0]
            for raw in hostile:
                await red.ws.send(raw)
                answer = await red.recv(5)
                assert answer["type"] == "error" and answer["reason"], raw[:40]
            # Turns against the rules, each named.
            gid = game["id"]
            for text, rule in [("z9", "z9"), ("xd4", "xd4"), ("d4d5", "d4d5"), ("a" * 400, "...")]:
                await red.send("turn", game=gid, ply=0, turn=text)
                answer = await red.recv(5)
                assert answer["type"] == "error" and rule in answer["reason"], answer
            await red.ws.send(b"\xff\xfe binary")
            assert "text frame" in (await red.recv(5))["reason"]
            assert server.in_play.tables[gid].turns == []
            f = await play_random(sessions, game, seed=2)
            assert f.over is not None

    run(go())


def test_size_rate_and_error_limits_close_the_connection(tmp_path):
    async def go():
        limits = Limits(sweep=0.02, burst=10, rate=5, flood=15, errors=5)
        async with serving(tmp_path / "s.db", limits) as (_server, url):
            big = Session(url, "Big")
            await big.connect()
            await big.ws.send(json.dumps({"type": "ping", "pad": "x" * 5000}))
            assert await closed_with(big.ws) == 1009
            flood = Session(url, "Flood")
            await flood.connect()
            for _ in range(40):
                await flood.ws.send('{"type":"ping"}')
            reasons = []
            with pytest.raises(ConnectionClosed) as info:
                while True:
                    msg = json.loads(await asyncio.wait_for(flood.ws.recv(), 5))
                    reasons.append(msg.get("reason"))
            assert "too many messages: slow down" in reasons
            assert info.value.rcvd.code == 1008
            bad = Session(url, "Bad")
            await bad.connect()
            for _ in range(5):
                await bad.ws.send('{"type":"dance"}')
            assert await closed_with(bad.ws) == 1008
            fresh = Session(url, "Fresh")
            await fresh.connect()
            await fresh.send("ping")
            assert (await fresh.recv(5))["type"] == "pong"

    run(go())


def test_every_message_dropped_for_the_rate_is_told_of_in_few_errors(tmp_path):
    async def go():
        limits = Limits(sweep=0.02, burst=10, rate=5, flood=100)
        async with serving(tmp_path / "s.db", limits) as (_server, url):
            fast = Session(url, "Fast")
            await fast.connect()
            for _ in range(40):
                await fast.ws.send('{"type":"ping"}')
            pongs, errors = 0, []
            with contextlib.suppress(TimeoutError):
                while True:
                    msg = json.loads(await asyncio.wait_for(fast.ws.recv(), 1.5))
                    if msg["type"] == "pong":
                        pongs += 1
                    else:
                        errors.append(msg)
            assert all(e["about"] == "ping" for e in errors), errors
            # Every ping was answered or counted as dropped, in one error a second.
            assert pongs + sum(e["dropped"] for e in errors) == 40, (pongs, errors)
            assert 1 <= len(errors) <= 3

    run(go())


def test_idle_connections_and_a_full_server_are_closed(tmp_path):
    async def go():
        async with serving(tmp_path / "s.db", Limits(idle=0.3, connections=2, sweep=0.02)) as (
            _server,
            url,
        ):
            idle = Session(url, "Idle")
            await idle.connect()
            assert await closed_with(idle.ws) == 1000
            one, two = Session(url, "One"), Session(url, "Two")
            await one.connect()
            await two.connect()
            async with connect(url) as third:
                assert await closed_with(third) == 1013

    run(go())


def test_nothing_online_is_read_with_pickle_or_eval():
    paths = sorted(ONLINE.glob("*.py"))
    assert len(paths) > 10, ONLINE  # the online package is where this test looks
    for path in paths:
        code = path.read_text(encoding="utf-8")
        for word in ("pickle", "eval(", "exec(", "marshal", "shelve"):
            assert not re.search(re.escape(word), code), (path.name, word)


async def refused_hello(url: str, **fields) -> dict:
    """The error a hello gets (the connection is then closed)."""
    async with connect(url) as ws:
        await ws.send(json.dumps({"type": "hello", "v": protocol.VERSION, **fields}))
        answer = json.loads(await ws.recv())
        assert await closed_with(ws) == 1008
    assert answer["type"] == "error", answer
    return answer


def test_names_are_normalised_visible_and_one_players_per_server(tmp_path):
    async def go():
        async with serving(tmp_path / "s.db") as (_server, url):
            ann = Session(url, "Ann")
            await ann.connect()
            # A newcomer cannot take a name, in another case or in full-width letters.
            for name in ("Ann", "aNN", "\uff21\uff4e\uff4e"):
                answer = await refused_hello(url, name=name)
                assert answer["about"] == "hello" and "Another player" in answer["reason"]
            # Invisible names, controls, format characters and a name that grows to
            # 360 characters when normalised are no names.
            for name in ("\u3164\u3164", "\u115f", "Bo\u200bb", "Bob\u202e", "\ufdfa" * 20, "..."):
                answer = await refused_hello(url, name=name)
                assert answer["about"] == "hello" and "field 'name'" in answer["reason"], name
            # Full-width letters are kept as what they look like.
            bob = Session(url, "\uff22\uff4f\uff42")
            assert (await bob.connect())["player"]["name"] == "Bob"
            # A player may change the case of their own name, not take another's.
            again = Session(url, "ANN", token=ann.token)
            assert (await again.connect())["player"]["name"] == "ANN"
            thief = Session(url, "ann", token=bob.token)
            with pytest.raises(OnlineError, match="Another player has the name"):
                await thief.connect()

    run(go())


def test_guessing_challenge_codes_is_limited_across_reconnects_and_players(tmp_path):
    clock = FakeTime()
    wrong = ["Z" * (protocol.CODE_LENGTH - 1) + c for c in protocol.CODE_ALPHABET]

    async def go():
        async with serving(tmp_path / "s.db", clock=clock) as (_server, url):
            ann = Session(url, "Ann")
            await ann.connect()
            await ann.send("challenge", side=4, base=60, inc=0, rated=False)
            code = (await ann.expect("challenge"))["code"]
            assert len(code) == protocol.CODE_LENGTH >= 10
            eve = Session(url, "Eve")
            await eve.connect()
            for guess in wrong[: Limits.join_failures]:
                await eve.send("join", code=guess)
                answer = await eve.recv(5)
                assert answer["about"] == "join" and "no open challenge" in answer["reason"]
            # Again with the same token, and as a new player from the same address:
            # even the right code is refused until the window cools.
            again = Session(url, token=eve.token)
            await again.connect()
            other = Session(url, "Mallory")
            await other.connect()
            for s in (again, other):
                await s.send("join", code=code)
                answer = await s.recv(5)
                assert answer["type"] == "error" and answer["about"] == "join", answer
                assert "too many joins" in answer["reason"]
            clock.now += Limits.join_window + 1
            await other.send("join", code=code)
            assert (await other.expect("game"))["game"]["players"][0]["name"] in ("Ann", "Mallory")

    run(go())
