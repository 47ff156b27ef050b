"""Lists that throwaway accounts cannot freeze: the lobby's seeks and the games
in play list the newest first, a few a player and a few an address, and an away
player's correspondence seeks lapse sooner."""

from __future__ import annotations

import json

import pytest

from game.glicko import Rating
from game.online.connections import Conn
from game.online.limits import Limits
from game.online.lobby import Lobby
from game.online.session import Refused, Session
from game.online.spectators import Spectators
from game.online.store import Player
from game.online.table import Seat, Table, TableError
from tests.helpers import run

from .serving import serving


def conn() -> Conn:
    """A connection as :func:`.connections.deliver` sees one: it keeps what it gets."""
    got: list[dict] = []
    c = Conn(ws=None, remote=lambda text: got.append(json.loads(text)))  # type: ignore[arg-type]
    c.got = got  # type: ignore[attr-defined]
    return c


def player(name: str) -> Player:
    return Player(f"id-{name}", name, Rating(), 0)


POSTAL = {"side": 5, "days": 3, "rated": True}
LIVE = {"side": 5, "base": 300, "inc": 3, "rated": True}


def test_throwaway_seeks_cannot_hide_a_new_seek():
    async def go():
        limits = Limits()
        lobby = Lobby(limits, lambda pid, postal: 0)
        # 34 throwaway accounts, each on an address of its own, 3 seeks apiece.
        for i in range(34):
            p = player(f"Throwaway{i}")
            for _ in range(3):
                lobby.open(conn(), p, POSTAL, private=False, now=0.0, address=f"10.0.0.{i}")
        honest = player("Ann")
        lobby.open(conn(), honest, LIVE, private=False, now=1.0, address="192.0.2.7")
        listed = lobby.view()
        assert len(listed) == limits.lobby
        assert listed[0]["name"] == "Ann"  # the newest first: a new seek is seen

    run(go())


def test_one_address_opens_and_lists_only_a_few_seeks():
    async def go():
        limits = Limits()
        lobby = Lobby(limits, lambda pid, postal: 0)
        opened = 0
        with pytest.raises(TableError, match="your address has 12 open seeks"):
            for i in range(10):
                for _ in range(limits.seeks):
                    lobby.open(conn(), player(f"T{i}"), POSTAL, private=i % 2 == 0, now=0.0,
                               address="10.0.0.1")  # fmt: skip
                    opened += 1
        assert opened == limits.address_seeks
        # Of the seeks it opened, the list shows a few; another address's are all there.
        for _ in range(limits.seeks):
            lobby.open(conn(), player("Ann"), LIVE, private=False, now=0.0, address="192.0.2.7")
        names = [s["name"] for s in lobby.view()]
        assert names.count("Ann") == limits.listed_seeks
        assert len(names) - names.count("Ann") == limits.listed_address_seeks

    run(go())


def test_an_away_players_correspondence_seek_lapses_after_a_day():
    async def go():
        limits = Limits()
        lobby = Lobby(limits, lambda pid, postal: 0)
        ann, bob = player("Ann"), player("Bob")
        lobby.open(conn(), ann, POSTAL, private=False, now=0.0, address="192.0.2.7")
        lobby.open(conn(), bob, POSTAL, private=False, now=0.0, address="192.0.2.8")
        lobby.drop(ann.id, now=10.0)  # Ann leaves and comes back: her seek stays
        lobby.back(ann.id)
        lobby.expire(10.0 + limits.postal_seek_away + 1)
        assert len(lobby.view()) == 2
        lobby.drop(ann.id, now=20.0)  # Ann leaves for good; Bob stays
        lobby.expire(20.0 + limits.postal_seek_away + 1)
        assert [s["name"] for s in lobby.view()] == ["Bob"]
        lobby.expire(limits.postal_seek + 1)
        assert lobby.view() == []

    run(go())


def table(gid: str, red: str, blue: str, created: float, days: int | None) -> Table:
    seats = (Seat(f"id-{red}", red, 1500.0), Seat(f"id-{blue}", blue, 1500.0))
    return Table(gid, 5, 300, 3, True, seats, created=created, days=days)


def test_correspondence_games_of_a_few_accounts_do_not_hide_new_live_games():
    tables: dict[str, Table] = {}
    # 100 correspondence games between 4 accounts, then one new live game.
    for i in range(100):
        a, b = sorted({f"Farm{i % 4}", f"Farm{(i + 1) % 4}"})
        tables[f"c{i:03}"] = table(f"c{i:03}", a, b, float(i), 3)
    tables["live1"] = table("live1", "Ann", "Bob", 50.0, None)
    spectators = Spectators(Limits(), tables, lambda *a, **k: None)
    listed = spectators.view()
    assert listed[0]["id"] == "live1"
    shown = [g["red"] for g in listed] + [g["blue"] for g in listed]
    assert max(shown.count(f"Farm{i}") for i in range(4)) <= Limits().listed_player_games
    # Among the correspondence games, the newest come first.
    assert listed[1]["id"] == "c099"


def test_one_address_plays_only_so_many_correspondence_games(tmp_path):
    async def go():
        limits = Limits(sweep=0.02, address_postal_games=2)
        async with serving(tmp_path / "s.db", limits) as (server, url):
            # Two pairs of accounts, all from this computer: two games, no third.
            pairs = [(Session(url, f"Farm{i}"), Session(url, f"Hand{i}")) for i in range(3)]
            for a, b in pairs:
                await a.connect()
                await b.connect()
            for a, b in pairs[:2]:
                await a.send("challenge", side=5, days=3, rated=False)
                code = (await a.expect("challenge"))["code"]
                await b.send("join", code=code)
                await b.expect("game")
            # Refused from the start: even the challenge for a third.
            await pairs[2][0].send("challenge", side=5, days=3, rated=False)
            with pytest.raises(Refused, match="your address has 2 correspondence games"):
                await pairs[2][0].expect("challenge")
            assert server.in_play.postal_from("127.0.0.1") == 2
            # A game that ends frees its place.
            gid = next(iter(server.in_play.tables))
            await server.in_play.give_up(
                (await server.store.player_by_name(server.in_play.tables[gid].seats[0].name)),
                gid,
                Table.abort,
            )
            assert server.in_play.postal_from("127.0.0.1") == 1

    run(go())
