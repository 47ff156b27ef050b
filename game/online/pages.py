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

import html
import json
import math
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any, Protocol
from urllib.parse import parse_qs, quote, unquote, urlsplit

from game.rules import Board, RulesError
from game.rules.geometry import geometry

TITLE = "Mosaic by Mark Steere"

#: Only this server's own script and style sheet; no frames, no forms, no plugins.
POLICY = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
    "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)
#: Finished games' pages kept worked out: a finished game never changes.
CACHE_GAMES = 256


#: A game's record, the tiles after each of its turns, and each turn's cells.
GameData = tuple[dict[str, Any], list[str], list[list[int]]]


@dataclass
class Page:
    """An answer to a GET: status, body and content type."""

    status: int
    body: str
    content_type: str = "text/html; charset=utf-8"
    headers: dict[str, str] = field(default_factory=dict)


class Source(Protocol):
    """What the pages read from the server."""

    async def record(self, gid: str) -> dict[str, Any] | None: ...
    async def leaderboard_rows(self) -> list[dict[str, Any]]: ...
    async def player_summary(self, name: str) -> dict[str, Any] | None: ...
    async def games_in_play(self) -> list[dict[str, Any]]: ...


def esc(text: object) -> str:
    return html.escape(str(text), quote=True)


def script_json(data: Any) -> str:
    """JSON to sit inside a ``<script type="application/json">``: nothing in it
    can close the element or start markup, whatever a name holds."""
    text = json.dumps(data, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def shell(title: str, body: str, *, script: bool = False) -> str:
    tail = '<script src="/static/game.js"></script>' if script else ""
    return (
        "<!doctype html>\n"
        '<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{esc(title)}</title>"
        '<link rel="stylesheet" href="/static/site.css"></head><body>'
        f'<header><a href="/">{esc(TITLE)}</a> <nav><a href="/leaderboard">Leaderboard</a>'
        "</nav></header>"
        f"<main>{body}</main>{tail}</body></html>\n"
    )


def player_link(name: str) -> str:
    return f'<a href="/players/{quote(name, safe="")}">{esc(name)}</a>'


# -- the board -------------------------------------------------------------------------
SQRT3 = math.sqrt(3)


def board_svg(side: int, tiles: str, last: list[int]) -> str:
    """The board with ``tiles`` (``R``, ``B`` or ``.`` for each cell) and the
    cells of the last turn outlined; each cell is ``<polygon id="c<n>">``."""
    geo = geometry(side)
    r = 20.0
    coords = [(int(q), int(rr)) for q, rr in geo.coords]
    centres = [(r * SQRT3 * (q + rr / 2), r * 1.5 * rr) for q, rr in coords]
    width = r * SQRT3 * (2 * side - 1) + 4
    height = r * (3 * side - 1) + 4
    cls = {"R": "red", "B": "blue", ".": "empty"}
    cells = []
    for i, (cx, cy) in enumerate(centres):
        points = " ".join(
            f"{cx + r * 0.96 * math.cos(math.radians(60 * k - 30)):.1f},"
            f"{cy + r * 0.96 * math.sin(math.radians(60 * k - 30)):.1f}"
            for k in range(6)
        )
        mark = " last" if i in last else ""
        cells.append(
            f'<polygon id="c{i}" class="{cls[tiles[i]]}{mark}" points="{points}">'
            f"<title>{geo.names[i]}</title></polygon>"
        )
    box = f"{-width / 2:.1f} {-height / 2:.1f} {width:.1f} {height:.1f}"
    return (
        f'<svg id="board" viewBox="{box}" role="img" aria-label="the board">'
        + "".join(cells)
        + "</svg>"
    )


def positions(side: int, turns: list[str]) -> tuple[list[str], list[list[int]]]:
    """The tiles after each turn (``R``/``B``/``.`` a cell; index 0: the empty
    board) and each turn's cells. Raises :class:`RulesError` if a turn does not
    replay."""
    board = Board(size=side)
    n = board.geometry.cells

    def tiles() -> str:
        out = []
        for c in range(n):
            t = board.tile_at(c)
            out.append("." if t is None else "R" if int(t) == 0 else "B")
        return "".join(out)

    seen: list[str] = [tiles()]
    cells: list[list[int]] = [[]]
    for text in turns:
        turn = board.parse_turn(text)
        board.play(text)
        seen.append(tiles())
        cells.append(list(turn.cells))
    return seen, cells


# -- the pages -------------------------------------------------------------------------
class Pages:
    """Routes a GET to its page; ``None`` for paths that are not pages."""

    def __init__(self, source: Source) -> None:
        self.source = source
        self._finished: OrderedDict[str, GameData] = OrderedDict()

    async def route(self, target: str) -> Page | None:
        parts = urlsplit(target)
        path = parts.path
        if path == "/":
            return await self.index()
        if path == "/leaderboard":
            return await self.leaderboard()
        if path == "/static/game.js":
            return Page(200, GAME_JS, "text/javascript; charset=utf-8")
        if path == "/static/site.css":
            return Page(200, SITE_CSS, "text/css; charset=utf-8")
        if path.startswith("/players/"):
            return await self.player(unquote(path[len("/players/") :]))
        if path.startswith("/games/") and not path.endswith(".json"):
            ply = parse_qs(parts.query).get("ply", [""])[0]
            return await self.game(path[len("/games/") :], ply)
        return None

    def not_found(self, what: str) -> Page:
        body = f"<h1>Not found</h1><p>{esc(what)}</p>"
        return Page(404, shell("Not found", body))

    async def index(self) -> Page:
        games = await self.source.games_in_play()
        rows = "".join(
            f'<li><a href="/games/{esc(g["id"])}">{esc(g["red"])} against {esc(g["blue"])}</a>'
            f" (side {int(g['side'])}, {esc(g['time'])}, {int(g['turns'])} turns)</li>"
            for g in games
        )
        playing = f"<ul>{rows}</ul>" if rows else "<p>No game is being played just now.</p>"
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
            f"<tr><td>{i}</td><td>{player_link(r['name'])}</td><td>{int(r['rating'])}</td>"
            f"<td>{int(r['rd'])}</td><td>{int(r['games'])}</td></tr>"
            for i, r in enumerate(rows, 1)
        )
        return (
            "<table><thead><tr><th>#</th><th>Player</th><th>Rating</th><th>Deviation</th>"
            f"<th>Games</th></tr></thead><tbody>{lines}</tbody></table>"
        )

    async def leaderboard(self) -> Page:
        body = (
            "<h1>Leaderboard</h1><p>Rated players, ordered by their rating less twice its "
            "deviation, so that a lucky newcomer does not top it.</p>"
            + self._leaders(await self.source.leaderboard_rows())
        )
        return Page(200, shell("Leaderboard", body))

    async def player(self, name: str) -> Page:
        data = await self.source.player_summary(name)
        if data is None:
            return self.not_found(f"No player is called {name}.")
        games = data["games"]
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
        )
        rated = int(data["rated"])
        postal = ""
        if data.get("postal_games"):
            n = int(data["postal_games"])
            postal = (
                f"<p>By correspondence (rated apart): {round(data['postal_rating'])},"
                f" {n} rated game{'s' if n != 1 else ''}.</p>"
            )
        body = (
            f"<h1>{esc(data['name'])}</h1>"
            f"<p>Rating {round(data['rating'])} (deviation {round(data['rd'])}), "
            f"{rated} rated game{'s' if rated != 1 else ''}.</p>"
            + postal
            + rating_graph(data["history"])
            + f"<h2>Recent games</h2>{table}"
        )
        return Page(200, shell(data["name"], body))

    async def game(self, gid: str, ply_text: str) -> Page:
        got = await self._game_data(gid)
        if got is None:
            return self.not_found("No game has that id.")
        record, tiles, cells = got
        last = len(tiles) - 1
        ply = int(ply_text) if ply_text.isdigit() else last
        ply = max(0, min(last, ply))
        red, blue = record["red"], record["blue"]
        online = record.get("online", {})
        result = record.get("result")
        status = outcome_text(result, online.get("reason", ""))
        current = ' aria-current="step"'
        moves = "".join(
            f'<li><a href="?ply={i}"{current if i == ply else ""}>{esc(t)}</a></li>'
            for i, t in enumerate(record["turns"], 1)
        )
        data = {
            "id": gid,
            "side": record["side"],
            "names": list(geometry(record["side"]).names),
            "turns": record["turns"],
            "tiles": tiles,
            "cells": cells,
            "ply": ply,
            "live": result is None,
        }
        steps = "".join(
            f'<a class="step" id="{k}" href="?ply={p}">{label}</a>'
            for k, p, label in (
                ("first", 0, "&laquo; First"),
                ("prev", max(0, ply - 1), "&lsaquo; Back"),
                ("next", min(last, ply + 1), "Next &rsaquo;"),
                ("last", last, "Last &raquo;"),
            )
        )
        body = (
            f'<h1><span class="red-name">{esc(red)}</span> against '
            f'<span class="blue-name">{esc(blue)}</span></h1>'
            f'<p class="about">{esc(game_facts(record))}</p>'
            f'<p id="status">{status}</p>'
            f'<div class="game"><div class="board">'
            f"{board_svg(record['side'], tiles[ply], cells[ply])}"
            f'<p id="where">Turn {ply} of {last}</p><p class="steps">{steps}</p>'
            '<p class="keys">Keys: Left and Right step, Home and End go to the ends.</p>'
            f'</div><ol id="moves">{moves}</ol></div>'
            f'<script type="application/json" id="game-data">{script_json(data)}</script>'
        )
        return Page(200, shell(f"{red} against {blue}", body, script=True))

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


