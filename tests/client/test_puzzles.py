"""The puzzle browser and puzzle scene, driven by posted events."""

import json

import pygame

from game.client.scenes.puzzle_browser import PuzzleBrowserScene
from game.client.scenes.puzzle_scene import PuzzleScene
from game.puzzles.solve import analyse_flips
from game.rules import Board, Turn
from tests.helpers import CHAIN

from .drawn import drawn


def open_first(app, drive) -> PuzzleScene:
    app.scenes.reset(PuzzleBrowserScene(app))
    drive.frames(2)
    browser = app.scenes.top
    drive.click(browser.cells[0].center)
    scene = app.scenes.top
    assert isinstance(scene, PuzzleScene)
    drive.frames(2)
    return scene


def click_turn(drive, scene, text):
    board = Board(scene.puzzle.fen)
    for cell in board.parse_turn(text).cells:
        drive.click_cell(cell)


def test_a_puzzle_solved_right_earns_three_stars_and_is_saved(app, drive, packs):
    scene = open_first(app, drive)
    assert scene.puzzle.banner == "Red to move: flip the most tiles"
    click_turn(drive, scene, "xc1xc2xd3xd4")
    assert scene.solved and scene.stars == 3 and scene.message[0].startswith("Right!")
    assert scene.particles.active
    saved = json.loads((app.data / "puzzles.json").read_text())
    assert saved["stars"] == {"test/p1": 3}
    drive.click(scene.next_button.rect.center)
    assert app.scenes.top.puzzle.id == "p2"


def test_a_wrong_answer_says_how_many_against_the_best_and_resets(app, drive, packs):
    scene = open_first(app, drive)
    flips = analyse_flips(Board(CHAIN))
    worse = next(order for s, order in flips.outcomes.items() if len(s) == 3)
    click_turn(drive, scene, Board(CHAIN).notation(Turn.flip(worse)))
    assert not scene.solved
    assert scene.message[0] == "You took 3 tiles; the best takes 4. Try again."
    drive.settle(2.0)
    assert scene.session.board.mfen() == CHAIN  # back to the start for another try
    click_turn(drive, scene, "xc1xc2xd3xd4")
    assert scene.solved and scene.stars == 2


def test_a_hint_rings_the_first_flip_and_costs_a_star(app, drive, packs):
    scene = open_first(app, drive)
    drive.key(ord("h"))
    assert scene.show_hint and "Start with c1" in scene.message[0]
    click_turn(drive, scene, "xc1xc2xd3xd4")
    assert scene.solved and scene.stars == 2


def test_placing_in_a_most_puzzle_is_refused_with_a_reason(app, drive, packs):
    scene = open_first(app, drive)
    empty = next(
        c
        for c in range(scene.session.board.geometry.cells)
        if scene.session.board.tile_at(c) is None
    )
    drive.click_cell(empty)
    assert "about flipping" in scene.message[0] and scene.session.board.mfen() == CHAIN


def test_the_answer_can_be_revealed(app, drive, packs):
    scene = open_first(app, drive)
    drive.click(next(b for b in scene.controls if b.label == "Show answer").rect.center)
    drive.settle(3.0)
    assert scene.revealed and len(scene.session.board.turn_stack) == 1
    assert app.puzzles.progress.solved("test", "p1") == 0


def test_a_broken_pack_is_listed_with_its_reason(app, drive, packs):
    app.scenes.reset(PuzzleBrowserScene(app))
    drive.frames(2)
    assert [p.title for p in app.puzzles.packs] == ["Test Pack"]
    (problem,) = [p for p in app.puzzles.problems if p.puzzle is None]
    assert problem.file.endswith("02-broken.json") and "not valid JSON" in problem.reason


def test_a_smaller_next_board_forgets_the_old_hover(app, drive, packs):
    scene = open_first(app, drive)
    scene.input.hover = 200  # a cell of a bigger board the pointer was over
    drive.frames(2)  # drawing must not fail
    scene.input.hover = 5
    scene.load(scene.puzzle)
    assert scene.hover is None


