"""The page of one game, for anyone who follows a shared link: the board as the
client draws it (row letters at both ends of each row, each empty cell's
number at its foot), both players with their ratings, tiles and clocks, whose
turn it is, and the turns in pairs, numbered as in the client's move list.

Everything here is drawn on the server, so the page is whole without its
script; the script (``assets.GAME_JS``) steps through the turns and follows
the game while it is in play.
"""

from __future__ import annotations

import math
from typing import Any

from game.rules import Board
from game.rules.geometry import geometry

from .markup import esc, script_json

SQRT3 = math.sqrt(3)
COLORS = ("Red", "Blue")
CURRENT = ' aria-current="step"'
DAY_MS = 86_400_000
#: The cell's radius in the drawing's units.
R = 20.0


def board_svg(side: int, tiles: str, last: list[int]) -> str:
    """The board with ``tiles`` (``R``, ``B`` or ``.`` for each cell) and the
    cells of the last turn outlined; each cell is ``<polygon id="c<n>">``."""
    geo = geometry(side)
    centres = [(R * SQRT3 * (int(q) + int(r) / 2), R * 1.5 * int(r)) for q, r in geo.coords]
    # A letter's room at each end of the rows, as the client keeps it.
    width = R * SQRT3 * (2 * side - 1) + 2 * R * 1.35 + 8
    height = R * (3 * side - 1) + 4
    cls = {"R": "red filled", "B": "blue filled", ".": "empty"}
    out = []
    for i, (cx, cy) in enumerate(centres):
        points = " ".join(
            f"{cx + R * 0.96 * math.cos(math.radians(60 * k - 30)):.1f},"
            f"{cy + R * 0.96 * math.sin(math.radians(60 * k - 30)):.1f}"
            for k in range(6)
        )
        mark = " last" if i in last else ""
        name = geo.names[i]
        out.append(
            f'<polygon id="c{i}" class="{cls[tiles[i]]}{mark}" points="{points}">'
            f"<title>{name}</title></polygon>"
            f'<text x="{cx:.1f}" y="{cy + R * 0.55:.1f}">{name[1:]}</text>'
        )
    for row, (start, length) in enumerate(zip(geo.row_starts, geo.row_lengths, strict=True)):
        letter = chr(ord("a") + row)
        for cell, end in ((start, -1), (start + length - 1, 1)):
            cx, cy = centres[cell]
            out.append(
                f'<text class="row" x="{cx + end * R * 1.35:.1f}" y="{cy:.1f}">{letter}</text>'
            )
    box = f"{-width / 2:.1f} {-height / 2:.1f} {width:.1f} {height:.1f}"
    return f'<svg id="board" viewBox="{box}" role="img" aria-label="the board">{"".join(out)}</svg>'


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


