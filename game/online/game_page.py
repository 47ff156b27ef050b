"""The page of one game, for anyone who follows a shared link: the board as the
client draws it (row letters at both ends of each row, each empty cell's
number at its foot), both players with their ratings, tiles and clocks, whose
turn it is, and the turns in pairs, numbered as in the client's move list.

Everything here is worked out on the server and drawn by ``game.html`` (the
board by ``board.html``), so the page is whole without its script; the script
(``assets.GAME_JS``) steps through the turns and follows the game while it is
in play.
"""

from __future__ import annotations

import math
from typing import Any

from game.rules import Board
from game.rules.geometry import geometry

from .clock import clock_text
from .markup import render

SQRT3 = math.sqrt(3)
COLORS = ("Red", "Blue")
#: The cell's radius in the drawing's units.
R = 20.0


def board(side: int, tiles: str, last: list[int]) -> dict[str, Any]:
    """The board with ``tiles`` (``R``, ``B`` or ``.`` for each cell) and the
    cells of the last turn outlined, as ``board.html`` draws it: its view box,
    each cell's class, corners and centre, and each row's letter at both ends."""
    geo = geometry(side)
    centres = [(R * SQRT3 * (int(q) + int(r) / 2), R * 1.5 * int(r)) for q, r in geo.coords]
    # A letter's room at each end of the rows, as the client keeps it.
    width = R * SQRT3 * (2 * side - 1) + 2 * R * 1.35 + 8
    height = R * (3 * side - 1) + 4
    css = {"R": "red filled", "B": "blue filled", ".": "empty"}
    cells = []
    for i, (cx, cy) in enumerate(centres):
        points = " ".join(
            f"{cx + R * 0.96 * math.cos(math.radians(60 * k - 30)):.1f},"
            f"{cy + R * 0.96 * math.sin(math.radians(60 * k - 30)):.1f}"
            for k in range(6)
        )
        cells.append(
            {
                "css": css[tiles[i]] + (" last" if i in last else ""),
                "points": points,
                "name": geo.names[i],
                "x": f"{cx:.1f}",
                "y": f"{cy + R * 0.55:.1f}",
            }
        )
    rows = []
    for row, (start, length) in enumerate(zip(geo.row_starts, geo.row_lengths, strict=True)):
        for cell, end in ((start, -1), (start + length - 1, 1)):
            cx, cy = centres[cell]
            rows.append(
                {"letter": chr(ord("a") + row), "x": f"{cx + end * R * 1.35:.1f}", "y": f"{cy:.1f}"}
            )
    box = f"{-width / 2:.1f} {-height / 2:.1f} {width:.1f} {height:.1f}"
    return {"box": box, "cells": cells, "rows": rows}


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


def tiles_text(n: int) -> str:
    return f"{n} tile{'s' if n != 1 else ''}"


def outcome_text(result: str | None, reason: str, score: dict[str, int] | None = None) -> str:
    """How the game stands, in words."""
    if result is None:
        return "In play: this page follows it as it goes."
    if result == "aborted":
        return "Aborted: nobody was rated."
    tally = f" {tiles_text(score['red'])} to {score['blue']}." if score else ""
    if result == "draw":
        return (f"A draw: {reason}." if reason else "A draw.") + tally
    won = f"{result.capitalize()} won"
    return (f"{won}: {reason}." if reason else f"{won}.") + tally


def game_facts(record: dict[str, Any]) -> str:
    """The game's settings and date, as a line: "Side 5, 5+3, rated, 2026-11-25"."""
    online = record.get("online", {})
    parts = [f"Side {int(record['side'])}", str(online.get("time", ""))]
    parts.append("rated" if online.get("rated") else "casual")
    parts.append(str(record.get("date", ""))[:10])
    return ", ".join(p for p in parts if p)


def seat(record: dict[str, Any], color: int, tiles: str, to_move: bool) -> dict[str, Any]:
    """One player's strip: name, rating (and its change once rated), tiles, clock."""
    online = record.get("online", {})
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
    return {
        "color": color,
        "to_move": to_move,
        "css": COLORS[color].lower(),
        "name": record["red" if color == 0 else "blue"],
        "rating": shown,
        "tiles": tiles_text(tiles.count("R" if color == 0 else "B")),
        "clock": clock,
    }


def game_view(
    gid: str, record: dict[str, Any], tiles: list[str], cells: list[list[int]], ply: int
) -> dict[str, Any]:
    """What ``game.html`` shows of the game at turn ``ply`` (already within the game)."""
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
    return {
        "red": record["red"],
        "blue": record["blue"],
        "facts": game_facts(record),
        "seats": [seat(record, c, tiles[ply], c == mover) for c in (0, 1)],
        "status": status,
        "board": board(record["side"], tiles[ply], cells[ply]),
        "ply": ply,
        "last": last,
        "turns": [{"ply": i + 1, "text": text} for i, text in enumerate(turns)],
        "data": data,
    }


def game_page(
    gid: str, record: dict[str, Any], tiles: list[str], cells: list[list[int]], ply: int
) -> str:
    """The game's page at turn ``ply``, with the script that steps and follows it."""
    title = f"{record['red']} against {record['blue']}"
    return render(
        "game.html", title=title, script=True, **game_view(gid, record, tiles, cells, ply)
    )
