"""A game in play watched through a server, without pygame.

:class:`WatchControl` stands where :class:`~.online_game.OnlineController`
stands for a player: the server's turns, clocks, presence and end come in the
same way and become the same events, but nothing goes out that could touch the
game. A click plays nothing and says so, there is no resignation, and no
take-back, hint, save or AI. A gap in the turns asks for the game again by
watching it again (a spectator may not ask for a game's ``state``: that is its
players'). The finished game is not kept in the history: the history is the
player's own games, won or lost, and anyone can fetch a watched game's record
from the server by its id.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from game.i18n import N_, _
from game.online.link import Heard
from game.rules import Color

from .match import Event
from .online_game import Line, OnlineController, OnlineMatch

WATCHING = N_("You are watching: the board is the players' to play.")


class WatchControl(OnlineController):
    def __init__(
        self,
        match: OnlineMatch,
        data: Path,
        line: Line,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        assert match.watching, "a spectator's game has no side of its own"  # i18n: not shown
        super().__init__(match, data, line, clock)

    def wants_change(self, cell: int) -> bool:
        return False

    def click(self, cell: int) -> list[Event]:
        return [Event("refused", text=_(WATCHING))]

    def resign(self, side: Color) -> list[Event]:
        return []

    def leave(self) -> str | None:
        """The screen closes: the server stops sending this game."""
        self.line.send("unwatch", game=self.match.id)
        return None

    def resync(self) -> None:
        self.line.send("watch", game=self.match.id)

    def receive(self, msg: Heard) -> list[Event]:
        if msg["type"] == "watching":
            state = msg["game"]
            if state["id"] != self.match.id:
                return []
            self.watchers = msg["watchers"]
            return self._state(state)
        return super().receive(msg)

    def _kept(self, events: list[Event]) -> list[Event]:
        return events  # a watched game is not the player's: no history entry
