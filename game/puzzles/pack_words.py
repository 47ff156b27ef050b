"""The shipped packs' titles and descriptions, marked for translation.

The packs are JSON (puzzles/*.json), which Babel's Python extractor does not read,
so their words are listed here; a test checks that every shipped pack's title and
description is, so a new pack cannot be forgotten. A pack shows them through
:attr:`game.puzzles.pack.Pack.shown_title` and ``shown_description``.
"""

from __future__ import annotations

from game.i18n import N_

PACK_WORDS = (
    N_("First Chains"),
    N_("Find the flip turn that takes the most tiles."),
    N_("Pick the Start"),
    N_("Only some first flips reach the biggest chain."),
    N_("Endgame Wins"),
    N_("One turn wins. Every other turn does not."),
    N_("Order Matters"),
    N_("The right first tile is not enough: order counts."),
    N_("Master Class"),
    N_("The hardest chains and endings the miner found."),
    N_("Small-Board Chains"),
    N_("Sides 4 and 5: take the most tiles. Rated 820-1490."),
    N_("From Strong Play"),
    N_("Reached by the strongest AI levels. Rated 870-1540."),
    N_("One Way In"),
    N_("One first flip leads to the best chain. Rated 850-1720."),
    N_("Big-Board Chains"),
    N_("Sides 6 to 8: take the most tiles. Rated 910-1720."),
    N_("Small-Board Endings"),
    N_("Sides 4 and 5: one turn wins. Rated 1020-1820."),
    N_("Order Matters More"),
    N_("The right first tile is not enough. Rated 1120-1960."),
    N_("Greedy Traps"),
    N_("Opening the most flips falls short. Rated 1160-1960."),
    N_("Big-Board Endings"),
    N_("Sides 6 to 8: one turn wins. Rated 1100-1890."),
    N_("Quiet Placements"),
    N_("No flip wins here: place a tile. Rated 1300-1900."),
    # The player's own pack (game/puzzles/own.py).
    N_("My puzzles"),
)