def test_the_browser_works_from_the_keyboard(app, drive, packs, monkeypatch):
    import pygame

    played = []
    monkeypatch.setattr(app.audio, "play", lambda name, volume=None: played.append(name))
    app.scenes.reset(PuzzleBrowserScene(app))
    drive.frames(2)
    browser = app.scenes.top
    drive.key(pygame.K_RETURN)  # nothing chosen yet: nothing opens
    assert app.scenes.top is browser
    drive.key(pygame.K_LEFT)  # from nothing, Left starts at the last puzzle
    assert browser.hover == 1
    drive.key(pygame.K_RIGHT)  # and wraps round
    assert browser.hover == 0
    drive.key(pygame.K_RIGHT)
    drive.key(pygame.K_RETURN)
    scene = app.scenes.top
    assert isinstance(scene, PuzzleScene) and scene.puzzle.id == "p2"
    assert played == ["click"]


def test_a_browser_button_clicks_once(app, drive, packs, monkeypatch):
    played = []
    app.scenes.reset(PuzzleBrowserScene(app))
    drive.frames(2)
    monkeypatch.setattr(app.audio, "play", lambda name, volume=None: played.append(name))
    daily = next(b for b in app.scenes.top.controls if b.label == "Daily puzzle")
    drive.click(daily.rect.center)
    assert isinstance(app.scenes.top, PuzzleScene)
    assert played.count("click") == 1


def test_a_solved_puzzle_opens_on_the_analysis_board(app, drive, packs):
    from game.client.scenes.analysis_board import AnalysisBoardScene

    scene = open_first(app, drive)
    analyse = next(b for b in scene.controls if b.label == "Analyse")
    assert not analyse.enabled  # not before it is solved: it would give the answer away
    click_turn(drive, scene, "xc1xc2xd3xd4")
    assert analyse.enabled
    drive.click(analyse.rect.center)
    study = app.scenes.top
    assert isinstance(study, AnalysisBoardScene) and study.mfen() == Board(scene.puzzle.fen).mfen()


def test_the_browser_filters_a_pack_by_theme_and_next_keeps_to_it(app, drive):
    browser = PuzzleBrowserScene(app)
    app.scenes.reset(browser)
    drive.frames(2)
    master = next(i for i, p in enumerate(browser.packs) if p.id == "master-class")
    drive.click(browser.pack_rects[master].center)
    pack = browser.packs[master]
    assert browser.theme_button.label == "Theme: All" and len(browser.cells) == len(pack.puzzles)
    # Endgame is the first theme this pack has; T and a click both step on.
    drive.click(browser.theme_button.rect.center)
    assert browser.theme == "endgame" and browser.theme_button.label == "Theme: Endgame"
    wanted = [i for i, p in enumerate(pack.puzzles) if "endgame" in p.themes]
    assert browser.visible == wanted and len(browser.cells) == len(wanted) < len(pack.puzzles)
    drive.click(browser.shown(1).center)
    scene = app.scenes.top
    assert isinstance(scene, PuzzleScene) and scene.puzzle is pack.puzzles[wanted[1]]
    scene.on_next()
    assert app.scenes.top.puzzle is pack.puzzles[wanted[2]]
    app.scenes.pop()
    drive.key(pygame.K_t)
    assert browser.theme == browser.themes(pack)[1]
    # A pack with no puzzle of the theme shows all of its own.
    first = next(i for i, p in enumerate(browser.packs) if p.id == "first-chains")
    drive.click(browser.pack_rects[first].center)
    assert browser.theme is None and len(browser.cells) == len(browser.packs[first].puzzles)


def test_the_trainer_keeps_to_the_theme_chosen_in_the_browser(app, drive):
    from game.client.scenes.arcade_scene import ArcadeScene, RunCardScene

    browser = PuzzleBrowserScene(app)
    app.scenes.reset(browser)
    drive.frames(2)
    endgame = next(i for i, p in enumerate(browser.packs) if p.id == "endgame-wins")
    drive.click(browser.pack_rects[endgame].center)
    while browser.theme != "greedy-trap":
        drive.key(pygame.K_t)
    drive.click(next(b for b in browser.controls if b.label == "Trainer").rect.center)
    card = app.scenes.top
    assert isinstance(card, RunCardScene) and card.theme == "greedy-trap"
    drive.key(pygame.K_RETURN)
    run = app.scenes.top
    assert isinstance(run, ArcadeScene) and run.title == "Trainer: Greedy trap"
    themed = {p.id for pack in browser.packs for p in pack.puzzles if "greedy-trap" in p.themes}
    assert {p.id for _, p in run.run.pool} == themed and run.puzzle.id in themed
    for _ in range(5):
        assert "greedy-trap" in run.run.pick(1500).themes


