"""A fair list: what the lobby and the list of games in play show when more is
open than they list.

Listed oldest first, 34 throwaway accounts posting 3 correspondence seeks each
once hid every honest seek for a week; 100 correspondence games between 4
accounts hid every new live game. So each list is ordered by what it puts first
(the newest, live games before correspondence ones) and each owner (a player,
an address) gets at most a few places in it: a new entry is always seen, and
nobody fills the list alone.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

#: An entry to list, the keys it counts against (such as ``player Ann`` and
#: ``address 192.0.2.7``), and the caps of those keys by their kind.
Entry = tuple[dict[str, Any], Sequence[str]]


def fair(entries: Iterable[Entry], caps: dict[str, int], most: int) -> list[dict[str, Any]]:
    """The first ``most`` entries, in the order given, skipping each entry one of
    whose keys has had its cap: a key's kind is the word before its first space
    (``player``, ``address``); kinds without a cap are not counted."""
    shown: Counter[str] = Counter()
    out: list[dict[str, Any]] = []
    for entry, keys in entries:
        if len(out) >= most:
            break
        counted = [k for k in keys if k.split(" ", 1)[0] in caps]
        if any(shown[k] >= caps[k.split(" ", 1)[0]] for k in counted):
            continue
        shown.update(counted)
        out.append(entry)
    return out
