"""The puzzle packs and the player's puzzle progress, loaded once per run on the
first visit to the puzzles and shared by the browser, the arcade modes and the
daily puzzle."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

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

    def load(self) -> None:
        """Read the packs (quick checks only: the test suite proved them) and the
        progress, once; what could not be read is told to the player."""
        if self._packs is None:
            self._packs, self._problems = load_packs(self.folder, prove=False)
            own = packs_folder(self.data) / FILE
            if own.exists():  # the player's own puzzles, from the analysis board
                pack, problems = load_pack(own, prove=False)
                self._problems += problems
                if pack is not None and all(p.id != pack.id for p in self._packs):
                    self._packs.append(pack)
        if self._progress is None:
            self._progress, message = load_progress(self.data)
            if message:
                self._tell(message)

    @property
    def packs(self) -> list[Pack]:
        self.load()
        return self._packs

    @property
    def problems(self) -> list[Problem]:
        """What could not be loaded, file by file and puzzle by puzzle."""
        self.load()
        return self._problems

    @property
    def progress(self) -> Progress:
        self.load()
        return self._progress

    def reload(self) -> None:
        """Read the packs again on the next look (a pack was added to)."""
        self._packs = None

    def save(self) -> None:
        try:
            save_progress(self.progress, self.data)
        except OSError as e:
            self._tell(f"Puzzle progress could not be saved: {e.strerror or e}")
