"""Correspondence games on a real server, with a calendar the test moves: days
a turn, a reserve, many games at once, absences that cost nothing, restarts of
the server and of the players, a flag that falls, and ratings kept apart."""

from __future__ import annotations

import asyncio
import contextlib

import pytest

from game.ai.levels import level
from game.online import protocol
from game.online.bot import Bot
from game.online.limits import Limits
from game.online.postal import DAY, RESERVE
from game.online.protocol import ProtocolError
from game.online.session import OnlineError, Session
from game.online.sql import Unreachable
from game.rules import Board

from .serving import FakeTime, Follower, serving

LIMITS = Limits(sweep=0.02, grace=5.0)


def test_a_seek_is_live_or_by_correspondence_and_says_which():
    read = protocol.read
    assert read(protocol.request("seek", side=5, days=3, rated=True))["days"] == 3
    with pytest.raises(ProtocolError, match="'days' must be 1, 3 or 7"):
        read(protocol.request("seek", side=5, days=2, rated=True))
    with pytest.raises(ProtocolError, match="not both"):
        read(protocol.request("challenge", side=5, days=1, base=60, inc=0, rated=True))
    with pytest.raises(ProtocolError, match="give base and inc for a live game"):
        read(protocol.request("seek", side=5, base=60, rated=True))


async def _postal_pair(url: str, days: int = 1, side: int = 4, rated: bool = True):
    """Ann and Bob in a correspondence game by challenge code: {color: session}, state."""
    a, b = Session(url, "Ann"), Session(url, "Bob")
    await a.connect()
    await b.connect()
    await a.send("challenge", side=side, days=days, rated=rated)
    code = (await a.expect("challenge"))["code"]
    await b.send("join", code=code)
    ga = (await a.expect("game"))["game"]
    gb = (await b.expect("game"))["game"]
    assert ga["id"] == gb["id"] and ga["days"] == days
    return {ga["you"]: a, gb["you"]: b}, ga


async def _turn(sessions, board: Board, game: str) -> str:
    """The mover plays its first legal turn; both hear of it."""
    mover = sessions[int(board.mover)]
    text = board.notation(board.legal_turns()[0])
    await mover.send("turn", game=game, ply=len(board.turn_stack), turn=text)
    f = Follower(board)
    await f.follow(mover)
    return text


def test_a_correspondence_game_outlives_absences_and_a_server_restart(tmp_path):
    clock, wall = FakeTime(), FakeTime()
    wall.now = 1_700_000_000.0

    async def go():
        db = tmp_path / "s.db"
        async with serving(db, LIMITS, clock, wall) as (server, url):
            sessions, game = await _postal_pair(url, days=1)
            gid = game["id"]
            assert game["reserve"] == [RESERVE[1]] * 2
            assert game["clocks"] == [(1 + RESERVE[1]) * DAY * 1000] * 2
            board = Board(size=game["side"])
            await _turn(sessions, board, gid)  # red, at once
            # Blue leaves for a day and a half: far past the live grace period.
            blue = sessions[1]
            token = blue.token
            await blue.close()
            clock.now += 10 * LIMITS.grace
            await server.sweep()
            assert gid in server.in_play.tables, "a correspondence game is not lost by leaving"
            wall.now += 1.5 * DAY
            blue = Session(url, token=token)
            await blue.connect()
            listed = (await blue.expect("correspondence"))["games"]
            red_name = sessions[0].player["name"]
            assert [(g["id"], g["yours"], g["opponent"]) for g in listed] == [(gid, True, red_name)]
            sessions[1] = blue
            await _turn(sessions, board, gid)  # half a day late: a day of reserve
            state = server.in_play.tables[gid].state(wall.now)
            assert state["reserve"] == [RESERVE[1], RESERVE[1] - 1]
            red_token = sessions[0].token
        # The server restarts two days later: Red's day and one of its reserve are gone.
        wall.now += 2 * DAY
        async with serving(db, LIMITS, clock, wall) as (server, url):
            assert gid in server.in_play.tables
            red = Session(url, token=red_token)
            await red.connect()
            listed = (await red.expect("correspondence"))["games"]
            assert listed[0]["yours"] and listed[0]["turns"] == 2
            assert listed[0]["left"] == pytest.approx(((1 + RESERVE[1]) - 2) * DAY * 1000, abs=5)
            await red.send("state", game=gid)
            state = (await red.expect("game"))["game"]
            assert len(state["turns"]) == 2
            assert state["reserve"] == [RESERVE[1], RESERVE[1] - 1] and state["days"] == 1
            # Red never comes back in time: the flag falls on the calendar.
            wall.now += RESERVE[1] * DAY
            await server.sweep()
            over = await red.expect("over")
            assert (over["result"], over["reason"]) == ("blue", "red ran out of time")
            assert set(over["ratings"]) == {"red", "blue"}
            assert (await red.expect("correspondence"))["games"] == []
            # The rating that moved is the correspondence one; live play's stands.
            again = Session(url, token=red_token)
            welcome = await again.connect()
            assert welcome["player"]["rating"] == 1500
            assert welcome["player"]["correspondence_rating"] == over["ratings"]["red"]["after"]
            await again.send("leaderboard", pace="correspondence")
            board_ = await again.expect("leaderboard")
            assert board_["pace"] == "correspondence"
            assert board_["players"] == []  # provisional after one game: unranked
            assert welcome["player"]["correspondence_provisional"] is True
            await again.send("leaderboard")
            assert (await again.expect("leaderboard"))["players"] == []

    asyncio.run(go())


