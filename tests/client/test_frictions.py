"""What a new player ran into (issue 15), each checked through the real scenes."""

import pygame

from game.client import theme
from game.client.scenes.arcade_scene import ArcadeScene
from game.client.scenes.match_scene import MatchScene
from game.client.scenes.puzzle_browser import PuzzleBrowserScene
from game.client.scripted.tour import chain_start, game_until
from game.play.match import Match
from game.play.settings import Settings
from game.rules import Board

from .test_scenes import start_match


def test_undo_and_redo_look_disabled_when_they_can_do_nothing(app, drive):
    scene = start_match(app, drive, side=3)
    drive.frames(1)
    assert not scene.panel.undo.enabled and not scene.panel.redo.enabled
    drive.click_cell(0)
    drive.frames(1)
    assert scene.panel.undo.enabled and not scene.panel.redo.enabled
    drive.click(scene.panel.undo.rect.center)
    drive.frames(1)
    assert not scene.panel.undo.enabled and scene.panel.redo.enabled


def test_a_right_click_mid_chain_clears_the_old_refusal(app, drive):
    turns, chain = game_until(5, 1, chain_start)
    match = Match(5, "Human", "Human")
    for t in turns:
        match.play(t)
    scene = MatchScene(app, match)
    app.scenes.push(scene)
    drive.frames(2)
    drive.click_cell(chain.cells[0])
    drive.click_cell(chain.cells[1])
    board = match.board
    far = next(
        c
        for c in range(board.geometry.cells)
        if c not in match.owed() and c not in match.chain.cells and board.tile_at(c) is not None
    )
    drive.click_cell(far)
    assert scene.status[1] == theme.BAD  # refused, with the rule
    drive.click(scene.view.centre(far), button=3)  # take back the last flip
    assert match.chain.cells == (chain.cells[0],)
    assert scene.status[1] == theme.ACCENT and scene.status[0].startswith("Chain")


def test_hover_still_explains_while_the_ai_thinks(app, drive):
    match = Match(3, "Beginner", "Human")  # the AI moves first
    scene = MatchScene(app, match)
    app.scenes.reset(scene)
    drive.hover(scene.view.centre(0))
    assert not match.human_to_move
    text, _ = scene.hover_text()
    assert text.startswith("a1") and ("empty" in text or "tile" in text)
    scene.cancel_ai()


def test_a_puzzle_explains_on_hover_not_only_on_click(app, drive, packs):
    app.scenes.reset(PuzzleBrowserScene(app))
    drive.frames(2)
    drive.click(app.scenes.top.cells[0].center)
    puzzle = app.scenes.top
    board = puzzle.session.board
    empty = next(c for c in range(board.geometry.cells) if board.tile_at(c) is None)
    drive.hover(puzzle.view.centre(empty))
    assert "about flipping" in puzzle.hover_text()[0]
    own = next(c for c in range(board.geometry.cells) if board.tile_at(c) == board.mover)
    drive.hover(puzzle.view.centre(own))
    assert "own tile" in puzzle.hover_text()[0]


def test_m_mutes_and_unmutes_and_it_is_kept(app, drive):
    drive.key(pygame.K_m)
    assert app.settings.muted and app.audio.volume == 0
    from game.play.settings import load

    assert load(app.data)[0].muted
    drive.key(pygame.K_m)
    assert not app.settings.muted and app.audio.volume == app.settings.volume


def test_continue_is_not_offered_for_a_match_with_no_turns(app, drive):
    from game.client.scenes.title import TitleScene

    from .test_scenes import button

    scene = start_match(app, drive, side=3)
    drive.key(pygame.K_ESCAPE)
    drive.click(button(app.scenes.top, "Leave").rect.center)
    assert isinstance(app.scenes.top, TitleScene) and scene.match.board.turn_stack == []
    assert not button(app.scenes.top, "Continue").enabled


def test_rush_says_the_run_moves_on_and_keeps_its_pop_ups_off_the_board(app, drive, packs):
    app.scenes.reset(PuzzleBrowserScene(app))
    drive.frames(2)
    app.scenes.top.arcade("rush")
    drive.key(pygame.K_RETURN)  # past the rules card
    rush = app.scenes.top
    assert isinstance(rush, ArcadeScene)
    board = Board(rush.puzzle.fen)
    answer = set(rush.solution.cells)
    wrong = next(t for t in board.legal_turns() if t.is_flip and set(t.cells) != answer)
    for cell in wrong.cells:
        drive.click_cell(cell)
    assert "Try again" not in rush.message[0] and "next one" in rush.message[0]
    assert rush.popups  # "-10 s"
    w, _ = app.size
    top_row = [rush.view.centre(c) for c in range(board.geometry.row_lengths[0])]
    r = rush.view.radius
    cells = [pygame.Rect(x - r, y - r, 2 * r, 2 * r) for x, y in top_row]
    for i, (text, color, left) in enumerate(rush.popups):
        y = 108 + 34 * i - (1.2 - left) * 30
        shown = theme.rendered(text, 32, tuple(color), True).get_rect(topright=(w - 30, y))
        assert not any(shown.colliderect(c) for c in cells)


