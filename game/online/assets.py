"""The files the web pages fetch besides themselves: the style sheet, the game
page's one script, the icon and ``robots.txt``.

Each is served at ``/static/<name>`` (and the last two at the site's root, where
browsers and crawlers look). The pages link them with their digest in the query
(:func:`link`), so a browser may keep them a year: a new version of a file is a
new address.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass


@dataclass(frozen=True)
class Asset:
    body: bytes
    content_type: str

    @property
    def digest(self) -> str:
        return hashlib.blake2b(self.body, digest_size=8).hexdigest()


SITE_CSS = """
html { color-scheme: dark; }
body { background: #14161f; color: #e8e8ee; font: 16px/1.45 system-ui, sans-serif; margin: 0; }
header { background: #1f2230; padding: 10px 18px; display: flex; flex-wrap: wrap; gap: 4px 24px; }
header a { color: #f2c14e; text-decoration: none; font-weight: bold; }
main { max-width: 980px; margin: 0 auto; padding: 12px 18px; }
h1 { font-size: 1.6em; overflow-wrap: anywhere; }
a { color: #8fc7ff; }
table { border-collapse: collapse; }
td, th { padding: 4px 12px; text-align: left; border-bottom: 1px solid #2c3042; }
td.n, th.n { text-align: right; }
.leaders { width: 100%; max-width: 720px; }
.leaders td:nth-child(2) { overflow-wrap: anywhere; }
.game { display: flex; flex-wrap: wrap; gap: 24px; align-items: flex-start; }
.board { flex: 1 1 340px; max-width: 500px; min-width: 0; }
#board { width: 100%; height: auto; }
#board polygon { stroke: #0c0d13; stroke-width: 1.5; }
#board .empty { fill: #2c3042; }
#board .red { fill: #e0504a; }
#board .blue { fill: #4a8fe0; }
#board .last { stroke: #f2c14e; stroke-width: 3; }
#board text { fill: #9aa0b4; font-size: 9px; text-anchor: middle; dominant-baseline: central; }
#board text.row { font-size: 12px; }
#board .filled + text { display: none; }
.seat { display: flex; flex-wrap: wrap; align-items: baseline; gap: 4px 12px; padding: 6px 10px;
  margin: 4px 0; background: #1f2230; border-radius: 6px; border-left: 4px solid transparent; }
.seat.to-move { border-left-color: #f2c14e; }
.seat .who { font-weight: bold; overflow-wrap: anywhere; flex: 1 1 8em; }
.seat .rating, .seat .tiles { color: #9aa0b4; }
.seat .clock { font: bold 1.15em ui-monospace, monospace; margin-left: auto; }
.seat.to-move .clock { color: #f2c14e; }
.side { flex: 0 1 300px; min-width: 220px; }
#moves { position: relative; max-height: 520px; overflow-y: auto; padding-left: 3em; margin: 0; }
#moves li { padding: 1px 0; }
#moves li::marker { color: #9aa0b4; }
#moves a { display: inline-block; min-width: 5em; }
#moves a[aria-current] { color: #f2c14e; font-weight: bold; }
.steps a { display: inline-block; margin: 0 6px 6px 0; padding: 6px 10px; background: #1f2230;
  border-radius: 6px; text-decoration: none; }
.red-name { color: #e0504a; } .blue-name { color: #4a8fe0; }
.keys, .about { color: #9aa0b4; font-size: 14px; }
.graph { width: 100%; max-width: 600px; background: #1f2230; }
.graph polyline { fill: none; stroke: #f2c14e; stroke-width: 2; }
.fire { color: #f2c14e; font-size: 14px; } .winner { font-size: 1.2em; overflow-wrap: anywhere; }
.standings .sheet { font: 14px ui-monospace, monospace; color: #9aa0b4; }
.tournaments li, .games li { margin: 0 0 8px; overflow-wrap: anywhere; }
.result { white-space: nowrap; }
header nav { display: flex; flex-wrap: wrap; gap: 4px 16px; }
@media (max-width: 520px) {
  main { padding: 8px 10px; }
  td, th { padding: 4px 6px; }
  .leaders th.dev, .leaders td.dev { display: none; }
  .seat .who { flex-basis: 100%; }
}
"""

GAME_JS = r"""
"use strict";
(function () {
  const data = JSON.parse(document.getElementById("game-data").textContent);
  const index = new Map(data.names.map((n, i) => [n, i]));
  const COLORS = ["Red", "Blue"];
  let ply = data.ply;
  const where = document.getElementById("where");
  const moves = document.getElementById("moves");
  const steps = { first: () => 0, prev: () => ply - 1, next: () => ply + 1,
                  last: () => data.tiles.length - 1 };
  // The clocks as the server last told them, and when (this page's time).
  let clocks = data.clocks, told = performance.now();

  function plural(n, one) { return n + " " + one + (n === 1 ? "" : "s"); }
  // As the client shows a clock: "4:05", or by correspondence the turn's own
  // days ("2d 3h"), then what is left of the reserve.
  function clockText(ms, reserve) {
    if (data.reserve) {
      const own = ms - reserve * 86400000;
      const minutes = Math.floor(Math.max(0, own > 0 ? own : ms) / 60000);
      const d = Math.floor(minutes / 1440), h = Math.floor(minutes / 60) % 24;
      return d ? d + "d " + h + "h" : h ? h + "h " + minutes % 60 + "m" : minutes % 60 + "m";
    }
    const s = Math.ceil(ms / 1000), m = Math.floor(s / 60);
    return m + ":" + String(s % 60).padStart(2, "0");
  }
  function tick() {
    if (!clocks) return;
    for (const c of [0, 1]) {
      let ms = clocks[c];
      if (data.running === c) ms = Math.max(0, ms - (performance.now() - told));
      const reserve = data.reserve ? data.reserve[c] : 0;
      document.getElementById("clock-" + c).textContent = clockText(ms, reserve);
    }
  }
  function draw() {
    const tiles = data.tiles[ply], last = new Set(data.cells[ply]);
    const cls = { R: "red", B: "blue", ".": "empty" };
    for (let i = 0; i < tiles.length; i++) {
      const cell = document.getElementById("c" + i);
      const filled = tiles[i] === "." ? "" : " filled";
      cell.setAttribute("class", cls[tiles[i]] + filled + (last.has(i) ? " last" : ""));
    }
    const counts = [tiles.split("R").length - 1, tiles.split("B").length - 1];
    for (const c of [0, 1]) {
      document.getElementById("tiles-" + c).textContent = plural(counts[c], "tile");
      const toMove = data.live ? c === data.turns.length % 2 : ply < data.tiles.length - 1
        && c === ply % 2;
      document.getElementById("seat-" + c).classList.toggle("to-move", toMove);
    }
    where.textContent = "Turn " + ply + " of " + (data.tiles.length - 1);
    moves.querySelectorAll("a").forEach((a, i) => {
      if (i + 1 !== ply) { a.removeAttribute("aria-current"); return; }
      a.setAttribute("aria-current", "step");
      // Keep the turn shown in the list's view, as the client does; only the
      // list scrolls, never the page.
      const top = a.offsetTop, bottom = top + a.offsetHeight;
      if (top < moves.scrollTop) moves.scrollTop = top;
      else if (bottom > moves.scrollTop + moves.clientHeight) {
        moves.scrollTop = bottom - moves.clientHeight;
      }
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
  // Each row of the list is a pair of turns, red's then blue's, as in the game.
  function addMove(k, text) {
    let li = moves.lastElementChild;
    if (k % 2 === 0 || !li) { li = document.createElement("li"); moves.appendChild(li); }
    else li.appendChild(document.createTextNode(" "));
    const a = document.createElement("a");
    a.href = "?ply=" + (k + 1); a.textContent = text; li.appendChild(a);
  }
  function follow() {
    if (!data.live) return;
    // "no-cache" asks again with the record's ETag: while no turn is played the
    // answer is an empty 304, which costs the server next to nothing.
    // The first asks past the browser's cache: the page may have been drawn a
    // moment ago, and its clocks with it.
    const first = data.clocksFrom === undefined;
    data.clocksFrom = "server";
    fetch("/games/" + data.id + ".json", { cache: first ? "no-store" : "no-cache" })
      .then((r) => r.ok ? r.json() : Promise.reject(r.status))
      .then((record) => {
        const atEnd = ply === data.tiles.length - 1;
        // A 304 reaches here as the record the browser kept, clocks as they
        // were then: only a turn or the end brings clocks worth taking.
        const changed = first || record.turns.length !== data.turns.length
          || record.result !== null;
        for (let k = data.turns.length; k < record.turns.length; k++) {
          const text = record.turns[k];
          const [tiles, cells] = apply(data.tiles[k], text, k % 2);
          data.turns.push(text); data.tiles.push(tiles); data.cells.push(cells);
          addMove(k, text);
        }
        const online = record.online || {};
        if (!changed) return;
        if (online.clocks) { clocks = online.clocks; told = performance.now(); }
        if (online.reserve) data.reserve = online.reserve;
        data.running = online.running;
        if (atEnd) ply = data.tiles.length - 1;
        if (record.result !== null) data.live = false;
        draw();
        tick();
        if (!data.live) {
          const r = record.result, why = online.reason, score = record.score || {};
          const won = r === "draw" ? "A draw" : r === "aborted" ? "Aborted: nobody was rated."
            : r.charAt(0).toUpperCase() + r.slice(1) + " won";
          const said = r === "aborted" ? "" : why ? ": " + why + "." : ".";
          const tally = r === "aborted" ? "" : " " + plural(score.red, "tile") + " to "
            + score.blue + ".";
          document.getElementById("status").textContent = won + said + tally;
        } else {
          const reserve = data.reserve ? " Reserve days: red " + data.reserve[0] + ", blue "
            + data.reserve[1] + "." : "";
          document.getElementById("status").textContent = "In play: "
            + COLORS[data.turns.length % 2] + " to move." + reserve;
        }
      })
      .catch(() => {})
      .finally(() => { if (data.live) setTimeout(follow, 3000); });
  }
  draw();
  tick();
  if (data.live) { setInterval(tick, 250); follow(); }
})();
"""

FAVICON_SVG = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="-10 -10 20 20">'
    '<polygon points="8.7,-5 8.7,5 0,10 -8.7,5 -8.7,-5 0,-10" fill="#1f2230"/>'
    '<polygon points="0,-7 6,-3.5 0,0 -6,-3.5" fill="#e0504a"/>'
    '<polygon points="-6,-3.5 0,0 0,7 -6,3.5" fill="#4a8fe0"/>'
    '<polygon points="6,-3.5 6,3.5 0,7 0,0" fill="#f2c14e"/></svg>\n'
)

# The records are a file a game: worth a download, not an index.
ROBOTS = "User-agent: *\nDisallow: /games/\n"

#: Every asset by its name under ``/static/``.
STATIC = {
    "site.css": Asset(SITE_CSS.encode(), "text/css; charset=utf-8"),
    "game.js": Asset(GAME_JS.encode(), "text/javascript; charset=utf-8"),
    "favicon.svg": Asset(FAVICON_SVG.encode(), "image/svg+xml"),
    "robots.txt": Asset(ROBOTS.encode(), "text/plain; charset=utf-8"),
}
#: The assets also served at the site's root, where others look for them.
AT_ROOT = {"/robots.txt": "robots.txt", "/favicon.svg": "favicon.svg"}


def link(name: str) -> str:
    """The address a page links an asset by: it changes whenever the file does."""
    return f"/static/{name}?v={STATIC[name].digest}"