def test_a_turn_whose_time_ran_out_while_the_server_was_down_gets_an_hour(tmp_path):
    clock, wall = FakeTime(), FakeTime()
    wall.now = 1_700_000_000.0

    async def go():
        db = tmp_path / "s.db"
        async with serving(db, LIMITS, clock, wall) as (_server, url):
            sessions, game = await _postal_pair(url, days=1)
            board = Board(size=game["side"])
            await _turn(sessions, board, game["id"])
        wall.now += 30 * DAY  # down for a month
        async with serving(db, LIMITS, clock, wall) as (server, url):
            table = server.in_play.tables[game["id"]]
            assert table.clock.left(1, wall.now) == LIMITS.postal_resume * 1000
            await server.sweep()
            assert not table.over

    asyncio.run(go())


def test_many_correspondence_games_at_once_within_their_own_limit(tmp_path):
    clock, wall = FakeTime(), FakeTime()

    async def go():
        limits = Limits(sweep=0.02, postal_games=3, games=1)
        async with serving(tmp_path / "s.db", limits, clock, wall) as (_server, url):
            ann, bob = Session(url, "Ann"), Session(url, "Bob")
            await ann.connect()
            await bob.connect()
            for _ in range(3):
                await ann.send("challenge", side=4, days=7, rated=False)
                code = (await ann.expect("challenge"))["code"]
                await bob.send("join", code=code)
                await ann.expect("game")
            listed = (await ann.expect("correspondence"))["games"]
            while len(listed) < 3:
                listed = (await ann.expect("correspondence"))["games"]
            await ann.send("challenge", side=4, days=7, rated=False)
            refused = await ann.expect("error")
            assert "at most 3 correspondence games" in refused["reason"]
            # A live game is counted apart: there is still room for one.
            await ann.send("challenge", side=4, base=60, inc=0, rated=False)
            assert (await ann.expect("challenge"))["code"]

    asyncio.run(go())


def test_a_correspondence_seek_waits_while_its_player_is_away(tmp_path):
    clock, wall = FakeTime(), FakeTime()

    async def go():
        async with serving(tmp_path / "s.db", LIMITS, clock, wall) as (_server, url):
            ann = Session(url, "Ann")
            await ann.connect()
            await ann.send("seek", side=5, days=3, rated=True)
            seek = (await ann.expect("seeking"))["seek"]
            assert seek["days"] == 3 and "base" not in seek
            token = ann.token
            await ann.close()
            bob = Session(url, "Bob")
            await bob.connect()
            await bob.send("lobby")
            seeks = (await bob.expect("lobby"))["seeks"]
            assert [s["id"] for s in seeks] == [seek["id"]]
            await bob.send("accept", seek=seek["id"])
            state = (await bob.expect("game"))["game"]
            ann = Session(url, token=token)
            await ann.connect()
            listed = (await ann.expect("correspondence"))["games"]
            assert listed[0]["id"] == state["id"] and listed[0]["opponent"] == "Bob"
            assert listed[0]["yours"] == (listed[0]["you"] == 0)

    asyncio.run(go())


