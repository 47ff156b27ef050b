"""A list its listeners keep a copy of (the lobby's seeks, the games in play):
what changed goes out as ``added`` and ``removed``, gathered over a moment so
that a burst of changes costs each listener one message, not one apiece."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from .connections import Conn, deliver
from .protocol import message


def drop_process(held: dict[str, tuple[str, Any]], process: str) -> bool:
    """Forget the entries another process of a cluster holds (``held`` maps a
    key to its process and entry); returns whether there were any."""
    gone = [key for key, (origin, _) in held.items() if origin == process]
    for key in gone:
        del held[key]
    return bool(gone)


@dataclass
class ListChanges:
    #: The message type the changes go out as.
    kind: str
    #: Seconds the changes are gathered over.
    delay: float
    #: The list as it is now, each entry with an ``id``.
    view: Callable[[], list[dict[str, Any]]]
    #: Who hears of the changes.
    listeners: Callable[[], Iterable[Conn]]
    #: The ids listed as of the last change sent: what every listener has.
    shown: set[str] = field(default_factory=set)
    #: Ids sent since in a whole list to a listener that just came: should one
    #: of them end before the next send, that listener must hear of it too.
    told: set[str] = field(default_factory=set)
    #: The coming send of the changes, once something changed.
    pending: asyncio.TimerHandle | None = None

    def changed(self) -> None:
        """Send what changed in a moment, with whatever else changes meanwhile."""
        if self.pending is None:
            self.pending = asyncio.get_running_loop().call_later(self.delay, self.send)

    def whole(self) -> list[dict[str, Any]]:
        """The whole list, for a listener that just came; what it holds counts
        among what was told, so that its end reaches this listener too."""
        listed = self.view()
        self.told.update(entry["id"] for entry in listed)
        return listed

    def send(self) -> None:
        self.pending = None
        listed = self.view()
        ids = {entry["id"] for entry in listed}
        added = [entry for entry in listed if entry["id"] not in self.shown]
        removed = [i for i in self.shown | self.told if i not in ids]
        self.shown, self.told = ids, set()
        listeners = list(self.listeners())
        if listeners and (added or removed):
            # A listener that came in since the last send has the list as it is
            # now: adding what it has and removing what it never had changes nothing.
            deliver(listeners, message(self.kind, added=added, removed=removed))
