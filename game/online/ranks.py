"""Who is ranked: a rating is provisional while its deviation is high, and the
leaderboard lists only players with enough rated games played lately.

As lichess does, so that a farmer's throwaway accounts cannot carry anyone to
the top: a new account's rating shows a "?" (its deviation starts at 350 and
falls to :data:`PROVISIONAL_RD` after some 12 games against settled players,
27 against newcomers), and the
leaderboard wants :data:`RANKED_GAMES` rated games, the last of them within
:data:`RANKED_DAYS` days, and a rating that is not provisional.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any, Protocol

from game.glicko import Rating

#: A deviation above this makes a rating provisional (lichess's bar, on the same
#: Glicko-2 scale).
PROVISIONAL_RD = 110.0
#: Rated games of a pace a player needs for that pace's leaderboard.
RANKED_GAMES = 10
#: Days since a player's last rated game of a pace, past which they leave its
#: leaderboard until they play again.
RANKED_DAYS = 30
#: Players a leaderboard lists.
LEADERS = 20


class Ranked(Protocol):
    """The store's side of a leaderboard (:meth:`.store.Store.leaderboard`): the
    store reads :func:`provisional` from here, so this module names no store."""

    async def leaderboard(
        self, limit: int, min_games: int, postal: bool, *, most_rd: float, since: float
    ) -> list[dict[str, Any]]: ...


def provisional(rating: Rating) -> bool:
    return rating.rd > PROVISIONAL_RD


def shown(rating: Rating) -> str:
    """A rating as a person reads it: ``1500?`` while provisional."""
    return f"{round(rating.rating)}{'?' if provisional(rating) else ''}"


async def leaderboard(
    store: Ranked, postal: bool = False, wall: Callable[[], float] = time.time
) -> list[dict[str, Any]]:
    """The ranked players of live play or, ``postal``, of correspondence games."""
    return await store.leaderboard(
        LEADERS,
        RANKED_GAMES,
        postal,
        most_rd=PROVISIONAL_RD,
        since=wall() - RANKED_DAYS * 86_400.0,
    )
