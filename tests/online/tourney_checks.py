"""What every tournament test checks of a finished tournament, from the store:
the pairing rules, and that every player heard the same standings."""

from __future__ import annotations

import asyncio
import html
import itertools
import re
import time
from collections import Counter

from game.online.store import Store
from game.online.tournament_rules import ARENA, half
from game.online.tournament_store import Snapshot, TournamentStore
from game.online.tournaments import view

from .serving import ask_now

#: Slack on "nobody idle longer than a game": the director looks every 0.05 s,
#: and a loaded machine may hold a look up a little.
IDLE_SLACK = 1.5


async def until_over(store: Store, tid: str, seconds: float = 120.0) -> Snapshot:
    db = TournamentStore(store.db)
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            snap = await db.snapshot(tid)
        except Exception:  # the database restarts under the test
            snap = None
        if snap is not None and snap.tournament.ended is not None:
            return snap
        await asyncio.sleep(0.2)
    raise AssertionError(f"tournament {tid} did not end in {seconds} s")


async def all_heard(players, final: dict, seconds: float = 20.0) -> None:
    """Every player's last standings are the final ones."""
    end = time.monotonic() + seconds
    want = final["standings"]
    while time.monotonic() < end:
        if all(p.standings and p.standings["standings"] == want for p in players):
            return
        await asyncio.sleep(0.1)
    odd = [
        (p.name, p.standings and (p.standings["status"], p.standings["round"]))
        for p in players
        if not p.standings or p.standings["standings"] != want
    ]
    raise AssertionError(f"these players heard other standings: {odd}")


def check_swiss(snap: Snapshot) -> None:
    t = snap.tournament
    met: Counter[frozenset[str]] = Counter(frozenset((g.red, g.blue)) for g in snap.games)
    assert max(met.values()) == 1, "two players met twice"
    for r in range(1, t.round + 1):
        seated = [p for g in snap.games if g.round == r for p in (g.red, g.blue)]
        seated += [p for rr, p in snap.byes if rr == r]
        assert len(seated) == len(set(seated)), f"round {r}: a player paired twice"
        assert all(g.result is not None for g in snap.games if g.round == r)
    assert t.round == t.rounds and t.winner == view(snap, time.time())["standings"][0]["name"]
    balance = Counter()
    for g in snap.games:
        balance[g.red] += 1
        balance[g.blue] -= 1
    assert all(abs(b) <= 1 for b in balance.values()), balance


def check_arena(snap: Snapshot) -> float:
    """No player idle (between a game's end and their next game) longer than
    the longest game; returns the longest idle time, in seconds."""
    t = snap.tournament
    assert t.kind == ARENA and t.ends is not None
    done = [g for g in snap.games if g.ended is not None]
    longest = max(g.ended - g.started for g in done)  # type: ignore[operator]
    worst = 0.0
    for e in snap.entrants:
        mine = sorted((g for g in snap.games if e.id in (g.red, g.blue)), key=lambda g: g.started)
        assert mine, f"{e.name} never played"
        for before, after in itertools.pairwise(mine):
            assert before.ended is not None and after.started >= before.ended - 0.01
            worst = max(worst, after.started - before.ended)
    assert worst <= longest + IDLE_SLACK, (worst, longest)
    standings = view(snap, time.time())["standings"]
    assert t.winner == standings[0]["name"]
    return worst


async def page_standings(url: str, tid: str) -> tuple[list[tuple[str, str]], str]:
    """The standings on a tournament's web page, as (name, points) rows, and
    the page's text."""
    port = int(url.rsplit(":", 1)[1])
    answer = await asyncio.to_thread(ask_now, port, f"/tournaments/{tid}")
    assert answer.status == 200, answer
    table = answer.text.split('<table class="leaders standings">', 1)[1].split("</table>", 1)[0]
    rows = re.findall(r'<tr><td class="n">\d+</td><td><a href="[^"]*">([^<]*)</a>.*?'
                      r'<td class="n">([^<]*)</td>', table)  # fmt: skip
    return [(html.unescape(n), p) for n, p in rows], answer.text


def standings_shown(final: dict) -> list[tuple[str, str]]:
    """The final standings as the page writes them."""
    points = (lambda x: str(int(x))) if final["kind"] == ARENA else half
    return [(r["name"], points(r["points"])) for r in final["standings"]]