def test_a_quiet_placement_puzzle_is_solved_by_placing_and_the_hint_says_place(app, drive):
    from game.puzzles import Puzzle

    quiet = Puzzle(
        id="q1",
        fen="1B1B/RRRBR/RB2RR/BRRBRRR/RBRBRB/BR1BB/BRRB b",
        goal="win",
        solution="a1",
        rating=1560,
        themes=("endgame", "quiet-placement"),
        source="a test",
    )
    app.scenes.reset(PuzzleScene(app, quiet))
    drive.frames(2)
    scene = app.scenes.top
    assert scene.puzzle.banner == "Blue to move and win"
    drive.key(ord("h"))
    assert scene.message[0] == "Place a tile on a1 (ringed in green)."
    board = Board(quiet.fen)
    drive.click_cell(board.geometry.names.index("a1"))
    assert scene.solved and scene.message[0].startswith("Right!")


def test_the_title_does_not_wait_for_the_packs_which_are_read_once_in_the_background(
    app, drive, packs
):
    from game.client.scenes.title import TitleScene

    app.scenes.reset(TitleScene(app))
    drive.frames(3)
    assert app.puzzles._packs is None  # nothing read for the start of the game
    thread = app.puzzles.preload()
    first = app.puzzles.packs  # waits for the background read if it is still going
    thread.join(5)
    assert not thread.is_alive()
    assert [p.id for p in first] == ["test"] and app.puzzles.packs is first
    assert any("02-broken.json" in p.file for p in app.puzzles.problems)
    app.puzzles.preload().join(5)
    assert app.puzzles.packs is first  # a second preload reads nothing again


def test_the_players_own_puzzles_do_not_move_their_puzzle_rating(app, drive, packs):
    from game.play.progress import START
    from game.puzzles.own import save_own_puzzle

    save_own_puzzle(Board(CHAIN), app.data)  # saved from the analysis board
    app.scenes.reset(PuzzleBrowserScene(app))
    drive.frames(2)
    browser = app.scenes.top
    mine = next(i for i, p in enumerate(browser.packs) if p.id == "mine")
    drive.click(browser.pack_shown(mine).center)
    drive.click(browser.cells[0].center)
    scene = app.scenes.top
    assert isinstance(scene, PuzzleScene) and scene.puzzle.id == "mine-1"
    drive.frames(2)
    click_turn(drive, scene, "xc1xc2xd3xd4")
    assert scene.solved
    progress = app.puzzles.progress
    assert progress.rating == START and progress.solved("mine", "mine-1") == 3
    # A shipped pack's puzzle does count.
    drive.key(pygame.K_ESCAPE)
    browser = app.scenes.top
    drive.click(browser.pack_shown(0).center)
    drive.click(browser.cells[0].center)
    drive.frames(2)
    click_turn(drive, app.scenes.top, "xc1xc2xd3xd4")
    assert progress.rating.rating > START.rating


def test_a_card_under_the_pointer_or_the_keys_is_said_in_words_without_moving_the_grid(
    app, drive, packs
):
    app.scenes.reset(PuzzleBrowserScene(app))
    drive.frames(2)
    browser = app.scenes.top
    pack = browser.packs[browser.selected]
    grid, said = browser.grid.copy(), browser.pack_words()
    assert not said.startswith("Puzzle")  # nothing pointed at: the pack's own words
    drive.move(browser.cells[1].center)
    p = pack.puzzles[browser.visible[1]]
    words = browser.pack_words()
    assert words.startswith(f"Puzzle 2, rated {p.rating}: ") and "Your stars: 0 of 3." in words
    assert words in " ".join(m for m, _ in drawn(browser.draw, app.screen))
    browser.resize(app.size)
    assert browser.grid == grid  # the line keeps room for a card's words all along
    drive.move((2, 2))  # off the grid: the pack's words again
    assert browser.pack_words() == said
    drive.key(pygame.K_RIGHT)  # the keys choose a card too
    assert browser.pack_words().startswith("Puzzle 1, rated")