def test_the_bot_plays_correspondence_games_and_takes_them_up_after_a_restart(tmp_path):
    async def go():
        async with serving(tmp_path / "s.db", LIMITS) as (_server, url):
            ann = Session(url, "Ann")
            await ann.connect()
            await ann.send("seek", side=3, days=1, rated=True)
            await ann.expect("seeking")

            async def bot_run(done) -> None:
                """The bot on a connection of its own until ``done(bot)``, then gone."""
                session = Session(url, "Beginner bot", tokens.get("bot"))
                await session.connect()
                tokens["bot"] = session.token
                bot = Bot(session, level("Beginner"), side=3, days=1, most=10)
                task = asyncio.create_task(bot.play())
                try:
                    for _ in range(400):
                        if done(bot):
                            break
                        if task.done():
                            task.result()  # its failure, if any, is the test's
                        await asyncio.sleep(0.025)
                    else:
                        raise AssertionError("the bot never got there")
                finally:
                    task.cancel()
                    with contextlib.suppress(asyncio.CancelledError, OnlineError):
                        await task
                    await session.close()

            def settled(bot: Bot) -> bool:
                """Its own seek is open (the server gave its id), and it has taken
                Ann's and played its turn if the game waited for it (the server
                echoed that turn back)."""
                games = bot.games.values()
                return (
                    bool(bot.seek)
                    and bool(games)
                    and all(int(g.board.mover) != g.color for g in games)
                )

            tokens: dict[str, str | None] = {}
            # The bot accepts Ann's seek and, if it is Red, plays its first turn.
            first = asyncio.create_task(bot_run(settled))
            state = (await ann.expect("game", timeout=10))["game"]
            await first
            board = Board(size=3)
            follower = Follower(board)
            ann_color = state["you"]
            # With the bot gone, Ann catches up with the game and plays her turn.
            await ann.send("state", game=state["id"])
            state = (await ann.expect("game"))["game"]
            for text in state["turns"]:
                board.play(text)
            assert int(board.mover) == ann_color
            text = board.notation(board.legal_turns()[0])
            await ann.send("turn", game=state["id"], ply=len(state["turns"]), turn=text)
            await follower.follow(ann)
            before = len(board.turn_stack)
            # The bot comes back, finds the game in its list, and answers. It
            # reads the lobby before the game, so by its answer any seek of its
            # own is made too (one connection's messages are handled in order).
            answered = asyncio.Event()
            again = asyncio.create_task(bot_run(lambda _bot: answered.is_set()))
            await follower.follow(ann)
            answered.set()
            assert len(board.turn_stack) > before or follower.over is not None
            await again
            # Its seek from the first run waited in the lobby: taken up, not doubled.
            await ann.send("lobby")
            seeks = (await ann.expect("lobby"))["seeks"]
            assert [s["name"] for s in seeks] == ["Beginner bot"] and seeks[0]["days"] == 1

    asyncio.run(go())


def test_a_database_away_after_the_welcome_leaves_the_connection_open(tmp_path, monkeypatch):
    """A CI run at a load average of 4: PostgreSQL stopped between a player's
    welcome and the read of their correspondence games that follows it, and the
    server closed the connection it had just welcomed (1013, "try again later")."""

    async def away(player_id: str) -> list:
        raise Unreachable("CannotConnectNowError")

    async def go():
        async with serving(tmp_path / "s.db") as (server, url):
            monkeypatch.setattr(server.in_play, "postal_games", away)
            ann = Session(url, "Ann")
            await ann.connect()
            await ann.send("ping")
            await ann.expect("pong")
            await ann.close()

    asyncio.run(asyncio.wait_for(go(), 30))
