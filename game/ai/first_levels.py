"""The five levels as they first stood, before the ladder was filled between them.

The puzzle miner's games replay from their seeds with these (a shipped puzzle's
source must still lead to its position), and the learned weights were fitted to
games between them. The levels a player meets (:data:`.levels.LEVELS`) have been
re-tuned since; these stay as they were. Only what decides a turn on a node
budget matters here: the depth cap, the temperature, the blunders, the solve,
the ties.
"""

from __future__ import annotations

from .evaluate import CLASSIC
from .levels import Level

FIRST_LEVELS: dict[str, Level] = {
    "beginner": Level(
        "Beginner", 0.3, max_depth=1, temperature=150, blunder=0.2, solve=False, weights=CLASSIC
    ),
    "casual": Level("Casual", 0.3, max_depth=1, temperature=40, solve=False, weights=CLASSIC),
    "club": Level("Club", 0.5, max_depth=2, temperature=12, weights=CLASSIC),
    "expert": Level("Expert", 1.0, max_depth=3, vary=True),
    "master": Level("Master", 0.85, vary=True, exact_from=9, perfect_side3=True),
}
