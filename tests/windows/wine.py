"""Running the built Windows executable (dist/Mosaic.exe) under Wine, in a real window
on Xvfb, for the tests of tests/windows.

They need Debian's wine, wine64, xvfb, xdotool and x11-apps and the built exe
(tools/windows/build.sh): without them they skip, saying what is missing, except where
MOSAIC_WINDOWS_REQUIRED=1 (set by tools/windows/build.sh, so CI's Windows step cannot
pass by skipping them), where they fail instead.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import numpy as np
import pytest

from tests.windows.xwd import grab, save_png

ROOT = Path(__file__).resolve().parents[2]
EXE = ROOT / "dist" / "Mosaic.exe"
SETUP = ROOT / "dist" / "Mosaic-Setup.exe"
TITLE = "Mosaic by Mark Steere"
#: Where game/play/storage.py keeps a player's files on Windows: %APPDATA%\mosaic-steere.
DATA = "mosaic-steere"
#: The title of the box in which a single-file build's bootloader (PyInstaller's, in
#: the windowed build) says "Failed to remove temporary directory" once its retries
#: (about 15 s) to remove the folder it unpacked the game into have failed because
#: something still held a file there: the bootloader, and so the `wine` process, waits
#: until someone presses OK. Seen once in three runs as a game that "did not end within
#: 300 s of Alt+F4"; made to happen on purpose by holding a file of that folder open.
WARNING = "Warning"
#: Long enough for a loaded machine: the exe unpacks itself (28 MB) and starts Python
#: under Wine before its first frame; on an idle machine that takes seconds.
PATIENCE = 300.0


def missing(*files: Path) -> str | None:
    """Why these tests cannot run here, or None."""
    for tool in ("wine", "wineboot", "wineserver", "Xvfb", "xdotool", "xwd"):
        if shutil.which(tool) is None:
            return (
                f"no {tool} here: install Debian's wine, wine64, xvfb, xdotool and x11-apps "
                "(.ci/run does)"
            )
    for file in (EXE, *files):
        if not file.is_file():
            return f"no {file.relative_to(ROOT)}: tools/windows/build.sh builds it (.ci/run does)"
    return None


def need(*files: Path) -> None:
    """Skip (or, where MOSAIC_WINDOWS_REQUIRED=1, fail) when Wine or the build is missing."""
    why = missing(*files)
    if why is None:
        return
    if os.environ.get("MOSAIC_WINDOWS_REQUIRED") == "1":
        pytest.fail(f"MOSAIC_WINDOWS_REQUIRED=1, but {why}")
    pytest.skip(why)


class Prefix:
    """A Wine prefix of its own: a fresh C: drive, registry and user folders."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.env = {
            **os.environ,
            "WINEPREFIX": str(path),
            "WINEDEBUG": "-all",
            # No Mono or Gecko installer is offered: the game needs neither.
            "WINEDLLOVERRIDES": "mscoree,mshtml=",
            "SDL_AUDIODRIVER": "dummy",
        }

    def boot(self) -> None:
        subprocess.run(
            ["wineboot", "-i"], env=self.env, stdin=subprocess.DEVNULL, capture_output=True,
            timeout=PATIENCE, check=True,
        )  # fmt: skip
        self.wait()

    def wait(self) -> None:
        """Until every process of the prefix has ended."""
        subprocess.run(["wineserver", "-w"], env=self.env, timeout=PATIENCE, check=False)

    def stop(self) -> None:
        subprocess.run(["wineserver", "-k"], env=self.env, timeout=60, check=False)

    def run(self, *args: str | Path, timeout: float = PATIENCE) -> subprocess.CompletedProcess[str]:
        """A Windows program to its end. CPython under Wine needs its standard input from
        /dev/null and its output into a pipe, or it dies at start-up."""
        return subprocess.run(
            ["wine", *map(str, args)], env=self.env, stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, errors="replace",
            timeout=timeout, check=False,
        )  # fmt: skip

    def user(self) -> Path:
        """The Windows user's folder: C:\\users\\NAME."""
        users = [p for p in (self.path / "drive_c" / "users").iterdir() if p.name != "Public"]
        assert len(users) == 1, f"one user folder expected in the prefix, found {users}"
        return users[0]

    def data(self) -> Path:
        """%APPDATA%\\mosaic-steere: the game's settings and saved games."""
        return self.user() / "AppData" / "Roaming" / DATA


