"""The levels' ratings the setup screen shows are the ladder's measured ones."""

from __future__ import annotations

import re
from pathlib import Path

from game.ai.levels import LEVELS

LADDER = Path(__file__).resolve().parents[2] / "docs" / "ai-ladder.md"


def ladder_ratings() -> dict[str, int]:
    """Each player's Elo in the "Ratings" table of docs/ai-ladder.md."""
    text = LADDER.read_text(encoding="utf-8")
    table = text.split("## Ratings", 1)[1].split("\n## ", 1)[0]
    rows = re.findall(r"^\| (\w+) \| (-?\d+) \|", table, flags=re.M)
    return {name: int(elo) for name, elo in rows}


def test_every_level_carries_the_rating_the_ladder_measured() -> None:
    measured = ladder_ratings()
    assert {lvl.name: lvl.elo for lvl in LEVELS.values()} == {
        lvl.name: measured[lvl.name] for lvl in LEVELS.values()
    }


def test_the_ladder_climbs() -> None:
    elos = [lvl.elo for lvl in LEVELS.values()]
    assert elos == sorted(elos) and len(set(elos)) == len(elos)
