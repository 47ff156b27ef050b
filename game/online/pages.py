"""The server's web face: plain pages a browser can open, share and follow.

    /                     games in play and the leaderboard's top
    /leaderboard          the rated players, best first
    /players/<name>       a player's rating over their games and their recent games
    /games/<id>           a game on a drawn board, stepped with buttons or the
                          arrow keys (Home, End), and followed as it goes
    /games/<id>.json      the game's record (served by .web beside these pages)

Every page is whole without scripts: the board of any turn is drawn on the
server (``/games/<id>?ply=12``) and the steps are links. The one script, served
from ``/static/game.js`` by this server and no other, steps without reloading,
answers the keys and polls the game's record while it is in play. Nothing a
player typed (a name) reaches a page unescaped, and every page forbids scripts,
styles and frames from anywhere else (``Content-Security-Policy``), so the
pages are safe behind a public address.
"""

from __future__ import annotations

import re
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, Protocol
from urllib.parse import parse_qs, quote, unquote, urlsplit

from game.rules import RulesError

from .assets import AT_ROOT, STATIC, link
from .markup import esc
from .ranks import RANKED_DAYS, RANKED_GAMES
from .watch import game_body, positions

TITLE = "Mosaic by Mark Steere"

#: Only this server's own script and style sheet; no frames, no forms, no plugins.
POLICY = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
    "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)
#: Finished games' pages kept worked out: a finished game never changes.
CACHE_GAMES = 256
#: What a browser may keep: a file under its digest for good, a finished game a day.
FOR_GOOD = "public, max-age=31536000, immutable"
A_DAY = "public, max-age=86400"
#: Everything else is asked again each time, with its ETag (a 304 if unchanged).
ASK_AGAIN = "no-cache"

#: A game's id, as the server gives them out.
GAME_ID = re.compile(r"[a-z0-9]{1,16}")
#: A turn number in a page's query: ASCII digits only (Python's ``int`` also
#: reads "²" and "፩", and refuses 5,000 digits with a ValueError).
PLY = re.compile(r"[0-9]{1,9}")
#: Games in play listed on a page of the front page.
GAMES_A_PAGE = 50
#: Longer than any name a player may take.
LONGEST_NAME = 64


#: A game's record, the tiles after each of its turns, and each turn's cells.
GameData = tuple[dict[str, Any], list[str], list[list[int]]]


@dataclass
class Page:
    """An answer to a GET: status, body, content type and how long it may be kept."""

    status: int
    body: str
    content_type: str = "text/html; charset=utf-8"
    headers: dict[str, str] = field(default_factory=dict)
    cache: str = ASK_AGAIN


class Source(Protocol):
    """What the pages read from the server."""

    async def record(self, gid: str) -> dict[str, Any] | None: ...
    async def leaderboard_rows(self) -> list[dict[str, Any]]: ...
    async def player_summary(self, name: str, page: int) -> dict[str, Any] | None: ...
    async def games_in_play(self, start: int, count: int) -> tuple[list[dict[str, Any]], int]: ...


def shell(title: str, body: str, *, script: bool = False) -> str:
    tail = f'<script src="{link("game.js")}"></script>' if script else ""
    return (
        "<!doctype html>\n"
        '<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{esc(title)}</title>"
        f'<link rel="stylesheet" href="{link("site.css")}">'
        f'<link rel="icon" href="{link("favicon.svg")}" type="image/svg+xml"></head><body>'
        f'<header><a href="/">{esc(TITLE)}</a> <nav><a href="/leaderboard">Leaderboard</a>'
        ' <a href="/tournaments">Tournaments</a></nav></header>'
        f"<main>{body}</main>{tail}</body></html>\n"
    )


def player_link(name: str) -> str:
    return f'<a href="/players/{quote(name, safe="")}">{esc(name)}</a>'


#: What a "?" after a rating means, on a player's page.
PROVISIONAL = ": provisional, until it settles with more rated games"


