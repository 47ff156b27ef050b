"""When the game meets a bug: the details go to a log, the player gets a plain message.

A player never sees a traceback, and nothing they did is lost: the match in
progress is saved after every turn and puzzle progress after every answer, so
the message can point them back to it. A player who started the game with a
double-click has no terminal, so the message is also shown in a dialog box.
"""

from __future__ import annotations

import contextlib
import os
import platform
import sys
import tempfile
import time
import traceback
from pathlib import Path

from game import __version__
from game.files import write_text
from game.i18n import _
from game.play.in_progress import CURRENT
from game.play.storage import data_dir

#: SDL video drivers that draw to no screen (tests and tools ask for them).
HEADLESS = ("offscreen", "dummy")


def write_log(folder: Path, exc: BaseException) -> Path:
    """Write what a bug report needs about ``exc`` to a new log in ``folder``."""
    path = folder / f"crash-{time.strftime('%Y%m%d-%H%M%S')}.log"
    n = 1
    while path.exists():
        n += 1
        path = folder / f"crash-{time.strftime('%Y%m%d-%H%M%S')}-{n}.log"
    head = [
        f"Mosaic {__version__}",
        f"Python {platform.python_version()} on {platform.platform()}",
        libraries(),
        "",
    ]
    write_text(path, "\n".join(head) + "".join(traceback.format_exception(exc)))
    return path


def libraries() -> str:
    """The versions of pygame-ce and SDL, or why they are not known."""
    try:
        import pygame

        sdl = ".".join(map(str, pygame.get_sdl_version()))
        return f"pygame-ce {pygame.version.ver}, SDL {sdl}"
    except Exception as e:  # a crash log is written even when pygame itself is broken
        return f"pygame-ce could not be loaded: {e}"  # i18n: not shown (the crash log)


def tell(message: str, dialog: bool = True) -> None:
    """Say ``message`` on standard error, and in a dialog box when there may be a
    screen to show one on (not under the drivers tests and tools ask for)."""
    print(f"mosaic: {message}", file=sys.stderr)
    if not dialog or os.environ.get("SDL_VIDEODRIVER") in HEADLESS:
        return
    with contextlib.suppress(Exception):  # no screen (or no pygame) for a dialog: stderr has it
        import pygame

        pygame.display.message_box("Mosaic", message, "error")


def report(folder: Path | None, exc: BaseException) -> str:
    """Log ``exc`` in ``folder`` (the player's data folder if ``None``) and return
    the message for the player."""
    message = _("Mosaic stopped because of a bug. Your settings and progress are saved.")
    try:
        folder = folder or data_dir()
    except OSError:  # no data folder at all: the log goes where it can
        folder = Path(tempfile.gettempdir())
    if (folder / CURRENT).exists():
        message = _(
            "Mosaic stopped because of a bug. Your settings and progress are saved. "
            "So is your match: choose Continue on the title screen to go on with it."
        )
    try:
        log = write_log(folder, exc)
    except OSError as e:
        why = _("(The details could not be written down: {reason}.)").format(reason=e.strerror or e)
        return f"{message} {why}"
    return "{} {}".format(
        message, _("The details, for a bug report, are in {log}.").format(log=log)
    )
