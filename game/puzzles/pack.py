"""The pack format: what a pack file holds, read field by field with messages
that name the field and the reason, and written back atomically.

A pack is ``{"format": 1, "id", "title", "description", "puzzles": [...]}``; a
puzzle is ``{"id", "fen", "goal", "solution", "rating", "themes", "source"}``
plus the optional ``title``, ``best``, ``runner_up``, ``margin`` and
``features``. ``puzzles/README.md`` documents each field and
``puzzles/schema.json`` states the same for editors.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.files import write_text
from game.i18n import _
from game.rules.errors import clip

FORMAT = 1
GOALS = ("most", "win")
ID = re.compile(r"^[a-z0-9][a-z0-9-]*$")
REQUIRED = ("id", "fen", "goal", "solution", "rating", "themes", "source")
OPTIONAL = ("title", "best", "runner_up", "margin", "features")
PACK_FIELDS = ("format", "id", "title", "description", "puzzles")


class FieldError(ValueError):
    """A field that is missing or wrong: ``field`` names it."""

    def __init__(self, field: str, reason: str) -> None:
        field = clip(field, 30, quote=False)  # an unknown field's name comes from the file
        super().__init__(f"field '{field}': {reason}")
        self.field = field
        self.reason = reason


@dataclass(frozen=True)
class Puzzle:
    id: str
    fen: str
    goal: str
    solution: str
    rating: int
    themes: tuple[str, ...]
    source: str
    title: str | None = None
    best: int | None = None
    runner_up: int | None = None
    margin: int | None = None
    features: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)

    @property
    def banner(self) -> str:
        """The goal in a player's words, e.g. "Red to move: flip the most tiles"."""
        red = self.fen.rstrip().endswith("r")
        if self.goal == "win":
            return _("Red to move and win") if red else _("Blue to move and win")
        return (
            _("Red to move: flip the most tiles") if red else _("Blue to move: flip the most tiles")
        )

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"id": self.id}
        if self.title:
            out["title"] = self.title
        out |= {
            "fen": self.fen,
            "goal": self.goal,
            "solution": self.solution,
            "rating": self.rating,
            "themes": list(self.themes),
            "source": self.source,
        }
        for name in ("best", "runner_up", "margin"):
            if getattr(self, name) is not None:
                out[name] = getattr(self, name)
        if self.features:
            out["features"] = self.features
        return out


@dataclass(frozen=True)
class Pack:
    id: str
    title: str
    description: str
    puzzles: tuple[Puzzle, ...]

    @property
    def shown_title(self) -> str:
        """The title in the player's language (a shipped pack's is in the catalogs:
        game/puzzles/pack_words.py; a pack from elsewhere shows its own words)."""
        return _(self.title)

    @property
    def shown_description(self) -> str:
        """The description in the player's language (as :attr:`shown_title`)."""
        return _(self.description)

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "id": self.id,
            "title": self.title,
            "description": self.description,
            "puzzles": [p.to_dict() for p in self.puzzles],
        }


def _text(data: dict[str, Any], name: str, *, empty: bool = False) -> str:
    value = data.get(name)
    if not isinstance(value, str):
        raise FieldError(name, "missing" if value is None else "must be text")
    if not empty and not value.strip():
        raise FieldError(name, "must not be empty")
    return value


def _int(data: dict[str, Any], name: str, low: int, high: int) -> int:
    value = data[name]
    if isinstance(value, bool) or not isinstance(value, int):
        raise FieldError(name, "must be a whole number")
    if not low <= value <= high:
        raise FieldError(name, f"must be between {low} and {high}, not {value}")
    return value


def parse_puzzle(data: Any) -> Puzzle:
    """A puzzle from its JSON object, checking the shape of every field (not yet
    the position or the claim: see :mod:`.prove`). Raises :class:`FieldError`."""
    if not isinstance(data, dict):
        raise FieldError("puzzle", "must be an object")
    for name in REQUIRED:
        if name not in data:
            raise FieldError(name, "missing")
    unknown = sorted(set(data) - set(REQUIRED) - set(OPTIONAL))
    if unknown:
        raise FieldError(unknown[0], "is not a puzzle field (a typo?)")
    pid = _text(data, "id")
    if not ID.match(pid):
        raise FieldError("id", "use lower-case letters, digits and dashes")
    goal = _text(data, "goal")
    if goal not in GOALS:
        raise FieldError("goal", f"must be one of {', '.join(GOALS)}, not {clip(goal, 20)}")
    themes = data["themes"]
    if not isinstance(themes, list) or not all(isinstance(t, str) and t for t in themes):
        raise FieldError("themes", "must be a list of words")
    title = data.get("title")
    if title is not None and not isinstance(title, str):
        raise FieldError("title", "must be text")
    extras = {n: _int(data, n, -1000, 1000) if n in data else None for n in OPTIONAL[1:4]}
    features = data.get("features", {})
    if not isinstance(features, dict):
        raise FieldError("features", "must be an object")
    return Puzzle(
        id=pid,
        fen=_text(data, "fen"),
        goal=goal,
        solution=_text(data, "solution"),
        rating=_int(data, "rating", 0, 4000),
        themes=tuple(themes),
        source=_text(data, "source"),
        title=title,
        features=features,
        **extras,
    )


def parse_pack_header(data: Any) -> tuple[str, str, str, list[Any]]:
    """The pack's own fields; the puzzles are parsed one by one so that one bad
    puzzle does not cost the rest. Raises :class:`FieldError`."""
    if not isinstance(data, dict):
        raise FieldError("pack", "the file must hold one JSON object")
    if data.get("format") != FORMAT:
        got = data.get("format")
        raise FieldError(
            "format",
            f"must be {FORMAT}, not {clip(repr(got), 20, quote=False)}" if got else "missing",
        )
    unknown = sorted(set(data) - set(PACK_FIELDS))
    if unknown:
        raise FieldError(unknown[0], "is not a pack field (a typo?)")
    pid = _text(data, "id")
    if not ID.match(pid):
        raise FieldError("id", "use lower-case letters, digits and dashes")
    puzzles = data.get("puzzles")
    if not isinstance(puzzles, list):
        raise FieldError("puzzles", "missing" if puzzles is None else "must be a list")
    return pid, _text(data, "title"), _text(data, "description", empty=True), puzzles


def write_pack(path: str | os.PathLike[str], pack: Pack) -> None:
    """Write ``pack`` as JSON, atomically: a crash leaves the old file whole."""
    write_text(Path(path), json.dumps(pack.to_dict(), indent=1, ensure_ascii=False) + "\n")