def test_a_large_pack_scrolls_in_a_small_window(tmp_path, drive):
    from game import paths
    from game.client.app import App
    from game.client.scripted.tour import Driver

    small = App((640, 480), tmp_path / "small")
    try:
        small.puzzles.folder = paths.puzzles()
        d = Driver(small)
        small.scenes.reset(PuzzleBrowserScene(small))
        d.frames(2)
        browser = small.scenes.top
        count = len(browser.packs[0].puzzles)
        assert browser.max_scroll > 0 and browser.scroll == 0
        bottom_bar = min(c.rect.top for c in browser.controls)
        assert browser.grid.bottom <= bottom_bar  # the grid never runs under the buttons
        pygame.event.post(
            pygame.event.Event(
                pygame.MOUSEWHEEL, x=0, y=-3, flipped=False, precise_x=0.0, precise_y=-3.0
            )
        )
        d.frames(1)
        assert browser.scroll > 0
        for _ in range(count):
            d.key(pygame.K_RIGHT)
        last = browser.hover
        assert browser.grid.contains(browser.shown(last))  # kept in view
        d.click(browser.shown(last).center)
        assert small.scenes.top.puzzle == browser.packs[0].puzzles[last]
    finally:
        small.close()


def test_game_sounds_and_button_clicks_have_their_own_volumes(app, drive, monkeypatch):
    from game.client.scenes.settings_scene import SettingsScene

    played = []
    monkeypatch.setattr(app.audio, "play", lambda name, volume=None: played.append((name, volume)))
    app.scenes.reset(SettingsScene(app))
    drive.frames(2)
    clicks = next(c for c in app.scenes.top.controls if getattr(c, "title", "") == "Button clicks")
    drive.click((clicks.bar().left + 1, clicks.rect.centery))  # almost silent
    assert app.settings.click_volume < 0.05 and app.settings.volume == Settings().volume
    back = next(c for c in app.scenes.top.controls if getattr(c, "label", "") == "Back")
    drive.click(back.rect.center)
    assert played[-1][0] == "click" and played[-1][1] == app.settings.click_volume


def test_coordinates_are_on_by_default_and_can_be_hidden(app, drive):
    from game.client.scenes.settings_scene import SettingsScene

    scene = start_match(app, drive, side=5)
    assert Settings().coordinates and scene.view.coordinates
    with_letters = scene.view.radius
    app.scenes.push(SettingsScene(app))
    drive.frames(1)
    coords = next(c for c in app.scenes.top.controls if getattr(c, "title", "") == "Coordinates")
    drive.click(coords.rect.center)
    assert not app.settings.coordinates
    drive.key(pygame.K_ESCAPE)
    assert app.scenes.top is scene and not scene.view.coordinates
    assert scene.view.radius >= with_letters  # the letters' room goes to the board


def wheel(d, y: int) -> None:
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False, precise_x=0.0, precise_y=y)
    )
    d.frames(1)


def test_many_big_packs_scroll_and_page_in_a_small_window(tmp_path):
    import json

    from game.client.app import App
    from game.client.scripted.tour import Driver
    from tests.helpers import CHAIN

    folder = tmp_path / "packs"
    folder.mkdir()
    for n in range(1, 15):
        puzzles = [
            {
                "id": f"p{i}",
                "fen": CHAIN,
                "goal": "most",
                "solution": "xc1xc2xd3xd4",
                "rating": 600 + i,
                "themes": [],
                "source": "a test",
            }
            for i in range(150)
        ]
        pack = {"format": 1, "id": f"pack-{n}", "title": f"Pack {n}", "description": "Many."}
        (folder / f"{n:02d}-pack.json").write_text(json.dumps({**pack, "puzzles": puzzles}))
    small = App((640, 480), tmp_path / "small")
    try:
        small.puzzles.folder = folder
        d = Driver(small)
        small.scenes.reset(PuzzleBrowserScene(small))
        d.frames(2)
        browser = small.scenes.top
        assert len(browser.packs) == 14 and browser.max_pack_scroll > 0
        # The wheel over the packs scrolls the packs, not the grid.
        d.move(browser.left.center)
        wheel(d, -2)
        assert browser.pack_scroll > 0 and browser.scroll == 0
        wheel(d, 5)
        assert browser.pack_scroll == 0
        # Choosing the last pack by key brings it into view, and a click on it works.
        for _ in range(13):
            d.key(pygame.K_DOWN)
        assert browser.selected == 13 and browser.left.contains(browser.pack_shown(13))
        d.click(browser.pack_shown(12).center)
        assert browser.selected == 12
        # A row scrolled out of the list cannot be clicked through the grid's edge.
        hidden = browser.pack_shown(0)
        assert hidden.bottom <= browser.left.top
        # Page Down pages the grid; End reaches the last puzzle, which opens.
        d.key(pygame.K_PAGEDOWN)
        assert browser.scroll == browser.grid.height - 20
        d.key(pygame.K_END)
        assert browser.scroll == browser.max_scroll
        d.key(pygame.K_HOME)
        assert browser.scroll == 0
        d.key(pygame.K_END)
        last = len(browser.visible) - 1
        assert browser.grid.contains(browser.shown(last))
        d.click(browser.shown(last).center)
        assert small.scenes.top.puzzle.id == "p149"
    finally:
        small.close()


