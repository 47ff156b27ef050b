"""A game controller's directions, without pygame: the stick read through a dead
zone, and a direction held (on the stick or the d-pad) said again and again as
a held arrow key is.

A stick rests near, not at, its middle, and a thumb drifts: the stick points
somewhere only past :data:`DEAD_ZONE` of its full tilt, and stops pointing only
back under :data:`RELEASE`, so a thumb resting near the edge does not flicker
between the two. It points along the axis tilted further (one direction at a
time: the board cursor moves to hex neighbours, not diagonally).
"""

from __future__ import annotations

from dataclasses import dataclass, field

#: How far (of full tilt, 0..1) the stick must go before it points anywhere.
DEAD_ZONE = 0.5
#: How far back it must come before it points nowhere again.
RELEASE = 0.35
#: Seconds a direction is held before it repeats, then between repeats: as a
#: keyboard's (the game sets 300 ms and 40 ms), but slower, since a thumb on a
#: stick is less precise than a finger on a key.
FIRST_REPEAT = 0.4
EVERY = 0.12


def stick_direction(x: float, y: float, held: str | None = None) -> str | None:
    """Where a stick tilted to ``(x, y)`` points ("left", "right", "up", "down",
    or None), ``y`` growing downwards as the screen's; ``held``: where it pointed
    until now, kept until the stick comes back under :data:`RELEASE`."""
    if held is not None:
        along = {"left": -x, "right": x, "up": -y, "down": y}[held]
        if along >= RELEASE:
            return held
    if max(abs(x), abs(y)) < DEAD_ZONE:
        return None
    if abs(x) >= abs(y):
        return "right" if x > 0 else "left"
    return "down" if y > 0 else "up"


@dataclass
class Repeat:
    """The one direction held now, from whichever source (the stick, the d-pad)
    pressed it last, and when it is due to be said again."""

    first: float = FIRST_REPEAT
    every: float = EVERY
    direction: str | None = None
    source: str = ""
    _due: float = field(default=0.0, repr=False)

    def press(self, source: str, direction: str) -> None:
        """``source`` now holds ``direction`` (the caller says it once, now)."""
        self.direction, self.source, self._due = direction, source, self.first

    def release(self, source: str) -> None:
        """``source`` lets go; another source's direction is not its to end."""
        if self.source == source:
            self.direction, self.source = None, ""

    def update(self, dt: float) -> list[str]:
        """The repeats due in the next ``dt`` seconds (at most a few, however
        long the frame: a stalled frame must not send the cursor across the board)."""
        if self.direction is None:
            return []
        self._due -= dt
        out: list[str] = []
        while self._due <= 0 and len(out) < 3:
            out.append(self.direction)
            self._due += self.every
        if self._due <= 0:
            self._due = self.every
        return out
