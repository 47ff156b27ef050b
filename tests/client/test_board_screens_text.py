"""The board and puzzle screens at the smallest window, in either text size
(issue 44, section 2): Large never draws a text smaller than Normal, nothing is
drawn over a text, and a long line wraps rather than being cut."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pygame

from game import paths
from game.ai.evaluate import TILE
from game.client import theme
from game.client.app import App
from game.client.scenes.analysis_scene import AnalysisScene
from game.client.scenes.arcade_scene import ArcadeScene
from game.client.scenes.puzzle_browser import PuzzleBrowserScene
from game.client.scenes.tutorial import TutorialMenuScene
from game.client.scripted.tour import Driver, game_until, match_scene
from game.play.game_analysis import CLAMP
from game.play.match import Match

from .drawn import drawn

SMALL = (640, 480)


@contextmanager
def opened(folder: Path, text_size: str, size: tuple[int, int] = SMALL) -> Iterator[App]:
    """An app of ``size`` with ``text_size`` text, reading the shipped packs."""
    data = folder / f"data-{text_size}-{size[0]}"
    data.mkdir(parents=True)
    (data / "settings.json").write_text(json.dumps({"text_size": text_size}))
    pygame.init()
    app = App(size, data)
    app.puzzles.folder = paths.puzzles()
    try:
        yield app
    finally:
        app.close()


def ink(r: pygame.Rect) -> pygame.Rect:
    """A text's letters, without the line box's air above and below (as the
    tour's text check has it)."""
    return r.inflate(-2, -max(4, r.height // 3))


def colour_in(surface: pygame.Surface, area: pygame.Rect, colour: theme.Color) -> int:
    """How many pixels of ``area`` are exactly ``colour`` (no text is drawn in the
    colours looked for here)."""
    area = area.clip(surface.get_rect())
    return sum(
        surface.get_at((x, y))[:3] == colour
        for x in range(area.left, area.right)
        for y in range(area.top, area.bottom)
    )


def heights(app: App) -> dict[str, int]:
    """Each text the top scene draws, by its words, and the tallest line box it
    is drawn in: a smaller text size draws a lower box."""
    top = app.scenes.top
    assert top is not None
    found: dict[str, int] = {}
    for msg, r in drawn(top.draw, app.screen):
        found[msg] = max(found.get(msg, 0), r.height)
    return found


def test_the_tutorials_lesson_names_are_no_smaller_in_large_text(tmp_path):
    seen = {}
    for text_size in ("Normal", "Large"):
        with opened(tmp_path, text_size) as app:
            app.scenes.reset(TutorialMenuScene(app))
            Driver(app).frames(2)
            seen[text_size] = heights(app)
    lessons = [m for m in seen["Normal"] if m[:2].rstrip(".").isdigit()]
    assert any("Where you may not place" in m for m in lessons), lessons
    for msg in lessons:
        # A name too long for its button wraps in Large; its lines are no smaller.
        large = max((h for m, h in seen["Large"].items() if m in msg), default=0)
        assert large >= seen["Normal"][msg], (msg, seen["Normal"][msg], large)


def test_the_streak_objective_is_no_smaller_in_large_text(tmp_path):
    seen = {}
    for text_size in ("Normal", "Large"):
        with opened(tmp_path, text_size) as app:
            app.puzzles.load()
            scene = ArcadeScene(app, "streak", seed=3)
            app.scenes.reset(scene)
            Driver(app).settle(0.2)
            app.scenes.reset(scene)  # the rules card put away
            seen[text_size] = (scene.puzzle.banner, heights(app))
    banner, normal = seen["Normal"]
    _banner, large = seen["Large"]
    assert normal[banner] > 0
    shown = max((h for m, h in large.items() if m in banner), default=0)
    assert shown >= normal[banner], (banner, normal[banner], shown)


def test_a_puzzle_tiles_stars_leave_its_goal_word_clear(tmp_path):
    with opened(tmp_path, "Large") as app:
        browser = PuzzleBrowserScene(app)
        app.scenes.reset(browser)
        Driver(app).frames(2)
        app.screen.fill(theme.BG)
        texts = drawn(browser.draw, app.screen)
        goals = [r for m, r in texts if m == "most" and browser.grid.contains(r)]
        assert goals
        # Unearned stars are drawn in the cells' edge colour: none in the word.
        for r in goals:
            assert colour_in(app.screen, ink(r), theme.CELL_EDGE) == 0, r


def test_the_pack_description_wraps_whole_above_the_grid(tmp_path):
    with opened(tmp_path, "Normal") as app:
        browser = PuzzleBrowserScene(app)
        app.scenes.reset(browser)
        Driver(app).frames(2)
        description = browser.packs[browser.selected].description
        texts = drawn(browser.draw, app.screen)
        lines = [m for m, r in texts if r.bottom <= browser.grid.top and m in description]
        assert " ".join(lines) == description
        assert not any(m.endswith("...") for m, _ in texts)


def analysed_game() -> Match:
    """A finished game of side 3 whose graph swings from one side's lead to the
    other's, through both corners of the graph, every turn."""
    rng = random.Random(5)
    match = Match(3, "Human", "Human")
    while not match.board.is_game_over():
        match.play(rng.choice(match.board.legal_turns()))
    return match


def test_the_analysis_graph_draws_no_line_through_its_legend(tmp_path):
    for text_size in ("Normal", "Large"):
        with opened(tmp_path, text_size) as app:
            scene = AnalysisScene(app, analysed_game())
            app.scenes.reset(scene)
            analysis = scene.analysis
            for i, (_, played, mover) in enumerate(analysis.turns):
                lead = CLAMP if i % 2 else -CLAMP
                score = round(lead * TILE) if mover == "red" else -round(lead * TILE)
                data = {"loss": 0.0, "label": "good", "exact": False, "best_score": score}
                analysis.record(i, played, data)
            scene.ply = len(analysis.turns)  # the marker at the graph's right end
            app.screen.fill(theme.BG)
            texts = drawn(scene.draw, app.screen)
            legend = [r for m, r in texts if m in ("Red ahead", "Blue ahead")]
            assert len(legend) == 2
            for r in legend:
                assert colour_in(app.screen, ink(r), theme.TEXT) == 0, (text_size, r)
                assert colour_in(app.screen, ink(r), theme.ACCENT) == 0, (text_size, r)


def test_a_long_turn_in_the_move_list_stays_in_its_highlight(tmp_path):
    """A chain of three flips late in a game ("44. xd8xe8xf8") at 640x480 Large."""
    turns, chain = game_until(7, 1, lambda board, t: t.is_flip and len(t.cells) >= 3)
    for text_size in ("Normal", "Large"):
        with opened(tmp_path, text_size) as app:
            scene = match_scene(app, [*turns, chain], 7)
            Driver(app).frames(2)
            texts = drawn(scene.draw, app.screen)
            written = scene.match.all_moves()[-1]
            assert len(written) >= 9
            highlight = next(r for ply, r in scene.panel.move_rects if ply == scene.match.ply)
            shown = [r for m, r in texts if m == written]
            assert shown, (text_size, written, [m for m, _ in texts])
            assert highlight.contains(ink(shown[0])), (text_size, highlight, shown[0])


def test_an_mfen_wider_than_its_box_breaks_over_lines_whole(tmp_path):
    """pygame wraps at spaces only and cuts off what overflows a line unseen: the
    analysis board's MFEN at 640x480 lost "RR/BBBR" that way. An MFEN too wide
    breaks over lines after a "/", and every letter is drawn."""
    with opened(tmp_path, "Large"):
        mfen = "BBBR/BRRBB/1BRRRB/BBRRRBB/1BRRBR/1BRRR/BBBR r"
        face = theme.face(22, False)
        width = 200
        broken = theme.broken(mfen, face, width)
        lines = broken.split("\n")
        assert len(lines) > 1 and "".join(lines) == mfen
        assert all(face.size(line)[0] <= width for line in lines)
        assert all(line.endswith("/") for line in lines[:-1])
        image = theme.rendered(mfen, 22, (255, 255, 255), False, width)
        assert image.get_height() >= len(lines) * face.get_linesize()
        assert theme.broken("a few short words", face, width) == "a few short words"