def game_facts(record: dict[str, Any]) -> str:
    """The game's settings and date, as a line: "Side 5, 5+3, rated, 2026-11-25"."""
    online = record.get("online", {})
    parts = [f"Side {int(record['side'])}", str(online.get("time", ""))]
    parts.append("rated" if online.get("rated") else "casual")
    parts.append(str(record.get("date", ""))[:10])
    return ", ".join(p for p in parts if p)


def outcome_text(result: str | None, reason: str) -> str:
    """How the game stands, in words (escaped)."""
    if result is None:
        return "In play: this page follows it as it goes."
    if result == "aborted":
        return "Aborted: nobody was rated."
    if result == "draw":
        return esc(f"A draw: {reason}." if reason else "A draw.")
    won = f"{result.capitalize()} won"
    return esc(f"{won}: {reason}." if reason else f"{won}.")


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


SITE_CSS = """
body { background: #14161f; color: #e8e8ee; font: 16px/1.45 system-ui, sans-serif; margin: 0; }
header { background: #1f2230; padding: 10px 18px; display: flex; gap: 24px; }
header a { color: #f2c14e; text-decoration: none; font-weight: bold; }
main { max-width: 980px; margin: 0 auto; padding: 12px 18px; }
a { color: #8fc7ff; }
table { border-collapse: collapse; }
td, th { padding: 4px 12px; text-align: left; border-bottom: 1px solid #2c3042; }
.game { display: flex; flex-wrap: wrap; gap: 24px; align-items: flex-start; }
.board { flex: 1 1 360px; max-width: 470px; }
#board { width: 100%; height: auto; }
#board polygon { stroke: #0c0d13; stroke-width: 1.5; }
#board .empty { fill: #2c3042; }
#board .red { fill: #e0504a; }
#board .blue { fill: #4a8fe0; }
#board .last { stroke: #f2c14e; stroke-width: 3; }
#moves { max-height: 520px; overflow-y: auto; min-width: 140px; }
#moves a[aria-current] { color: #f2c14e; font-weight: bold; }
.steps a { display: inline-block; margin-right: 10px; padding: 6px 10px; background: #1f2230;
  border-radius: 6px; text-decoration: none; }
.red-name { color: #e0504a; } .blue-name { color: #4a8fe0; }
.keys { color: #9aa0b4; font-size: 14px; }
.graph { width: 100%; max-width: 600px; background: #1f2230; }
.graph polyline { fill: none; stroke: #f2c14e; stroke-width: 2; }
"""

