"""Spectators on a real server: the list of games in play, watching one live,
and the count of watchers its players see."""

from __future__ import annotations

import pytest

from game.online.server import Limits
from game.online.session import OnlineError, Session
from game.rules import Board
from tests.helpers import run

from .serving import pair, serving

#: The players hear the count of watchers at most once a ``watcher_notice``: a
#: short one here, where what each count says is the point, not how often it
#: comes (test_spectators.py holds that to the default second).
QUICK = Limits(sweep=0.02, watcher_notice=0.05)


async def count_seen(session: Session) -> int:
    return (await session.expect("watchers"))["count"]


def test_a_watcher_sees_turns_clocks_and_the_end_and_the_players_see_the_count(tmp_path):
    async def go():
        async with serving(tmp_path / "s.db", QUICK) as (server, url):
            sessions, game = await pair(url, side=3)
            gid = game["id"]
            cat = Session(url, "Cat")
            await cat.connect()
            await cat.send("watch", game=gid)
            watching = await cat.expect("watching")
            assert watching["watchers"] == 1
            state = watching["game"]
            assert state["id"] == gid and state["turns"] == [] and "you" not in state
            assert state["running"] == 0 and len(state["clocks"]) == 2
            for s in sessions.values():
                assert await count_seen(s) == 1
            # The players play it out; the watcher hears every turn and the end.
            board = Board(size=3)
            seen: list[str] = []
            over = None
            while over is None:
                if not board.is_game_over():
                    turn = board.notation(board.legal_turns()[0])
                    await sessions[int(board.mover)].send(
                        "turn", game=gid, ply=len(board.turn_stack), turn=turn
                    )
                while True:
                    msg = await cat.recv(10)
                    if msg["type"] == "over":
                        over = msg
                        break
                    assert msg["type"] == "turn" and msg["ply"] == len(seen), msg
                    assert len(msg["clocks"]) == 2
                    seen.append(msg["turn"])
                    board.play(msg["turn"])
                    if not board.must_pass():
                        break
            assert over["result"] == board.result() and over["game"] == gid
            assert gid not in server.spectators.watchers
            assert server.spectators.watching == {}

    run(go())


def test_the_count_drops_on_unwatch_and_when_the_watcher_hangs_up(tmp_path):
    async def go():
        async with serving(tmp_path / "s.db", QUICK) as (server, url):
            sessions, game = await pair(url)
            gid = game["id"]
            cat, dan = Session(url, "Cat"), Session(url, "Dan")
            for s in (cat, dan):
                await s.connect()
                await s.send("watch", game=gid)
                await s.expect("watching")
            assert [await count_seen(sessions[0]) for _ in range(2)] == [1, 2]
            await cat.send("unwatch", game=gid)
            assert (await cat.expect("unwatched"))["game"] == gid
            assert await count_seen(sessions[0]) == 1
            await dan.close()
            assert await count_seen(sessions[0]) == 0
            assert server.spectators.count(gid) == 0 and server.spectators.watching == {}
            # A turn now goes to nobody but the players.
            board = Board(size=game["side"])
            first = board.notation(board.legal_turns()[0])
            await sessions[0].send("turn", game=gid, ply=0, turn=first)
            await sessions[0].expect("turn")
            with pytest.raises(TimeoutError):
                await cat.recv(0.3)

    run(go())


def test_the_games_list_shows_a_game_when_it_starts_and_drops_it_when_it_ends(tmp_path):
    async def go():
        async with serving(tmp_path / "s.db") as (_server, url):
            cat = Session(url, "Cat")
            await cat.connect()
            await cat.send("games")
            assert (await cat.expect("games"))["games"] == []
            sessions, game = await pair(url, side=5, base=180, inc=2)
            change = await cat.expect("games")
            assert change["removed"] == []
            [listed] = change["added"]
            assert listed == {
                "id": game["id"], "red": game["players"][0]["name"],
                "blue": game["players"][1]["name"], "side": 5, "time": "3+2",
                "rated": True, "turns": 0,
            }  # fmt: skip
            await cat.send("games")
            assert [g["id"] for g in (await cat.expect("games"))["games"]] == [game["id"]]
            await sessions[0].send("abort", game=game["id"])
            await sessions[0].expect("over")
            assert await cat.expect("games") == {
                "type": "games", "added": [], "removed": [game["id"]],
            }  # fmt: skip

    run(go())


def test_watching_has_its_limits(tmp_path):
    async def go():
        limits = Limits(sweep=0.02, watching=2, watchers=1)
        async with serving(tmp_path / "s.db", limits) as (_server, url):
            games = [(await pair(url))[1]["id"] for _ in range(3)]
            cat, dan = Session(url, "Cat"), Session(url, "Dan")
            await cat.connect()
            await dan.connect()
            for gid in games[:2]:
                await cat.send("watch", game=gid)
                await cat.expect("watching")
            await cat.send("watch", game=games[2])
            with pytest.raises(OnlineError, match="at most 2 games"):
                await cat.expect("watching")
            await dan.send("watch", game=games[0])
            with pytest.raises(OnlineError, match="as many watchers"):
                await dan.expect("watching")
            await cat.send("watch", game="nosuchgame")
            with pytest.raises(OnlineError, match="no game"):
                await cat.expect("watching")

    run(go())


def test_a_player_does_not_watch_their_own_game(tmp_path):
    async def go():
        async with serving(tmp_path / "s.db") as (_server, url):
            sessions, game = await pair(url)
            await sessions[0].send("watch", game=game["id"])
            with pytest.raises(OnlineError, match="you play in that game"):
                await sessions[0].expect("watching")

    run(go())
