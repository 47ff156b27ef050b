"""The screen dimmed under a dialog: as a fresh veil would dim it, with one veil
kept per window size rather than one made each frame."""

import pygame

from game.client import theme


def test_a_dialog_dims_the_screen_as_a_fresh_veil_would(app):
    box = pygame.Rect(100, 100, 300, 200)
    for shade in (0, 40, 150, 400):
        drawn = pygame.Surface((640, 480))
        drawn.fill(theme.CELL)
        theme.dialog(drawn, box, shade)
        expected = pygame.Surface((640, 480))
        expected.fill(theme.CELL)
        veil = pygame.Surface((640, 480), pygame.SRCALPHA)
        veil.fill((0, 0, 0, min(150, shade)))
        expected.blit(veil, (0, 0))
        pygame.draw.rect(expected, theme.PANEL, box, border_radius=16)
        pygame.draw.rect(expected, theme.ACCENT, box, 3, border_radius=16)
        assert pygame.image.tobytes(drawn, "RGB") == pygame.image.tobytes(expected, "RGB")


def test_a_dialog_drawn_every_frame_makes_its_veil_once_per_size(app):
    surface = pygame.Surface((800, 600))
    box = pygame.Rect(10, 10, 50, 50)
    theme.dialog(surface, box, 20)
    veil = theme._veils[(800, 600)][0]
    theme.dialog(surface, box, 90)
    assert theme._veils[(800, 600)] == (veil, 90)