# -- the pages -------------------------------------------------------------------------
class Pages:
    """Routes a GET to its page; ``None`` for paths that are not pages."""

    def __init__(self, source: Source) -> None:
        self.source = source
        self._finished: OrderedDict[str, GameData] = OrderedDict()
        #: Pages of other modules (the tournaments'): a page, or ``None`` for none.
        self.more: Callable[[str], Awaitable[Page | None]] | None = None

    async def route(self, target: str) -> Page:
        """The answer to ``GET target``: a page, an asset, or a page that says
        what was wrong (404, 400)."""
        parts = urlsplit(target)
        path = parts.path
        # The pages that come a page at a time (any other ignores a ?page=).
        paged = path == "/" or path.startswith("/players/")
        number = page_number(parts.query) if paged else 1
        if number is None:
            return self.bad_request("?page= takes a page number, from 1.")
        if path == "/":
            return await self.index(number)
        if path == "/leaderboard":
            return await self.leaderboard()
        name = AT_ROOT.get(path) or (path[len("/static/") :] if path.startswith("/static/") else "")
        if name in STATIC:
            asset = STATIC[name]
            versioned = path.startswith("/static/") and parts.query == f"v={asset.digest}"
            return Page(
                200, asset.body.decode(), asset.content_type, cache=FOR_GOOD if versioned else A_DAY
            )
        if path.startswith("/players/"):
            who = unquote(path[len("/players/") :])
            if len(who) > LONGEST_NAME:
                return self.not_found("No player has a name that long.")
            return await self.player(who, number)
        if path.startswith("/games/") and GAME_ID.fullmatch(path[len("/games/") :]):
            ply = parse_qs(parts.query).get("ply", [""])[0]
            return await self.game(path[len("/games/") :], ply)
        if self.more is not None and (page := await self.more(path)) is not None:
            return page
        return self.not_found("There is no page at this address.")

    def not_found(self, what: str) -> Page:
        body = (
            f"<h1>Not found</h1><p>{esc(what)}</p>"
            '<p><a href="/">The games in play</a> · <a href="/leaderboard">The leaderboard</a></p>'
        )
        return Page(404, shell("Not found", body))

    def bad_request(self, what: str) -> Page:
        return Page(400, shell("Bad request", f"<h1>Bad request</h1><p>{esc(what)}</p>"))

    async def index(self, number: int = 1) -> Page:
        start = (number - 1) * GAMES_A_PAGE
        games, total = await self.source.games_in_play(start, GAMES_A_PAGE)
        rows = "".join(
            f'<li><a href="/games/{esc(g["id"])}">{esc(g["red"])} against {esc(g["blue"])}</a>'
            f" (side {int(g['side'])}, {esc(g['time'])}, {int(g['turns'])} turns)</li>"
            for g in games
        )
        playing = (
            f'<ol start="{start + 1}">{rows}</ol>'
            if rows
            else "<p>No game is being played just now.</p>"
            if total == 0
            else "<p>No games on this page.</p>"
        )
        pages = []
        if number > 1:
            pages.append(f'<a href="/?page={number - 1}">&lsaquo; Newer</a>')
        if start + GAMES_A_PAGE < total:
            pages.append(f'<a href="/?page={number + 1}">Older &rsaquo;</a>')
        if pages:
            last = min(total, start + GAMES_A_PAGE)
            shown = f"{start + 1} to {last} of {total}" if start < total else f"{total} in all"
            playing += f'<p class="steps">{" ".join(pages)} <span class="about">{shown}</span></p>'
        top = self._leaders((await self.source.leaderboard_rows())[:5])
        body = (
            f"<h1>{esc(TITLE)}</h1><h2>Games in play</h2>{playing}"
            f'<h2>Best rated</h2>{top}<p><a href="/leaderboard">The whole leaderboard</a></p>'
        )
        return Page(200, shell(TITLE, body))

    def _leaders(self, rows: list[dict[str, Any]]) -> str:
        if not rows:
            return "<p>Nobody has played a rated game yet.</p>"
        lines = "".join(
            f'<tr><td class="n">{i}</td><td>{player_link(r["name"])}</td>'
            f'<td class="n">{int(r["rating"])}</td><td class="n dev">{int(r["rd"])}</td>'
            f'<td class="n">{int(r["games"])}</td></tr>'
            for i, r in enumerate(rows, 1)
        )
        # On a phone the deviation gives way (the style sheet hides it) so that
        # the games played keep their column.
        return (
            '<table class="leaders"><thead><tr><th class="n">#</th><th>Player</th>'
            '<th class="n">Rating</th><th class="n dev">Deviation</th><th class="n">Games</th>'
            f"</tr></thead><tbody>{lines}</tbody></table>"
        )

    async def leaderboard(self) -> Page:
        body = (
            "<h1>Leaderboard</h1><p>Rated players, ordered by their rating less twice its "
            "deviation, so that a lucky newcomer does not top it. Listed are those with "
            f"{RANKED_GAMES} rated games, the last within {RANKED_DAYS} days, and a rating "
            "that has settled (a new one shows a “?” until it does).</p>"
            + self._leaders(await self.source.leaderboard_rows())
        )
        return Page(200, shell("Leaderboard", body))

    async def player(self, name: str, number: int = 1) -> Page:
        data = await self.source.player_summary(name, number)
        if data is None:
            return self.not_found(f"No player is called {name}.")
        games = data["games"]
        where = f"/players/{quote(data['name'], safe='')}"
        rows = "".join(
            f'<tr><td><a href="/games/{esc(g["id"])}">{esc(g["date"])}</a></td>'
            f"<td>{player_link(g['opponent'])}</td><td>{esc(g['outcome'])}</td>"
            f"<td>{esc(g['rating'])}</td></tr>"
            for g in games
        )
        table = (
            "<table><thead><tr><th>Date</th><th>Against</th><th>Result</th><th>Rating after</th>"
            f"</tr></thead><tbody>{rows}</tbody></table>"
            if rows
            else "<p>No finished games yet.</p>"
            if number == 1
            else f'<p>No games on this page. <a href="{where}">The newest</a></p>'
        )
        steps = []
        if number > 1 and rows:
            steps.append(f'<a href="{where}?page={number - 1}">&lsaquo; Newer</a>')
        if data.get("older"):
            steps.append(f'<a href="{where}?page={number + 1}">Older &rsaquo;</a>')
        if steps:
            table += (
                f'<p class="steps">{" ".join(steps)} <span class="about">page {number}</span></p>'
            )
        rated = int(data["rated"])
        rating = str(data.get("shown", round(data["rating"])))
        settling = PROVISIONAL if rating.endswith("?") else ""
        postal = ""
        if data.get("postal_games"):
            n = int(data["postal_games"])
            postal = (
                "<p>By correspondence (rated apart):"
                f" {esc(data.get('postal_shown', round(data['postal_rating'])))},"
                f" {n} rated game{'s' if n != 1 else ''}.</p>"
            )
        body = (
            f"<h1>{esc(data['name'])}</h1>"
            f"<p>Rating {esc(rating)} (deviation {round(data['rd'])}{settling}), "
            f"{rated} rated game{'s' if rated != 1 else ''}.</p>"
            + postal
            + rating_graph(data["history"])
            + f"<h2>{'Recent games' if number == 1 else 'Earlier games'}</h2>{table}"
        )
        return Page(200, shell(data["name"], body))

    async def game(self, gid: str, ply_text: str) -> Page:
        got = await self._game_data(gid)
        if got is None:
            return self.not_found("No game has that id.")
        record, tiles, cells = got
        last = len(tiles) - 1
        if not ply_text:
            ply = last
        elif PLY.fullmatch(ply_text):
            ply = min(last, int(ply_text))
        else:
            return self.bad_request(f"?ply= takes a turn number, from 0 to {last}.")
        body = game_body(gid, record, tiles, cells, ply)
        cache = ASK_AGAIN if record.get("result") is None else A_DAY
        return Page(
            200, shell(f"{record['red']} against {record['blue']}", body, script=True), cache=cache
        )

    async def _game_data(self, gid: str) -> GameData | None:
        if gid in self._finished:
            self._finished.move_to_end(gid)
            return self._finished[gid]
        record = await self.source.record(gid)
        if record is None:
            return None
        try:
            tiles, cells = positions(record["side"], record["turns"])
        except RulesError:
            return None
        got = (record, tiles, cells)
        if record.get("result") is not None:
            self._finished[gid] = got
            while len(self._finished) > CACHE_GAMES:
                self._finished.popitem(last=False)
        return got


def page_number(query: str) -> int | None:
    """The ``?page=`` of a query (1 if none), or ``None`` if it is no page number."""
    text = parse_qs(query).get("page", ["1"])[0]
    if not PLY.fullmatch(text) or int(text) < 1:
        return None
    return int(text)


def rating_graph(history: list[float]) -> str:
    """The rating after each rated game, as a line (drawn on the server)."""
    if len(history) < 2:
        return ""
    w, h, pad = 600.0, 160.0, 10.0
    lo, hi = min(history), max(history)
    span = max(hi - lo, 1.0)
    points = " ".join(
        f"{pad + (w - 2 * pad) * i / (len(history) - 1):.1f},"
        f"{h - pad - (h - 2 * pad) * (v - lo) / span:.1f}"
        for i, v in enumerate(history)
    )
    return (
        f'<figure><svg class="graph" viewBox="0 0 {w:.0f} {h:.0f}" role="img" '
        f'aria-label="rating after each rated game"><polyline points="{points}"/></svg>'
        f"<figcaption>Rating after each rated game: from {round(history[0])} to "
        f"{round(history[-1])} (lowest {round(lo)}, highest {round(hi)}).</figcaption></figure>"
    )
