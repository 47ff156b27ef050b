"""The real scenes under SDL's dummy drivers, driven by posted events."""

import json
import random
import time

import pygame
import pytest

from game.client import text_layout, theme
from game.client.app import App
from game.client.scenes.game_over import GameOverScene
from game.client.scenes.match_scene import CURRENT, MatchScene
from game.client.scenes.puzzle_browser import PuzzleBrowserScene
from game.client.scenes.settings_scene import SettingsScene
from game.client.scenes.setup import SetupScene
from game.client.scenes.title import TitleScene
from game.client.scripted.tour import chain_start, game_until
from game.play.match import Match
from game.play.settings import Settings
from game.rules import BLUE, RED

from .tours import group, languages


def button(scene, label):
    return next(w for w in scene.controls if getattr(w, "label", "").startswith(label))


def saved_button(scene, stem):
    """The saved-games list's button for the file called ``stem``."""
    return next(c for c in scene.controls if getattr(c, "path", None) and c.path.stem == stem)


def start_match(app, drive, side=3, red="Human", blue="Human"):
    app.settings.board_side, app.settings.red_player, app.settings.blue_player = side, red, blue
    app.scenes.reset(TitleScene(app))
    drive.frames(2)
    drive.click(button(app.scenes.top, "Play").rect.center)
    drive.click(button(app.scenes.top, "Start").rect.center)
    scene = app.scenes.top
    assert isinstance(scene, MatchScene) and scene.match.board.size == side
    return scene


def test_a_hot_seat_game_played_to_the_end_by_clicks(app, drive):
    scene = start_match(app, drive, side=4)
    rng = random.Random(3)
    board = scene.match.board
    clicks = 0
    while not board.is_game_over():
        turn = rng.choice(board.legal_turns())
        for cell in turn.cells:
            drive.click_cell(cell)
            clicks += 1
        drive.frames(3)
    drive.settle(2.0)
    assert isinstance(app.scenes.top, GameOverScene)
    red, blue = board.count(RED), board.count(BLUE)
    assert red + blue > 0 and clicks >= sum(not t.is_pass for t in board.turn_stack)
    # The panel can be put away to look at the board, and Undo steps back from there.
    panel = app.scenes.top
    drive.click(next(b for b in panel.controls if b.label == "See board").rect.center)
    drive.settle(0.5)
    assert app.scenes.top is scene and scene.match.over
    drive.click_cell(0)
    assert "over" in scene.status[0]
    final = len(board.turn_stack)
    drive.click(scene.panel.undo.rect.center)
    assert len(board.turn_stack) < final and not scene.match.over
    assert scene.status[0] == "Back 1 turn. Redo goes forward again."
    drive.click(scene.panel.redo.rect.center)
    assert scene.status[0] != "Back 1 turn. Redo goes forward again."  # no longer holds
    drive.settle(2.0)
    panel = app.scenes.top
    assert isinstance(panel, GameOverScene), "back at the end, the result shows again"
    # Rematch starts a fresh board with the same players.
    drive.key(pygame.K_RETURN)
    fresh = app.scenes.top
    assert isinstance(fresh, MatchScene) and fresh.match.board.turn_stack == []


def test_a_chain_clicked_through_and_one_taken_back(app, drive):
    turns, chain = game_until(5, 1, chain_start)
    match = Match(5, "Human", "Human")
    for t in turns:
        match.play(t)
    scene = MatchScene(app, match)
    app.scenes.push(scene)
    drive.frames(2)
    before = match.board.mfen()
    drive.click_cell(chain.cells[0])
    drive.click_cell(chain.cells[1])
    assert match.chain.cells == chain.cells[:2]
    assert set(scene.match.owed())  # only the owed tiles are clickable now
    drive.key(pygame.K_ESCAPE)  # take the chain back
    assert match.chain is None and match.board.mfen() == before
    # Clicking a tile that is not owed is refused mid-chain.
    drive.click_cell(chain.cells[0])
    not_owed = next(
        c
        for c in range(match.board.geometry.cells)
        if c not in match.owed() and c not in match.chain.cells
    )
    drive.click_cell(not_owed)
    assert scene.status[1] == theme.BAD and match.chain.cells == (chain.cells[0],)
    for cell in chain.cells[1:]:
        drive.click_cell(cell)
    assert match.board.peek().cells == chain.cells and match.chain is None


