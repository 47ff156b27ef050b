"""The server on the loopback address, driven by real WebSocket clients: lobby,
challenges, rated games with clocks, reconnection, records and the bot."""

from __future__ import annotations

import asyncio
import contextlib
import json
import sqlite3
import urllib.error
import urllib.request

import pytest

from game.ai.levels import level
from game.online import protocol
from game.online.bot import Bot
from game.online.server import Limits, Server
from game.online.session import OnlineError, Session
from tests.helpers import run

from .serving import FakeTime, Follower, count_reads, pair, play_random, serving


def test_every_message_a_client_may_send_has_a_handler_and_no_other_does():
    server = Server(store=None)  # the store is not touched before the server runs
    assert server.handlers.keys() == protocol.CLIENT.keys()


def test_each_handler_reads_the_message_of_its_own_type():
    # The table of handlers is by type, which the type checker cannot follow.
    import typing

    server = Server(store=None)
    assert set(server.handlers) == set(protocol.CLIENT)
    for kind, handler in server.handlers.items():
        hint = typing.get_type_hints(handler)["msg"]
        takes = typing.get_args(hint) or (hint,)
        assert protocol.CLIENT[kind].cls in takes, (kind, hint)


def test_a_rated_game_by_challenge_code_rates_both_and_is_kept(tmp_path):
    async def go():
        async with serving(tmp_path / "s.db") as (server, url):
            sessions, game = await pair(url)
            f = await play_random(sessions, game, seed=3)
            over = f.over
            assert over["result"] == f.board.result()
            assert over["reason"] == "neither player can move"
            winner = over["result"]
            ratings = over["ratings"]
            assert winner in ("red", "blue"), over  # seed 3's random game has a winner
            loser = "blue" if winner == "red" else "red"
            assert ratings[winner]["after"] > ratings[winner]["before"] == 1500
            assert ratings[loser]["after"] < ratings[loser]["before"] == 1500
            # The other player saw the same game.
            other = Follower(type(f.board)(size=4))
            while other.over is None:
                await other.follow(sessions[1])
            assert other.board == f.board
            # The record, by message and over plain HTTP, replays to the same position.
            await sessions[0].send("record", game=game["id"])
            record = (await sessions[0].expect("record"))["record"]
            assert record["turns"] == [f.board.notation(t) for t in f.board.turn_stack]
            assert record["result"] == winner and record["online"]["rated"] is True
            port = url.rsplit(":", 1)[1]
            http = f"http://127.0.0.1:{port}/games/{game['id']}.json"
            body = await asyncio.to_thread(lambda: urllib.request.urlopen(http).read())
            assert json.loads(body) == record
            await sessions[1].send("leaderboard")
            board = (await sessions[1].expect("leaderboard"))["players"]
            assert board == []  # one game leaves both ratings provisional: unranked
            assert server.in_play.tables == {}

    run(go())


def test_lobby_lists_seeks_and_accepting_one_starts_the_game(tmp_path):
    async def go():
        async with serving(tmp_path / "s.db") as (_server, url):
            ann, bob, cat = Session(url, "Ann"), Session(url, "Bob"), Session(url, "Cat")
            for s in (ann, bob, cat):
                await s.connect()
            await bob.send("lobby")
            assert (await bob.expect("lobby"))["seeks"] == []
            await ann.send("seek", side=5, base=300, inc=3, rated=False)
            seek = (await ann.expect("seeking"))["seek"]
            change = await bob.expect("seeks")
            assert change == {"type": "seeks", "added": [seek], "removed": []}
            assert seek["name"] == "Ann" and seek["side"] == 5
            await ann.send("accept", seek=seek["id"])
            with pytest.raises(OnlineError, match="your own"):
                await ann.expect("game")
            await cat.send("cancel", seek=seek["id"])
            with pytest.raises(OnlineError, match="no open seek"):
                await cat.expect("cancelled")
            await bob.send("accept", seek=seek["id"])
            g = (await bob.expect("game"))["game"]
            assert (await ann.expect("game"))["game"]["id"] == g["id"]
            assert g["rated"] is False and g["clocks"] == [300_000, 300_000]
            await cat.send("lobby")
            assert (await cat.expect("lobby"))["seeks"] == []
            await cat.send("accept", seek=seek["id"])
            with pytest.raises(OnlineError, match="no longer open"):
                await cat.expect("game")
            # Aborted before the first turn: nobody is rated.
            await ann.send("abort", game=g["id"])
            over = await bob.expect("over")
            assert over["result"] == "aborted" and "ratings" not in over

    run(go())


