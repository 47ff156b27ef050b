"""Games and players as the store keeps them, read back for people: a game's
record (finished or not) and a player's course over their games. The message
``record``, ``GET /games/<id>.json`` and the web pages all read through here."""

from __future__ import annotations

import json
import time
from typing import Any

from .postal import PostalClock
from .ranks import shown
from .store import Store as AsyncStore
from .store import StoredGame
from .table import Seat, Table


def annotated(table: Table, now: float) -> dict[str, Any]:
    """The table's record, with what a watcher reads beside the turns in its
    ``online`` part: each player's rating before the game, and the clocks
    (milliseconds left, red first, with the side whose time runs)."""
    data = table.record(time.strftime("%Y-%m-%dT%H:%M:%S", time.localtime(table.created)))
    data["online"]["players"] = [
        {"rating": round(s.rating), "provisional": s.provisional} for s in table.seats
    ]
    data["online"]["clocks"] = table.clock.both(now)
    data["online"]["running"] = None if table.over else table.clock.running
    if isinstance(table.clock, PostalClock):
        data["online"]["days"] = table.days
        data["online"]["reserve"] = list(table.clock.reserve)
    return data


def stored_table(g: StoredGame) -> Table:
    """A stored game's table, its clocks as kept at its last turn and its players
    not at the board, before its turns are replayed."""
    red, blue = (
        Seat(p, n, r, connected=False)
        for p, n, r in zip(g.players, g.names, g.ratings, strict=True)
    )
    table = Table(
        g.id, g.side, g.base, g.inc, g.rated, (red, blue), created=g.created, days=g.days,
        epoch=g.epoch,
    )  # fmt: skip
    if isinstance(table.clock, PostalClock):
        table.clock.reserve = list(g.clocks)
    else:
        table.clock.remaining = list(g.clocks)
    return table


def row_table(row: dict[str, Any]) -> Table:
    """The game a stored row holds (finished or not), replayed, its clocks as kept
    at its last turn."""
    g = StoredGame(
        row["id"], row["side"], row["base"], row["inc"], bool(row["rated"]),
        (row["red"], row["blue"]), (row["red_name"], row["blue_name"]),
        (row["red_rating"], row["blue_rating"]), (int(row["red_ms"]), int(row["blue_ms"])),
        row["turns"], row["created"], days=row.get("days"), since=row.get("since"),
    )  # fmt: skip
    table = stored_table(g)
    table.replay(g.turns)
    table.result, table.reason = row["result"], row["reason"]
    table.ratings = json.loads(row["ratings"]) if row["ratings"] else None
    if g.days is not None and not table.over:
        # A correspondence turn runs on the calendar, so its days left are known
        # here too; a live game's clock runs only in the process that holds it.
        table.clock.start(table.mover, g.since or 0.0)
    return table


async def record(store: AsyncStore, gid: str) -> dict[str, Any] | None:
    """A game's record in the client's format, finished or not (:func:`annotated`)."""
    row = await store.game_row(gid)
    if row is None:
        return None
    return annotated(row_table(row), time.time())


#: Games listed on a page of a player's, newest first.
GAMES_A_PAGE = 30
#: Finished games from a page's newest whose rated live ones its rating graph
#: draws: read in the same query as the page (one hop to the store, not two).
GRAPH_SPAN = 150


async def player_summary(store: AsyncStore, name: str, page: int = 1) -> dict[str, Any] | None:
    """A player's rating, a page of their finished games of both kinds (the
    first is the newest; ``older`` says if a page follows), and the course of
    their rating over the rated live games (correspondence games are rated
    apart) among the :data:`GRAPH_SPAN` from the page's newest."""
    player = await store.player_by_name(name)
    if player is None:
        return None
    span = await store.finished_games_of(player.id, GRAPH_SPAN, (page - 1) * GAMES_A_PAGE)
    history: list[float] = []
    games = []
    for i, g in enumerate(span):
        color = "red" if g["red"] == player.id else "blue"
        ratings = json.loads(g["ratings"])[color] if g["ratings"] else None
        if ratings is not None and g["days"] is None:
            history.append(ratings["after"])
            start = ratings["before"]
        if i >= GAMES_A_PAGE:
            continue
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
                "rating": round(ratings["after"]) if ratings else "unrated",
            }
        )
    if history:
        history.append(start)  # the rating before the oldest drawn, where the line starts
        history.reverse()
    return {
        "name": player.name,
        "rating": player.rating.rating,
        "rd": player.rating.rd,
        # "1500?" while provisional (see :mod:`.ranks`).
        "shown": shown(player.rating),
        "postal_shown": shown(player.postal),
        "rated": player.games,
        "postal_rating": player.postal.rating,
        "postal_games": player.postal_games,
        "history": history,
        "games": games,
        "page": page,
        "older": len(span) > GAMES_A_PAGE,
    }
