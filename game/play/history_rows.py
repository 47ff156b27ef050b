"""How a row of History's list says its game in the room it has (no pygame).

Each row reads at the list's own size, and fits on its own (play-test: the
rows shared one size, so one long row, "(you resigned)", made every row of the
list smaller, 17 to 23 pixels in some languages at 640x480): a row too long
leaves out its count of turns, and if still too long, shows all of it on two
lines or more, broken between its fields."""

from __future__ import annotations

from collections.abc import Callable

#: What stands between a row's fields (date, opponent, result, turns, side),
#: in every language's words for the row.
FIELD_GAP = "  "


def row_lines(
    whole: str, short: str, width: Callable[[str], float], room: float
) -> tuple[str, ...]:
    """The row ``whole`` (``short``: without its count of turns) as the list
    shows it, where ``width`` measures a text and a line has ``room``: whole on
    one line, else short on one line, else whole on as many lines as it needs,
    broken only between fields, each line holding as many as fit (a field
    wider than the room alone on its line, drawn smaller: that row alone)."""
    for line in (whole, short):
        if width(line) <= room:
            return (line,)
    fields = whole.split(FIELD_GAP)
    lines = [fields[0]]
    for field in fields[1:]:
        longer = lines[-1] + FIELD_GAP + field
        if width(longer) <= room:
            lines[-1] = longer
        else:
            lines.append(field)
    return tuple(lines)