def test_a_player_may_keep_only_a_few_seeks_open(tmp_path):
    async def go():
        async with serving(tmp_path / "s.db") as (_server, url):
            ann = Session(url, "Ann")
            await ann.connect()
            for _ in range(Limits.seeks):
                await ann.send("seek", side=4, base=60, inc=0, rated=True)
                await ann.expect("seeking")
            await ann.send("challenge", side=4, base=60, inc=0, rated=True)
            with pytest.raises(OnlineError, match="at most 3 open seeks"):
                await ann.expect("challenge")

    run(go())


def test_clocks_flag_falls_and_the_flagged_player_loses(tmp_path):
    clock = FakeTime()

    async def go():
        async with serving(tmp_path / "s.db", clock=clock) as (_server, url):
            sessions, game = await pair(url, base=15, inc=2)
            clock.now += 4
            await sessions[0].send("turn", game=game["id"], ply=0, turn="d4")
            msg = await sessions[1].expect("turn")
            assert msg["clocks"] == [13_000, 15_000]
            # Each side plays a turn, so the flag loses rather than aborts.
            await sessions[1].send("turn", game=game["id"], ply=1, turn="a1")
            await sessions[0].send("turn", game=game["id"], ply=2, turn="a2")
            while (msg := await sessions[1].expect("turn"))["ply"] < 2:
                pass
            assert msg["clocks"] == [15_000, 17_000]
            clock.now += 18  # Blue thinks too long
            over = await sessions[0].expect("over")
            assert (over["result"], over["reason"]) == ("red", "blue ran out of time")
            assert over["ratings"]["red"]["after"] > 1500

    run(go())


def test_a_dropped_player_gets_the_whole_game_back_and_the_opponent_is_told(tmp_path):
    clock = FakeTime()

    async def go():
        async with serving(tmp_path / "s.db", Limits(sweep=0.02, grace=30), clock) as (
            _server,
            url,
        ):
            sessions, game = await pair(url, base=600)
            f = await play_random(sessions, game, seed=5, turns=6)
            blue = sessions[1]
            token = blue.token
            await blue.close()
            gone = await sessions[0].expect("presence")
            assert (gone["color"], gone["connected"]) == (1, False)
            clock.now += 20  # within the grace period
            back = Session(url, token=token)
            await back.connect()
            state = (await back.expect("game"))["game"]
            assert state["id"] == game["id"] and state["you"] == 1
            assert state["turns"] == [f.board.notation(t) for t in f.board.turn_stack]
            assert (await sessions[0].expect("presence"))["connected"] is True
            # Gone again, for longer than the grace period: the game is lost.
            await back.close()
            await sessions[0].expect("presence")
            clock.now += 31
            over = await sessions[0].expect("over")
            assert (over["result"], over["reason"]) == ("red", "blue left the game")

    run(go())


def test_the_bot_plays_a_whole_game_against_a_person(tmp_path):
    async def go():
        async with serving(tmp_path / "s.db") as (_server, url):
            bot_session = Session(url, "Beginner bot")
            await bot_session.connect()
            bot = Bot(bot_session, level("Beginner"), side=3, base=60, inc=0, rated=True)
            bot_task = asyncio.create_task(bot.play(stop_after=1))
            ann = Session(url, "Ann")
            await ann.connect()
            await ann.send("lobby")
            # The bot opens its seek when its own lobby answer comes: before Ann's
            # whole list or after it, as a change ("seeks", added).
            seeks: list = []
            while not seeks:
                msg = await ann.recv(10)
                if msg["type"] in ("lobby", "seeks"):
                    seeks = msg["seeks" if msg["type"] == "lobby" else "added"]
            assert seeks[0]["name"] == "Beginner bot"
            await ann.send("accept", seek=seeks[0]["id"])
            game = (await ann.expect("game"))["game"]
            f = Follower(type_board(game))
            me = game["you"]
            while f.over is None:
                if int(f.board.mover) != me:
                    # The bot's turn; when it leaves us no turn, the server plays our
                    # pass and the bot moves again.
                    await f.follow(ann)
                    continue
                turn = f.board.legal_turns()[0]
                await ann.send(
                    "turn",
                    game=game["id"],
                    ply=len(f.board.turn_stack),
                    turn=f.board.notation(turn),
                )
                await f.follow(ann)  # our turn, echoed
            await asyncio.wait_for(bot_task, 10)
            assert bot.finished == 1 and f.board.is_game_over()
            assert f.over["result"] == f.board.result()

    run(go())