def test_after_a_turn_the_line_says_what_was_played_not_a_refusal(app, drive):
    scene = start_match(app, drive, side=4, red="Human", blue="Human")
    board = scene.match.board
    cell = board.legal_placements()[0]
    name = board.geometry.names[cell]
    drive.click_cell(cell)  # the pointer stays over the tile just placed
    text, _, _ = scene.status
    assert text == f"Red placed a tile on {name}."
    assert "only" not in text and "Can't" not in text
    # A flip turn says which tiles it took.
    from game.play.explain import turn_summary

    assert turn_summary("Blue", "xd4xd5xe6") == "Blue flipped d4, d5 and e6: 3 tiles taken."
    assert turn_summary("Red", "xc2") == "Red flipped c2: 1 tile taken."


def test_the_hover_follows_the_pointer_back_from_the_result(app, drive):
    from game.client.scenes.game_over import GameOverScene
    from game.play.match import Match

    def ends(board, turn):
        board.push(turn)
        try:
            return board.is_game_over()
        finally:
            board.pop()

    turns, last = game_until(4, 1, ends)
    match = Match(4, "Human", "Human")
    for turn in turns:
        if turn.cells:
            match.play(turn)
    scene = MatchScene(app, match)
    app.scenes.push(scene)
    drive.frames(2)
    for cell in last.cells:
        drive.click_cell(cell)
    drive.settle(1.5)
    over = app.scenes.top
    assert isinstance(over, GameOverScene)
    clicked = last.cells[-1]
    elsewhere = next(
        c for c in range(match.board.geometry.cells)
        if c != clicked and not over.box.collidepoint(scene.view.centre(c))
    )  # fmt: skip
    drive.hover(scene.view.centre(elsewhere))  # over the result, not the board's scene
    drive.key(pygame.K_b)  # See board
    assert app.scenes.top is scene
    drive.key(pygame.K_LEFT)
    assert scene.hover == elsewhere != clicked


def test_the_title_buttons_stay_put_when_a_match_in_progress_appears(app, drive):
    from game.client.scenes.title import TitleScene

    from .test_scenes import button

    app.scenes.reset(TitleScene(app))
    drive.frames(2)
    assert app.scenes.top.note  # the first start's note has the room over the buttons
    app.scenes.reset(TitleScene(app))  # a later start's title, as the match's will be
    drive.frames(2)
    before = {b.label: b.rect.copy() for b in app.scenes.top.controls}
    assert not button(app.scenes.top, "Continue").enabled
    scene = start_match(app, drive, side=3)
    drive.click_cell(scene.match.board.legal_placements()[0])  # a turn: now in progress
    drive.key(pygame.K_ESCAPE)
    drive.click(button(app.scenes.top, "Leave").rect.center)
    title = app.scenes.top
    assert isinstance(title, TitleScene) and button(title, "Continue").enabled
    assert {b.label: b.rect for b in title.controls} == before


def test_a_long_status_line_shows_whole_above_the_board_at_640x480(tmp_path):
    from game.client import theme
    from game.client.app import App
    from game.client.scripted.tour import Driver, text_problems
    from game.play.match import Match

    pygame.init()
    app = App((640, 480), tmp_path / "data")
    try:
        drive = Driver(app)
        scene = MatchScene(app, Match(5, "Human", "Human"))
        app.scenes.reset(scene)
        drive.frames(2)
        why = (
            "Can't flip i1: flipping it must lower both your own number of groups and "
            "the total number of groups on the board (it must touch two of your groups)."
        )
        scene.say(why, seconds=0)
        theme.drawn_texts = []
        try:
            scene.draw(app.screen)
            top = pygame.Rect(0, 0, scene.panel.rect.left, scene.view.rect.top)
            drawn = [m for _, m, r, _ in theme.drawn_texts if top.contains(r)]
        finally:
            theme.drawn_texts = None
        assert " ".join(drawn) == why  # every word, none cut
        assert text_problems(app) == []
    finally:
        app.close()
