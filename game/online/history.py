"""Games and players as the store keeps them, read back for people: a game's
record (finished or not) and a player's course over their games. The message
``record``, ``GET /games/<id>.json`` and the web pages all read through here."""

from __future__ import annotations

import json
import time
from typing import Any

from .store import Store as AsyncStore
from .table import Seat, Table


async def record(store: AsyncStore, gid: str) -> dict[str, Any] | None:
    """A game's record in the client's format, finished or not."""
    row = await store.game_row(gid)
    if row is None:
        return None
    seats = (
        Seat(row["red"], row["red_name"], row["red_rating"]),
        Seat(row["blue"], row["blue_name"], row["blue_rating"]),
    )
    table = Table(
        gid, row["side"], row["base"], row["inc"], bool(row["rated"]), seats, days=row.get("days")
    )
    table.replay(row["turns"])
    table.result, table.reason = row["result"], row["reason"]
    table.ratings = json.loads(row["ratings"]) if row["ratings"] else None
    when = time.strftime("%Y-%m-%dT%H:%M:%S", time.localtime(row["created"]))
    return table.record(when)


async def player_summary(store: AsyncStore, name: str) -> dict[str, Any] | None:
    """A player's rating, its course over their rated live games (correspondence
    games are rated apart), and their recent games of both kinds."""
    player = await store.player_by_name(name)
    if player is None:
        return None
    history: list[float] = []
    games = []
    for g in await store.finished_games_of(player.id):
        color = "red" if g["red"] == player.id else "blue"
        ratings = json.loads(g["ratings"]) if g["ratings"] else None
        if ratings is not None and g.get("days") is None:
            if not history:
                history.append(ratings[color]["before"])
            history.append(ratings[color]["after"])
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
        "games": games[::-1][:30],
    }
