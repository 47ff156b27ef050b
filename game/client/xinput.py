"""XInput, the library SDL reads Xbox controllers through on Windows, kept loaded
for the game's whole life.

SDL loads XInput when its controllers start and unloads it when they stop, at
every ``pygame.quit()``. Wine's XInput (8.0, which the Windows build is tested
under) then lets its device thread run on into the unloaded library, and the
game dies on its way out with a page fault in ``xinput1_4`` (1 smoke test in 8,
and 6 runs in 45 of 40 starts and stops of SDL each). A reference of the game's own,
taken before SDL's, makes SDL's unload only count down: the library goes with
the process, after its threads. On Windows itself this costs nothing.
"""

from __future__ import annotations

import ctypes
import sys

#: The libraries SDL tries, in its order: the game keeps the one SDL will load.
NAMES = ("xinput1_4", "xinput1_3", "xinput9_1_0")

_kept: list[tuple[str, object]] = []


def keep() -> str | None:
    """Load the XInput SDL would load, once; its name, or None (not Windows, or
    no XInput on this system)."""
    if sys.platform != "win32":
        return None
    if not _kept:
        for name in NAMES:
            try:
                _kept.append((name, ctypes.WinDLL(name)))
            except OSError:
                continue
            break
    return _kept[0][0] if _kept else None


def loaded(name: str) -> bool:
    """Whether the library ``name`` is mapped in this process now."""
    if sys.platform != "win32":
        return False
    kernel32 = ctypes.WinDLL("kernel32", use_last_error=True)
    kernel32.GetModuleHandleW.restype = ctypes.c_void_p
    kernel32.GetModuleHandleW.argtypes = [ctypes.c_wchar_p]
    return bool(kernel32.GetModuleHandleW(name))


def check() -> str | None:
    """The smoke test's line, on Windows (None elsewhere): the XInput the game
    kept is still loaded after SDL's controllers were started and stopped.
    Raises RuntimeError if the game never kept it, or it was unloaded."""
    if sys.platform != "win32":
        return None
    if not _kept:
        if not any(_loadable(name) for name in NAMES):
            # i18n: not shown (the smoke test's report is the studio's, in English)
            return "controllers: this system has no XInput; SDL reads controllers without it"
        # i18n: not shown
        raise RuntimeError("the game did not keep XInput loaded before starting controllers")
    name = _kept[0][0]
    if not loaded(name):
        # i18n: not shown
        raise RuntimeError(f"{name} was unloaded when SDL stopped; the game's exit can fault")
    # i18n: not shown
    return f"controllers: {name} stays loaded while SDL starts and stops"


def _loadable(name: str) -> bool:
    if sys.platform != "win32":
        return False
    try:
        ctypes.WinDLL(name)
    except OSError:
        return False
    return True
