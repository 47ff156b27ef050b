"""The screenshot tour, run once per window and text size for the whole session and
read by every check made of it: the layout at that size, the scenes it covers, and
the attributes scenes make outside their constructors. One run costs seconds of
real frames, so four checks no longer pay for four runs."""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pygame
import pytest

from game import paths
from game.client.app import App
from game.client.scene import Scene
from game.client.scripted.tour import tour

Size = tuple[int, int]


@dataclass
class TourRun:
    shots: list[Path]
    #: What each screen's layout got wrong (tour's layout and text checks).
    problems: list[str] = field(default_factory=list)
    #: "Scene.attribute (made in method)" for each attribute made after __init__.
    late: set[str] = field(default_factory=set)


def group(size: Size, text_size: str) -> Any:
    """The mark that keeps every check of one run on one pytest-xdist worker."""
    return pytest.mark.xdist_group(f"tour-{size[0]}x{size[1]}-{text_size}")


def _in_constructor(obj: object) -> bool:
    """Is ``obj``'s ``__init__`` (its class's or a base's) on the call stack?"""
    frame = sys._getframe(2)
    while frame is not None:
        if frame.f_code.co_name == "__init__" and frame.f_locals.get("self") is obj:
            return True
        frame = frame.f_back
    return False


def run_tour(folder: Path, size: Size, text_size: str) -> TourRun:
    """The whole tour in a new app of ``size`` with every new scene attribute traced."""
    late: set[str] = set()

    def tracking(self: Scene, name: str, value: object) -> None:
        if name not in self.__dict__ and not _in_constructor(self):
            made_in = sys._getframe(1).f_code.co_name
            late.add(f"{type(self).__name__}.{name} (made in {made_in})")
        object.__setattr__(self, name, value)

    data = folder / "data"
    data.mkdir(parents=True)
    (data / "settings.json").write_text(json.dumps({"text_size": text_size}))
    problems: list[str] = []
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Scene, "__setattr__", tracking)
        pygame.init()
        app = App(size, data)
        app.puzzles.folder = paths.puzzles()
        try:
            shots = tour(app, folder / "shots", problems)
        finally:
            app.close()
    return TourRun(shots, problems, late)
