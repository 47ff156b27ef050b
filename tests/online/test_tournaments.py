"""Tournaments on one server process: 16 scripted players through a Swiss and
an arena, the standings every player hears against the store's, the pairing
rules kept; the provisional cap and a player who leaves being paused."""

from __future__ import annotations

import asyncio
import time

import pytest

from game.online.limits import Limits
from game.online.session import Session
from game.online.tournament_rules import ARENA, SWISS
from game.online.tournament_store import Tournament, TournamentStore
from game.online.tournaments import view

from .serving import ask_now, serving
from .tourney_checks import (
    all_heard,
    check_arena,
    check_swiss,
    page_standings,
    standings_shown,
    until_over,
)
from .tourney_players import Bots, Scripted

LIMITS = Limits(sweep=0.02, signups=0)


def run(coro):
    return asyncio.run(asyncio.wait_for(coro, 180))


def swiss(starts: float, rounds: int = 4, **kw) -> Tournament:
    return Tournament("", "Friday Swiss", SWISS, 3, 60, 0, False, starts, rounds=rounds, **kw)


async def play_through(server, url, t: Tournament, n: int = 16, bots: int = 0):
    """``n`` players through the tournament, the last ``bots`` of them the
    server's own bot (game/online/bot.py) at its quickest level. A tournament that
    starts later is started, by the director's clock, once all ``n`` have entered:
    on a busy machine the bots' processes may take seconds to come."""
    server.tournaments.every = 0.05
    t = await server.tournaments.db.create(t)
    players = [Scripted(url, f"Player {i}", t.id, seed=i) for i in range(n - bots)]
    robots = Bots()
    try:
        for p in players:
            await p.start()
        await robots.start(url, t.id, bots)
        if t.starts > time.time():
            await until_entered(server.tournaments.db, t.id, n)
            ahead = t.starts - time.time()
            server.tournaments.wall = lambda: time.time() + ahead
        snap = await until_over(server.store, t.id)
        final = view(snap, time.time())
        await all_heard(players, final)
    finally:
        for p in players:
            await p.stop()
        await robots.stop()
    return snap, final, players


async def until_entered(db: TournamentStore, tid: str, n: int) -> None:
    for _ in range(1200):
        if (await db.counts(tid))[0] >= n:
            return
        await asyncio.sleep(0.05)
    raise AssertionError(f"{n} players did not enter within a minute")


def test_a_16_player_swiss_runs_to_its_end_with_no_repeat(tmp_path):
    async def go():
        async with serving(tmp_path / "s.db", LIMITS) as (server, url):
            t = swiss(time.time() + 3600, provisional=16)
            snap, final, players = await play_through(server, url, t, bots=2)
            check_swiss(snap)
            # The bots joined and played every round.
            bots = {e.id for e in snap.entrants if e.name.startswith("Beginner bot")}
            assert len(bots) == 2
            assert sum(1 for g in snap.games for p in (g.red, g.blue) if p in bots) == 8
            assert len(snap.games) == 4 * 8 and not snap.byes
            assert final["status"] == "over" and final["winner"] == snap.tournament.winner
            assert all(not p.errors for p in players), [p.errors for p in players]
            # The web page shows the same table, and the winner.
            shown, text = await page_standings(url, snap.tournament.id)
            assert shown == standings_shown(final) and len(shown) == 16
            assert f'Winner: <a href="/players/{final["winner"].replace(" ", "%20")}"' in text
            listing = (
                await asyncio.to_thread(ask_now, int(url.rsplit(":", 1)[1]), "/tournaments")
            ).text
            assert "Friday Swiss" in listing and "Over" in listing

    run(go())


def test_a_16_player_arena_pairs_players_as_they_finish_and_counts_streaks(tmp_path):
    async def go():
        async with serving(tmp_path / "s.db", LIMITS) as (server, url):
            # A one-minute arena that began 56 s ago: four seconds of play.
            t = Tournament(
                "", "Quick arena", ARENA, 3, 60, 0, False, time.time() - 56, minutes=1,
                provisional=16,
            )  # fmt: skip
            snap, final, _ = await play_through(server, url, t)
            check_arena(snap)
            rows = final["standings"]
            assert (await page_standings(url, snap.tournament.id))[0] == standings_shown(final)
            assert sum(r["games"] for r in rows) >= 16
            # The points are the streak rule's: 2 a win, 4 on fire.
            assert all(set(r["sheet"].split()) <= {"0", "2", "4"} for r in rows)
            assert any("4" in r["sheet"].split() for r in rows)

    run(go())


def test_throwaway_accounts_cannot_fill_a_tournament(tmp_path):
    async def go():
        async with serving(tmp_path / "s.db", LIMITS) as (server, url):
            t = await server.tournaments.db.create(swiss(time.time() + 600, provisional=2))
            sessions = [Session(url, f"New {i}") for i in range(3)]
            for s in sessions:
                await s.connect()
            for s in sessions[:2]:
                await s.send("enter", tournament=t.id)
                assert (await s.expect("standings"))["tournament"]["you"]["entered"]
            await sessions[2].send("enter", tournament=t.id)
            refused = await sessions[2].expect("error")
            assert "provisional" in refused["reason"]
            await sessions[2].send("enter", tournament="nosuchid")
            assert "no tournament" in (await sessions[2].expect("error"))["reason"]
            for s in sessions:
                await s.close()

    run(go())


def test_a_player_who_leaves_is_paused_and_not_paired_until_they_join_again(tmp_path):
    async def go():
        async with serving(tmp_path / "s.db", LIMITS) as (server, url):
            server.tournaments.every = 0.05
            db: TournamentStore = server.tournaments.db
            t = await db.create(swiss(time.time() + 3600, rounds=3, provisional=8))
            players = [Scripted(url, f"P{i}", t.id, seed=i) for i in range(4)]
            for p in players:
                await p.start()
            await until_entered(db, t.id, 4)
            gone = players[3]
            await gone.stop()  # leaves before the first round
            for _ in range(1200):
                entrants = (await db.snapshot(t.id)).entrants
                if next(e for e in entrants if e.name == "P3").paused:
                    break
                await asyncio.sleep(0.05)
            # Then the tournament starts, by the director's clock.
            server.tournaments.wall = lambda: time.time() + 3600
            snap = await until_over(server.store, t.id)
            pid = next(e.id for e in snap.entrants if e.name == "P3")
            assert all(pid not in (g.red, g.blue) for g in snap.games)
            assert all(p != pid for _, p in snap.byes)
            assert next(e for e in snap.entrants if e.id == pid).paused
            # The three others: a bye a round, no repeat.
            assert len(snap.byes) == 3 and len({p for _, p in snap.byes}) == 3
            check_swiss(snap)
            # Coming back and joining again takes the pause off.
            back = Session(url, token=gone.session.token)
            await back.connect()
            await back.send("enter", tournament=t.id)
            assert "over" in (await back.expect("error"))["reason"]
            await back.close()
            for p in players[:3]:
                await p.stop()

    run(go())


@pytest.mark.parametrize("kind", ["tournaments"])
def test_the_list_shows_tournaments_soon_playing_and_over(tmp_path, kind):
    async def go():
        async with serving(tmp_path / "s.db", LIMITS) as (server, url):
            db = server.tournaments.db
            soon = await db.create(swiss(time.time() + 3600))
            s = Session(url, "Ann")
            await s.connect()
            await s.send(kind)
            listed = (await s.expect("tournaments"))["tournaments"]
            assert [(x["id"], x["status"]) for x in listed] == [(soon.id, "soon")]
            assert 3590 < listed[0]["left"] <= 3600
            await s.close()

    run(go())