def test_undo_against_the_ai_and_an_ai_turn_through_the_worker(app, drive):
    scene = start_match(app, drive, side=3, red="Human", blue="Beginner")
    first = scene.match.board.legal_placements()[0]
    drive.click_cell(first)
    deadline = time.monotonic() + 60
    while len(scene.match.board.turn_stack) < 2 and time.monotonic() < deadline:
        drive.frames(1)
        time.sleep(0.01)
    assert len(scene.match.board.turn_stack) >= 2, "the AI never answered"
    drive.settle(0.5)
    drive.key(pygame.K_u)
    assert scene.match.board.turn_stack == [] and scene.match.human_to_move
    # Kept as it stands: taken back to the start, the two turns still there to redo.
    saved = json.loads((app.data / CURRENT).read_text())
    assert saved["at"] == 0 and len(saved["turns"]) == 2 and saved["blue"] == "Beginner"


@pytest.mark.slow
def test_an_ai_against_ai_match_runs_to_the_end(app, drive):
    scene = start_match(app, drive, side=3, red="Beginner", blue="Casual")
    deadline = time.monotonic() + 120
    while not isinstance(app.scenes.top, GameOverScene) and time.monotonic() < deadline:
        drive.frames(1)
        time.sleep(0.005)
    assert isinstance(app.scenes.top, GameOverScene)
    assert scene.match.over and not (app.data / CURRENT).exists()


def test_resize_keeps_the_board_clickable(app, drive):
    scene = start_match(app, drive, side=5)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=800, h=600, size=(800, 600)))
    drive.frames(2)
    assert app.size == (800, 600)
    assert scene.view.rect.right <= 800 - scene.panel.rect.width
    cell = scene.match.board.legal_placements()[5]
    drive.click_cell(cell)
    assert scene.match.board.tile_at(cell) is RED


def test_corrupt_settings_are_moved_aside_with_a_message(tmp_path):
    from game.client.app import App

    data = tmp_path / "data"
    data.mkdir()
    (data / "settings.json").write_text("{not json")
    app = App((800, 600), data)
    try:
        assert app.settings == Settings()
        assert app.toasts and "settings could not be read" in app.toasts[0][0]
        assert [p.name.startswith("settings.json.corrupt-") for p in data.iterdir()] == [True]
        (data / "settings.json").write_text(json.dumps({"volume": "loud"}))
        from game.play.settings import load

        settings, message = load(data)
        assert settings == Settings() and "volume should be float" in message
    finally:
        app.close()


def test_settings_survive_a_restart(app, drive):
    app.scenes.reset(SettingsScene(app))
    drive.frames(2)
    drive.click(button(app.scenes.top, "Colour-blind").rect.center)
    assert app.settings.colour_blind
    from game.play.settings import load

    assert load(app.data)[0].colour_blind


def test_a_corrupt_match_in_progress_is_moved_aside(app, drive):
    (app.data / CURRENT).write_text(json.dumps({"format": 1, "side": 3, "turns": ["zz9"]}))
    app.scenes.reset(TitleScene(app))
    drive.frames(2)
    drive.click(button(app.scenes.top, "Continue").rect.center)
    assert isinstance(app.scenes.top, TitleScene)
    assert "could not be read" in app.toasts[-1][0] and "turn 1 (zz9)" in app.toasts[-1][0]
    assert not (app.data / CURRENT).exists()
    assert any(p.name.startswith(CURRENT + ".corrupt-") for p in app.data.iterdir())


def test_a_saved_game_loads_and_a_bad_one_is_refused(app, drive):
    scene = start_match(app, drive, side=3)
    drive.click_cell(0)
    drive.click(scene.panel.save.rect.center)
    (saved,) = (app.data / "games").iterdir()
    (app.data / "games" / "mosaic-99999999-bad.json").write_text("[]")
    app.scenes.reset(TitleScene(app))
    drive.frames(1)
    drive.click(button(app.scenes.top, "Play").rect.center)
    drive.click(button(app.scenes.top, "Load").rect.center)
    # Each row's text at a size that reads, with the room of a wide window.
    row = saved_button(app.scenes.top, saved.stem)
    assert text_layout.fit_px(row.label, row.size, row.rect.width - 6) >= theme.normal_px(18)
    drive.click(saved_button(app.scenes.top, "mosaic-99999999-bad").rect.center)
    assert "JSON object" in app.toasts[-1][0]
    drive.click(saved_button(app.scenes.top, saved.stem).rect.center)
    loaded = app.scenes.top
    assert isinstance(loaded, MatchScene) and len(loaded.match.board.turn_stack) == 1


