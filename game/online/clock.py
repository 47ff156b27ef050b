"""A Fischer clock for two players, kept in milliseconds by whoever owns the time.

The clock never reads the time itself: every call is given ``now`` (seconds, from
one monotonic source), so the server, its tests and a replay after a restart all
drive the same arithmetic.

:func:`clock_text` writes a clock's time as the client's clocks and the
server's pages both show it.

>>> c = Clock(base_ms=60_000, inc_ms=2_000)
>>> c.start(0, now=10.0)
>>> c.left(0, now=15.0)
55000
>>> c.press(now=15.0)  # Red ends a turn after 5 s and gets the increment
57000
>>> c.running
1
"""

from __future__ import annotations


class Clock:
    """Two countdowns; at most one runs, the mover's."""

    def __init__(self, base_ms: int, inc_ms: int, left: tuple[int, int] | None = None) -> None:
        self.inc_ms = inc_ms
        self.remaining = list(left) if left is not None else [base_ms, base_ms]
        #: The colour (0 red, 1 blue) whose time runs, or ``None`` when stopped.
        self.running: int | None = None
        self._since = 0.0

    def start(self, color: int, now: float) -> None:
        """Start ``color``'s time (stopping the other's without an increment)."""
        self.stop(now)
        self.running = color
        self._since = now

    def stop(self, now: float) -> None:
        """Stop the running time where it is (the game ended or the server pauses)."""
        if self.running is not None:
            self.remaining[self.running] = self.left(self.running, now)
            self.running = None

    def left(self, color: int, now: float) -> int:
        """``color``'s time left at ``now``, in whole milliseconds, never below 0."""
        ms = self.remaining[color]
        if color == self.running:
            ms -= int((now - self._since) * 1000)
        return max(0, ms)

    def press(self, now: float) -> int:
        """The mover ends a turn: charge the time used, add the increment, switch
        to the other side. Returns the mover's time left."""
        mover = self.running
        if mover is None:
            raise RuntimeError("press on a stopped clock")
        left = self.left(mover, now) + self.inc_ms
        self.remaining[mover] = left
        self.running = 1 - mover
        self._since = now
        return left

    def flag_at(self) -> float | None:
        """When the running side's time runs out, on the ``now`` scale."""
        if self.running is None:
            return None
        return self._since + self.remaining[self.running] / 1000

    def both(self, now: float) -> list[int]:
        """Both sides' time left, red first."""
        return [self.left(0, now), self.left(1, now)]

    def kept(self, now: float) -> list[int]:
        """What the store keeps of the clock: both sides' time left."""
        return self.both(now)

    def snapshot(self) -> tuple[list[int], int | None, float]:
        return list(self.remaining), self.running, self._since

    def restore(self, snap: tuple[list[int], int | None, float]) -> None:
        remaining, self.running, self._since = snap
        self.remaining = list(remaining)


#: A day, in a clock's milliseconds.
DAY_MS = 86_400_000


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
