"""Which lessons of the tutorial a player has done, kept in the data folder, and
how the list of lessons shows them (no pygame)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.i18n import N_, _

from .lessons import LESSONS, Lesson
from .storage import load_document, write_json


def list_line(number: int, lesson: Lesson, done: bool) -> str:
    """A lesson's line in the list of lessons: "3. Flipping (done)"."""
    line = _("{number}. {lesson} (done)") if done else _("{number}. {lesson}")
    return line.format(number=number, lesson=_(lesson.title))


FILE = "tutorial.json"


@dataclass
class TutorialProgress:
    done: set[str] = field(default_factory=set)
    #: The title screen has offered the tutorial once.
    offered: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"format": 1, "done": sorted(self.done), "offered": self.offered}


def parse(data: Any) -> TutorialProgress:
    if not isinstance(data, dict):
        raise ValueError("not a JSON object")  # i18n: a file's words
    done, offered = data.get("done", []), data.get("offered", False)
    known = {lesson.id for lesson in LESSONS}
    if not isinstance(done, list) or not all(isinstance(d, str) for d in done):
        # i18n: a file's words
        raise ValueError("'done' must be a list of lessons")
    if not isinstance(offered, bool):
        # i18n: a file's words
        raise ValueError("'offered' must be true or false")
    return TutorialProgress({d for d in done if d in known}, offered)


def load(directory: Path) -> tuple[TutorialProgress, str | None]:
    return load_document(Path(directory) / FILE, N_("tutorial progress"), parse, TutorialProgress)


def save(progress: TutorialProgress, directory: Path) -> None:
    write_json(Path(directory) / FILE, progress.to_json())
