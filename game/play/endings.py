"""How an online game ended, in the player's language.

The server records and sends its reason in English (game/online/table.py's
templates, "red resigned"); a player's screen matches it against those templates
and shows the translated sentence, with the player's name for the side."""

from __future__ import annotations

import re
from collections.abc import Mapping

from game.i18n import _
from game.online.table import ENDINGS


def _pattern(template: str) -> re.Pattern[str]:
    return re.compile(re.escape(template).replace(re.escape("{player}"), "(?P<player>red|blue)"))


_PATTERNS = [(template, _pattern(template)) for template in ENDINGS]


def ending_text(reason: str, names: Mapping[str, str] | None = None) -> str:
    """``reason`` from the server, translated, its side replaced by ``names[side]``
    when given (else by "Red"/"Blue" in the player's language). A reason this version
    does not know is shown as the server wrote it."""
    for template, pattern in _PATTERNS:
        found = pattern.fullmatch(reason)
        if found is None:
            continue
        side = found.groupdict().get("player")
        if side is None:
            return _(template)
        player = names[side] if names and side in names else _(side.title())
        return _(template).format(player=player)
    return reason
