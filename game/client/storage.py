"""Files the game keeps for a player: settings, the match in progress, saved games.

Every write is atomic (a temporary file beside the target, then a rename), so a
crash or a full disk never leaves half a file. A file that cannot be read or
makes no sense is moved aside (``name.corrupt-YYYYmmdd-HHMMSS``), the caller gets
the defaults plus a message for the player, and nothing else is lost.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

APP = "mosaic-steere"


def data_dir() -> Path:
    """The per-user data directory (created if missing); ``MOSAIC_DATA_DIR`` overrides it."""
    env = os.environ.get("MOSAIC_DATA_DIR")
    if env:
        path = Path(env)
    elif sys.platform == "win32":
        path = Path(os.environ.get("APPDATA", Path.home() / "AppData" / "Roaming")) / APP
    elif sys.platform == "darwin":
        path = Path.home() / "Library" / "Application Support" / APP
    else:
        base = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
        path = Path(base) / APP
    path.mkdir(parents=True, exist_ok=True)
    return path


def write_text(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` atomically."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name + ".", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def write_json(path: Path, data: Any) -> None:
    """Write ``data`` as JSON to ``path`` atomically."""
    write_text(path, json.dumps(data, indent=1))


def move_aside(path: Path) -> Path:
    """Rename a bad file out of the way, keeping it for the player to inspect."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.corrupt-{stamp}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}.corrupt-{stamp}-{n}")
    os.replace(path, target)
    return target


class BadFile(ValueError):
    """A file's content makes no sense; the message says what is wrong."""


def read_json(path: Path, what: str) -> tuple[Any | None, str | None]:
    """Read JSON from ``path``. Returns ``(data, None)``, ``(None, None)`` when the
    file does not exist, or ``(None, message)`` after moving a bad file aside."""
    if not path.exists():
        return None, None
    try:
        return json.loads(path.read_text(encoding="utf-8")), None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
        return None, set_aside(path, what, str(e))


def set_aside(path: Path, what: str, reason: str) -> str:
    """Move ``path`` aside and return the message the player sees about it."""
    try:
        kept = move_aside(path)
    except OSError:
        return f"Your {what} could not be read ({reason}); defaults are used."
    return f"Your {what} could not be read ({reason}); the file was kept as {kept.name}."
