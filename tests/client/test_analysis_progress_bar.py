"""The analysis progress bar stays over the graph (play-test, 1280x800: the
yellow bar ran past the graph's right edge into the "Red ahead" column), at
every size, while analysing and when nearly done."""

import pygame
import pytest

from game.client import theme
from game.client.scenes.analysis_scene import AnalysisScene
from game.client.scripted.checks import text_problems

from .screens import shown
from .test_analysis import random_game


@pytest.mark.parametrize("text_size", ["Normal", "Large"])
@pytest.mark.parametrize("window", [(640, 480), (800, 600), (1280, 800), (1920, 1080)])
def test_the_bar_is_within_the_graphs_width(tmp_path, window, text_size, monkeypatch):
    drawn = []
    with shown(tmp_path, lambda app: AnalysisScene(app, random_game()), window, text_size) as (
        app,
        seen,
    ):
        scene = app.scenes.top
        assert isinstance(scene, AnalysisScene) and not scene.analysis.done
        graph, legend = scene.graph, scene.boxes.rect("legend")
        bar = scene.boxes.rect("progress")
        assert graph.left <= bar.left and bar.right <= graph.right, (bar, graph)
        assert bar.right <= legend.left
        # Nearly done, the bar drawn is still inside the graph's width.
        monkeypatch.setattr(type(scene.analysis), "progress", property(lambda _a: 0.99))
        real = pygame.draw.rect

        def noted(surface, color, rect, *args, **kwargs):
            drawn.append((tuple(color), pygame.Rect(rect)))
            return real(surface, color, rect, *args, **kwargs)

        monkeypatch.setattr(pygame.draw, "rect", noted)
        scene.draw_graph(app.screen)
        bars = [r for c, r in drawn if c == tuple(theme.ACCENT) and r.height == bar.height]
        assert bars and all(r.right <= graph.right for r in bars), (bars, graph)
        assert text_problems(app, seen) == []