@pytest.mark.slow
def test_monkey_clicks_and_keys_across_every_scene(app, drive):
    # Short walks from each button of each scene the title's buttons open, so
    # every menu is reached whatever one random click happens to hit.
    rng = random.Random(10)
    keys = [
        pygame.K_ESCAPE,
        pygame.K_RETURN,
        pygame.K_u,
        pygame.K_r,
        pygame.K_h,
        pygame.K_LEFT,
        pygame.K_RIGHT,
        pygame.K_UP,
        pygame.K_DOWN,
        pygame.K_n,
        pygame.K_F11,
        pygame.K_z,
    ]
    app.scenes.reset(TitleScene(app))
    drive.frames(1)
    seen = {"TitleScene"}
    starts = [
        (first, second) for first in range(len(app.scenes.top.controls)) for second in range(8)
    ]
    for first, second in starts:
        app.running = True
        app.scenes.reset(TitleScene(app))
        drive.frames(1)
        drive.click(app.scenes.top.controls[first].rect.center)
        seen.add(type(app.scenes.top).__name__)
        controls = getattr(app.scenes.top, "controls", [])
        if not app.running or second >= len(controls):
            continue
        drive.click(controls[second].rect.center)
        seen.add(type(app.scenes.top).__name__)
        for _ in range(40):
            w, h = app.size
            if not app.running:
                app.running = True
                app.scenes.reset(TitleScene(app))
            roll = rng.random()
            if roll < 0.75:
                drive.click((rng.randrange(w), rng.randrange(h)), button=rng.choice([1, 1, 1, 3]))
            elif roll < 0.95:
                drive.key(rng.choice(keys), mod=pygame.KMOD_CTRL if rng.random() < 0.1 else 0)
            else:
                drive.frames(rng.randrange(1, 30))
            seen.add(type(app.scenes.top).__name__)
    assert {
        "TitleScene",
        "SetupScene",
        "MatchScene",
        "TutorialMenuScene",
        "SettingsScene",
        "PuzzleBrowserScene",
        "OnlineScene",
        "MosaixSoloScene",
    } <= seen


@pytest.mark.slow
@group((1280, 800))
def test_the_screenshot_tour_covers_every_scene(tours):
    pygame.init()
    run = tours((1280, 800))
    shots = run.shots
    assert all(p.read_bytes().startswith(b"\x89PNG\r\n\x1a\n") for p in shots)  # IMAGES
    names = [p.stem.split("-", 1)[1] for p in shots]
    # Keyboard play shows: the board cursor, then the turn box with what was typed.
    typed = run.sizes["match-turn-box: MatchScene"]
    assert any("c3" in text for text in typed), sorted(typed)
    for wanted in (
        "title",
        "setup",
        "match-chain",
        "match-hover-hint",
        "match-cursor",
        "match-turn-box",
        "pause",
        "match-pass",
        "game-over",
        "how-to-play",
        "settings",
        "puzzles",
        "puzzles-theme",
        "puzzle",
        "flip-rush",
        "run-summary",
        "quit-question",
        "tutorial",
        "tutorial-lesson",
        "tutorial-first-lesson",
        "history",
        "mosaix-menu",
        "mosaix-solo",
        "mosaix-count",
        "mosaix-match",
        "mosaix-rules",
    ):
        assert wanted in names
    for p in shots:
        img = pygame.image.load(str(p))
        colours = {
            img.get_at((x, y))[:3]
            for x in range(0, img.get_width(), 5)
            for y in range(0, img.get_height(), 5)
        }
        assert len(colours) > 8, f"{p.name} looks blank"


def test_setup_and_browser_open(app, drive):
    app.scenes.reset(SetupScene(app))
    drive.frames(2)
    red = button(app.scenes.top, "Red")
    drive.click(red.rect.center)
    assert app.settings.red_player == red.value
    app.scenes.reset(PuzzleBrowserScene(app))
    drive.frames(2)
    browser = app.scenes.top
    assert isinstance(browser, PuzzleBrowserScene) and browser.packs
    assert len(browser.cells) == len(browser.packs[0].puzzles)  # the first pack's grid
    drive.click(browser.cells[0].center)
    assert app.scenes.top.puzzle == browser.packs[0].puzzles[0]


SIZES = [(640, 480), (800, 600), (1024, 768), (1280, 800), (2560, 1440)]
#: The window sizes every other language is checked at (English: every size).
LANGUAGE_SIZES = [(640, 480), (1280, 800)]
#: Each window size and language the tour runs at, both text sizes each.
RUNS = [
    (size, language)
    for language in languages()
    for size in (SIZES if language == "en" else LANGUAGE_SIZES)
]


