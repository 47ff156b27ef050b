"""The move list's legend. Turns there are in the game's notation (docs/rules.md,
"Turns as text"): a cell for a placement, and for a flip turn each flipped cell
with an "x" in front, in the order flipped ("xa2xb2"), which says nothing to a
newcomer; the legend says it in words once a flip is in the list."""

from __future__ import annotations

from collections.abc import Iterable

from game.i18n import N_, _

#: Placements ("d4") and passes read as they are: only the flips need a word.
NOTE = N_("x = flip; a chain lists each tile it flips, in order.")
#: Its first words, where the whole would crowd the moves out.
SHORT = N_("x = flip")


def notation_note(moves: Iterable[str]) -> tuple[str, str]:
    """The legend for a list of ``moves`` in notation, whole and short,
    translated: empty until one of them is a flip turn."""
    if any(move.startswith("x") for move in moves):
        return _(NOTE), _(SHORT)
    return "", ""
