"""What the server counts for its operator, whether or not anyone reads it.

Plain integers, always kept (an addition per event costs next to nothing), so
that the modules that count need no metrics library: :mod:`.metrics` reads
them, with the server's state, only when an operator asks for the counters.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

#: Every kind of refusal counted, so that each is exposed from the start (at 0):
#: a counter that appears only after its first event breaks rate() in Prometheus.
REFUSALS = {
    "full": "a connection refused: the server had its most connections",
    "hello": "a hello refused (no hello in time, a bad one, an old version)",
    "message": "a message refused with an error (malformed, or against the rules)",
    "rate": "a message dropped: its connection sent faster than its limit",
    "closed": "a connection closed for too many messages or too many refused",
    "http": "a plain HTTP request answered 429: its address was over its limit",
}


@dataclass
class Tally:
    #: Turns played here since the start.
    turns: int = 0
    refusals: Counter[str] = field(default_factory=Counter)

    def refuse(self, kind: str) -> None:
        assert kind in REFUSALS, kind
        self.refusals[kind] += 1
