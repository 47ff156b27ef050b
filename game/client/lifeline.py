"""Leave with the program that started us.

A single-file build runs in two processes: PyInstaller's small bootloader, which
unpacks the game into a temporary ``_MEI...`` folder and waits, and the game
itself. If the bootloader is killed outright (SIGKILL cannot be caught), the game
would run on with no one left to delete that folder. So in such a build a
thread watches for the game's parent to change: then the game closes itself the
normal way (the match in progress is already saved after every turn) and removes
the unpacked folder on its way out.
"""

from __future__ import annotations

import atexit
import os
import shutil
import sys
import threading
import time
from collections.abc import Callable


def watch_parent(on_orphaned: Callable[[], None], every: float = 1.0) -> threading.Thread | None:
    """In a single-file build on Linux or macOS, call ``on_orphaned`` (from a
    thread) once the bootloader is gone; elsewhere do nothing and return None."""
    unpacked = getattr(sys, "_MEIPASS", None)
    if not getattr(sys, "frozen", False) or unpacked is None or os.name != "posix":
        return None
    if not os.path.basename(unpacked).startswith("_MEI"):  # a one-folder build: nothing unpacked
        return None
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(every)
        atexit.register(shutil.rmtree, unpacked, ignore_errors=True)
        on_orphaned()

    thread = threading.Thread(target=watch, name="mosaic-lifeline", daemon=True)
    thread.start()
    return thread
