"""Games and players as the store keeps them, read back for people: a game's
record (finished or not) and a player's course over their games. The message
``record``, ``GET /games/<id>.json`` and the web pages all read through here."""

from __future__ import annotations

import json
import time
from typing import Any

from .clock import Clock
from .postal import PostalClock
from .store import Store as AsyncStore
from .table import Seat, Table


def annotated(table: Table, now: float) -> dict[str, Any]:
    """The table's record, with what a watcher reads beside the turns in its
    ``online`` part: each player's rating before the game, and the clocks
    (milliseconds left, red first, with the side whose time runs)."""
    data = table.record(time.strftime("%Y-%m-%dT%H:%M:%S", time.localtime(table.created)))
    data["online"]["players"] = [{"rating": round(s.rating)} for s in table.seats]
    data["online"]["clocks"] = table.clock.both(now)
    data["online"]["running"] = None if table.over else table.clock.running
    if isinstance(table.clock, PostalClock):
        data["online"]["days"] = table.days
        data["online"]["reserve"] = list(table.clock.reserve)
    return data


def stored_table(row: dict[str, Any]) -> Table:
    """The game a stored row holds, its clocks as kept at its last turn."""
    seats = (
        Seat(row["red"], row["red_name"], row["red_rating"]),
        Seat(row["blue"], row["blue_name"], row["blue_rating"]),
    )
    days = row.get("days")
    table = Table(
        row["id"], row["side"], row["base"], row["inc"], bool(row["rated"]), seats, days=days
    )
    table.replay(row["turns"])
    table.result, table.reason = row["result"], row["reason"]
    table.ratings = json.loads(row["ratings"]) if row["ratings"] else None
    table.created = row["created"]
    kept = (int(row["red_ms"]), int(row["blue_ms"]))
    if days is not None:
        # A correspondence turn runs on the calendar, so its days left are known
        # here too; a live game's clock runs only in the process that holds it.
        running = None if table.over else table.mover
        table.clock = PostalClock(days, kept, running=running, since=row.get("since") or 0.0)
    else:
        table.clock = Clock(table.base * 1000, table.inc * 1000, left=kept)
    return table


async def record(store: AsyncStore, gid: str) -> dict[str, Any] | None:
    """A game's record in the client's format, finished or not (:func:`annotated`)."""
    row = await store.game_row(gid)
    if row is None:
        return None
    return annotated(stored_table(row), time.time())


#: Games listed on a page of a player's, newest first.
GAMES_A_PAGE = 30
#: Rated games drawn on a page's rating graph: those up to its newest game.
GRAPH_GAMES = 100


async def player_summary(store: AsyncStore, name: str, page: int = 1) -> dict[str, Any] | None:
    """A player's rating, a page of their finished games of both kinds (the
    first is the newest; ``older`` says if a page follows), and the course of
    their rating over the rated live games up to the page's newest
    (correspondence games are rated apart)."""
    player = await store.player_by_name(name)
    if player is None:
        return None
    skip = (page - 1) * GAMES_A_PAGE
    # One more than a page, to know whether another follows.
    found = await store.finished_games_of(player.id, GAMES_A_PAGE + 1, skip)
    shown = found[:GAMES_A_PAGE]
    history: list[float] = []
    if shown:
        rated = await store.finished_games_of(
            player.id, GRAPH_GAMES, rated_live_by=shown[0]["ended"]
        )
        for g in reversed(rated):
            after = json.loads(g["ratings"])[colour(g, player.id)]
            if not history:
                history.append(after["before"])
            history.append(after["after"])
    games = []
    for g in shown:
        color = colour(g, player.id)
        ratings = json.loads(g["ratings"]) if g["ratings"] else None
        result = g["result"]
        outcome = (
            result
            if result in ("draw", "aborted")
            else ("won" if result == color else "lost") + f": {g['reason']}"
        )
        games.append(
            {
                "id": g["id"],
                "date": time.strftime("%Y-%m-%d %H:%M", time.gmtime(g["ended"] or 0)),
                "opponent": g["blue_name"] if color == "red" else g["red_name"],
                "outcome": outcome,
                "rating": round(ratings[color]["after"]) if ratings else "unrated",
            }
        )
    return {
        "name": player.name,
        "rating": player.rating.rating,
        "rd": player.rating.rd,
        "rated": player.games,
        "postal_rating": player.postal.rating,
        "postal_games": player.postal_games,
        "history": history,
        "games": games,
        "page": page,
        "older": len(found) > GAMES_A_PAGE,
    }


def colour(game: dict[str, Any], pid: str) -> str:
    """The colour the player had in a finished game."""
    return "red" if game["red"] == pid else "blue"
