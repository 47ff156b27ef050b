"""The lists whose changes are sent in batches (the lobby, the games in play)."""

from __future__ import annotations

import asyncio
import json

from game.online.changes import ListChanges


class Listener:
    """A connection as :func:`.connections.deliver` sees one: it keeps what it gets."""

    def __init__(self) -> None:
        self.got: list[dict] = []
        self.remote = lambda text: self.got.append(json.loads(text))


def test_a_listener_that_came_in_a_batch_hears_of_the_end_of_what_it_was_given():
    async def go():
        items: dict[str, dict] = {}
        old, new = Listener(), Listener()
        listeners: list[Listener] = [old]
        changes = ListChanges("seeks", 0.01, lambda: list(items.values()), lambda: listeners)
        items["s1"] = {"id": "s1"}
        changes.changed()
        # Within the batch, a newcomer gets the whole list, s1 among it...
        listeners.append(new)
        assert changes.whole() == [{"id": "s1"}]
        # ... and s1 ends before the batch goes out.
        del items["s1"]
        changes.changed()
        await asyncio.sleep(0.05)
        # The newcomer is told s1 ended; the old listener, who never had it, is
        # told too, which removes nothing.
        assert new.got == [{"type": "seeks", "added": [], "removed": ["s1"]}]
        assert old.got == new.got
        # Nothing further to tell: the next batch is empty and not sent.
        changes.changed()
        await asyncio.sleep(0.05)
        assert len(new.got) == 1

    asyncio.run(go())
