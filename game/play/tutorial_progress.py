"""Which lessons of the tutorial a player has done, kept in the data folder, and
how the list of lessons shows them (no pygame)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.i18n import N_, _

from .history import FOLDER as HISTORY
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
    #: The player has opened a lesson or finished a match: no longer new here.
    tried: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "format": 1,
            "done": sorted(self.done),
            "offered": self.offered,
            "tried": self.tried,
        }


def parse(data: Any) -> TutorialProgress:
    if not isinstance(data, dict):
        raise ValueError("not a JSON object")  # i18n: a file's words
    done, offered = data.get("done", []), data.get("offered", False)
    tried = data.get("tried", False)  # absent in the files of earlier versions
    known = {lesson.id for lesson in LESSONS}
    if not isinstance(done, list) or not all(isinstance(d, str) for d in done):
        # i18n: a file's words
        raise ValueError("'done' must be a list of lessons")
    if not isinstance(offered, bool):
        # i18n: a file's words
        raise ValueError("'offered' must be true or false")
    if not isinstance(tried, bool):
        # i18n: a file's words
        raise ValueError("'tried' must be true or false")
    return TutorialProgress({d for d in done if d in known}, offered, tried)


def load(directory: Path) -> tuple[TutorialProgress, str | None]:
    return load_document(Path(directory) / FILE, N_("tutorial progress"), parse, TutorialProgress)


def save(progress: TutorialProgress, directory: Path) -> None:
    write_json(Path(directory) / FILE, progress.to_json())


def new_here(progress: TutorialProgress, directory: Path) -> bool:
    """Whether the title still tags Learn to play "new here?": until the player
    has opened a lesson or finished a match, on every launch (a newcomer who
    closed the game before trying either still needs it). A finished game in the
    history counts too: a player from before :attr:`TutorialProgress.tried` was
    kept is no newcomer."""
    if progress.tried or progress.done:
        return False
    folder = Path(directory) / HISTORY
    return not (folder.is_dir() and any(folder.glob("*.json")))


def note_tried(directory: Path) -> str | None:
    """Keep that the player has opened a lesson or finished a match (once);
    what went wrong, for the player, else None."""
    progress, message = load(directory)
    if progress.tried:
        return message
    progress.tried = True
    try:
        save(progress, directory)
    except OSError as e:
        return _("Your tutorial progress could not be kept: {error}").format(error=e.strerror or e)
    return message
