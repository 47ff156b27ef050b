"""Timed messages: the one mechanism behind the status line under a board, the
banner over it and the app's toasts.

Each message sits in a named slot: :meth:`Notices.say` replaces what a slot
shows, :meth:`Notices.add` queues another (toasts stack). A message lasts a
number of seconds, or until it is replaced (``seconds=0``), or until the
player moves on (:data:`UNTIL_MOVED`). No pygame here: a colour is whatever the
caller draws with.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

#: ``seconds`` for a message that never goes by itself, yet is :meth:`Notices.passing`:
#: it stays until the player moves the pointer or the cursor (what was just played,
#: which a slow reader must still find after the AI's reply).
UNTIL_MOVED = math.inf


@dataclass
class Notice:
    text: str
    color: Any
    seconds: float  # how long it lasts; 0: until replaced
    left: float  # seconds left (for a lasting one, the same as ``seconds``)

    @property
    def lasting(self) -> bool:
        return self.seconds <= 0

    @property
    def fade(self) -> float:
        """1 while showing, falling to 0 over its last third of a second."""
        return 1.0 if self.lasting else min(1.0, self.left * 3)


class Notices:
    def __init__(self) -> None:
        self._slots: dict[str, list[Notice]] = {}

    def say(self, slot: str, text: str, color: Any = None, seconds: float = 4.0) -> None:
        """Show ``text`` in ``slot`` in place of what it showed; empty text clears it."""
        self._slots[slot] = [Notice(text, color, seconds, seconds)] if text else []

    def add(self, slot: str, text: str, color: Any = None, seconds: float = 5.0) -> None:
        """Show ``text`` in ``slot`` after what it already shows."""
        self._slots.setdefault(slot, []).append(Notice(text, color, seconds, seconds))

    def shorten(self, slot: str, seconds: float) -> None:
        """Let what ``slot`` shows last at most ``seconds`` more (a lasting one too)."""
        for n in self._slots.get(slot, ()):
            n.left = seconds if n.lasting else min(n.left, seconds)
            n.seconds = max(n.seconds, n.left)

    def clear(self, slot: str) -> None:
        self._slots.pop(slot, None)

    def get(self, slot: str) -> Notice | None:
        shown = self._slots.get(slot)
        return shown[0] if shown else None

    def all(self, slot: str) -> list[Notice]:
        return list(self._slots.get(slot, ()))

    def passing(self, slot: str) -> bool:
        """Does ``slot`` show a message that will go by itself?"""
        shown = self.get(slot)
        return shown is not None and not shown.lasting

    def update(self, dt: float, held: tuple[str, ...] = ()) -> bool:
        """Advance time, except for the slots ``held`` (their messages wait, unseen,
        for their time to run); True while anything on show changes (fades or goes)."""
        changed = False
        for slot, shown in self._slots.items():
            if slot in held:
                continue
            keep = []
            for n in shown:
                if not n.lasting:
                    n.left -= dt
                    changed = changed or n.left < 1 / 3 + dt
                if n.lasting or n.left > 0:
                    keep.append(n)
            if len(keep) != len(shown):
                self._slots[slot] = keep
                changed = True
        return changed
