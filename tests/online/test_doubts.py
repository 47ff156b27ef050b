"""A turn or an end whose write failed though the store kept it (the database committed,
then its connection broke before it said so, as in a PostgreSQL restart) reaches
the other player as soon as the store can be asked, never by the clock: the
sweep asks by itself, a retry of the same turn is that turn, and a turn the
store did not keep can be played again. The failure is injected at the store's
lowest layer; the game's clock is one the test moves, so no flag can fall
unless the test lets it. An end kept so is announced as it was kept, with the
ratings it moved once, and a tournament's pairing kept so is played."""

from __future__ import annotations

import asyncio
import json
import time

from game.online.limits import Limits
from game.online.session import Session
from game.online.sql import Unreachable
from game.online.store import Store
from game.online.tournament_rules import SWISS
from game.online.tournament_store import Tournament
from game.rules import Board
from tests.helpers import run

from .serving import FakeTime, pair, play_random, serving

#: The game's base time, in seconds: far beyond every step the test's clock takes.
BASE = 600


def lose_answer(store: Store, kept: bool, what: str = "INTO turns") -> list[int]:
    """The next write with ``what`` in a statement (turns, unless said) fails as
    a broken connection does; ``kept``: after it was committed. Returns the list
    the failed writes are counted in."""
    db = store.db
    real = db.write
    failed: list[int] = []

    async def write(steps):
        if failed or not any(what in s.sql for s in steps):
            return await real(steps)
        failed.append(1)
        if kept:
            await real(steps)
        raise Unreachable("ConnectionDoesNotExistError")

    db.write = write  # type: ignore[method-assign]
    return failed


def first_turn(side: int) -> str:
    board = Board(size=side)
    return board.notation(board.legal_turns()[0])


def test_a_kept_turn_whose_answer_was_lost_reaches_the_other_player(tmp_path):
    clock = FakeTime()

    async def go():
        async with serving(tmp_path / "s.db", Limits(sweep=0.02), clock) as (server, url):
            sessions, game = await pair(url, base=BASE)
            failed = lose_answer(server.store, kept=True)
            turn = first_turn(game["side"])
            await sessions[0].send("turn", game=game["id"], ply=0, turn=turn)
            error = await sessions[0].recv(10)
            assert error["type"] == "error" and "could not save" in error["reason"], error
            assert failed
            # The sweep's next look, not a flag: red has BASE seconds, and used one.
            clock.now += 1
            heard = await sessions[1].expect("turn")
            assert (heard["ply"], heard["turn"]) == (0, turn)
            assert heard["clocks"][0] == BASE * 1000  # played when it was first sent
            assert (await sessions[0].expect("turn"))["turn"] == turn
            # The game goes on from there, in memory and in the store alike.
            table = server.in_play.tables[game["id"]]
            assert table.turns == [turn] and await server.store.turns(game["id"]) == [turn]
            reply = Board(size=game["side"])
            reply.play(turn)
            answer = reply.notation(reply.legal_turns()[0])
            await sessions[1].send("turn", game=game["id"], ply=1, turn=answer)
            assert (await sessions[0].expect("turn"))["turn"] == answer

    run(go(), 60)


def test_the_same_turn_sent_again_is_the_kept_one(tmp_path):
    clock = FakeTime()

    async def go():
        async with serving(tmp_path / "s.db", Limits(sweep=0.02), clock) as (server, url):
            sessions, game = await pair(url, base=BASE)
            lose_answer(server.store, kept=True)
            turn = first_turn(game["side"])
            await sessions[0].send("turn", game=game["id"], ply=0, turn=turn)
            assert (await sessions[0].recv(10))["type"] == "error"
            # The clock stands still, so the sweep has not asked: the retry does.
            await sessions[0].send("turn", game=game["id"], ply=0, turn=turn)
            mine = await sessions[0].recv(10)
            assert mine["type"] == "turn" and mine["turn"] == turn, mine
            heard = await sessions[1].expect("turn")
            assert (heard["ply"], heard["turn"]) == (0, turn)
            assert await server.store.turns(game["id"]) == [turn]

    run(go(), 60)


def test_a_turn_not_kept_can_be_played_again(tmp_path):
    clock = FakeTime()

    async def go():
        async with serving(tmp_path / "s.db", Limits(sweep=0.02), clock) as (server, url):
            sessions, game = await pair(url, base=BASE)
            lose_answer(server.store, kept=False)
            board = Board(size=game["side"])
            first, other = (board.notation(t) for t in board.legal_turns()[:2])
            await sessions[0].send("turn", game=game["id"], ply=0, turn=first)
            assert (await sessions[0].recv(10))["type"] == "error"
            clock.now += 1
            await sessions[0].send("turn", game=game["id"], ply=0, turn=other)
            heard = await sessions[1].expect("turn")
            assert (heard["ply"], heard["turn"]) == (0, other)
            assert await server.store.turns(game["id"]) == [other]

    run(go(), 60)


