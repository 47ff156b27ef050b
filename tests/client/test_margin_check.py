"""The tour's margin check (game/client/scripted/margins.py) finds a label from
edge to edge of its button, one on two lines against its top and foot, and a
card's title against the card's top; and passes a label in the middle of a
roomy button."""

from __future__ import annotations

import pygame

from game.client import theme
from game.client.scene import ButtonScene
from game.client.scripted.checks import text_problems
from game.client.widgets import Button

LEAVE = "Leave to the title screen"


class Planted(ButtonScene):
    """Texts drawn by hand where the rule is broken: each in a frame drawn round
    it as a button or a card is (a rounded rectangle)."""

    def draw(self, surface: pygame.Surface) -> None:
        for c in self.controls:
            pygame.draw.rect(surface, theme.BG_LIGHT, c.rect, border_radius=10)
        wide, tall = self.controls
        # From edge to edge of its button: the label's letters 2 pixels in.
        f = theme.face(theme.px(24))
        theme.text(
            surface, LEAVE, wide.rect.center, pixels=theme.px(24), anchor="center", box=wide.rect
        )
        assert f.size(LEAVE)[0] + 4 >= wide.rect.width
        # Two lines filling their button's height.
        at = tall.rect
        theme.text(surface, "Analyse this", at.midtop, anchor="midtop", box=at)
        theme.text(surface, "position", at.midbottom, anchor="midbottom", box=at)
        # A card's title against the card's top.
        card = pygame.Rect(40, 300, 300, 70)
        pygame.draw.rect(surface, theme.BG_LIGHT, card, border_radius=10)
        theme.text(surface, "First Chains", (card.left + 12, card.top), size=26, bold=True)


def test_the_check_finds_texts_against_the_edges_of_their_frame(app):
    scene = Planted(app)
    wide, tall = Button(LEAVE, lambda: None), Button("Analyse this position", lambda: None)
    wide.rect = pygame.Rect(40, 40, theme.face(theme.px(24)).size(LEAVE)[0] + 4, 60)
    tall.rect = pygame.Rect(40, 140, 400, 2 * theme.face(theme.px(24)).get_height())
    scene.controls = [wide, tall]
    app.scenes.reset(scene)
    found = [p for p in text_problems(app) if "keeps" in p]
    assert any(p.startswith(f"Planted: {LEAVE!r}") and f"in {LEAVE!r}" in p for p in found)
    assert any(p.startswith("Planted: 'Analyse this'") for p in found)
    assert any(p.startswith("Planted: 'position'") for p in found)
    assert any(p.startswith("Planted: 'First Chains'") and "its card" in p for p in found)
    assert len(found) == 4, found


def test_a_label_in_the_middle_of_a_roomy_button_passes(app):
    class Roomy(ButtonScene):
        def draw(self, surface: pygame.Surface) -> None:
            for c in self.controls:
                c.draw(surface)

    scene = Roomy(app)
    b = Button("Resume", lambda: None)
    b.rect = pygame.Rect(40, 40, 360, 64)
    scene.controls = [b]
    app.scenes.reset(scene)
    assert text_problems(app) == []
