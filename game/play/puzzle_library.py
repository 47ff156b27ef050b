"""The puzzle packs and the player's puzzle progress, loaded once per run and
shared by the browser, the arcade modes and the daily puzzle.

The packs are read in a background thread once the title is up
(:meth:`PuzzleLibrary.preload`): a thousand puzzles take about a third of a
second to read and check, which the first visit to the puzzles would otherwise
wait for. The start of the game never waits for them."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path

from game.i18n import _
from game.puzzles import Pack, Problem, load_pack, load_packs
from game.puzzles.own import FILE, packs_folder

from .progress import Progress
from .progress import load as load_progress
from .progress import save as save_progress


class PuzzleLibrary:
    def __init__(self, folder: Path, data: Path, tell: Callable[[str], None]) -> None:
        #: Where the packs are read from.
        self.folder = Path(folder)
        self.data = Path(data)
        self._tell = tell
        self._packs: list[Pack] | None = None
        self._problems: list[Problem] = []
        self._progress: Progress | None = None
        #: Held while the packs are read, so the game's thread waits for a preload.
        self._reading = threading.Lock()

    def preload(self) -> threading.Thread:
        """Read the packs in a background thread (progress is read on first use,
        in the game's thread, since it may tell the player something)."""
        # i18n: a thread's name
        thread = threading.Thread(target=self._read_packs, name="puzzle packs", daemon=True)
        thread.start()
        return thread

    def _read_packs(self) -> None:
        with self._reading:
            if self._packs is not None:
                return
            packs, problems = load_packs(self.folder, prove=False)
            own = packs_folder(self.data) / FILE
            if own.exists():  # the player's own puzzles, from the analysis board
                pack, more = load_pack(own, prove=False)
                problems += more
                if pack is not None and all(p.id != pack.id for p in packs):
                    packs.append(pack)
            self._problems = problems
            self._packs = packs

    def load(self) -> None:
        """Read the packs (quick checks only: the test suite proved them) and the
        progress, once; what could not be read is told to the player."""
        if self._packs is None:
            self._read_packs()
        if self._progress is None:
            self._progress, message = load_progress(self.data)
            if message:
                self._tell(message)

    @property
    def packs(self) -> list[Pack]:
        self.load()
        assert self._packs is not None  # load() read them
        return self._packs

    @property
    def problems(self) -> list[Problem]:
        """What could not be loaded, file by file and puzzle by puzzle."""
        self.load()
        return self._problems

    @property
    def progress(self) -> Progress:
        self.load()
        assert self._progress is not None  # load() read it
        return self._progress

    def reload(self) -> None:
        """Read the packs again on the next look (a pack was added to)."""
        with self._reading:
            self._packs = None

    def save(self) -> None:
        try:
            save_progress(self.progress, self.data)
        except OSError as e:
            self._tell(
                _("Puzzle progress could not be saved: {reason}").format(reason=e.strerror or e)
            )
