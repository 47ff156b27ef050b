"""The tournaments' web pages (routed from :mod:`.pages`):

    /tournaments          those to come, those playing, the latest over
    /tournaments/<id>     one tournament: its winner, standings and games

Read from the store beside its writes, as the other pages are, and worked out
by the same functions as the standings the players hear
(:func:`.tournaments.view`), so the page and every process show one table.
"""

from __future__ import annotations

import re
import time
from datetime import UTC, datetime
from typing import Any

from .markup import esc
from .pages import Page, player_link, shell
from .tournament_rules import ARENA, half
from .tournament_store import Tournament, TournamentStore
from .tournaments import summary, view

TOURNAMENT_ID = re.compile(r"[a-z0-9]{1,16}")
#: An arena player's latest games shown on their line.
SHEET = 12
STATUS = {"soon": "To come", "playing": "Playing now", "over": "Over"}


def when(seconds: float) -> str:
    return datetime.fromtimestamp(seconds, UTC).strftime("%Y-%m-%d %H:%M UTC")


def pace(t: dict[str, Any]) -> str:
    length = f"{t['minutes']} minutes" if t["kind"] == ARENA else f"{t['rounds']} rounds"
    kind = "Arena" if t["kind"] == ARENA else "Swiss"
    minutes = t["base"] // 60 if t["base"] % 60 == 0 else f"{t['base']}s"
    rated = "rated" if t["rated"] else "casual"
    return f"{kind}, {length}, side {t['side']}, {minutes}+{t['inc']}, {rated}"


def state(t: dict[str, Any]) -> str:
    """Where the tournament is, in words."""
    if t["status"] == "over":
        won = f": won by {player_link(t['winner'])}" if t["winner"] else ""
        return f"Over{won}."
    if t["status"] == "soon":
        return f"Starts {esc(when(t['starts']))} (in {clock(t['left'])})."
    if t["kind"] == ARENA:
        return f"Playing: {clock(t['left'])} left."
    return f"Playing round {int(t['round'])} of {int(t['rounds'])}."


def clock(seconds: float | None) -> str:
    s = int(seconds or 0)
    if s >= 3600:
        return f"{s // 3600} h {s % 3600 // 60:02d} min"
    return f"{s // 60}:{s % 60:02d}"


async def route(db: TournamentStore, path: str) -> Page | None:
    """The page at ``path``, or ``None`` for no tournament page (a 404)."""
    if path == "/tournaments":
        return await listing(db)
    tid = path[len("/tournaments/") :]
    if not TOURNAMENT_ID.fullmatch(tid):
        return None
    snap = await db.snapshot(tid)
    if snap is None:
        return None
    return Page(200, shell(snap.tournament.name, body(view(snap, time.time()))))


async def listing(db: TournamentStore) -> Page:
    now = time.time()
    groups: dict[str, list[Tournament]] = {"playing": [], "soon": [], "over": []}
    for t in await db.listed():
        groups[summary(t, now)["status"]].append(t)
    parts = []
    for status, ts in groups.items():
        if not ts:
            continue
        rows = "".join(
            f'<li><a href="/tournaments/{esc(t.id)}">{esc(t.name)}</a>'
            f' <span class="about">{esc(pace(summary(t, now)))}</span>'
            f"<br>{state(summary(t, now))}</li>"
            for t in ts
        )
        parts.append(f'<h2>{STATUS[status]}</h2><ul class="tournaments">{rows}</ul>')
    body_ = "".join(parts) or "<p>No tournament yet: the server's operator makes them.</p>"
    return Page(200, shell("Tournaments", f"<h1>Tournaments</h1>{body_}"))


def body(t: dict[str, Any]) -> str:
    """A tournament's page: what it is, where it is, the standings, the games."""
    arena = t["kind"] == ARENA
    head = (
        f"<h1>{esc(t['name'])}</h1><p>{esc(pace(t))}</p><p>{state(t)}</p>"
        if t["status"] != "over" or not t["winner"]
        else f"<h1>{esc(t['name'])}</h1><p>{esc(pace(t))}</p>"
        f'<p class="winner">Winner: {player_link(t["winner"])}</p>'
    )
    return head + standings(t["standings"], arena) + games(t["games"], arena)


def standings(rows: list[dict[str, Any]], arena: bool) -> str:
    if not rows:
        return "<h2>Standings</h2><p>Nobody has joined yet.</p>"
    if arena:
        heads = '<th class="n">Points</th><th class="n">Games</th><th class="dev">Sheet</th>'
    else:
        heads = (
            '<th class="n">Points</th><th class="n dev">Buchholz</th>'
            '<th class="n dev">S-B</th><th class="dev">Rounds</th>'
        )
    lines = []
    for r in rows:
        name = player_link(r["name"])
        if r["fire"]:
            name += ' <span class="fire" title="on fire: the next game counts double">fire</span>'
        if r["paused"]:
            name += ' <span class="about">(paused)</span>'
        if arena:
            sheet = r["sheet"].split()
            recent = (
                " ".join(sheet[-SHEET:]) if len(sheet) <= SHEET else "… " + " ".join(sheet[-SHEET:])
            )
            cells = (
                f'<td class="n">{int(r["points"])}</td><td class="n">{int(r["games"])}</td>'
                f'<td class="dev sheet">{esc(recent)}</td>'
            )
        else:
            cells = (
                f'<td class="n">{half(r["points"])}</td>'
                f'<td class="n dev">{half(r["buchholz"])}</td>'
                f'<td class="n dev">{half(r["sonneborn"])}</td>'
                f'<td class="dev sheet">{esc(r["sheet"])}</td>'
            )
        lines.append(f'<tr><td class="n">{int(r["rank"])}</td><td>{name}</td>{cells}</tr>')
    return (
        '<h2>Standings</h2><table class="leaders standings"><thead><tr><th class="n">#</th>'
        f"<th>Player</th>{heads}</tr></thead><tbody>{''.join(lines)}</tbody></table>"
    )


RESULTS = {"red": "1-0", "blue": "0-1", "draw": "½-½", "aborted": "aborted", None: "playing"}


def games(rows: list[dict[str, Any]], arena: bool) -> str:
    if not rows:
        return ""
    lines = "".join(
        "<li>"
        + ("" if arena else f'<span class="about">Round {int(g["round"])}:</span> ')
        + f'<a href="/games/{esc(g["id"])}"><span class="red-name">{esc(g["red"])}</span>'
        f' against <span class="blue-name">{esc(g["blue"])}</span></a>'
        f' <span class="result">{esc(RESULTS.get(g["result"], g["result"]))}</span></li>'
        for g in rows
    )
    return f'<h2>Games</h2><ul class="games">{lines}</ul>'
