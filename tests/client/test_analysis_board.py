"""The analysis board (issue 14): paint a position by clicks, choose the side to
move and the board side, copy and paste MFEN, the engine's best turn through the
worker, the chain preview, and "Analyse this position" from a match."""

import time

import pygame

from game.client.scenes.analysis_board import AnalysisBoardScene, chain_preview
from game.client.scenes.title import TitleScene
from game.rules import BLUE, RED, Board, Position

from .drawn import words
from .test_large_text import shown, texts
from .test_scenes import button, start_match


def open_board(app, drive):
    app.scenes.reset(TitleScene(app))
    drive.frames(2)
    drive.click(button(app.scenes.top, "Analysis board").rect.center)
    scene = app.scenes.top
    assert isinstance(scene, AnalysisBoardScene)
    return scene


def choose(drive, segments, option):
    drive.click(segments.parts()[segments.options.index(option)].center)


def test_paint_a_position_and_copy_its_mfen(app, drive):
    scene = open_board(app, drive)
    choose(drive, scene.side_choice, "3")
    assert scene.side == 3 and scene.side_choice.value == "3"
    drive.click_cell(0)  # the brush starts on Red
    drive.click_cell(1)
    choose(drive, scene.brush_choice, "Blue")
    drive.click_cell(2)
    drive.click_cell(1)  # repainted Blue
    drive.click(scene.view.centre(0), button=3)  # right-click empties
    choose(drive, scene.mover_choice, "Blue")
    drive.key(pygame.K_c)
    copied = pygame.scrap.get_text()
    p = Position.from_mfen(copied)
    assert p.size == 3 and p.mover == BLUE
    assert p.tiles(RED) == [] and p.tiles(BLUE) == [1, 2]
    assert any(text.startswith("Copied") for text, _ in app.toasts)
    status, _ = scene.status()
    assert status == f"Blue to move: {len(Board(copied).legal_turns())} legal turns."


def test_paste_takes_a_good_position_and_names_what_is_wrong_with_a_bad_one(app, drive):
    scene = open_board(app, drive)
    pygame.scrap.put_text("3/4/5/4/RRRR b")  # the last row is one cell short
    drive.key(pygame.K_p)
    assert any("That is not a position" in text for text, _ in app.toasts)
    assert scene.side == app.settings.board_side and not scene.red and not scene.blue
    pygame.scrap.put_text("RR1/4/5/4/BB1 b")
    drive.key(pygame.K_p)
    assert scene.side == 3 and scene.mfen() == "RR1/4/5/4/BB1 b"
    assert scene.side_choice.value == "3" and scene.mover_choice.value == "Blue"
    pygame.scrap.put_text("RRR/RRRR/RRRRR/RRRR/RRR r")  # a full board
    drive.key(pygame.K_p)
    assert scene.status()[0] == "The game is over here: Red 19 tiles, Blue 0."
    pygame.scrap.put_text(Position.empty(10).mfen())
    drive.key(pygame.K_p)
    assert any("sides 3 to 8" in text for text, _ in app.toasts) and scene.side == 3


def test_the_engine_and_the_chain_preview(app, drive):
    board = Board(size=4)
    import random

    rng = random.Random(2)
    while not any(t.is_flip and len(t.cells) > 1 for t in board.legal_turns()):
        board.push(rng.choice(board.legal_turns()))
    scene = AnalysisBoardScene(app, board.position())
    app.scenes.push(scene)
    drive.frames(2)
    preview = chain_preview(board)
    flips = [t for t in board.legal_turns() if t.is_flip]
    assert preview and max(preview.values()) == max(len(t.cells) for t in flips)
    assert all(board.tile_at(c) == board.mover.other for c in preview)
    drive.key(pygame.K_v)
    assert scene.preview
    # The line of keys offers E, which asks the engine, with the cursor or without.
    assert "E asks for the best one" in words(scene.draw, app.screen)
    drive.key(pygame.K_TAB)
    assert scene.input.cursor is not None
    assert "E asks for the best one" in words(scene.draw, app.screen)
    drive.key(pygame.K_ESCAPE)
    drive.key(pygame.K_e)
    start = time.monotonic()
    while scene.look.request is not None:
        assert time.monotonic() - start < 60
        drive.frames(1)
        time.sleep(0.01)
    look = scene.look.look
    assert look is not None and (look.deep or look.exact)
    assert look.mfen == board.mfen() and board.parse_turn(look.turn) in board.legal_turns()
    # Painting a cell makes the engine's answer stale.
    empty = next(c for c in range(board.geometry.cells) if board.tile_at(c) is None)
    drive.click_cell(empty)
    assert scene.look.look is None and scene.look.request is None


