"""Spectators a flood cannot use against a game: seats per address, the count
of watchers told at most about once a second, and in a cluster one message per
process per turn, whatever the number of watchers there."""

from __future__ import annotations

import asyncio
import contextlib

import pytest

from game.online.limits import Limits
from game.online.session import Refused, Session
from game.rules import Board
from tests.helpers import run

from .serving import pair, serving
from .test_cluster import seek_across
from .test_cluster_notes import two_servers


def test_one_address_takes_only_a_few_seats_of_a_game(tmp_path):
    async def go():
        limits = Limits(sweep=0.02, address_watchers=2)
        async with serving(tmp_path / "s.db", limits) as (_, url):
            _, game = await pair(url)
            watchers = [Session(url, f"Cat {i}") for i in range(3)]
            for w in watchers:
                await w.connect()
            for w in watchers[:2]:
                await w.send("watch", game=game["id"])
                await w.expect("watching")
            await watchers[2].send("watch", game=game["id"])
            with pytest.raises(Refused, match="your address has 2 watchers of that game"):
                await watchers[2].expect("watching")
            # A seat given back is free again.
            await watchers[0].send("unwatch", game=game["id"])
            await watchers[0].expect("unwatched")
            await watchers[2].send("watch", game=game["id"])
            assert (await watchers[2].expect("watching"))["watchers"] == 2

    run(go())


async def counts_heard(session: Session, seconds: float) -> list[int]:
    """The watcher counts a player hears in the next ``seconds``."""
    heard: list[int] = []
    loop = asyncio.get_running_loop()
    end = loop.time() + seconds
    with contextlib.suppress(TimeoutError):
        while (left := end - loop.time()) > 0:
            msg = await session.recv(left)
            if msg["type"] == "watchers":
                heard.append(msg["count"])
    return heard


def test_watching_on_and_off_does_not_flood_the_players(tmp_path):
    async def go():
        async with serving(tmp_path / "s.db") as (_, url):
            sessions, game = await pair(url)
            cat = Session(url, "Cat")
            await cat.connect()
            for _ in range(15):  # 30 messages: within the burst a connection may send
                await cat.send("watch", game=game["id"])
                await cat.expect("watching")
                await cat.send("unwatch", game=game["id"])
                await cat.expect("unwatched")
            heard = await counts_heard(sessions[0], 1.5)
            # The first at once, then at most one a second, the last one true.
            assert 1 <= len(heard) <= 3 and heard[-1] == 0, heard

    run(go())


def test_a_turn_reaches_another_processs_watchers_in_one_message(dsn):
    async def go():
        limits = Limits(sweep=0.05, signups=100)
        async with two_servers(dsn, limits) as ((a, _), (url_a, url_b)):
            sessions, game, _ = await seek_across(url_a, url_b)
            gid = game["id"]
            assert gid in a.in_play.tables
            watchers = [Session(url_b, f"Cat {i}") for i in range(10)]
            for w in watchers:
                await w.connect()
                await w.send("watch", game=gid)
                await w.expect("watching")
            sent: list[str] = []
            publish = a.cluster.publish

            def counted(to, kind, **fields):
                sent.append(kind)
                publish(to, kind, **fields)

            a.cluster.publish = counted
            board = Board(size=4)
            turn = board.notation(board.legal_turns()[0])
            await sessions[0].send("turn", game=gid, ply=0, turn=turn)
            for w in watchers:
                assert (await w.expect("turn"))["turn"] == turn
            assert sent.count("replies") == 1 and "reply" not in sent, sent

    run(go())