class Game:
    """Mosaic.exe running in a real window on an Xvfb screen of exactly its size."""

    def __init__(self, prefix: Prefix, screen: Screen, exe: Path = EXE) -> None:
        self.screen = screen
        env = {**prefix.env, "DISPLAY": screen.display}
        env.pop("SDL_VIDEODRIVER", None)  # the client tests' dummy driver: no window
        self.process = subprocess.Popen(
            ["wine", str(exe), "--size", f"{screen.size[0]}x{screen.size[1]}"],
            env=env, stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, errors="replace",
        )  # fmt: skip
        self.output: list[str] = []
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.output.append(line)

    def window(self) -> None:
        """Until the game's window is there (xdotool finds it by its title)."""
        subprocess.run(
            ["xdotool", "search", "--sync", "--name", TITLE], env=self.screen.env,
            capture_output=True, timeout=PATIENCE, check=True,
        )  # fmt: skip

    def until(self, shown: Callable[[np.ndarray], bool], what: str, shot: Path) -> np.ndarray:
        """The screen once ``shown`` says yes to it, saved as ``shot``; the test fails,
        with the last screen saved, if it never does."""
        end = time.monotonic() + PATIENCE
        while True:
            pixels = self.screen.grab()
            if shown(pixels):
                save_png(pixels, str(shot))
                return pixels
            if time.monotonic() > end or self.process.poll() is not None:
                save_png(pixels, str(shot))
                pytest.fail(
                    f"{what} never showed (the screen is in {shot}); the game said: "
                    + "".join(self.output[-20:])
                )
            time.sleep(0.25)

    def keys(self, *keys: str) -> None:
        """Keys typed into the focused window (the game's), through the XTEST extension."""
        subprocess.run(["xdotool", "key", "--delay", "150", *keys], env=self.screen.env, check=True)

    def close(self, shot: Path) -> int:
        """Alt+F4, as a player closes the window; the exit code once the game has ended.
        If it has not ended in time, or the bootloader's warning box stands in its way
        (see :data:`WARNING`), the test fails saying so, with the screen saved as ``shot``."""
        self.keys("alt+F4")
        end = time.monotonic() + PATIENCE
        try:
            while True:
                try:
                    return self.process.wait(1.0)
                except subprocess.TimeoutExpired:
                    pass
                if self.shown(f"^{WARNING}$"):
                    save_png(self.screen.grab(), str(shot))
                    pytest.fail(
                        "the game's window closed, but PyInstaller's bootloader could not "
                        "remove the folder it had unpacked the game into (a file in it was "
                        "still in use) and waits on its Warning box, which no one will close "
                        f"(the screen is in {shot}); the game said: " + "".join(self.output[-20:])
                    )
                if time.monotonic() > end:
                    save_png(self.screen.grab(), str(shot))
                    pytest.fail(
                        f"the game did not end within {PATIENCE:.0f} s of Alt+F4; its window "
                        f"is {'still there' if self.shown(TITLE) else 'gone'} (the screen is "
                        f"in {shot}); it said: " + "".join(self.output[-20:])
                    )
        finally:
            self.kill()

    def shown(self, name: str) -> bool:
        """Is a window whose name matches the regular expression ``name`` on the screen?"""
        return subprocess.run(
            ["xdotool", "search", "--name", name], env=self.screen.env,
            capture_output=True, check=False,
        ).returncode == 0  # fmt: skip

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait(60)
        self._reader.join(10)


class Screen:
    """An Xvfb screen of ``size``, and the X display's name for the programs shown on it."""

    def __init__(self, size: tuple[int, int]) -> None:
        self.size = size
        read, write = os.pipe()
        self.process = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write), "-screen", "0", f"{size[0]}x{size[1]}x24",
             "-nolisten", "tcp"],
            pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        os.close(write)
        with os.fdopen(read) as f:
            self.display = ":" + f.readline().strip()
        self.env = {**os.environ, "DISPLAY": self.display}

    def grab(self) -> np.ndarray:
        return grab(self.display)

    def close(self) -> None:
        self.process.terminate()
        self.process.wait(30)


@contextmanager
def screen(size: tuple[int, int]) -> Iterator[Screen]:
    s = Screen(size)
    try:
        yield s
    finally:
        s.close()
