"""Settings as a Windows play-test met them in French: "L'IA réfléchit pendant
votre tour : Oui" broke before its colon, leaving ": Oui" alone on a line, and
each setting's label shrank to fit by itself, so the list showed three sizes."""

from __future__ import annotations

import pygame
import pytest

from game.client import theme
from game.client.glyphs import CLINGING
from game.client.scenes.settings_scene import SettingsScene
from game.client.scripted.checks import text_problems

from .screens import shown
from .tours import languages


def test_a_line_never_starts_with_a_french_colon():
    pygame.font.init()
    theme.reset_fonts()
    f = theme.face(24)
    msg = "L'IA réfléchit pendant votre tour : Oui"
    # Room for all but the value: the old wrap put ": Oui" on the second line.
    width = f.size("L'IA réfléchit pendant votre tour")[0] + 2
    lines = f.wrap(msg, width)
    assert len(lines) == 2 and not [line for line in lines if line[:1] in CLINGING], lines
    assert " ".join(lines) == msg  # nothing lost or added
    quoted = f.wrap("Il dit « oui » : bien", f.size("Il dit «")[0] + 2)
    assert not [line for line in quoted if line.endswith("«") or line[:1] in CLINGING]


@pytest.mark.parametrize("language", languages())
@pytest.mark.parametrize("text_size", ["Normal", "Large"])
@pytest.mark.parametrize("size", [(640, 480), (1280, 800)])
def test_the_settings_are_one_list_at_one_size(tmp_path, language, text_size, size):
    with shown(tmp_path, SettingsScene, size, text_size, language) as (app, seen):
        scene = app.scenes.top
        labels = [
            p for _m, r, _b, p in seen.texts if any(c.rect.contains(r) for c in scene.controls)
        ]
        assert len(labels) >= len(scene.controls) and len(set(labels)) == 1, sorted(labels)
        assert text_problems(app, seen) == []
        # Every line of a label broken over two lines starts with a word, not a mark.
        for msg, _r, box, p in seen.texts:
            if box is not None:
                wrapped = theme.face(p).wrap(msg, box.width)
                assert not [line for line in wrapped if line[:1] in CLINGING], wrapped


@pytest.mark.parametrize(
    ("msg", "greedy"),
    [
        ("Blue wins, 10 tiles to 9.", "Blue wins, 10 tiles"),
        ("Looking back: after turn 0 of 22", "Looking back: after turn 0"),
        ("Red: accuracy 55%, 3 blunders, 0 mistakes, 2 inaccuracies", "55%, 3 blunders, 0"),
        ("Christof Tisch and Schmidt Spiele", "Christof Tisch and Schmidt"),
        (
            "Rätsel ohne Ende, jedes nahe deiner Rätselwertung gewählt, noch nicht versuchte "
            "zuerst. Nach jedem ersten Versuch siehst du deine Wertung und ihre Änderung. Hör "
            "auf, wann du willst.",
            "Rätsel ohne Ende, jedes nahe deiner Rätselwertung gewählt,",
        ),
    ],
)
def test_a_short_text_wraps_in_balance(msg, greedy):
    """Issue 54: a last line of two short words ("to 9.", "of 22", the Trainer's
    "du willst.") and a word alone in the middle ("mistakes,") were left by the
    balancing, which only mended one word alone on the last line."""
    pygame.font.init()
    theme.reset_fonts()
    f = theme.face(24)
    width = f.size(greedy)[0] + 4
    lines = f.wrap(msg, width)
    assert " ".join(lines) == msg and max(f.size(line)[0] for line in lines) <= width
    assert len(lines) == len(f._filled(msg.split(), width))  # no more lines than filled
    # The last line at least a third as wide as the widest: not "to 9." alone.
    assert 3 * f.size(lines[-1])[0] >= max(f.size(line)[0] for line in lines), lines
    if len(lines) <= 4:  # a short text: no word alone on any line
        assert min(len(line.split()) for line in lines) >= 2, lines
