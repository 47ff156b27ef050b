"""Files the game keeps for a player: settings, the match in progress, saved games.

Every write is atomic (see :mod:`game.files`), so a crash or a full disk never
leaves half a file. A file that cannot be read or makes no sense is moved aside
(``name.corrupt-YYYYmmdd-HHMMSS``), the caller gets the defaults plus a message
for the player, and nothing else is lost.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from game.files import BadFile, write_json, write_new, write_text
from game.files import move_aside as _move_aside
from game.files import read_json as _read_json
from game.i18n import _

APP = "mosaic-steere"

__all__ = ["BadFile", "data_dir", "read_json", "set_aside", "write_json", "write_new", "write_text"]


def data_dir() -> Path:
    """The per-user data directory (created if missing); ``MOSAIC_DATA_DIR`` overrides it."""
    env = os.environ.get("MOSAIC_DATA_DIR")
    if env:
        path = Path(env)
    elif sys.platform == "win32":
        path = Path(os.environ.get("APPDATA", Path.home() / "AppData" / "Roaming")) / APP
    elif sys.platform == "darwin":
        # i18n: a folder's name
        path = Path.home() / "Library" / "Application Support" / APP
    else:
        base = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
        path = Path(base) / APP
    path.mkdir(parents=True, exist_ok=True)
    return path


def move_aside(path: Path) -> Path:
    """Rename a bad file out of the way, keeping it for the player to inspect."""
    return _move_aside(path, time.strftime("%Y%m%d-%H%M%S"))


def read_json(path: Path, what: str) -> tuple[Any | None, str | None]:
    """Read JSON from ``path``. Returns ``(data, None)``, ``(None, None)`` when the
    file does not exist, or ``(None, message)`` after moving a bad file aside
    (whatever is wrong with it: unreadable, not JSON, empty, ``null``, nested
    too deeply, numbers that cannot be read)."""
    try:
        return _read_json(path), None
    except FileNotFoundError:
        return None, None
    except BadFile as e:
        return None, set_aside(path, what, str(e))


T = TypeVar("T")


def load_document(
    path: Path, what: str, parse: Callable[[Any], T], default: Callable[[], T]
) -> tuple[T, str | None]:
    """``parse`` of the JSON in ``path`` (which raises :class:`ValueError` saying
    what is wrong), or ``default()`` and the player's message when the file is
    bad (it is set aside) or missing (no message)."""
    data, message = read_json(path, what)
    if data is None:
        return default(), message
    try:
        return parse(data), None
    except ValueError as e:
        return default(), set_aside(path, what, str(e))


def set_aside(path: Path, what: str, reason: str) -> str:
    """Move ``path`` aside and return the message the player sees about it."""
    try:
        kept = move_aside(path)
    except OSError:
        return _("Your {what} could not be read ({reason}); defaults are used.").format(
            what=_(what), reason=reason
        )
    return _("Your {what} could not be read ({reason}); the file was kept as {name}.").format(
        what=_(what), reason=reason, name=kept.name
    )
