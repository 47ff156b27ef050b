"""The solo game's scale says what it is where the player meets it (issue 54:
nothing explained "Scale", German "Skala", nor why the points stayed the same
after a write), at the smallest window in Large German as in a large one."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.client.scenes.mosaix_play import MosaixSoloScene
from game.client.scripted.checks import text_problems
from game.client.scripted.tour import Driver
from game.i18n import _

from .drawn import words
from .screens import shown

#: What the line above the sheet says of the scale's spaces (the rules' scoring).
SCALE_POINTS = "Each empty scale space is a point at the end."


@pytest.mark.parametrize(("size", "language"), [((640, 480), "de"), ((1280, 800), "en")])
def test_the_pointer_over_the_scale_says_what_it_is(
    tmp_path: Path, size: tuple[int, int], language: str
) -> None:
    with shown(tmp_path, MosaixSoloScene, size, "Large", language) as (app, _seen):
        scene = app.scenes.top
        assert isinstance(scene, MosaixSoloScene)
        said = words(scene.draw, app.screen)
        assert _(SCALE_POINTS) not in said  # the start's own line, before
        drive = Driver(app)
        x, y = scene.score_box.center
        drive.move((int(x), int(y)))
        said = words(scene.draw, app.screen)
        assert _(SCALE_POINTS) in said and _("Scale") in said, said
        assert text_problems(app) == []
        drive.move(scene.view.centre(0, 6))  # back over the sheet: its own line again
        assert _(SCALE_POINTS) not in words(scene.draw, app.screen)
