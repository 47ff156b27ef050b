"""Ending a game: the ratings it moves, the store, and both players told.

Whatever ended the game (the rules, a resignation, an abort, a flag, a player
who did not come back), its table already holds the result and the reason; the
:class:`Finisher` rates a rated game that was played out (Glicko-2, each game
its own rating period), keeps the result and both new ratings in one store
call, and only then announces the end, so nobody hears of a result the store
does not have. (lila's round module keeps its Finisher apart from the moves in
the same way.)
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game.glicko import Rating

from .connections import Connections
from .sql import Fenced
from .store import Store
from .table import COLORS, Table

#: Red's score for each result that rates; Blue's is one less it.
SCORES = {"red": 1.0, "blue": 0.0, "draw": 0.5}


def rate(red: Rating, blue: Rating, result: str) -> tuple[Rating, Rating]:
    """Both ratings after a game with this result (``red``, ``blue`` or ``draw``)."""
    score = SCORES[result]
    return red.after_game(blue, score), blue.after_game(red, 1 - score)


@dataclass
class Finisher:
    store: Store
    connections: Connections
    #: The time on the scale of the game's clock (wall-clock for correspondence).
    now: Callable[[Table], float]

    async def finish(self, table: Table) -> None:
        """Rate, store and announce a game whose result is set. Called once a game,
        under its lock."""
        new = await self._rate(table)
        try:
            await self.store.finish(
                table.id,
                table.result or "aborted",
                table.reason,
                table.clock.kept(self.now(table)),
                ratings_json=json.dumps(table.ratings) if table.ratings else None,
                new_ratings=new,
                postal=table.postal,
                epoch=table.epoch,
            )
        except Fenced:
            new = await self._kept_before(table)
        self.connections.tell((s.player for s in table.seats), "over", **self.announcement(table))
        # A player's later seeks show the rating they have now.
        for pid, rating in new:
            for conn in self.connections.of(pid):
                if conn.player is None:
                    continue
                if table.postal:
                    conn.player.postal = rating
                else:
                    conn.player.rating = rating

    async def _kept_before(self, table: Table) -> list[tuple[str, Rating]]:
        """The store refused the end: another process has the game (raised
        again), or an earlier try was kept though its answer never came back
        (the database restarted while it committed). Then the end is announced
        as it was kept, with the ratings it moved, not ones worked out again
        from ratings it had already moved."""
        kept = await self.store.ended(table.id, table.epoch)
        if kept is None:
            raise Fenced(f"game {table.id} is not this process's to end")
        table.result, table.reason = kept[0], kept[1]
        table.ratings = json.loads(kept[2]) if kept[2] else None
        if not table.ratings:
            return []
        fresh = [await self.store.player(s.player) for s in table.seats]
        return [(p.id, p.postal if table.postal else p.rating) for p in fresh if p is not None]

    @staticmethod
    def announcement(table: Table) -> dict[str, Any]:
        """The fields of the ``over`` that tells of the end (players and watchers)."""
        extra: dict[str, Any] = {"ratings": table.ratings} if table.ratings else {}
        return {"game": table.id, "result": table.result, "reason": table.reason, **extra}

    async def _rate(self, table: Table) -> list[tuple[str, Rating]]:
        """The players' new ratings (none for a casual or aborted game), and the
        change on the table for the announcement and the record."""
        result = table.result
        if not table.rated or result is None or result not in SCORES:
            return []
        # Ratings come fresh from the store: either player may have finished
        # another game since this one began.
        red, blue = [await self.store.player(s.player) for s in table.seats]
        if red is None or blue is None:
            return []
        # Correspondence and live play are rated apart: a game moves only its own kind.
        before = (red.postal, blue.postal) if table.postal else (red.rating, blue.rating)
        after = rate(*before, result)
        table.ratings = {
            COLORS[i]: {"before": round(x.rating), "after": round(y.rating)}
            for i, (x, y) in enumerate(zip(before, after, strict=True))
        }
        return [(s.player, a) for s, a in zip(table.seats, after, strict=True)]
