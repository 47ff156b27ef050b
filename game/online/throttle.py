"""Limits that hold across connections: counted per player or per address, not
per connection, so that reconnecting (with the same token, or as a new player)
starts nothing afresh.

:class:`Window` counts events in a sliding window (failed joins by code);
:class:`Buckets` is a token bucket per key (plain HTTP requests). Both forget
keys that have gone quiet and keep at most ``most`` of them, so a flood of new
addresses costs bounded memory. :class:`Open` counts what is open per key (the
connections of an address). :func:`address` says who a connection is, and
:class:`Drops` tells a connection of the messages it sent too fast.

A header is read with :func:`entries`, never by ``headers[name]``: that raises
when a request sends the header twice, and a request is anybody's to write.
"""

from __future__ import annotations

import asyncio
import ipaddress
from collections import OrderedDict, deque
from collections.abc import Callable
from dataclasses import dataclass, field

from websockets.asyncio.server import ServerConnection
from websockets.http11 import Request


@dataclass
class Window:
    """At most ``count`` events a key in any ``seconds``."""

    count: int
    seconds: float
    most: int = 10_000
    _seen: OrderedDict[str, deque[float]] = field(default_factory=OrderedDict)

    def full(self, key: str, now: float) -> bool:
        """Whether ``key`` has had its ``count`` events in the last ``seconds``."""
        times = self._seen.get(key)
        if times is None:
            return False
        while times and times[0] <= now - self.seconds:
            times.popleft()
        if not times:
            del self._seen[key]
            return False
        return len(times) >= self.count

    def add(self, key: str, now: float) -> None:
        times = self._seen.pop(key, None) or deque(maxlen=self.count)
        times.append(now)
        self._seen[key] = times  # the most recent last: the oldest go first
        while len(self._seen) > self.most:
            self._seen.popitem(last=False)

    def forget(self, key: str) -> None:
        """Takes back the last event of ``key`` (one that turned out not to happen)."""
        times = self._seen.get(key)
        if times:
            times.pop()


@dataclass
class Buckets:
    """A token bucket a key: ``rate`` a second, ``burst`` at once."""

    rate: float
    burst: float
    most: int = 10_000
    _kept: OrderedDict[str, tuple[float, float]] = field(default_factory=OrderedDict)

    def take(self, key: str, now: float) -> float:
        """Takes a token for ``key``: 0 if there was one, else the seconds until
        there is (for a ``Retry-After``)."""
        tokens, then = self._kept.pop(key, (self.burst, now))
        tokens = min(self.burst, tokens + (now - then) * self.rate)
        wait = 0.0
        if tokens >= 1:
            tokens -= 1
        else:
            wait = (1 - tokens) / self.rate
        self._kept[key] = (tokens, now)
        while len(self._kept) > self.most:
            # The least recently seen goes; it comes back with a full bucket, which
            # costs a flood from that many addresses nothing it could not have had.
            self._kept.popitem(last=False)
        return wait


@dataclass
class Open:
    """How many of something each key has open (connections per address)."""

    most: int
    _open: dict[str, int] = field(default_factory=dict)

    def take(self, key: str) -> bool:
        """One more for ``key``, unless it has its ``most`` open already."""
        have = self._open.get(key, 0)
        if have >= self.most:
            return False
        self._open[key] = have + 1
        return True

    def give_back(self, key: str) -> None:
        have = self._open.pop(key, 0) - 1
        if have > 0:
            self._open[key] = have


def entries(request: Request | None, name: str) -> list[str]:
    """Every comma-separated entry of header ``name``, in order, however many
    times the request sent it (as HTTP reads a header sent twice: one list)."""
    if request is None:
        return []
    return [e.strip() for value in request.headers.get_all(name) for e in value.split(",")]


def address(ws: ServerConnection) -> str:
    """The client's address: the peer's, or, when the peer is this computer (a
    reverse proxy in front, as docs/online-server.md sets it up), the last
    address of ``X-Forwarded-For``, the one the proxy added (sent twice, the
    last entry of the last: a proxy that appends writes there). A client that
    reaches the server directly from elsewhere cannot choose its address."""
    peer = ws.remote_address
    host = str(peer[0]) if peer else ""
    try:
        local = ipaddress.ip_address(host).is_loopback
    except ValueError:
        local = False
    forwarded = entries(ws.request, "X-Forwarded-For") if local else []
    if forwarded and forwarded[-1]:
        return forwarded[-1][:64]
    return host


#: Seconds between two errors that tell a connection of messages dropped for the rate.
NOTICE_EVERY = 1.0


@dataclass
class Drops:
    """A connection's messages dropped for the rate. Each is told of, but in at most
    one ``error`` a :data:`NOTICE_EVERY` seconds that counts them, so that a flood
    cannot make the server send as many messages as it receives."""

    untold: int = 0
    #: The type of the last message dropped, for the error's ``about``.
    about: str = "unknown"
    timer: asyncio.TimerHandle | None = None

    def add(self, about: str, tell: Callable[[int, str], None]) -> None:
        """One more dropped; ``tell(count, about)`` sends the error, now if none
        went in the last :data:`NOTICE_EVERY` seconds, else when that has passed."""
        self.untold += 1
        self.about = about
        if self.timer is None:
            self._tell(tell)

    def _tell(self, tell: Callable[[int, str], None]) -> None:
        if not self.untold:
            self.timer = None
            return
        tell(self.untold, self.about)
        self.untold = 0
        self.timer = asyncio.get_running_loop().call_later(NOTICE_EVERY, self._tell, tell)