GAME_JS = r"""
"use strict";
(function () {
  const data = JSON.parse(document.getElementById("game-data").textContent);
  const index = new Map(data.names.map((n, i) => [n, i]));
  let ply = data.ply;
  const where = document.getElementById("where");
  const moves = document.getElementById("moves");
  const steps = { first: () => 0, prev: () => ply - 1, next: () => ply + 1,
                  last: () => data.tiles.length - 1 };

  function draw() {
    const tiles = data.tiles[ply], last = new Set(data.cells[ply]);
    const cls = { R: "red", B: "blue", ".": "empty" };
    for (let i = 0; i < tiles.length; i++) {
      const cell = document.getElementById("c" + i);
      cell.setAttribute("class", cls[tiles[i]] + (last.has(i) ? " last" : ""));
    }
    where.textContent = "Turn " + ply + " of " + (data.tiles.length - 1);
    moves.querySelectorAll("a").forEach((a, i) => {
      if (i + 1 === ply) a.setAttribute("aria-current", "step");
      else a.removeAttribute("aria-current");
    });
    for (const [id, to] of Object.entries(steps)) {
      const p = Math.max(0, Math.min(data.tiles.length - 1, to()));
      document.getElementById(id).setAttribute("href", "?ply=" + p);
    }
    history.replaceState(null, "", "?ply=" + ply);
  }
  function go(p) {
    ply = Math.max(0, Math.min(data.tiles.length - 1, p));
    draw();
  }
  for (const [id, to] of Object.entries(steps)) {
    document.getElementById(id).addEventListener("click", (e) => { e.preventDefault(); go(to()); });
  }
  moves.addEventListener("click", (e) => {
    const a = e.target.closest("a");
    if (!a) return;
    e.preventDefault();
    go(Array.from(moves.querySelectorAll("a")).indexOf(a) + 1);
  });
  document.addEventListener("keydown", (e) => {
    const to = { ArrowLeft: ply - 1, ArrowRight: ply + 1, Home: 0,
                 End: data.tiles.length - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    go(to);
  });

  // A turn in notation (e5, xd4xd5, pass) applied to the tiles before it.
  function apply(tiles, text, mover) {
    if (text === "pass") return [tiles, []];
    const out = tiles.split(""), cells = [];
    for (const name of text.split("x").filter((s) => s)) {
      const i = index.get(name);
      if (i === undefined) throw new Error("unknown cell " + name);
      out[i] = mover === 0 ? "R" : "B";
      cells.push(i);
    }
    return [out.join(""), cells];
  }
  function follow() {
    if (!data.live) return;
    fetch("/games/" + data.id + ".json", { cache: "no-store" })
      .then((r) => r.ok ? r.json() : Promise.reject(r.status))
      .then((record) => {
        const atEnd = ply === data.tiles.length - 1;
        for (let k = data.turns.length; k < record.turns.length; k++) {
          const text = record.turns[k];
          const [tiles, cells] = apply(data.tiles[k], text, k % 2);
          data.turns.push(text); data.tiles.push(tiles); data.cells.push(cells);
          const li = document.createElement("li"), a = document.createElement("a");
          a.href = "?ply=" + (k + 1); a.textContent = text; li.appendChild(a);
          moves.appendChild(li);
        }
        if (atEnd) ply = data.tiles.length - 1;
        draw();
        if (record.result !== null) {
          data.live = false;
          const r = record.result, why = (record.online || {}).reason;
          const won = r === "draw" ? "A draw" : r === "aborted" ? "Aborted: nobody was rated."
            : r.charAt(0).toUpperCase() + r.slice(1) + " won";
          const said = r === "aborted" ? "" : why ? ": " + why + "." : ".";
          document.getElementById("status").textContent = won + said;
        }
      })
      .catch(() => {})
      .finally(() => { if (data.live) setTimeout(follow, 3000); });
  }
  draw();
  setTimeout(follow, 3000);
})();
"""
