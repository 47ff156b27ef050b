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

from .markup import render
from .pages import Page
from .tournament_rules import ARENA, half
from .tournament_store import TournamentStore
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


def described(t: dict[str, Any]) -> dict[str, Any]:
    """A tournament's summary with what its line says of it: its pace, and
    when it starts and how long is left, in words."""
    return t | {
        "arena": t["kind"] == ARENA,
        "pace": pace(t),
        "when": when(t["starts"]),
        "time_left": clock(t["left"]),
    }


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
    return Page(200, page(view(snap, time.time())))


async def listing(db: TournamentStore) -> Page:
    now = time.time()
    groups: dict[str, list[dict[str, Any]]] = {"playing": [], "soon": [], "over": []}
    for t in await db.listed():
        line = summary(t, now)
        groups[line["status"]].append(described(line))
    shown = [(STATUS[status], ts) for status, ts in groups.items() if ts]
    return Page(200, render("tournaments.html", title="Tournaments", groups=shown))


def page(t: dict[str, Any]) -> str:
    """A tournament's page: what it is, where it is, the standings, the games."""
    arena = t["kind"] == ARENA
    return render(
        "tournament.html",
        title=t["name"],
        t=described(t),
        standings=[standing(r, arena) for r in t["standings"]],
        games=[g | {"result": RESULTS.get(g["result"], g["result"])} for g in t["games"]],
    )


def standing(r: dict[str, Any], arena: bool) -> dict[str, Any]:
    """A line of the standings, its figures written out: an arena's points and
    its latest games; a Swiss's points and tie-breaks in halves."""
    if arena:
        sheet = r["sheet"].split()
        recent = (
            " ".join(sheet[-SHEET:]) if len(sheet) <= SHEET else "… " + " ".join(sheet[-SHEET:])
        )
        return r | {"points": int(r["points"]), "games": int(r["games"]), "sheet": recent}
    return r | {
        "points": half(r["points"]),
        "buchholz": half(r["buchholz"]),
        "sonneborn": half(r["sonneborn"]),
    }


RESULTS = {"red": "1-0", "blue": "0-1", "draw": "½-½", "aborted": "aborted", None: "playing"}
