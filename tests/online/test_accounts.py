"""Accounts a flood cannot make, and names that never change hands: new players
are limited per address, a look-alike of a name is that name, and a name a
player gave up stays theirs."""

from __future__ import annotations

import asyncio

import pytest

from game.online.limits import Limits
from game.online.session import Refused, Session
from tests.helpers import run

from .serving import ask_now, serving


def test_an_address_makes_only_a_few_new_players_and_is_told_why(tmp_path):
    async def go():
        limits = Limits(sweep=0.02, signups=3)
        async with serving(tmp_path / "s.db", limits) as (_, url):
            # Sent at once, the hellos wait on the store together: 3 get in.
            rush = [Session(url, f"Throwaway{i}") for i in range(5)]
            got = await asyncio.gather(*(s.connect() for s in rush), return_exceptions=True)
            assert sum(isinstance(g, dict) for g in got) == 3, got
            refused = [g for g in got if isinstance(g, Refused)]
            assert len(refused) == 2 and "Too many new players from your address" in str(refused[0])
            tokens = [s.token for s in rush if s.token]
            with pytest.raises(Refused, match="Too many new players from your address"):
                await Session(url, "Throwaway9").connect()
            # A player this address already made still comes in.
            again = Session(url, token=tokens[0])
            assert (await again.connect())["player"]["name"].startswith("Throwaway")

    run(go())


def test_a_look_alike_name_is_refused_and_a_given_up_name_stays_its_owners(tmp_path):
    async def go():
        async with serving(tmp_path / "s.db") as (_, url):
            ann = Session(url, "Ann")
            await ann.connect()
            with pytest.raises(Refused, match="Another player has the name"):
                await Session(url, "\u0410nn").connect()  # Cyrillic А
            # Ann becomes Anna: "Ann" is still hers, and her page is still hers.
            await ann.close()
            anna = Session(url, "Anna", token=ann.token)
            assert (await anna.connect())["player"]["name"] == "Anna"
            with pytest.raises(Refused, match="Another player has the name"):
                await Session(url, "ann").connect()
            port = int(url.rsplit(":", 1)[1])
            page = await asyncio.to_thread(ask_now, port, "/players/Ann")
            assert page.status == 200 and "<h1>Anna</h1>" in page.text

    run(go())


def test_a_player_has_only_a_few_names(tmp_path):
    async def go():
        limits = Limits(sweep=0.02, names=2)
        async with serving(tmp_path / "s.db", limits) as (_, url):
            first = Session(url, "Ann")
            await first.connect()
            await first.close()
            await Session(url, "Anna", token=first.token).connect()
            with pytest.raises(Refused, match="You have had 2 names"):
                await Session(url, "Annie", token=first.token).connect()
            back = Session(url, "ANN", token=first.token)  # one she had: hers to take back
            assert (await back.connect())["player"]["name"] == "ANN"

    run(go())
