"""The themes a puzzle can have, as players see them (``puzzles/README.md``
says how each is detected): the words the browser and the trainer filter by."""

from __future__ import annotations

#: Each theme's name on screen, in the order the browser offers them.
THEME_NAMES = {
    "endgame": "Endgame",
    "order-matters": "Order matters",
    "greedy-trap": "Greedy trap",
    "one-way-in": "One way in",
    "long-chain": "Long chain",
    "less-is-more": "Less is more",
    "full-board": "Full board",
}


def theme_name(key: str) -> str:
    """A theme as a player reads it (one this version does not know, tidied)."""
    return THEME_NAMES.get(key, key.replace("-", " ").capitalize())


def in_order(themes: set[str]) -> list[str]:
    """``themes`` in the browser's order: the known ones first, then the rest."""
    order = list(THEME_NAMES)
    return sorted(themes, key=lambda t: (order.index(t) if t in order else len(order), t))
