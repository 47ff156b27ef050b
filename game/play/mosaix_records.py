"""The player's Mosaix results, kept in ``mosaix.json``: the best solo score, how
many solo games were finished, and the score of each daily solo game played."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.i18n import N_
from game.wholes import Whole

from .storage import load_document, write_json

FILE = "mosaix.json"


@dataclass
class MosaixRecords:
    best: int = 0
    games: int = 0
    daily: dict[str, int] = field(default_factory=dict)

    def finished(self, score: int, day: str | None = None) -> bool:
        """Count a finished solo game; returns whether it beat the best."""
        self.games += 1
        if day is not None:
            self.daily[day] = max(self.daily.get(day, 0), score)
        if score > self.best:
            self.best = score
            return True
        return False

    def to_json(self) -> dict[str, Any]:
        return {"format": 1, "best": self.best, "games": self.games, "daily": self.daily}


SCORE = Whole(0, 1000)
GAMES = Whole(0, 10**6)


def parse(data: Any) -> MosaixRecords:
    """Records from their JSON; raises :class:`ValueError` naming the field at fault."""
    if not isinstance(data, dict):
        # i18n: a file's words
        raise ValueError("not a JSON object")
    best, games, daily = data.get("best", 0), data.get("games", 0), data.get("daily", {})
    if not SCORE(best):
        # i18n: a file's words
        raise ValueError("'best' must be a score from 0 to 1000")
    if not GAMES(games):
        # i18n: a file's words
        raise ValueError("'games' must be a whole number")
    if not isinstance(daily, dict) or not all(
        isinstance(k, str) and len(k) == 10 and SCORE(v) for k, v in daily.items()
    ):
        # i18n: a file's words
        raise ValueError("'daily' must map dates to scores")
    return MosaixRecords(best, games, dict(daily))


def load(directory: Path) -> tuple[MosaixRecords, str | None]:
    return load_document(Path(directory) / FILE, N_("Mosaix results"), parse, MosaixRecords)


def save(records: MosaixRecords, directory: Path) -> None:
    write_json(Path(directory) / FILE, records.to_json())