def type_board(game):
    from game.rules import Board

    return Board(size=game["side"])


def test_a_turn_the_store_cannot_keep_is_refused_and_taken_back(tmp_path):
    async def go():
        async with serving(tmp_path / "s.db") as (server, url):
            sessions, game = await pair(url, base=600)
            table = server.in_play.tables[game["id"]]
            keep = server.store.add_turns

            async def full_disk(*args):
                raise sqlite3.OperationalError("database or disk is full")

            server.store.add_turns = full_disk
            await sessions[0].send("turn", game=game["id"], ply=0, turn="d4")
            with pytest.raises(OnlineError, match="could not save that turn"):
                await sessions[0].expect("turn")
            assert table.turns == [] and table.board.turn_stack == []
            assert table.clock.running == 0 and table.result is None
            server.store.add_turns = keep
            await sessions[0].send("turn", game=game["id"], ply=0, turn="d4")
            assert (await sessions[1].expect("turn"))["turn"] == "d4"
            assert (await server.store.game_row(game["id"]))["turns"] == ["d4"]

    run(go())


def test_a_waiting_bot_keeps_its_connection(tmp_path, monkeypatch):
    import game.online.bot as bot_module

    monkeypatch.setattr(bot_module, "PING_EVERY", 0.1)

    async def go():
        async with serving(tmp_path / "s.db", Limits(idle=0.5, sweep=0.02)) as (server, url):
            session = Session(url, "Club bot")
            await session.connect()
            bot = Bot(session, level("Club"))
            task = asyncio.create_task(bot.play())
            await asyncio.sleep(1.5)  # three idle limits with no opponent
            assert not task.done() and len(server.connections) == 1
            task.cancel()

    run(go())


def test_after_a_restart_a_game_nobody_came_back_to_is_aborted_unrated(tmp_path):
    clock = FakeTime()
    limits = Limits(sweep=0.02, grace=30)

    async def go():
        async with serving(tmp_path / "s.db", limits, clock) as (_server, url):
            sessions, game = await pair(url, base=600)
            await play_random(sessions, game, seed=7, turns=4)
        async with serving(tmp_path / "s.db", limits, clock) as (server, url):
            assert game["id"] in server.in_play.tables
            clock.now += 31
            for _ in range(100):
                row = await server.store.game_row(game["id"])
                if row["result"] is not None:
                    break
                await asyncio.sleep(0.02)
            assert (row["result"], row["reason"]) == ("aborted", "neither player came back")
            assert row["ratings"] is None
            for name in ("Ann", "Bob"):
                player = await server.store.player_by_name(name)
                assert player.games == 0 and player.rating.rating == 1500

    run(go())


def test_a_challenge_can_be_cancelled_and_frees_its_place(tmp_path):
    async def go():
        async with serving(tmp_path / "s.db") as (_server, url):
            ann, bob = Session(url, "Ann"), Session(url, "Bob")
            await ann.connect()
            await bob.connect()
            answers = []
            for _ in range(Limits.seeks):
                await ann.send("challenge", side=4, base=60, inc=0, rated=False)
                answers.append(await ann.expect("challenge"))
            first = answers[0]
            await bob.send("cancel", seek=first["seek"])  # not Bob's to cancel
            with pytest.raises(OnlineError, match="no open seek or challenge"):
                await bob.expect("cancelled")
            await ann.send("cancel", seek=first["seek"])
            assert (await ann.expect("cancelled"))["seek"] == first["seek"]
            await ann.send("challenge", side=4, base=60, inc=0, rated=False)
            await ann.expect("challenge")  # the place was free again
            await bob.send("join", code=first["code"])
            with pytest.raises(OnlineError, match="no open challenge has that code"):
                await bob.expect("game")

    run(go())


