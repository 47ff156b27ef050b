"""When each game in play next needs a look (a flag that falls, a grace period
that ends), in a heap: the sweep looks at the games whose time has come, not
at every game ten times a second.

An entry is kept per game; a game whose deadline moves gets a new one, and the
old stays in the heap until it comes up, when it is known stale and dropped.

>>> d = Deadlines()
>>> d.schedule("a", 5.0); d.schedule("b", 3.0); d.schedule("a", 9.0)
>>> d.due(6.0)
['b']
>>> d.due(10.0)
['a']
"""

from __future__ import annotations

import heapq


class Deadlines:
    def __init__(self) -> None:
        self._heap: list[tuple[float, str]] = []
        self._when: dict[str, float] = {}

    def __len__(self) -> int:
        return len(self._when)

    def schedule(self, key: str, when: float | None) -> None:
        """``key`` needs a look at ``when`` (``None``: at no time)."""
        if when is None:
            self._when.pop(key, None)
            return
        if self._when.get(key) == when:
            return
        self._when[key] = when
        heapq.heappush(self._heap, (when, key))

    def drop(self, key: str) -> None:
        self._when.pop(key, None)

    def due(self, now: float) -> list[str]:
        """The keys whose time has come by ``now``, each once; they are no longer
        scheduled (schedule them again if they still need a look)."""
        out = []
        while self._heap and self._heap[0][0] <= now:
            when, key = heapq.heappop(self._heap)
            if self._when.get(key) == when:
                del self._when[key]
                out.append(key)
        return out
