"""The clock of a correspondence game: days a turn, and a reserve for holidays.

A correspondence game is played over days or weeks, as on Little Golem and in
lichess's correspondence games: each turn may take ``days`` days (1, 3 or 7),
counted from the moment it became the player's turn. A player who needs longer
draws on their reserve, a number of whole days kept for the game (a holiday, a
busy week): every day, or part of a day, past a turn's time takes one day from
it. A player whose turn's time and reserve are both used up loses on time.

The times are wall-clock seconds (``time.time()``), because a correspondence
game outlives the server's process and the machine's restarts; like
:class:`.clock.Clock`, the clock never reads the time itself: every call is
given ``now``, so the server, its tests and a restart share the arithmetic.

>>> c = PostalClock(days=1, reserve=(2, 2))
>>> c.start(0, now=0.0)
>>> c.flag_at() / DAY                # one day for the turn, then two in reserve
3.0
>>> c.press(now=1.5 * DAY)           # half a day late: one day of reserve gone
>>> c.reserve, c.running
([1, 2], 1)
"""

from __future__ import annotations

import math

DAY = 86_400.0
#: The days a turn may take that players are offered.
DAYS = (1, 3, 7)
#: Each player's reserve of days for holidays, for a game of each pace.
RESERVE = {1: 7, 3: 10, 7: 14}


class PostalClock:
    """Whose turn it is, since when, and what each side has left in reserve."""

    def __init__(
        self,
        days: int,
        reserve: tuple[int, int] | None = None,
        *,
        running: int | None = None,
        since: float = 0.0,
    ) -> None:
        if days not in DAYS:
            raise ValueError(f"a correspondence turn takes 1, 3 or 7 days, not {days!r}")
        self.days = days
        self.reserve = list(reserve) if reserve is not None else [RESERVE[days]] * 2
        #: The colour (0 red, 1 blue) whose turn's time runs, or ``None``.
        self.running = running
        #: When that turn began (wall-clock seconds).
        self.since = since

    def start(self, color: int, now: float) -> None:
        """``color``'s turn begins at ``now``."""
        self.running = color
        self.since = now

    def stop(self, now: float | None = None) -> None:
        """Stop the clock (the game ended); the reserve stays as it is."""
        self.running = None

    def late_days(self, now: float) -> int:
        """Whole days of reserve the running turn has used by ``now`` (a part of a
        day counts as a day)."""
        if self.running is None:
            return 0
        over = now - self.since - self.days * DAY
        return max(0, math.ceil(over / DAY - 1e-9))

    def press(self, now: float) -> None:
        """The running side ends its turn at ``now``: the reserve it used is gone,
        and the other side's turn begins."""
        mover = self.running
        if mover is None:
            raise RuntimeError("press on a stopped clock")
        self.reserve[mover] = max(0, self.reserve[mover] - self.late_days(now))
        self.start(1 - mover, now)

    def deadline(self) -> float | None:
        """When the running turn's own days end (the reserve begins)."""
        if self.running is None:
            return None
        return self.since + self.days * DAY

    def flag_at(self) -> float | None:
        """When the running side loses on time: its turn's days and its whole reserve."""
        if self.running is None:
            return None
        return self.since + (self.days + self.reserve[self.running]) * DAY

    def left(self, color: int, now: float) -> int:
        """Milliseconds ``color`` has before losing on time (as :meth:`.clock.Clock.left`
        gives them): the whole of a turn and the reserve when it is not their turn."""
        if color != self.running:
            return int((self.days + self.reserve[color]) * DAY * 1000)
        flag = self.flag_at()
        assert flag is not None
        return max(0, int((flag - now) * 1000))

    def both(self, now: float) -> list[int]:
        """Both sides' time left in milliseconds, red first."""
        return [self.left(0, now), self.left(1, now)]

    def kept(self, now: float) -> list[int]:
        """What the store keeps of the clock: each side's days of reserve."""
        return list(self.reserve)

    def snapshot(self) -> tuple[list[int], int | None, float]:
        return list(self.reserve), self.running, self.since

    def restore(self, snap: tuple[list[int], int | None, float]) -> None:
        reserve, self.running, self.since = snap
        self.reserve = list(reserve)

    def resume(self, color: int, since: float, now: float, least: float) -> None:
        """Run ``color``'s turn again after a restart, from when it began (``since``,
        as stored), so that days pass for a correspondence game while the server is
        down, as they do for its players; a turn whose time ran out meanwhile gets
        ``least`` seconds more, since nobody could play it."""
        self.start(color, since)
        flag = self.flag_at()
        assert flag is not None
        if flag < now + least:
            self.since += now + least - flag