def clock_text(ms: int, reserve: int | None = None) -> str:
    """Time left, on the client's clocks and the server's pages alike: "4:05" on a
    live clock, and tenths under ten seconds, "0:09.4" (rounded up, as clocks count
    down: the part of a second still left is time left); by correspondence
    (``reserve``: the side's reserve days) the turn's own days and hours, "2d 3h",
    and once those are used up the time left on the reserve."""
    if reserve is None:
        tenths = -(-max(0, ms) // 100)
        if tenths < 100:
            return f"0:{tenths // 10:02d}.{tenths % 10}"
        s = -(-tenths // 10)
        return f"{s // 60}:{s % 60:02d}"
    own = ms - reserve * DAY_MS
    minutes = max(0, own if own > 0 else ms) // 60_000
    d, h, m = minutes // 1440, minutes // 60 % 24, minutes % 60
    return f"{d}d {h}h" if d else f"{h}h {m}m" if h else f"{m}m"


def tiles_text(n: int) -> str:
    return f"{n} tile{'s' if n != 1 else ''}"


def outcome_text(result: str | None, reason: str, score: dict[str, int] | None = None) -> str:
    """How the game stands, in words (escaped)."""
    if result is None:
        return "In play: this page follows it as it goes."
    if result == "aborted":
        return "Aborted: nobody was rated."
    tally = f" {tiles_text(score['red'])} to {score['blue']}." if score else ""
    if result == "draw":
        return esc((f"A draw: {reason}." if reason else "A draw.") + tally)
    won = f"{result.capitalize()} won"
    return esc((f"{won}: {reason}." if reason else f"{won}.") + tally)


def game_facts(record: dict[str, Any]) -> str:
    """The game's settings and date, as a line: "Side 5, 5+3, rated, 2026-11-25"."""
    online = record.get("online", {})
    parts = [f"Side {int(record['side'])}", str(online.get("time", ""))]
    parts.append("rated" if online.get("rated") else "casual")
    parts.append(str(record.get("date", ""))[:10])
    return ", ".join(p for p in parts if p)


def seat(record: dict[str, Any], color: int, tiles: str, to_move: bool) -> str:
    """One player's strip: name, rating (and its change once rated), tiles, clock."""
    online = record.get("online", {})
    name = record["red" if color == 0 else "blue"]
    players = online.get("players") or [{}, {}]
    rating = players[color].get("rating")
    shown = "" if rating is None else str(int(rating))
    if shown and players[color].get("provisional"):
        shown += "?"  # a rating still settling (see ranks.py)
    change = (online.get("ratings") or {}).get(COLORS[color].lower())
    if change:
        delta = round(change["after"]) - round(change["before"])
        shown = f"{round(change['before'])} {'+' if delta >= 0 else '−'}{abs(delta)}"
    clocks = online.get("clocks")
    reserve = online.get("reserve")
    clock = clock_text(int(clocks[color]), reserve[color] if reserve else None) if clocks else ""
    count = tiles.count("R" if color == 0 else "B")
    css = COLORS[color].lower()
    return (
        f'<div class="seat{" to-move" if to_move else ""}" id="seat-{color}">'
        f'<span class="who {css}-name">{esc(name)}</span>'
        f'<span class="rating">{esc(shown)}</span>'
        f'<span class="tiles" id="tiles-{color}">{tiles_text(count)}</span>'
        f'<span class="clock" id="clock-{color}">{esc(clock)}</span></div>'
    )


def move_list(turns: list[str], ply: int) -> str:
    """The turns a pair a row, red's then blue's; the row's number is the list's."""
    rows = []
    for first in range(0, len(turns), 2):
        links = " ".join(
            f'<a href="?ply={i + 1}"{CURRENT if i + 1 == ply else ""}>{esc(turns[i])}</a>'
            for i in range(first, min(first + 2, len(turns)))
        )
        rows.append(f"<li>{links}</li>")
    return f'<ol id="moves">{"".join(rows)}</ol>'


def game_body(
    gid: str, record: dict[str, Any], tiles: list[str], cells: list[list[int]], ply: int
) -> str:
    """The game page's ``<main>``, at turn ``ply`` (already within the game)."""
    last = len(tiles) - 1
    online = record.get("online", {})
    result = record.get("result")
    live = result is None
    turns = record["turns"]
    if live:
        status = f"In play: {COLORS[len(turns) % 2]} to move."
        mover = len(turns) % 2
        if online.get("reserve"):
            # As in the client: the clocks show the turn's own days, the
            # reserve for when those run out goes under the turn.
            red, blue = online["reserve"]
            status += f" Reserve days: Red {int(red)}, Blue {int(blue)}."
    else:
        status = outcome_text(result, online.get("reason", ""), record.get("score"))
        mover = ply % 2 if ply < last else -1
    data = {
        "id": gid,
        "side": record["side"],
        "names": list(geometry(record["side"]).names),
        "turns": turns,
        "tiles": tiles,
        "cells": cells,
        "ply": ply,
        "live": live,
        "clocks": online.get("clocks"),
        "running": online.get("running"),
        "reserve": online.get("reserve"),
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
    seats = "".join(seat(record, c, tiles[ply], c == mover) for c in (0, 1))
    return (
        f'<h1><span class="red-name">{esc(record["red"])}</span> against '
        f'<span class="blue-name">{esc(record["blue"])}</span></h1>'
        f'<p class="about">{esc(game_facts(record))}</p>'
        f'<div class="game"><div class="board">{seats}'
        f'<p id="status">{status}</p>'
        f"{board_svg(record['side'], tiles[ply], cells[ply])}"
        f'<p id="where">Turn {ply} of {last}</p><p class="steps">{steps}</p>'
        '<p class="keys">Keys: Left and Right step, Home and End go to the ends.</p>'
        f'</div><div class="side"><h2>Turns</h2>{move_list(turns, ply)}</div></div>'
        f'<script type="application/json" id="game-data">{script_json(data)}</script>'
    )