@pytest.mark.slow
@pytest.mark.parametrize(
    ("size", "text_size", "language"),
    [
        pytest.param(
            size, text, language, marks=group(size, language), id=f"{size}-{text}-{language}"
        )
        for size, language in RUNS
        for text in ("Normal", "Large")
    ],
)
def test_every_screen_of_the_tour_lays_out_cleanly(tours, size, text_size, language):
    """From the smallest window allowed to a large one, in either text size and
    every language: no control of any screen sticks out of the window or overlaps
    another, and no text runs out of its box or lies over another text, a
    control or a line drawn."""
    run = tours(size, text_size, language)
    assert len(run.shots) >= 19
    assert not run.problems, "\n".join(run.problems)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("size", "language"),
    [
        pytest.param(size, language, marks=group(size, language), id=f"{size}-{language}")
        for size, language in RUNS
    ],
)
def test_no_text_of_the_tour_is_smaller_in_large_than_in_normal(tours, size, language):
    """Large text never draws a text smaller than Normal does on the same screen
    at the same window size."""
    from game.client.scripted.checks import smaller_in_large

    normal, large = tours(size, "Normal", language), tours(size, "Large", language)
    assert len(large.sizes) >= 19
    found = smaller_in_large(normal.sizes, large.sizes)
    assert not found, "\n".join(found)


def test_the_layout_check_finds_overlaps_and_controls_off_the_window(app):
    from game.client.scene import ButtonScene
    from game.client.scripted.tour import layout_problems
    from game.client.widgets import Button

    scene = ButtonScene(app)
    a, b, c = Button("A", lambda: None), Button("B", lambda: None), Button("C", lambda: None)
    a.rect = pygame.Rect(10, 10, 100, 40)
    b.rect = pygame.Rect(60, 20, 100, 40)  # over A
    c.rect = pygame.Rect(app.size[0] - 20, 10, 100, 40)  # past the right edge
    scene.controls = [a, b, c]
    app.scenes.reset(scene)
    found = layout_problems(app)
    assert any("'A' overlaps 'B'" in p for p in found)
    assert any("'C' sticks out" in p for p in found) and len(found) == 2
    # A label that cannot shrink enough to fit its button is found too.
    d = Button("A label far too long for this button", lambda: None)
    d.rect = pygame.Rect(300, 300, 90, 40)
    scene.controls = [d]
    assert layout_problems(app) == [
        "ButtonScene: 'A label far too long for this button' is too long for its button"
    ]


def test_the_text_check_finds_text_out_of_its_box_and_text_over_text_or_a_control(app):
    from game.client import theme
    from game.client.scene import ButtonScene
    from game.client.scripted.tour import text_problems
    from game.client.widgets import Button

    class Planted(ButtonScene):
        def draw(self, surface):
            w, _ = surface.get_size()
            theme.text(surface, "Off the edge of the window", (w - 40, 100), size=24)
            theme.text(surface, "One line", (100, 200), size=24)
            theme.text(surface, "Another line", (110, 205), size=24)  # over the first
            theme.text(surface, "Under a button", (100, 300), size=24)
            box = pygame.Rect(100, 400, 60, 30)
            theme.text(surface, "Longer than its box", box.topleft, size=24, box=box)
            for c in self.controls:
                c.draw(surface)

    scene = Planted(app)
    button = Button("Fine", lambda: None)
    button.rect = pygame.Rect(90, 290, 200, 40)
    scene.controls = [button]
    app.scenes.reset(scene)
    found = text_problems(app)
    assert "Planted: 'Off the edge of the window' runs out of the window" in found
    assert "Planted: 'One line' lies over 'Another line'" in found
    assert "Planted: 'Under a button' lies over 'Fine'" in found
    assert "Planted: 'Longer than its box' runs out of its box" in found
    assert len(found) == 4  # the button's own label is in its box: not a problem


def test_a_page_too_long_for_a_small_window_scrolls(tmp_path):
    from game.client.scenes.howto import HowToScene
    from game.client.scripted.tour import Driver

    pygame.init()
    app = App((640, 480), tmp_path / "data")
    try:
        drive = Driver(app)
        scene = HowToScene(app)
        app.scenes.reset(scene)
        drive.frames(2)
        body = scene.body
        assert body.scrolls and body.first == 0
        assert body.rect.bottom <= min(b.rect.top for b in scene.controls)
        drive.key(pygame.K_PAGEDOWN)
        assert body.first > 0
        drive.key(pygame.K_UP)
        drive.wheel(body.rect.center, 5)  # back up to the top
        assert body.first == 0
        while body.first < body.last_first:
            drive.key(pygame.K_DOWN)
        assert body.first > 0 and body.first + body.rows >= body.count  # the last line, in view
        assert body.count > body.rows
    finally:
        app.close()


@pytest.mark.slow
@group((640, 480))
def test_every_attribute_of_a_scene_is_made_in_its_constructor(tours):
    """Layout code only lays out: a scene whose ``resize`` or ``enter`` made an
    attribute would break when asked anything before its first layout. (The tour
    at the smallest window, whose layouts squeeze hardest, with every new
    attribute traced.)"""
    late = tours((640, 480)).late
    assert not late, "\n".join(sorted(late))