def test_records_over_http_are_kept_once_finished_and_limited_per_address(tmp_path):
    clock = FakeTime()

    async def go():
        async with serving(tmp_path / "s.db", clock=clock) as (server, url):
            sessions, game = await pair(url, side=3)
            await play_random(sessions, game, seed=4)
            reads = count_reads(server)
            port = url.rsplit(":", 1)[1]
            http = f"http://127.0.0.1:{port}/games/{game['id']}.json"

            def fetch():
                try:
                    with urllib.request.urlopen(http) as r:
                        return r.status, dict(r.headers), r.read()
                except urllib.error.HTTPError as e:
                    return e.code, dict(e.headers), e.read()

            answers = [await asyncio.to_thread(fetch) for _ in range(int(Limits.http_burst))]
            assert {status for status, _, _ in answers} == {200}
            assert len({body for _, _, body in answers}) == 1
            assert reads() == 1  # a finished record is read from the store once
            status, headers, _ = await asyncio.to_thread(fetch)
            assert status == 429 and int(headers["Retry-After"]) >= 1
            clock.now += 1
            assert (await asyncio.to_thread(fetch))[0] == 200
            # The record message reads the same kept record.
            await sessions[0].send("record", game=game["id"])
            assert (await sessions[0].expect("record"))["record"]["turns"]
            assert reads() == 1

    run(go())


def test_a_burst_of_seeks_reaches_each_watcher_as_changes_not_whole_lobbies(tmp_path):
    # Every seeker here connects from this computer: no cap an address.
    limits = Limits(sweep=0.02, signups=1000, address_seeks=1000, listed_address_seeks=1000)

    async def go():
        async with serving(tmp_path / "s.db", limits) as (_server, url):
            watchers = [Session(url, f"Watcher {i}") for i in range(3)]
            seekers = [Session(url, f"Seeker {i}") for i in range(34)]
            await asyncio.gather(*(s.connect() for s in watchers + seekers))
            for w in watchers:
                await w.send("lobby")
                assert (await w.expect("lobby"))["seeks"] == []

            async def seek(s: Session, n: int) -> None:
                for _ in range(n):
                    await s.send("seek", side=5, base=300, inc=3, rated=True)
                    await s.expect("seeking")

            await asyncio.gather(*(seek(s, 3 if i < 33 else 1) for i, s in enumerate(seekers)))

            async def heard(w: Session) -> tuple[int, int, dict[str, dict]]:
                """Bytes and messages until the lobby is quiet, and the seeks they list."""
                size, count, listed = 0, 0, {}
                with contextlib.suppress(TimeoutError):
                    while True:
                        raw = await asyncio.wait_for(w.ws.recv(), 0.5)
                        msg = json.loads(raw)
                        size, count = size + len(raw), count + 1
                        if msg["type"] == "lobby":
                            listed = {s["id"]: s for s in msg["seeks"]}
                        elif msg["type"] == "seeks":
                            for sid in msg["removed"]:
                                listed.pop(sid, None)
                            listed |= {s["id"]: s for s in msg["added"]}
                return size, count, listed

            got = await asyncio.gather(*(heard(w) for w in watchers))
            await watchers[0].send("lobby")
            whole = await watchers[0].recv(5)
            full = len(json.dumps(whole, separators=(",", ":")))
            assert len(whole["seeks"]) == 100
            for size, count, listed in got:
                assert listed == {s["id"]: s for s in whole["seeks"]}
                # About one whole lobby's bytes, in a few messages: not a lobby a seek.
                print(f"burst of 100 seeks: {size} bytes, {count} messages a watcher;"
                      f" the whole lobby is {full} bytes")  # fmt: skip
                assert size < 2 * full and count <= 10, (size, count, full)

    run(go())
