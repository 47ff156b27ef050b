"""Puzzle progress: stars per solved puzzle, kept in ``puzzles.json``."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from .storage import read_json, set_aside, write_json

FILE = "puzzles.json"
MAX_STARS = 3


def key(pack_id: str, puzzle_id: str) -> str:
    return f"{pack_id}/{puzzle_id}"


@dataclass
class Progress:
    stars: dict[str, int] = field(default_factory=dict)
    #: Puzzles tried at least once (the first try is what a rating counts).
    tried: set[str] = field(default_factory=set)

    def solved(self, pack_id: str, puzzle_id: str) -> int:
        """Stars earned on a puzzle (0: not solved yet)."""
        return self.stars.get(key(pack_id, puzzle_id), 0)

    def record(self, pack_id: str, puzzle_id: str, stars: int) -> None:
        """Keep the best result for a puzzle."""
        k = key(pack_id, puzzle_id)
        self.stars[k] = max(self.stars.get(k, 0), 1, min(MAX_STARS, stars))

    def to_json(self) -> dict:
        return {"format": 1, "stars": self.stars, "tried": sorted(self.tried)}


def load(directory: Path) -> tuple[Progress, str | None]:
    path = directory / FILE
    data, message = read_json(path, "puzzle progress")
    if data is None:
        return Progress(), message
    try:
        stars = data["stars"]
        tried = data.get("tried", [])
        if not isinstance(stars, dict) or not all(
            isinstance(k, str) and isinstance(v, int) and 1 <= v <= MAX_STARS
            for k, v in stars.items()
        ):
            raise ValueError("'stars' must map puzzles to 1..3")
        if not isinstance(tried, list) or not all(isinstance(t, str) for t in tried):
            raise ValueError("'tried' must be a list of puzzles")
        return Progress(dict(stars), set(tried)), None
    except (KeyError, TypeError, ValueError) as e:
        return Progress(), set_aside(path, "puzzle progress", str(e))


def save(progress: Progress, directory: Path) -> None:
    write_json(directory / FILE, progress.to_json())
