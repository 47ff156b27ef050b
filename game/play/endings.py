"""What the server says, in the player's language.

The server records and sends its words in English: how a game ended ("red
resigned", game/online/table.py), a refusal ("that game is over", "you may play
at most 3 live games at once", game/online/lobby.py). A fixed text is in the
catalogs as it is; a text with a number or a name is matched against the
server's templates and translated with the same values, the side ("red", "blue")
replaced by the player's name where the screen knows it. A text this version
does not know is shown as the server wrote it."""

from __future__ import annotations

import re
from collections.abc import Mapping

from game.i18n import _
from game.online.accounts import NAME_TAKEN
from game.online.lobby import REFUSALS
from game.online.table import ENDINGS

_FIELD = re.compile(r"\\\{([a-z_]+)\\\}")


def _pattern(template: str) -> re.Pattern[str]:
    """``template`` as a regular expression: ``{player}`` a side, any other
    ``{name}`` any text."""

    def field(found: re.Match[str]) -> str:
        name = found.group(1)
        return f"(?P<{name}>red|blue)" if name == "player" else f"(?P<{name}>.+?)"

    return re.compile(_FIELD.sub(field, re.escape(template)))


_TEMPLATES = [
    (template, _pattern(template))
    for template in (*ENDINGS, *REFUSALS, NAME_TAKEN)
    if "{" in template
]


def server_text(text: str, names: Mapping[str, str] | None = None) -> str:
    """``text`` from the server in the player's language, a side named by
    ``names[side]`` when given (else "Red"/"Blue" in the player's language)."""
    said = _(text)
    if said != text:
        return said
    for template, pattern in _TEMPLATES:
        found = pattern.fullmatch(text)
        if found is None:
            continue
        values = found.groupdict()
        side = values.get("player")
        if side is not None:
            values["player"] = names[side] if names and side in names else _(side.title())
        return _(template).format(**values)
    return text


#: How a game ended, said as the server's other texts are.
ending_text = server_text
