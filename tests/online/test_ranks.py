"""Rankings a farmer cannot climb: a game one side never played in is aborted,
unrated; a new rating is provisional ("?") and kept off the leaderboard, which
wants enough rated games played lately."""

from __future__ import annotations

import asyncio

from game.glicko import Rating
from game.online.session import Session
from tests.helpers import run

from .serving import ask_now, pair, serving


def test_a_resignation_after_one_turn_rates_nobody(tmp_path):
    async def go():
        async with serving(tmp_path / "s.db") as (server, url):
            sessions, game = await pair(url)
            await sessions[0].send("turn", game=game["id"], ply=0, turn="b2")
            await sessions[1].expect("turn")
            await sessions[1].send("resign", game=game["id"])
            over = await sessions[0].expect("over")
            assert over["result"] == "aborted" and "ratings" not in over
            ann = await server.store.player_by_name(sessions[0].player["name"])
            assert ann is not None and ann.games == 0 and ann.rating == Rating()

    run(go())


def test_a_new_rating_is_provisional_in_the_welcome_and_the_lobby(tmp_path):
    async def go():
        async with serving(tmp_path / "s.db") as (_, url):
            ann = Session(url, "Ann")
            welcome = await ann.connect()
            assert welcome["player"]["provisional"] is True
            assert welcome["player"]["correspondence_provisional"] is True
            await ann.send("seek", side=5, base=60, inc=0, rated=True)
            assert (await ann.expect("seeking"))["seek"]["provisional"] is True

    run(go())


def test_a_game_shows_a_provisional_rating_with_a_question_mark(tmp_path):
    async def go():
        async with serving(tmp_path / "s.db") as (_, url):
            _, game = await pair(url)
            assert [p["provisional"] for p in game["players"]] == [True, True]
            port = int(url.rsplit(":", 1)[1])
            page = await asyncio.to_thread(ask_now, port, f"/games/{game['id']}")
            assert page.status == 200 and page.text.count("1500?") == 2

    run(go())
