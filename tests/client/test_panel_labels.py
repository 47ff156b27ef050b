"""At 640x480 in Large German text the buttons of the panels beside a board were
drawn at about 10 px (the match's "Zurücknehmen" in a quarter of the panel), or
cut by their bottom edge (Mosaix solo's "Spiel beenden" on two lines in a button
of one): the panels give them room, so every label is whole and no smaller than
the panel's small text, in any language."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame
import pytest

from game.client.app import App
from game.client.scene import Scene
from game.client.scenes.match_scene import MatchScene
from game.client.scenes.mosaix_play import MosaixSoloScene
from game.client.scenes.tutorial import LessonScene
from game.client.scripted.checks import text_problems
from game.client.widgets import Button
from game.i18n import _
from game.mosaix.game import SOLO_WIN
from game.play.match import Match

from .screens import shown
from .tours import languages

#: Each panel, its buttons, and how to find its small text among the texts
#: drawn (what, where).
PANELS: dict[
    str,
    tuple[
        Callable[[App], Scene],
        Callable[[Any], list[Button]],
        Callable[[Any, str, pygame.Rect], bool],
    ],
] = {
    "match": (
        lambda app: MatchScene(app, Match(5, "Human", "Human")),
        lambda scene: scene.panel.controls,
        lambda scene, msg, r: msg == _("Moves"),
    ),
    "lesson": (
        lambda app: LessonScene(app, 5),
        lambda scene: [scene.retry_button, scene.next_button, scene.back_button],
        lambda scene, msg, r: r.colliderect(scene.number_box),  # "Lesson 6 of 10"
    ),
    "mosaix": (
        lambda app: MosaixSoloScene(app, seed=7),
        lambda scene: [scene.hint_button, scene.end_button, scene.menu_button],
        lambda scene, msg, r: str(SOLO_WIN) in msg,  # "Best: 0   win at 120"
    ),
}


@pytest.mark.parametrize("panel", sorted(PANELS))
@pytest.mark.parametrize("language", languages())
@pytest.mark.parametrize("size", [(640, 480), (1280, 800)])
def test_a_panels_labels_are_whole_and_no_smaller_than_its_small_text(
    tmp_path, panel, language, size
):
    make, buttons, is_small_text = PANELS[panel]
    with shown(tmp_path, make, size, "Large", language) as (app, seen):
        scene = app.scenes.top
        smallest = min(p for m, r, _b, p in seen.texts if is_small_text(scene, m, r))
        for b in buttons(scene):
            lines = [(r, p) for m, r, _b, p in seen.texts if m == _(b.label)]
            assert lines, f"{_(b.label)!r} is drawn"
            for r, p in lines:
                assert p >= smallest, (_(b.label), p, smallest)
                assert b.rect.contains(r), f"{_(b.label)!r} is cut by its button's edge"
        assert text_problems(app, seen) == []
