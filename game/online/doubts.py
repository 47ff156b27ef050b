"""Turns whose commit may have reached the store though its answer never came
back: the database restarted, or its connection broke, while it committed.

A turn that could not be stored is taken back (announced turns are stored
turns), but a failed write is not always an unkept one: PostgreSQL may have
committed the turn and lost only the connection that would have said so. The
game's memory then lags the store by that turn, and every try at it again
breaks the turns table's key, so the game would wait for its clock to run out.
Such a turn is held here, in doubt, until the store answers whether it has it:
kept, it is played again as it was (at the moment it was first played) and
announced; not kept, it is forgotten and the player may play again.

The game is asked again at its next turn, resignation or sweep, whichever comes
first, and :data:`AGAIN` seconds after the failure the sweep asks by itself, so
the other player hears a kept turn as soon as the database answers, not when a
clock runs out.

A new game whose write failed is never played (its players heard it failed), so
if the store kept it all the same it is taken out again (:meth:`Doubts.unstart`)
once the store answers: else it would be listed among the players'
correspondence games, and put back at the next restart, a game nobody began.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, field

from .store import Store

log = logging.getLogger("mosaic.server")

#: Seconds after a failed write (or a failed look) until the sweep asks the store again.
AGAIN = 0.25
#: The longest wait between two tries at taking out a game that never began.
LONGEST = 5.0


@dataclass(frozen=True)
class Doubt:
    """A turn as it was played, and the write that may or may not have kept it."""

    player: str
    ply: int
    text: str
    #: When it was played, on the game's clock: played again at that moment.
    at: float
    #: The game's turns before it, and the turns the write held (passes with it).
    first: int
    count: int


@dataclass
class Doubts:
    """The turns in doubt, one at most a game (its next waits for the answer),
    and the new games being taken out."""

    store: Store
    open: dict[str, Doubt] = field(default_factory=dict)
    unstarting: set[asyncio.Task[None]] = field(default_factory=set)

    def __contains__(self, gid: str) -> bool:
        return gid in self.open

    def add(self, gid: str, doubt: Doubt) -> None:
        self.open[gid] = doubt

    def drop(self, gid: str) -> None:
        self.open.pop(gid, None)

    async def answer(self, gid: str) -> Doubt | None:
        """The game's turn in doubt if the store kept it (then no longer in
        doubt), else ``None``; raises what the store raises while it cannot say."""
        doubt = self.open.get(gid)
        if doubt is None:
            return None
        stored = len(await self.store.turns(gid))
        del self.open[gid]
        return doubt if stored >= doubt.first + doubt.count else None

    def unstart(self, gid: str) -> None:
        """The new game ``gid`` could not be stored: it is taken out of the store
        should the write have been kept (tried until the store answers)."""
        task = asyncio.create_task(self._unstart(gid))
        self.unstarting.add(task)
        task.add_done_callback(self.unstarting.discard)

    async def _unstart(self, gid: str) -> None:
        wait = AGAIN
        while True:
            try:
                if await self.store.drop_unplayed(gid):
                    log.warning("game %s was kept though its write failed: taken out", gid)
                return
            except Exception as e:  # still away: tried again, less often
                log.error("could not take out game %s, which never began: %s", gid, e)
                await asyncio.sleep(wait)
                wait = min(wait * 2, LONGEST)