def test_analyse_this_position_from_a_match(app, drive):
    scene = start_match(app, drive, side=4)
    for cell in (0, 5, 9):
        drive.click_cell(cell)
    drive.key(pygame.K_ESCAPE)
    drive.click(button(app.scenes.top, "Analyse this position").rect.center)
    study = app.scenes.top
    assert isinstance(study, AnalysisBoardScene)
    assert study.mfen() == scene.match.board.mfen()
    drive.click_cell(next(c for c in range(37) if scene.match.board.tile_at(c) is None))
    assert study.mfen() != scene.match.board.mfen()  # the match is not touched
    drive.key(pygame.K_ESCAPE)
    assert app.scenes.top is not study


def wait_for_save(drive, scene):
    start = time.monotonic()
    while scene.saving is not None:
        assert time.monotonic() - start < 60, "the proof did not finish"
        drive.frames(1)
        time.sleep(0.01)


def test_save_a_position_as_a_proved_puzzle_in_my_own_pack(app, drive):
    import os

    from game.puzzles.own import FILE, packs_folder
    from tests.helpers import shipped_packs

    shipped = shipped_packs()[0].puzzles[0]
    scene = open_board(app, drive)
    drive.key(pygame.K_s)  # the empty board: nothing to find
    wait_for_save(drive, scene)
    assert any("Not saved as a puzzle" in t and "no flip" in t for t, _ in app.toasts)
    own = packs_folder(app.data) / FILE
    assert not own.exists()
    pygame.scrap.put_text(shipped.fen)
    drive.key(pygame.K_p)
    drive.key(pygame.K_s)
    # The proof runs in the jobs process, not in the window's.
    job = scene.saving
    assert job is not None and job.name == "save_as_puzzle"
    assert app.jobs._proc is not None and app.jobs._proc.pid != os.getpid()
    wait_for_save(drive, scene)
    assert any(t.startswith("Saved to My puzzles") for t, _ in app.toasts), app.toasts
    mine = app.puzzles.packs[-1]
    assert mine.title == "My puzzles" and len(mine.puzzles) == 1
    saved = mine.puzzles[0]
    assert saved.fen == shipped.fen and saved.goal == shipped.goal
    assert Board(saved.fen).parse_turn(saved.solution).outcome() == (
        Board(shipped.fen).parse_turn(shipped.solution).outcome()
    )
    drive.key(pygame.K_s)  # the same position again
    wait_for_save(drive, scene)
    assert any("in your pack already" in t for t, _ in app.toasts)
    # A damaged pack is never written over.
    own.write_text('{"format": 1, "id": "mine"')
    before = own.read_bytes()
    drive.click(button(scene, "Clear").rect.center)
    pygame.scrap.put_text(shipped.fen)
    drive.key(pygame.K_p)
    drive.key(pygame.K_s)
    wait_for_save(drive, scene)
    assert own.read_bytes() == before
    assert any("needs fixing first" in t for t, _ in app.toasts)


def test_the_ai_still_moves_after_the_analysis_board_used_its_worker(app, drive):
    scene = start_match(app, drive, side=4, red="Human", blue="Club")
    drive.click_cell(scene.match.board.legal_placements()[0])
    # Club is asked once the placement has been drawn, frame by frame: a settle
    # of half a second let a quick answer come and go before the check.
    start = time.monotonic()
    while scene.control.request is None:
        assert scene.match.plies < 2, "Club answered before it was seen thinking"
        assert time.monotonic() - start < 10, "Club was never asked"
        drive.frames(1)
    drive.key(pygame.K_ESCAPE)
    drive.click(button(app.scenes.top, "Analyse this position").rect.center)
    study = app.scenes.top
    drive.key(pygame.K_e)  # the board's question takes the worker over
    start = time.monotonic()
    while study.look.request is not None:
        assert time.monotonic() - start < 60
        drive.frames(1)
        time.sleep(0.01)
    drive.key(pygame.K_ESCAPE)  # back to the pause menu
    drive.key(pygame.K_ESCAPE)  # and to the match
    assert app.scenes.top is scene
    start = time.monotonic()
    while scene.match.plies < 2:
        assert time.monotonic() - start < 60, "the AI never answered"
        drive.frames(1)
        time.sleep(0.01)


