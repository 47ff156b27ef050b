"""``mosaic --screenshots DIR``: a scripted tour of every scene, saved as PNGs.

The tour drives the real scenes with posted pygame events, the way a player
would (and the way the client tests do): clicks on cell centres, key presses,
frames of time passing.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame

from game.mosaix import ai as mosaix_ai
from game.mosaix.sheet import Placement, Sheet
from game.play.lessons import LESSONS
from game.play.match import Match
from game.rules import Board, Turn

from ..app import App
from ..scenes.analysis_board import AnalysisBoardScene
from ..scenes.analysis_scene import AnalysisScene
from ..scenes.arcade_scene import ArcadeScene
from ..scenes.history_scene import HistoryScene
from ..scenes.howto import HowToScene
from ..scenes.match_scene import MatchScene
from ..scenes.mosaix_menu import MosaixMenuScene, MosaixRulesScene
from ..scenes.mosaix_play import MosaixMatchScene, MosaixSoloScene
from ..scenes.puzzle_browser import PuzzleBrowserScene
from ..scenes.puzzle_scene import PuzzleScene
from ..scenes.settings_scene import SettingsScene
from ..scenes.setup import SetupScene
from ..scenes.title import TitleScene
from ..scenes.tutorial import LessonScene, TutorialMenuScene
from .checks import Sizes, layout_problems, look, sizes_of, text_problems
from .driver import Driver, answers_awaited, on_top
from .online_tour import online_tour


def game_until(
    side: int, seed: int, stop: Callable[[Board, Turn], bool]
) -> tuple[list[Turn], Turn]:
    """Random turns from the empty board until ``stop(board, turn)`` holds for the
    next turn; returns the turns before it and that turn."""
    for s in range(seed, seed + 500):
        rng = random.Random(s)
        board = Board(size=side)
        played: list[Turn] = []
        while not board.is_game_over():
            turns = board.legal_turns()
            for t in turns:
                if stop(board, t):
                    return played, t
            t = rng.choice(turns)
            board.push(t)
            played.append(t)
    raise RuntimeError("no such game found")


def match_scene(app: App, turns: list[Turn], side: int) -> MatchScene:
    match = Match(side, "Human", "Human")
    for t in turns:
        match.play(t)
    scene = MatchScene(app, match)
    app.scenes.push(scene)
    return scene


def chain_start(board: Board, turn: Turn) -> bool:
    return turn.is_flip and len(turn.cells) >= 3 and len(board.turn_stack) > 20


def causes_pass(board: Board, turn: Turn) -> bool:
    board.push(turn)
    try:
        return board.must_pass() and len(board.turn_stack) > 20
    finally:
        board.pop()


def tour(
    app: App,
    folder: Path,
    problems: list[str] | None = None,
    notes: list[str] | None = None,
    sizes: Sizes | None = None,
) -> list[Path]:
    """Every scene, saved as a PNG; with ``problems``, also what each screen's
    layout gets wrong (see :mod:`.checks`); with ``notes``, a line on what the
    online part played; with ``sizes``, the pixel size of each text of each
    screen (to compare a Large run with a Normal one)."""
    folder.mkdir(parents=True, exist_ok=True)
    # Frames of 50 ms, as a slow computer draws them: every animation runs its
    # whole course and ends where it would at 60 Hz, for a third of the drawing
    # (the tests run the tour at many sizes and in every language). A settle draws
    # its last frame only: every screen the tour shows or checks is drawn again by
    # the shot, and its intermediate frames are seen by nobody.
    d = Driver(app, step=1 / 20, draw_last=True)
    shots: list[Path] = []

    def shot(name: str) -> None:
        path = folder / f"{len(shots) + 1:02d}-{name}.png"
        app.screenshot(path)
        shots.append(path)
        if problems is None and sizes is None:
            return
        seen = look(app)
        if problems is not None:
            found = layout_problems(app) + text_problems(app, seen)
            problems.extend(f"{name}: {p}" for p in found)
        if sizes is not None and seen is not None:
            sizes[f"{name}: {seen.scene}"] = sizes_of(seen)

    title = TitleScene(app)
    app.scenes.reset(title)
    d.settle(1.0)
    shot("title")
    d.key(pygame.K_ESCAPE)  # Esc on the title asks before it quits
    d.settle(0.3)
    shot("quit-question")
    d.key(pygame.K_ESCAPE)
    app.scenes.push(SetupScene(app))
    d.settle(0.3)
    shot("setup")
    app.scenes.pop()

    # A match mid-game: a chain in progress, then a hover hint on an empty cell.
    turns, chain = game_until(5, 1, chain_start)
    scene = match_scene(app, turns, 5)
    d.settle(0.3)
    d.click_cell(chain.cells[0])
    d.settle(0.4)
    owed = scene.match.owed()
    d.hover(scene.view.centre(owed[0]))
    shot("match-chain")
    scene.take_back_chain()
    board = scene.match.board
    refused = next(
        (
            c
            for c in range(board.geometry.cells)
            if board.tile_at(c) is None and board.why_not_place(c)
        ),
        None,
    )
    if refused is not None:
        d.hover(scene.view.centre(refused))
        d.settle(0.1)
        shot("match-hover-hint")
    # Keyboard play: the board cursor shown and moved, then a turn half typed
    # (any notice put away: the turn box opens where it shows).
    app.notices.clear("toast")
    d.key(pygame.K_DOWN)
    d.key(pygame.K_DOWN)
    d.key(pygame.K_RIGHT)
    d.settle(0.2)
    shot("match-cursor")
    d.key(pygame.K_t)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="c"))
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="3"))
    d.settle(0.2)
    shot("match-turn-box")
    d.key(pygame.K_ESCAPE)
    # The pause menu: its longest labels ("Leave to the title screen") in its buttons.
    scene.menu()
    d.settle(0.3)
    shot("pause")
    app.scenes.pop()
    app.scenes.pop()

    # A forced pass.
    turns, last = game_until(4, 1, causes_pass)
    scene = match_scene(app, turns, 4)
    d.settle(0.2)
    for cell in last.cells:
        d.click_cell(cell)
    d.settle(0.5)
    shot("match-pass")
    app.scenes.pop()

    # Game over: a whole game, its last turn clicked.
    turns, last = game_until(4, 3, _ends)
    scene = match_scene(app, turns, 4)
    for cell in last.cells:
        d.click_cell(cell)
    d.settle(2.0)
    shot("game-over")
    d.key(pygame.K_a)
    analysis = app.scenes.top
    if isinstance(analysis, AnalysisScene):
        # A screen of verdicts is what the tour shows, not how good they are: 30 ms
        # a turn, where 0.1 s cost every one of the tests' 26 runs a CPU-second more;
        # and the first pass half a second in all, not the 4 s a player's game gets
        # (each run of the tests' 26 spent about 2 CPU-seconds of the AI's on it).
        a = analysis.analysis
        a.seconds = a.ending_seconds = 0.03
        a.quick_seconds = 0.5
        deadline = time.monotonic() + 60
        # A frame asks the worker for a turn's verdict and draws the progress so far;
        # the frames drawn while it thinks would show nothing new, so none is drawn
        # until the answer comes (on side 4, in milliseconds: it is waited for, not
        # slept on), and it is taken without a frame of its own. Nor is a frame drawn
        # for each answer: the settle after the last draws the screen the shot
        # shows, and nothing before it reads what a drawing leaves.
        with answers_awaited(analysis.job, 10.0):
            while not analysis.analysis.done and time.monotonic() < deadline:
                d.frames(1, draw=False)
                if analysis.job.request is not None:
                    analysis.job.step()
        flagged = [v for v in analysis.analysis.verdicts if v is not None and v.flagged]
        analysis.ply = flagged[0].ply if flagged else 1
        d.settle(0.2)
        shot("analysis")
        d.key(pygame.K_ESCAPE)
    # A look back: the result put away, five turns back through the move list.
    d.key(pygame.K_b)
    for _ in range(5):
        d.key(pygame.K_LEFT)
    d.settle(0.5)
    shot("review")
    app.scenes.reset(TitleScene(app))

    app.scenes.push(HistoryScene(app))  # the game just finished is there
    d.settle(0.3)
    shot("history")
    app.scenes.pop()

    # The analysis board: a middle game with the chain preview and the engine's turn.
    turns, _ = game_until(5, 1, chain_start)
    study = Board(size=5)
    for t in turns:
        study.push(t)
    board_scene = AnalysisBoardScene(app, study.position())
    app.scenes.push(board_scene)
    d.settle(0.1)
    d.key(pygame.K_v)
    board_scene.ask_engine()
    deadline = time.monotonic() + 30
    # The quick answer, shown with "looking deeper": the deeper one takes seconds,
    # and the screen is taken without it. The frame that takes the quick answer
    # waits for it.
    with answers_awaited(board_scene.look, 10.0):
        while board_scene.look.thinking and time.monotonic() < deadline:
            d.frames(1)
    d.settle(0.1)
    shot("analysis-board")
    app.scenes.pop()
    app.scenes.push(TutorialMenuScene(app))
    d.settle(0.3)
    shot("tutorial")
    # The first lesson as it opens: its question in view, however long its text.
    app.scenes.push(LessonScene(app, 0))
    d.settle(0.3)
    shot("tutorial-first-lesson")
    app.scenes.pop()
    lesson = LessonScene(app, next(i for i, x in enumerate(LESSONS) if x.id == "forced"))
    app.scenes.push(lesson)
    d.settle(0.3)
    start = next(t for t in lesson.run.board.legal_turns() if t.is_flip and len(t.cells) >= 3)
    d.click_cell(start.cells[0])
    d.settle(0.5)
    d.hover(lesson.view.centre(lesson.run.owed()[0]))
    shot("tutorial-lesson")
    app.scenes.reset(TitleScene(app))
    howto = HowToScene(app)
    app.scenes.push(howto)
    d.settle(0.3)
    shot("how-to-play")
    howto.show(3)
    d.settle(2.6)
    shot("how-to-play-chain")
    app.scenes.pop()

    app.scenes.push(SettingsScene(app))
    d.settle(0.3)
    shot("settings")
    app.scenes.pop()

    browser = PuzzleBrowserScene(app)
    app.scenes.push(browser)
    d.settle(0.3)
    shot("puzzles")
    if len(app.puzzles.packs) > 1:
        # A later pack narrowed to a theme some of its puzzles have: the list
        # scrolled, "Showing k of n" above the grid.
        packs = app.puzzles.packs
        options = [
            (i, n, t)
            for i, pack in enumerate(packs)
            for n, t in enumerate(browser.themes(pack), 1)
            if 0 < sum(t in p.themes for p in pack.puzzles) < len(pack.puzzles)
        ]
        i, presses, _ = max(options, default=(len(packs) - 1, 0, None))
        browser.select(i)
        for _ in range(presses):
            d.key(pygame.K_t)
        d.settle(0.3)
        shot("puzzles-theme")
        browser.shelf.theme = None
        browser.select(0)
    if app.puzzles.packs:
        browser.open(0)
        d.settle(0.3)
        puzzle = on_top(app, PuzzleScene)
        d.click_cell(puzzle.solution.cells[0])
        d.settle(0.5)
        shot("puzzle")
        app.scenes.pop()
        browser.arcade("rush")
        d.settle(0.3)
        shot("flip-rush-card")
        d.key(pygame.K_RETURN)  # start the run
        rush = on_top(app, ArcadeScene)
        for cell in rush.solution.cells:
            d.click_cell(cell)
        d.settle(0.3)
        shot("flip-rush")
        d.settle(1.0)
        rush.finish()
        d.settle(0.5)
        shot("run-summary")
    mosaix_tour(app, d, shot)
    note = online_tour(app, d, shot)
    if notes is not None:
        notes.append(note)
    app.scenes.reset(TitleScene(app))
    app.close()
    return shots


#: The solo game's placements by sheet, roll and chooser's state, with the state after:
#: every run of the tour (the tests run it at many sizes and in every language) plays
#: the same game, and choosing a placement takes the AI a second.
_PLACED: dict[tuple[Any, ...], tuple[Placement | None, tuple[Any, ...]]] = {}


def placed(sheet: Sheet, rolled: str, rng: random.Random, max_dropped: int) -> Placement | None:
    """:func:`game.mosaix.ai.roll_and_place`, worked out once for each position."""
    key = (sheet.masks, rolled, max_dropped, rng.getstate())
    if key not in _PLACED:
        choice = mosaix_ai.roll_and_place(sheet, rolled, rng, max_dropped)
        _PLACED[key] = (choice, rng.getstate())
    choice, after = _PLACED[key]
    rng.setstate(after)
    return choice


def mosaix_tour(app: App, d: Driver, shot: Callable[[str], None]) -> None:
    """Mosaix: its menu, a solo game part-way with a formation pointed at the
    sheet, the count, a match of three, the rules."""
    app.scenes.reset(MosaixMenuScene(app))
    d.settle(0.3)
    shot("mosaix-menu")
    solo = MosaixSoloScene(app, seed=7)
    app.scenes.push(solo)
    rng = random.Random(7)
    for _ in range(6):
        d.settle(0.7)
        game = solo.game
        p = placed(game.sheet, game.rolled, rng, game.max_dropped)
        if p is None or solo.arranger is None:
            raise RuntimeError("the Mosaix tour found no place for the roll")
        solo.arranger.show(p.formation)
        w = max(c[0] for c in p.formation.cells) + 1
        h = max(c[1] for c in p.formation.cells) + 1
        d.click(solo.view.cell_rect(p.x + w // 2, p.y + h // 2).center)
    d.settle(0.7)
    d.hover(solo.view.centre(3, 3))
    shot("mosaix-solo")
    solo.end()
    d.settle(0.5)
    shot("mosaix-count")
    match = MosaixMatchScene(app, ["Human", "AI", "AI"], seed=5)
    app.scenes.reset(match)
    d.settle(0.8)
    shot("mosaix-match")
    app.scenes.reset(MosaixRulesScene(app))
    d.settle(0.3)
    shot("mosaix-rules")


def _ends(board: Board, turn: Turn) -> bool:
    board.push(turn)
    try:
        return board.is_game_over() and board.winner() is not None
    finally:
        board.pop()
