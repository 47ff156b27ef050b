"""Rankings a farmer cannot climb: a game one side never played in is aborted,
unrated; a new rating is provisional ("?") and kept off the leaderboard, which
wants enough rated games played lately."""

from __future__ import annotations

import asyncio
import time

from game.glicko import Rating
from game.online import ranks
from game.online.session import Session
from game.online.sql import Step
from game.online.store import Store
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


def test_the_leaderboard_lists_only_settled_players_who_play(tmp_path):
    async def go():
        store = await Store.open(tmp_path / "s.db")
        try:
            now = time.time()
            old = now - (ranks.RANKED_DAYS + 1) * 86_400.0
            # (name, rating, deviation, rated games, last rated game)
            kinds = [
                ("Settled", 1700.0, 60.0, 40, now),
                ("Farmer", 2366.0, 150.0, 100, now),  # many wins, still provisional
                ("Fresh", 1900.0, 100.0, ranks.RANKED_GAMES - 1, now),  # too few games
                ("Gone", 1800.0, 60.0, 40, old),  # no rated game lately
                ("Never", 1800.0, 60.0, 40, None),  # kept before the time was
            ]
            for name, rating, rd, games, at in kinds:
                p, _ = await store.new_player(name)
                await store.db.write([Step(
                    "UPDATE players SET rating=?, rd=?, games=?, rated_at=? WHERE id=?",
                    (rating, rd, games, at, p.id),
                )])  # fmt: skip
            board = await ranks.leaderboard(store)
            assert [p["name"] for p in board] == ["Settled"]
            assert await ranks.leaderboard(store, postal=True) == []
            assert (
                ranks.shown(Rating(1662, 290)) == "1662?"
                and ranks.shown(Rating(1700, 60)) == "1700"
            )
        finally:
            await store.close()

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