def test_the_chain_preview_numbers_every_first_flip(app, drive):
    """Eight tiles can be flipped first here; four of them start only chains that
    end where another first flip's chain ends, and were left out."""
    mfen = "R1RR/BBBRR/RBRBRR/RBRBB1B/BBBB2/RB3/RRRB r"
    scene = open_board(app, drive)
    pygame.scrap.put_text(mfen)
    drive.key(pygame.K_p)  # paste the position
    assert scene.mfen() == mfen
    drive.key(pygame.K_v)
    assert scene.preview
    board = scene.board()
    preview = chain_preview(board)
    names = {board.geometry.names[c] for c in preview}
    assert names == {board.geometry.names[c] for c in board.legal_first_flips()}
    assert {"b2", "b3", "c2", "e2"} <= names and len(names) == 8

    def longest(chain):  # every order, the plain way
        owed = chain.owed()
        return max((longest(chain.flip(n)) for n in owed), default=len(chain.cells))

    assert preview == {c: longest(board.start_chain(c)) for c in board.legal_first_flips()}


def test_the_engines_answer_and_its_state_show_first_in_the_smallest_window(tmp_path):
    """At 640x480 in Large German text the panel has room for a few lines: the
    engine's answer and whether it is still looking deeper come before the
    position's status, the MFEN and the keys, which give way."""
    import json

    from game import i18n
    from game.client.app import App
    from game.play.engine_look import Look

    data = tmp_path / "data"
    data.mkdir()
    (data / "settings.json").write_text(json.dumps({"text_size": "Large", "language": "de"}))
    pygame.init()
    app = App((640, 480), data)
    try:
        board = Board(size=5)
        for k in (0, 8, 30, 45):
            board.push(board.legal_turns()[k])
        scene = AnalysisBoardScene(app, board.position())
        app.scenes.push(scene)
        scene.look.look = Look(board.mfen(), "c3", 1.1, exact=False, deep=False)
        scene.look.request = 10**6  # the deeper look is on its way
        shown = words(scene.draw, app.screen)
        assert "Bester Zug: c3" in shown and "Die Engine schaut tiefer..." in shown
        scene.look.look = Look(board.mfen(), "d2", 0.1, False, True, changed_from="c3")
        scene.look.request = None
        shown = words(scene.draw, app.screen)
        assert "Ein tieferer Blick änderte ihn, vorher c3." in shown
        scene.look.request = None
    finally:
        app.close()
        i18n.set_language("en")


def test_the_smallest_window_offers_e_before_any_answer(tmp_path):
    """At 640x480 in Large text the long line of keys had no room and the panel
    dropped it, so E was never offered: a shorter wording takes its place."""
    with shown(tmp_path, (640, 480), "Large", AnalysisBoardScene) as app:
        scene = app.scenes.top
        offered = [m for m, r in texts(app) if "E: best turn" in m or "E asks" in m]
        assert offered and scene.panel.contains(
            next(r for m, r in texts(app) if m == offered[0])
        ), offered


def test_the_paired_buttons_follow_large_text_at_640x480(tmp_path):
    """Issue 54: at 640x480 the paired buttons ("Kettenvorschau", "Als Rätsel
    speichern") were fitted to a panel too narrow for them, at 17 px in Normal
    and in Large alike. The panel gives them the room their labels need at the
    text size: Large draws them larger than Normal, and each at least a text
    size above the one below it (the tour's check finds none)."""
    import json

    from game import i18n
    from game.client import theme
    from game.client.app import App
    from game.client.scripted.checks import below_the_text_size, controls_of, look

    for language in ("de", "es", "en"):
        drawn: dict[str, dict[str, int]] = {}
        for text_size in ("Normal", "Large"):
            data = tmp_path / f"{language}-{text_size}"
            data.mkdir()
            settings = {"text_size": text_size, "language": language}
            (data / "settings.json").write_text(json.dumps(settings))
            pygame.init()
            app = App((640, 480), data)
            try:
                scene = AnalysisBoardScene(app)
                app.scenes.reset(scene)
                seen = look(app)
                assert seen is not None
                found = below_the_text_size(seen.scene, seen, controls_of(scene))
                assert found == [], found
                labels = {i18n._(b.label) for b in scene.pairs}
                drawn[text_size] = {m: p for m, _r, _b, p in seen.texts if m in labels}
                assert len(drawn[text_size]) == len(labels), drawn
            finally:
                app.close()
                i18n.set_language("en")
                theme.set_text_size("Normal")
        assert all(drawn["Large"][m] > p for m, p in drawn["Normal"].items()), drawn
