"""A side's name in the panel beside the board ("Red: Apprentice") ended 10
pixels from its card's edge at 640x480 in Large text, nearly touching it: the
name keeps the card's padding at the right, as the disc has it at the left."""

from __future__ import annotations

import pytest

from game.client.scenes.match_scene import MatchScene
from game.client.scripted.checks import text_problems
from game.i18n import _
from game.play.match import Match, player_name

from .screens import shown
from .tours import languages


@pytest.mark.parametrize("language", languages())
def test_a_sides_name_keeps_its_cards_padding(tmp_path, language):
    def make(app):
        return MatchScene(app, Match(5, "Human", "Apprentice"))

    with shown(tmp_path, make, (640, 480), "Large", language) as (app, seen):
        scene = app.scenes.top
        panel = scene.panel.rect
        card_right = panel.right - 10  # the cards span the panel, 10 in from either edge
        name = _("{side}: {player}").format(side=_("Blue"), player=player_name("Apprentice"))
        # Where the side's word would shrink it, the name stands alone by its disc.
        names = {name, player_name("Apprentice")}
        (ink,) = [r for m, r, _b, _p in seen.texts if m in names]
        assert card_right - ink.right >= 14, (name, ink, card_right)
        assert text_problems(app, seen) == []
