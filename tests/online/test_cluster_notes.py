"""The cluster's notes of any size, and the store's fence between two copies of
a game. PostgreSQL is started by the tests (see :mod:`.postgres`)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import time

import pytest

from game.online import channel
from game.online.channel import PART, Parts, cut, decode
from game.online.limits import Limits
from game.online.server import Server
from game.online.session import Session
from game.online.sql import Fenced
from game.online.store import Store, StoredGame
from game.rules import Board
from tests.helpers import run

from .serving import Follower
from .test_cluster import play, seek_across, texts


def test_a_note_of_any_size_is_cut_into_notifications_postgresql_takes():
    head = {"from": "a", "to": "*"}
    # Quotes, backslashes and characters past ASCII all grow when escaped.
    body = {"kind": "tell", "text": '"\\名人' * 5000 + "é" * 3000}
    text = json.dumps(head | body)
    sent = cut(text, head)
    assert len(sent) > 1
    assert all(len(s.encode()) <= PART for s in sent)
    parts = Parts()
    heard = [decode(s, parts) for s in reversed(sent)]  # in any order
    assert heard[:-1] == [None] * (len(sent) - 1) and heard[-1] == head | body
    assert parts.waiting == {}


def test_the_parts_of_a_note_that_never_completes_are_forgotten():
    now = [0.0]
    parts = Parts(lambda: now[0])
    head = {"from": "a", "to": "*"}
    first, *_ = cut(json.dumps(head | {"kind": "tell", "text": "x" * 20000}), head)
    assert decode(first, parts) is None and len(parts.waiting) == 1
    now[0] = 61.0
    assert decode(cut(json.dumps(head | {"kind": "hello"}), head)[0], parts) is not None
    decode(cut(json.dumps(head | {"kind": "t", "text": "y" * 9000}), head)[0], parts)
    assert len(parts.waiting) == 1, "the old note's parts are gone, the new one's kept"


def test_a_200_game_correspondence_list_with_cjk_names_is_relayed(dsn):
    """Ann, on process B, has 200 correspondence games that process A plays,
    against opponents with Japanese names. A turn on A sends her list across:
    about 60 kB of JSON, cut into notifications (before, the parts grew past
    PostgreSQL's 8000 bytes once escaped, and the list never arrived)."""

    async def go():
        store = await Store.open(dsn)
        ann, ann_token = await store.new_player("Ann")
        opponents = []
        for i in range(200):
            opponents.append(await store.new_player(f"名人「{i}」の弟子"))
        now = time.time()
        for i, (p, _) in enumerate(opponents):
            await store.new_game(
                StoredGame(
                    f"g{i}", 4, 0, 0, False, (p.id, ann.id), (p.name, "Ann"), (1500.0, 1500.0),
                    (10, 10), [], now, days=3, since=now,
                )
            )  # fmt: skip
        limits = Limits(postal_games=500, sweep=0.05)
        async with two_servers(dsn, limits) as (servers, urls):
            a, _b = servers
            assert len(a.in_play.tables) == 200  # A started first and took them all
            you = Session(urls[1], token=ann_token)
            await you.connect()
            assert len((await you.expect("correspondence"))["games"]) == 200
            while not a.connections.online(ann.id):  # A has heard she is on B
                await asyncio.sleep(0.05)
            red = Session(urls[0], token=opponents[0][1])
            await red.connect()
            turn = Board(size=4).notation(Board(size=4).legal_turns()[0])
            await red.send("turn", game="g0", ply=0, turn=turn)
            listed = (await you.expect("correspondence"))["games"]
            assert len(listed) == 200
            assert {g["opponent"] for g in listed} == {p.name for p, _ in opponents}
            assert [g["turns"] for g in listed if g["id"] == "g0"] == [1]
            await you.close()
            await red.close()
        await store.close()

    run(go())


@contextlib.asynccontextmanager
async def two_servers(dsn: str, limits: Limits):
    """Two server processes' parts in this one, on the same database: the
    servers and their URLs."""
    servers, tasks, urls = [], [], []
    try:
        for _ in range(2):
            server = Server(await Store.open(dsn), limits)
            server.join_cluster(dsn)
            started = asyncio.get_running_loop().create_future()
            tasks.append(asyncio.create_task(server.run("127.0.0.1", 0, started)))
            urls.append(f"ws://127.0.0.1:{await asyncio.wait_for(started, 10)}")
            servers.append(server)
        yield servers, urls
    finally:
        for task in tasks:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        for server in servers:
            await server.store.close()


def test_a_process_thought_dead_lets_its_games_go_and_passes_their_turns_on(dsn):
    """B takes A's game while A lives (as after an outage that cut A off). A's
    copy must stop: a turn sent to A is played once, by B, and both players
    hear it (before, both copies played on and the store took both)."""

    async def go():
        async with two_servers(dsn, Limits(sweep=0.05)) as ((a, b), (url_a, url_b)):
            sessions, game, _ = await seek_across(url_a, url_b)
            gid = game["id"]
            assert gid in a.in_play.tables  # Ann's seek, on A: A plays it
            followers = {c: Follower(Board(size=4)) for c in (0, 1)}
            await play(sessions, followers, gid, 1, random.Random(5))
            assert await b.cluster.adopt(a.cluster.me) == 1
            while gid in a.in_play.tables:  # A hears it, and lets its copy go
                await asyncio.sleep(0.02)
            await play(sessions, followers, gid, 3, random.Random(6))
            assert gid in b.in_play.tables and gid not in a.in_play.tables
            row = await a.store.game_row(gid)
            assert row["turns"] == texts(followers[0].board)

    run(go())


def test_a_turn_passed_on_while_the_hosts_channel_was_down_is_played_once_it_is_back(
    dsn, monkeypatch
):
    """Bob, on B, plays a turn of the game A hosts just as A's listening
    connection drops: the notification is lost. Before, the turn vanished while
    Bob's clock ran; now B sends it again when A says hello on coming back."""
    monkeypatch.setattr(channel, "BACKOFF", (0.5, 5.0))

    async def go():
        # B looks for the dead every 2 s: A, back in 0.5 s, keeps its lock and game.
        limits = Limits(sweep=0.05, cluster_check=2.0)
        async with two_servers(dsn, limits) as ((a, _), (url_a, url_b)):
            sessions, game, where = await seek_across(url_a, url_b)
            gid = game["id"]
            bob = next(c for c, s in sessions.items() if where[s] == url_b)
            followers = {c: Follower(Board(size=4)) for c in (0, 1)}
            rng = random.Random(7)
            if bob != 0:  # Ann, on A, plays first
                await play(sessions, followers, gid, 1, rng)
            a.cluster.channel._listener.terminate()
            while a.cluster.channel.up_since is not None:
                await asyncio.sleep(0.01)
            board = followers[0].board
            turn = board.notation(rng.choice(board.legal_turns()))
            await sessions[bob].send("turn", game=gid, ply=len(board.turn_stack), turn=turn)
            for color in (0, 1):
                await followers[color].follow(sessions[color], timeout=10)
            assert turn in texts(followers[0].board)
            assert (await a.store.game_row(gid))["turns"] == texts(followers[1].board)
            assert gid in a.in_play.tables, "A kept its game: its lock was back in time"

    run(go())


def test_a_stale_copy_of_a_game_cannot_write_once_another_process_took_it(tmp_path):
    async def go():
        store = await Store.open(tmp_path / "store.db")
        ann, _ = await store.new_player("Ann")
        bob, _ = await store.new_player("Bob")
        game = StoredGame(
            "g", 4, 60, 0, True, (ann.id, bob.id), ("Ann", "Bob"), (1500.0, 1500.0),
            (60_000, 60_000), [], time.time(), host="A",
        )  # fmt: skip
        await store.new_game(game)
        await store.add_turns("g", 0, ["e5"], [1, 2], epoch=0)
        (taken,) = await store.adopt("A", "B")  # A was thought dead: B has it now
        assert taken.epoch == 1 and taken.turns == ["e5"]
        with pytest.raises(Fenced):  # A's copy plays on: refused
            await store.add_turns("g", 1, ["d4"], [1, 2], epoch=0)
        with pytest.raises(Fenced):
            await store.finish("g", "red", "resigned", [1, 2], epoch=0)
        await store.add_turns("g", 1, ["c3"], [1, 2], epoch=1)
        assert await store.owned("B") == {"g": 1} and await store.owned("A") == {}
        await store.finish("g", "blue", "resigned", [1, 2], epoch=1)
        with pytest.raises(Fenced):  # a game ends once
            await store.finish("g", "red", "resigned", [1, 2], epoch=1)
        row = await store.game_row("g")
        await store.close()
        return row

    row = asyncio.run(go())
    assert row["turns"] == ["e5", "c3"] and row["result"] == "blue"
