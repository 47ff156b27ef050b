"""One screen in a new app of a window size, text size and language: what the
checks of a single screen at every size and language share."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pygame

from game.client.app import App
from game.client.scene import Scene
from game.client.scripted.checks import Look, look
from game.client.scripted.tour import Driver
from game.i18n import set_language


@contextmanager
def shown(
    folder: Path,
    make: Callable[[App], Scene],
    size: tuple[int, int] = (640, 480),
    text_size: str = "Normal",
    language: str = "en",
) -> Iterator[tuple[App, Look]]:
    """A new app (its data in ``folder``) showing ``make(app)``, settled, and what
    one draw of it shows; the app is closed and English spoken again afterwards."""
    data = folder / "data"
    data.mkdir()
    (data / "settings.json").write_text(json.dumps({"text_size": text_size, "language": language}))
    pygame.init()
    app = App(size, data)
    try:
        assert set_language(language) == language
        app.scenes.reset(make(app))
        Driver(app).settle(0.3)
        seen = look(app)
        assert seen is not None
        yield app, seen
    finally:
        app.close()
        set_language("en")


@contextmanager
def large_at_640(tmp_path: Path, language: str) -> Iterator[App]:
    """A new app at 640x480 in Large text and ``language``; closed, and English
    spoken again, afterwards."""
    data = tmp_path / "data"
    data.mkdir()
    (data / "settings.json").write_text(json.dumps({"text_size": "Large", "language": language}))
    pygame.init()
    app = App((640, 480), data)
    try:
        assert set_language(language) == language
        yield app
    finally:
        app.close()
        set_language("en")
