"""The analysis screen of a 48-turn side-4 game at every window size: the list
of turns keeps its rows and the turn shown in view, its columns apart, and the
graph's curve spans the graph (a play-test found each of them wrong)."""

import itertools
import random

import pygame

from game.client import theme
from game.client.scenes import analysis_scene
from game.client.scenes.analysis_scene import AnalysisScene
from game.play.match import Match
from game.rules import Board

from .screens import large_at_640
from .test_large_text import shown, texts

KINDS = ("best", "good", "inaccuracy", "mistake", "blunder")
SIZES = ((640, 480), (800, 600), (1600, 920))
CHAIN = "xa2xb2xc3xd4"


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


def right(scene: AnalysisScene, times: int) -> None:
    for _ in range(times):
        scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode=""))


def test_the_list_keeps_its_rows_and_the_turn_shown_at_every_size(tmp_path):
    """At 640x480 in Large text the summaries took the panel: the list had one
    row, "21. c4 best", and not the turn shown (20... after Right 40 times)."""
    match = long_game()
    # asserts-in-branch: SIZES and the text sizes are constants, never empty
    for size in SIZES:
        for text_size in ("Normal", "Large"):
            with shown(tmp_path / "list", size, text_size, lambda app: judged(app, match)) as app:
                scene = app.scenes.top
                for ply in (40, 41, 48):
                    right(scene, ply - scene.ply)
                    drawn = texts(app)  # one draw: the rows are where it put them
                    where = (size, text_size, ply)
                    assert len(scene.rows) >= 3, (where, len(scene.rows))
                    assert ply in [p for p, _r in scene.rows], (where, scene.rows)
                    back = scene.back_button.rect
                    for _p, r in scene.rows:
                        assert scene.panel.contains(r) and not r.colliderect(back), where
                    # Every text of the panel above the list, none over a row.
                    top = min(r.top for _p, r in scene.rows)
                    said = [(m, r) for m, r in drawn if scene.panel.contains(r) and r.bottom <= top]
                    assert any(m.startswith(("20...", "21.", "24...")) for m, _r in said), where
                    for m, r in drawn:
                        if scene.panel.contains(r) and r.top < top:
                            assert r.bottom <= top, (where, m)


def test_the_lists_columns_stand_apart(tmp_path, monkeypatch):
    """At 640x480 "14...e2" and "20...xa2xb2" ran together, and a chain almost
    touched "inaccuracy" (6 pixels apart): more than half a letter's height
    between the columns, a long chain cut short of its verdict."""
    match = long_game()
    # A longer chain than this game's, where it took: cut, never over its verdict.
    plain = analysis_scene.shown_move
    monkeypatch.setattr(
        analysis_scene, "shown_move", lambda t: CHAIN if t.startswith("x") else plain(t)
    )
    for text_size in ("Normal", "Large"):
        with shown(
            tmp_path / text_size, (640, 480), text_size, lambda app: judged(app, match)
        ) as app:
            scene = app.scenes.top
            least = theme.font(18).get_height() // 2 + 1
            seen: set[str] = set()
            for ply in range(1, 49):
                right(scene, 1)
                drawn = texts(app)
                for _p, row in scene.rows:
                    inks = sorted((r for _m, r in drawn if row.contains(r)), key=lambda r: r.left)
                    assert len(inks) == 3, inks
                    for a, b in itertools.pairwise(inks):
                        assert b.left - a.right >= least, (text_size, ply, inks)
                chains = [m for m, r in drawn if m.startswith("xa2") and scene.panel.contains(r)]
                assert all(m == CHAIN or m.endswith("...") for m in chains), chains
                seen |= set(chains)
            assert seen, "no chain in the list"


def test_a_finished_analysis_curve_spans_the_graph(tmp_path):
    """At 640x480 the curve stopped at about 80% of the graph, and at 1600x920
    the centre line short of its edge: the legend's column was in the graph."""
    match = long_game()
    # asserts-in-branch: SIZES is a constant, never empty
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


def test_the_summaries_are_said_short_rather_than_crowd_the_list_out(tmp_path):
    """In French at 640x480 in Large text, a long better line and the whole
    summaries would leave the list a row or two: the summaries say the accuracy
    alone, and the list keeps its rows."""
    from game.play.game_analysis import summary_line

    match = long_game()
    with large_at_640(tmp_path, "fr") as app:
        scene = judged(app, match)
        app.scenes.reset(scene)
        right(scene, 48)
        drawn = [m for m, r in texts(app) if scene.panel.contains(r)]
        for color in ("Red", "Blue"):
            summary = scene.analysis.summary(color.lower())
            assert summary_line(color, summary, short=True) in drawn, drawn
            assert summary_line(color, summary) not in drawn
        assert len(scene.rows) >= 4 and 48 in [p for p, _r in scene.rows]
