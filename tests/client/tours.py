"""The screenshot tour, run once per window size, text size and language for the
whole session and read by every check made of it: the layout at that size, Large
against Normal, the scenes it covers, and the attributes scenes make outside their
constructors. One run costs seconds of real frames, so the checks share the runs."""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pygame
import pytest

from game import paths
from game.ai.worker import AIWorker
from game.client.app import App
from game.client.scene import Scene
from game.client.scripted.checks import Sizes
from game.client.scripted.tour import tour
from game.i18n import LOCALES, set_language
from game.play.in_progress import CURRENT

Size = tuple[int, int]
#: The one run whose screenshots are written as PNG files (and checked to be, by
#: test_the_screenshot_tour_covers_every_scene): every other run checks each screen,
#: drawn once by the check, but encoding its PNGs would cost seconds a run and check
#: nothing.
IMAGES: tuple[Size, str, str] = ((1280, 800), "Normal", "en")


@dataclass
class TourRun:
    shots: list[Path]
    #: What each screen's layout got wrong (tour's layout and text checks).
    problems: list[str] = field(default_factory=list)
    #: "Scene.attribute (made in method)" for each attribute made after __init__.
    late: set[str] = field(default_factory=set)
    #: The pixel size of each text of each screen (Large against Normal).
    sizes: Sizes = field(default_factory=dict)
    #: The files of the player's own data folder before the run and after it.
    player_before: dict[str, bytes] = field(default_factory=dict)
    player_after: dict[str, bytes] = field(default_factory=dict)


def languages() -> list[str]:
    """English, and every language with a catalog under game/locales."""
    if not LOCALES.is_dir():
        return ["en"]
    found = [d.name for d in LOCALES.iterdir() if (d / "LC_MESSAGES").is_dir()]
    return ["en", *sorted(c for c in found if c != "en")]


def group(size: Size, language: str = "en") -> Any:
    """The mark that keeps every check of the runs at one window size in one
    language (Normal and Large, compared) on one pytest-xdist worker."""
    return pytest.mark.xdist_group(f"tour-{size[0]}x{size[1]}-{language}")


def _in_constructor(obj: object) -> bool:
    """Is ``obj``'s ``__init__`` (its class's or a base's) on the call stack?"""
    frame = sys._getframe(2)
    while frame is not None:
        if frame.f_code.co_name == "__init__" and frame.f_locals.get("self") is obj:
            return True
        frame = frame.f_back
    return False


#: A player's own data folder, as the tour finds it: a match in progress and puzzle
#: progress, which the tour must leave alone (it plays in a folder of its own).
PLAYER = {
    CURRENT: json.dumps({"format": 1, "side": 3, "red": "Human", "blue": "Club", "turns": ["a1"]}),
    "puzzles.json": json.dumps({"format": 1, "stars": {}, "best": {"rush": 7}}),
}


def refit(app: App, _path: Path) -> None:
    """The screenshot of a run without images: the tour's checks draw the screen
    on top themselves (:func:`game.client.scripted.checks.look`), so it is not
    drawn a second time for nothing; what a frame does before it draws (each scene
    shown laid out again if its window, text size or language changed) is done."""
    for scene in app.scenes.visible():
        scene.refit(app.size)


def files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in folder.iterdir()}


def run_tour(
    folder: Path, size: Size, text_size: str, language: str = "en", worker: AIWorker | None = None
) -> TourRun:
    """The whole tour in a new app of ``size`` speaking ``language``, with every new
    scene attribute traced, and a player's own data folder where the game would
    look for it (``MOSAIC_DATA_DIR``). Given a ``worker``, the app asks the AI
    through it instead of starting a process of its own (a start costs about 0.4
    CPU-seconds a run), and leaves it running, its requests forgotten."""
    late: set[str] = set()

    def tracking(self: Scene, name: str, value: object) -> None:
        if name not in self.__dict__ and not _in_constructor(self):
            made_in = sys._getframe(1).f_code.co_name
            late.add(f"{type(self).__name__}.{name} (made in {made_in})")
        object.__setattr__(self, name, value)

    data = folder / "data"
    data.mkdir(parents=True)
    (data / "settings.json").write_text(json.dumps({"text_size": text_size, "language": language}))
    problems: list[str] = []
    sizes: Sizes = {}
    player = folder / "player"
    player.mkdir()
    for name, text in PLAYER.items():
        (player / name).write_text(text)
    before = files(player)
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("MOSAIC_DATA_DIR", str(player))
        patch.setattr(Scene, "__setattr__", tracking)
        if (size, text_size, language) != IMAGES:
            patch.setattr(App, "screenshot", refit)
        pygame.init()
        app = App(size, data)
        app.puzzles.folder = paths.puzzles()
        if worker is not None:
            app.worker = worker
            # Closing the app (the tour's end does) only forgets its requests.
            patch.setattr(worker, "close", worker.forget)
        try:
            # A catalog that fails to load falls back to English: no run in that language.
            assert set_language(language) == language, f"no {language} catalog could be loaded"
            shots = tour(app, folder / "shots", problems, sizes=sizes)
        finally:
            app.close()
            set_language("en")
    return TourRun(shots, problems, late, sizes, before, files(player))
