"""Puzzle progress, kept in ``puzzles.json``: stars per solved puzzle, the
player's puzzle rating (Glicko-2), high scores per arcade mode and the daily
puzzles solved."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.files import finite
from game.glicko import Rating
from game.i18n import N_
from game.puzzles import Puzzle
from game.puzzles.own import PACK_ID as OWN_PACK
from game.wholes import Whole

from .storage import load_document, write_json

FILE = "puzzles.json"
MAX_STARS = 3
#: What a file may hold: a puzzle's stars, and a best score or daily count.
STARS = Whole(1, MAX_STARS)
COUNT = Whole(0, 10**9 - 1)
#: Where a new player's puzzle rating starts: at the first pack's level, and
#: unsure (a wide deviation), so the first few answers move it quickly without
#: a miss or two on easy puzzles crushing it, as lichess starts its players.
START = Rating(950.0, 300.0)
RATING_FIELDS = ("rating", "rd", "volatility")
#: Far beyond any rating a player can reach; outside it a file was tampered with.
RATING_RANGE = (-5000.0, 10000.0)


def key(pack_id: str, puzzle_id: str) -> str:
    return f"{pack_id}/{puzzle_id}"


@dataclass
class Progress:
    stars: dict[str, int] = field(default_factory=dict)
    #: Puzzles tried at least once (the first try is what a rating counts).
    tried: set[str] = field(default_factory=set)
    rating: Rating = field(default_factory=lambda: START)
    best: dict[str, int] = field(default_factory=dict)
    daily: dict[str, int] = field(default_factory=dict)

    @property
    def seen(self) -> set[str]:
        """The puzzles met before, tried or solved (as ``pack/puzzle``): a run
        serves the others first."""
        return self.tried | set(self.stars)

    def first_try(self, pack_id: str, puzzle: Puzzle, solved: bool) -> bool:
        """Count a first try at a puzzle towards the rating; later tries do not,
        nor do the player's own puzzles (they made them: they know the answer).
        True if the rating changed."""
        k = key(pack_id, puzzle.id)
        if k in self.tried:
            return False
        self.tried.add(k)
        if pack_id == OWN_PACK:
            return False
        self.rating = self.rating.after_puzzle(puzzle.rating, solved)
        return True

    def high_score(self, mode: str, score: int) -> bool:
        """Keep ``score`` if it beats the mode's best; returns whether it did."""
        if score > self.best.get(mode, 0):
            self.best[mode] = score
            return True
        return False

    def solved(self, pack_id: str, puzzle_id: str) -> int:
        """Stars earned on a puzzle (0: not solved yet)."""
        return self.stars.get(key(pack_id, puzzle_id), 0)

    def record(self, pack_id: str, puzzle_id: str, stars: int) -> None:
        """Keep the best result for a puzzle."""
        k = key(pack_id, puzzle_id)
        self.stars[k] = max(self.stars.get(k, 0), 1, min(MAX_STARS, stars))

    def to_json(self) -> dict[str, Any]:
        r = self.rating
        return {
            "format": 1,
            "stars": self.stars,
            "tried": sorted(self.tried),
            "rating": {"rating": r.rating, "rd": r.rd, "volatility": r.volatility},
            "best": self.best,
            "daily": self.daily,
        }


def load(directory: Path) -> tuple[Progress, str | None]:
    return load_document(Path(directory) / FILE, N_("puzzle progress"), parse, Progress)


def parse(data: Any) -> Progress:
    """Progress from its JSON; raises :class:`ValueError` naming the field at fault."""
    if not isinstance(data, dict):
        # i18n: a file's words
        raise ValueError("not a JSON object")
    stars = data.get("stars")
    if not isinstance(stars, dict) or not all(
        isinstance(k, str) and STARS(v) for k, v in stars.items()
    ):
        # i18n: a file's words
        raise ValueError("'stars' must map puzzles to 1..3")
    tried = data.get("tried", [])
    if not isinstance(tried, list) or not all(isinstance(t, str) for t in tried):
        # i18n: a file's words
        raise ValueError("'tried' must be a list of puzzles")
    raw = data.get("rating", {})
    if not isinstance(raw, dict) or not all(finite(raw.get(k, 1)) for k in RATING_FIELDS):
        # i18n: a file's words
        raise ValueError("'rating' must hold finite numbers")
    rating = Rating(**{k: float(raw[k]) for k in RATING_FIELDS if k in raw}) if raw else START
    if not (
        RATING_RANGE[0] <= rating.rating <= RATING_RANGE[1]
        and 0 < rating.rd <= 350
        and 0 < rating.volatility < 1
    ):
        # i18n: a file's words
        raise ValueError("'rating' is out of range")
    best, daily = data.get("best", {}), data.get("daily", {})
    for name, table in (("best", best), ("daily", daily)):
        if not isinstance(table, dict) or not all(
            isinstance(k, str) and COUNT(v) for k, v in table.items()
        ):
            # i18n: a file's words
            raise ValueError(f"'{name}' must map names to whole numbers")
    return Progress(dict(stars), set(tried), rating, dict(best), dict(daily))


def save(progress: Progress, directory: Path) -> None:
    write_json(directory / FILE, progress.to_json())