def test_at_640x480_in_large_text_the_buttons_keep_one_line_and_the_board_grows(tmp_path):
    """A Windows play-test at 640x480 with Large text: a puzzle's six buttons in a
    row broke "Hint (-1 star)" and "Show answer" over two lines, and the board had
    half the window's height. Beside the board, in a column, each label keeps one
    line at its own size, and the board takes the height the row had."""
    from game import paths
    from game.client import theme
    from game.client.app import App
    from game.client.scripted.driver import Driver
    from game.i18n import set_language

    for language in ("en", "de"):
        data = tmp_path / language
        data.mkdir()
        (data / "settings.json").write_text(
            json.dumps({"text_size": "Large", "language": language})
        )
        pygame.init()
        app = App((640, 480), data)
        app.puzzles.folder = paths.puzzles()
        try:
            set_language(language)
            drive = Driver(app)
            app.scenes.reset(PuzzleBrowserScene(app))
            drive.frames(2)
            app.scenes.top.open(0)
            drive.frames(2)
            scene = app.scenes.top
            assert isinstance(scene, PuzzleScene)
            assert scene.view.rect.height >= 0.55 * 480, (language, scene.view.rect)
            for button in scene.controls:
                theme.drawn_texts, theme.drawn_px, theme.drawn_lines = [], [], []
                try:
                    button.draw(app.screen)
                    [lines] = theme.drawn_lines
                    [pixels] = theme.drawn_px
                finally:
                    theme.drawn_texts, theme.drawn_px, theme.drawn_lines = None, [], []
                assert len(lines) == 1, (language, button.label)
                assert pixels == theme.px(button.size), (language, button.label)
            # The Trainer's two buttons fit a row, which took the board's room:
            # they stand beside it too (a short window's board has the height).
            app.scenes.pop()
            app.scenes.top.arcade("trainer")
            drive.frames(2)
            drive.key(pygame.K_RETURN)  # the card's Start
            trainer = app.scenes.top
            assert isinstance(trainer, PuzzleScene) and trainer.controls
            assert trainer.view.rect.height >= 0.55 * 480, (language, trainer.view.rect)
        finally:
            set_language("en")
            app.close()
            pygame.quit()


def test_once_solved_hint_and_show_answer_are_greyed_and_out_of_reach(app, drive, packs):
    """A play-test: Hint and Show answer stayed lit after the puzzle was solved."""
    from game.client.pad_focus import ButtonFocus

    scene = open_first(app, drive)
    helps = (scene.hint_button, scene.reveal_button)
    assert all(b.enabled for b in helps)
    click_turn(drive, scene, "xc1xc2xd3xd4")
    assert scene.solved and scene.stars == 3
    drive.frames(2)
    assert not any(b.enabled for b in helps)
    said = scene.message
    drive.key(pygame.K_h)  # the key does nothing, nor does a click
    drive.click(scene.reveal_button.rect.center)
    assert not scene.show_hint and not scene.revealed and scene.message == said
    # A controller's triggers walk the buttons that can be used: never these two.
    focus, seen = ButtonFocus(), set()
    for _step in range(2 * len(scene.controls)):
        focus.trigger(pygame.CONTROLLER_AXIS_TRIGGERRIGHT, 32767, scene)
        focus.trigger(pygame.CONTROLLER_AXIS_TRIGGERRIGHT, 0, scene)
        seen.add(focus.on.label)
    assert seen == {"Retry", "Analyse", "Next", "Back"}
    focus.put_away()
    drive.click(scene.retry_button.rect.center)  # another go: they help again
    assert all(b.enabled for b in helps)


def test_once_the_answer_is_shown_hint_and_show_answer_are_greyed(app, drive, packs):
    scene = open_first(app, drive)
    drive.click(scene.reveal_button.rect.center)
    drive.settle(3.0)
    assert scene.revealed
    assert not scene.hint_button.enabled and not scene.reveal_button.enabled