def test_an_end_kept_though_its_answer_was_lost_is_announced(tmp_path):
    clock = FakeTime()

    async def go():
        async with serving(tmp_path / "s.db", Limits(sweep=0.02), clock) as (server, url):
            sessions, game = await pair(url, base=BASE)  # rated
            await play_random(sessions, game, seed=1, turns=2)  # past the opening
            failed = lose_answer(server.store, kept=True, what="SET result=")
            mover = 0  # red moves after a turn each
            await sessions[mover].send("resign", game=game["id"])
            error = await sessions[mover].recv(10)
            assert error["type"] == "error" and "database" in error["reason"], error
            assert failed
            clock.now += 1  # the sweep's next look, long before any flag
            over = await sessions[1].expect("over")
            assert over["result"] == "blue" and over["reason"] == "red resigned"
            assert (await sessions[0].expect("over"))["ratings"] == over["ratings"]
            row = await server.store.game_row(game["id"])
            assert row is not None and json.loads(row["ratings"]) == over["ratings"]
            # Each rating moved once, as announced.
            for color, name in ((0, "red"), (1, "blue")):
                player = await server.store.player_by_name(game["players"][color]["name"])
                assert player is not None and player.games == 1
                assert round(player.rating.rating) == over["ratings"][name]["after"]
            assert game["id"] not in server.in_play.tables

    run(go(), 60)


def test_a_pairing_kept_though_its_answer_was_lost_is_played(tmp_path):
    """The director's pairing is this process's to play: one whose commit went
    through unheard must not leave its games in the store with nobody playing
    them (the round, and so the Swiss, would wait for ever)."""

    async def go():
        async with serving(tmp_path / "s.db", Limits(sweep=0.02, signups=0)) as (server, url):
            server.tournaments.every = 0.05
            failed = lose_answer(server.store, kept=True, what="version=version+1, round")
            t = await server.tournaments.db.create(
                Tournament("", "Unheard", SWISS, 3, BASE, 0, False, time.time() - 1,
                           rounds=1, provisional=2)
            )  # fmt: skip
            sessions = [Session(url, name) for name in ("Ann", "Bob")]
            for s in sessions:
                await s.connect()
                await s.send("enter", tournament=t.id)
            games = [(await s.expect("game"))["game"] for s in sessions]
            assert failed and games[0]["id"] == games[1]["id"]
            assert games[0]["tournament"] == t.id and games[0]["id"] in server.in_play.tables
            snap = await server.tournaments.db.snapshot(t.id)
            assert snap is not None and [g.id for g in snap.games] == [games[0]["id"]]
            for s in sessions:
                await s.close()

    run(go(), 60)


def test_the_sweep_outlives_a_store_that_fails_while_it_asks(tmp_path):
    """Asking the store about a turn in doubt may fail in any way (the end of a
    game the kept turn finished, say): the sweep logs it and looks again, and
    flags still fall afterwards. Before, the error left the sweep's task dead."""
    clock = FakeTime()

    async def go():
        async with serving(tmp_path / "s.db", Limits(sweep=0.02), clock) as (server, url):
            sessions, game = await pair(url, base=BASE)
            await play_random(sessions, game, seed=1, turns=2)
            in_play = server.in_play
            settle = in_play._settle
            failures: list[int] = []

            async def failing(table, what="that turn"):
                if not failures:
                    failures.append(1)
                    raise Unreachable("ConnectionDoesNotExistError")
                return await settle(table, what)

            in_play._settle = failing
            clock.now += BASE + 1  # red's flag falls: the sweep looks, and fails
            while not failures:
                await asyncio.sleep(0.02)
            clock.now += 2  # and looks again
            over = await sessions[1].expect("over")
            assert over["result"] == "blue" and "ran out of time" in over["reason"]

    run(go(), 60)


def test_a_new_game_kept_though_its_answer_was_lost_is_taken_out(tmp_path):
    """Its players heard it failed to start, so nobody plays it: kept all the
    same, it would be put back at the next restart, a game nobody began."""

    async def go():
        async with serving(tmp_path / "s.db", Limits(sweep=0.02)) as (server, url):
            failed = lose_answer(server.store, kept=True, what="INSERT INTO games")
            ann, bob = Session(url, "Ann"), Session(url, "Bob")
            await ann.connect()
            await bob.connect()
            await ann.send("challenge", side=4, base=BASE, inc=0, rated=True)
            code = (await ann.expect("challenge"))["code"]
            await bob.send("join", code=code)
            error = await bob.recv(10)
            assert error["type"] == "error" and "database" in error["reason"], error
            assert failed and not server.in_play.tables
            for _ in range(500):  # the store is asked again at once: it answers now
                if not await server.store.open_games():
                    break
                await asyncio.sleep(0.02)
            assert await server.store.open_games() == []
            await ann.close()
            await bob.close()

    run(go(), 60)
