"""The analysis screen of a 48-turn side-4 game at every window size: the list
of turns keeps its rows and the turn shown in view, its columns apart, and the
graph's curve spans the graph (a play-test found each of them wrong)."""

import random

from game.client import theme
from game.client.scenes.analysis_scene import AnalysisScene
from game.play.match import Match
from game.rules import Board

from .test_large_text import shown, texts

KINDS = ("best", "good", "inaccuracy", "mistake", "blunder")
SIZES = ((640, 480), (800, 600), (1600, 920))


def long_game() -> Match:
    """A side-4 game of 48 turns, played to its end by random turns."""
    for seed in range(100):
        match = Match(4, "Human", "Human")
        rng = random.Random(seed)
        while not match.board.is_game_over():
            match.play(rng.choice(match.board.legal_turns()))
        if len(match.board.turn_stack) == 48:
            return match
    raise AssertionError("no 48-turn game")


def judged(app, match: Match) -> AnalysisScene:
    """The screen with every turn judged, each fifth a blunder (its header has
    a better line too), the analysis complete."""
    scene = AnalysisScene(app, match)
    for at, (before, _turn, _s) in enumerate(scene.analysis.turns):
        label = KINDS[at % 5]
        data = {"loss": 1.0 * (at % 5), "label": label, "exact": False}
        score = (at * 37) % 200 - 100
        # The better turn the longest there was: the longest better line.
        board = Board(before)
        best = max((board.notation(t) for t in board.legal_turns()), key=len)
        scene.analysis.record(at, best, {**data, "best_score": score, "played_score": 0})
    assert scene.analysis.done
    return scene


def test_a_finished_analysis_curve_spans_the_graph(tmp_path):
    """At 640x480 the curve stopped at about 80% of the graph, and at 1600x920
    the centre line short of its edge: the legend's column was in the graph."""
    match = long_game()
    for size in SIZES:
        with shown(tmp_path / "graph", size, "Normal", lambda app: judged(app, match)) as app:
            scene = app.scenes.top
            app.screen.fill((0, 0, 0))
            scene.draw(app.screen)
            g = scene.graph
            curve = [
                x
                for x in range(g.left, g.right)
                for y in range(g.top + 4, g.bottom - 12)  # above the flagged turns' dots
                if app.screen.get_at((x, y))[:3] == theme.TEXT
            ]
            assert curve and max(curve) >= g.right - 3 and min(curve) <= g.left + 3, (size, g)
            assert app.screen.get_at((g.right - 2, g.centery))[:3] in (theme.CELL_EDGE, theme.TEXT)
            # The legend beside it, whole, over no part of the curve.
            legend = [r for m, r in texts(app) if m in ("Red ahead", "Blue ahead")]
            assert len(legend) == 2 and not any(r.colliderect(g) for r in legend), size
