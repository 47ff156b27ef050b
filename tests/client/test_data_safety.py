"""Nothing a player has is lost (issue 12): the match in progress, saved games,
settings and progress survive loading, reviewing, saving, quitting and bad files.

Driven through the real scenes with posted events, as a player would."""

import json

import pygame
import pytest

from game.client.app import App
from game.client.scenes.confirm import ConfirmScene
from game.client.scenes.game_over import GameOverScene
from game.client.scenes.match_scene import CURRENT, MatchScene
from game.client.scenes.setup import SetupScene
from game.client.scenes.title import TitleScene
from game.play.match import Match
from game.play.match_end import rematch_banner_seconds
from game.play.settings import Settings
from game.play.settings import load as load_settings
from game.rules import BLUE, RED

from .drawn import drawn
from .test_scenes import button, saved_button, start_match
from .tours import IMAGES, PLAYER, files, group, languages


def finished_record(side=3, seed=2):
    """A whole hot-seat game as a record, played with random legal turns."""
    import random

    rng = random.Random(seed)
    m = Match(side, "Human", "Human")
    while not m.over:
        m.play(rng.choice(m.board.legal_turns()))
    return m.record()


def in_progress(app, drive):
    """A Human-Master match with one turn played, kept as the match in progress."""
    scene = start_match(app, drive, side=4, red="Human", blue="Master")
    scene.cancel_ai()
    drive.click_cell(scene.match.board.legal_placements()[0])
    scene.cancel_ai()
    saved = (app.data / CURRENT).read_text()
    assert json.loads(saved)["blue"] == "Master"
    app.scenes.reset(TitleScene(app))
    drive.frames(2)
    return saved


def open_saved(app, drive, stem):
    drive.click(button(app.scenes.top, "Play").rect.center)
    drive.click(button(app.scenes.top, "Load").rect.center)
    drive.click(saved_button(app.scenes.top, stem).rect.center)
    return app.scenes.top


def test_reviewing_a_loaded_game_keeps_the_match_in_progress(app, drive):
    saved = in_progress(app, drive)
    games = app.data / "games"
    games.mkdir()
    (games / "mosaic-finished.json").write_text(json.dumps(finished_record()))
    loaded = open_saved(app, drive, "mosaic-finished")
    assert isinstance(loaded, MatchScene) and loaded.match.over and not loaded.current
    drive.key(pygame.K_u)  # the steps from the bug report: Undo once, then Menu
    drive.frames(2)
    drive.click(loaded.panel.menu.rect.center)  # the pause menu, then leave
    drive.click(button(app.scenes.top, "Leave").rect.center)
    assert (app.data / CURRENT).read_text() == saved
    drive.click(button(app.scenes.top, "Continue").rect.center)
    resumed = app.scenes.top
    assert resumed.match.players[BLUE] == "Master" and len(resumed.match.board.turn_stack) == 1


def test_playing_on_in_a_loaded_game_asks_before_it_replaces_the_match(app, drive):
    saved = in_progress(app, drive)
    record = finished_record()
    record["turns"] = record["turns"][:4]
    (app.data / "games").mkdir()
    (app.data / "games" / "mosaic-half.json").write_text(json.dumps(record))
    loaded = open_saved(app, drive, "mosaic-half")
    before = loaded.match.board.mfen()
    drive.click_cell(loaded.match.board.legal_placements()[0])
    question = app.scenes.top
    assert isinstance(question, ConfirmScene) and "Replace" in question.question
    assert loaded.match.board.mfen() == before  # nothing happens until the player answers
    drive.click(question.no_button.rect.center)  # Keep it
    assert app.scenes.top is loaded and (app.data / CURRENT).read_text() == saved
    assert "kept" in loaded.status[0]
    cell = loaded.match.board.legal_placements()[0]
    drive.click_cell(cell)
    drive.key(pygame.K_y)  # Replace
    assert loaded.current and loaded.match.board.tile_at(cell) is not None
    assert json.loads((app.data / CURRENT).read_text())["turns"][:4] == record["turns"]


def test_a_loaded_game_with_no_match_in_progress_plays_on_without_asking(app, drive):
    record = finished_record()
    record["turns"] = record["turns"][:2]
    (app.data / "games").mkdir()
    (app.data / "games" / "mosaic-two.json").write_text(json.dumps(record))
    app.scenes.reset(TitleScene(app))
    drive.frames(2)
    loaded = open_saved(app, drive, "mosaic-two")
    drive.click_cell(loaded.match.board.legal_placements()[0])
    assert app.scenes.top is loaded and loaded.current
    assert len(json.loads((app.data / CURRENT).read_text())["turns"]) == 3


def test_a_new_match_and_a_rematch_ask_before_replacing_the_match(app, drive):
    saved = in_progress(app, drive)
    drive.click(button(app.scenes.top, "Play").rect.center)
    drive.click(button(app.scenes.top, "Start").rect.center)
    assert isinstance(app.scenes.top, ConfirmScene)
    drive.key(pygame.K_ESCAPE)  # Cancel
    assert isinstance(app.scenes.top, SetupScene)
    assert (app.data / CURRENT).read_text() == saved
    drive.click(button(app.scenes.top, "Start").rect.center)
    drive.key(pygame.K_y)  # Replace (Enter: the focused Cancel)
    assert isinstance(app.scenes.top, MatchScene) and app.scenes.top.current

    # Rematch from a reviewed game while another match is in progress asks too.
    (app.data / CURRENT).write_text(saved)
    (app.data / "games").mkdir()
    (app.data / "games" / "mosaic-over.json").write_text(json.dumps(finished_record()))
    app.scenes.reset(TitleScene(app))
    drive.frames(2)
    loaded = open_saved(app, drive, "mosaic-over")
    loaded.finish()
    drive.settle(2.0)
    panel = app.scenes.top
    assert isinstance(panel, GameOverScene)
    drive.click(next(b for b in panel.controls if b.label == "Rematch").rect.center)
    assert isinstance(app.scenes.top, ConfirmScene)
    drive.key(pygame.K_n)
    assert (app.data / CURRENT).read_text() == saved


def test_the_replaced_match_is_said_to_be_dropped_and_is(app, drive):
    """Play-test: the question did not say what becomes of the replaced match.
    It says: not rated, not in History, not to be continued; and so it is."""
    from game.play.ai_rating import FILE
    from game.play.history import FOLDER

    in_progress(app, drive)
    drive.click(button(app.scenes.top, "Play").rect.center)
    drive.click(button(app.scenes.top, "Start").rect.center)
    question = app.scenes.top
    assert isinstance(question, ConfirmScene)
    detail = question.detail
    assert "not rated" in detail and "not go in your History" in detail
    assert "cannot be continued" in detail
    drive.key(pygame.K_y)  # Replace
    fresh = app.scenes.top
    assert isinstance(fresh, MatchScene)
    fresh.cancel_ai()
    drive.click_cell(fresh.match.board.legal_placements()[0])
    fresh.cancel_ai()
    kept = json.loads((app.data / CURRENT).read_text())
    assert kept["turns"] == fresh.match.all_moves()  # the new match's, not the old
    assert not (app.data / FILE).exists() and not (app.data / FOLDER).exists()


@pytest.mark.parametrize("language", languages())
def test_the_replace_question_fits_at_640x480_large(tmp_path, language):
    from game.client.scripted.checks import text_problems
    from game.client.scripted.tour import Driver

    from .screens import large_at_640

    with large_at_640(tmp_path, language) as app:
        drive = Driver(app)
        (app.data / CURRENT).write_text(json.dumps(finished_record() | {"turns": ["c3"]}))
        app.scenes.reset(SetupScene(app))
        drive.frames(2)
        app.scenes.top.start()
        drive.frames(2)
        assert isinstance(app.scenes.top, ConfirmScene)
        assert text_problems(app) == []


def test_rematch_swaps_the_colours(app, drive):
    scene = start_match(app, drive, side=3, red="Human", blue="Club")
    scene.cancel_ai()
    scene.finish()
    drive.settle(1.0)
    panel = app.scenes.top
    drive.click(next(b for b in panel.controls if b.label == "Rematch").rect.center)
    fresh = app.scenes.top
    assert fresh.match.players == {RED: "Club", BLUE: "Human"}
    fresh.cancel_ai()
    # Said, not left to be found out (play-test): over the board, then above it.
    drive.frames(2)
    assert fresh.notices.get("banner").text == "Rematch: you play Blue"
    assert "Rematch: you play Blue" in [m for m, _r in drawn(lambda _s: app.draw(), app.screen)]
    drive.settle(rematch_banner_seconds(fresh.match) + 0.5)
    assert fresh.notices.get("banner") is None  # a banner, not a card to put away


def test_quitting_from_the_title_asks_first(app, drive):
    app.scenes.reset(TitleScene(app))
    drive.frames(2)
    drive.key(pygame.K_ESCAPE)
    assert isinstance(app.scenes.top, ConfirmScene) and app.running
    drive.key(pygame.K_ESCAPE)  # no
    assert isinstance(app.scenes.top, TitleScene) and app.running
    drive.click(button(app.scenes.top, "Quit").rect.center)
    drive.key(pygame.K_y)  # yes
    assert not app.running


def test_two_saves_in_the_same_second_make_two_files(app, drive):
    scene = start_match(app, drive, side=3)
    drive.click_cell(0)
    save = scene.panel.save
    drive.click(save.rect.center)
    first = sorted((app.data / "games").iterdir())
    drive.click(save.rect.center)
    before = {f.name for f in (app.data / "games").iterdir()}
    drive.click(save.rect.center)
    files = sorted((app.data / "games").iterdir())
    assert len(files) == 3 and first[0] in files
    assert all(json.loads(f.read_text())["turns"] for f in files)
    # The status names the file this save wrote, not an earlier one.
    (newest,) = {f.name for f in files} - before
    assert scene.status[0] == f"Saved as {newest}.", scene.status


@pytest.mark.parametrize(
    "content, reason",
    [
        ("null", "no data"),
        ("", "empty"),
        ("[" * 100_000 + "]" * 100_000, "nested"),
        ('{"format": 1, "side": ' + "9" * 5000 + "}", "cannot be read"),
        (b"\xff\xfe{}", "UTF-8"),
        ('{"format": 1, "side": NaN}', "NaN"),
    ],
)
def test_a_bad_match_in_progress_is_set_aside_with_a_message(app, drive, content, reason):
    path = app.data / CURRENT
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content)
    app.scenes.reset(TitleScene(app))
    drive.frames(2)
    drive.click(button(app.scenes.top, "Continue").rect.center)
    assert isinstance(app.scenes.top, TitleScene)
    assert reason in app.toasts[-1][0] and "match in progress" in app.toasts[-1][0]
    assert not path.exists()
    assert any(p.name.startswith(CURRENT + ".corrupt-") for p in app.data.iterdir())
    assert not button(app.scenes.top, "Continue").enabled


def test_a_saved_game_holding_null_says_so(app, drive):
    (app.data / "games").mkdir()
    (app.data / "games" / "mosaic-null.json").write_text("null")
    app.scenes.reset(TitleScene(app))
    drive.frames(2)
    open_saved(app, drive, "mosaic-null")
    assert "no data" in app.toasts[-1][0] and "gone" not in app.toasts[-1][0]
    assert any(
        p.name.startswith("mosaic-null.json.corrupt-") for p in (app.data / "games").iterdir()
    )


@pytest.mark.parametrize(
    "content",
    [
        "[" * 100_000,
        '{"volume": ' + "1" * 5000 + "}",
        '{"volume": Infinity}',
        '{"volume": 1e999}',
        '{"board_side": 5.5}',
        '{"board_side": 99}',
        '{"speed": true}',
        "[1, 2]",
    ],
)
def test_bad_settings_never_stop_the_game(tmp_path, content):
    data = tmp_path / "data"
    data.mkdir()
    (data / "settings.json").write_text(content)
    pygame.init()
    app = App((800, 600), data)
    try:
        assert app.settings == Settings()
        assert app.toasts and "settings" in app.toasts[0][0]
        assert any(p.name.startswith("settings.json.corrupt-") for p in data.iterdir())
    finally:
        app.close()
        pygame.quit()


def test_an_unknown_player_in_settings_falls_back_and_start_works(app, drive):
    (app.data / "settings.json").write_text(
        json.dumps({"red_player": "Bogus", "volume": 0.25, "board_side": 4})
    )
    settings, message = load_settings(app.data)
    assert settings.red_player == "Human" and settings.volume == 0.25 and settings.board_side == 4
    assert "'Bogus' is not a player this version knows" in message
    app.settings = settings
    app.scenes.reset(TitleScene(app))
    drive.frames(2)
    drive.click(button(app.scenes.top, "Play").rect.center)
    drive.click(button(app.scenes.top, "Start").rect.center)
    scene = app.scenes.top
    assert isinstance(scene, MatchScene) and scene.match.players[RED] == "Human"


@pytest.mark.slow
@group(IMAGES[0], IMAGES[2])
def test_the_screenshot_tour_leaves_the_players_data_alone(tours):
    """Every run of the tour finds a player's data folder where the game looks for
    it (``MOSAIC_DATA_DIR``): it plays its matches and puzzles in its own."""
    run = tours(*IMAGES)
    assert CURRENT in run.player_before and run.player_after == run.player_before


def test_the_screenshot_command_tours_in_a_folder_of_its_own(tmp_path, monkeypatch, capsys):
    """``mosaic --screenshots`` hands the tour a throwaway data folder, never the
    player's (the tour itself is checked on the tests' runs, above)."""
    from game.__main__ import main
    from game.client.scripted import tour

    player = tmp_path / "player"
    player.mkdir()
    for name, text in PLAYER.items():
        (player / name).write_text(text)
    before = files(player)
    monkeypatch.setenv("MOSAIC_DATA_DIR", str(player))
    toured = []

    def played(app, folder):
        toured.append(app.data)
        (app.data / CURRENT).write_text(PLAYER[CURRENT].replace("a1", "b2"))  # as a match would
        app.close()
        return [folder / "01-title.png"]

    monkeypatch.setattr(tour, "tour", played)
    assert main(["--screenshots", str(tmp_path / "shots")]) == 0
    assert "wrote 1 screenshots" in capsys.readouterr().out
    assert toured and toured[0] != player and not toured[0].exists(), "a folder of its own, gone"
    assert files(player) == before


def test_a_crash_before_the_first_window_is_logged_and_told(tmp_path, monkeypatch, capsys):
    """A settings file the loader has never seen still cannot stop the game, and
    a bug before the window opens (here: planted in the app's constructor) ends
    in a plain message and a log, never a traceback."""
    from game.__main__ import main

    data = tmp_path / "data"
    data.mkdir()
    (data / "settings.json").write_text('{"fullscreen": ' + "[" * 50 + "]" * 50 + "}")
    try:
        assert main(["--first-frame", "--data-dir", str(data)]) == 0
    finally:
        pygame.quit()
    assert "Traceback" not in capsys.readouterr().err
    assert any(p.name.startswith("settings.json.corrupt-") for p in data.iterdir())

    def boom(*args, **kwargs):
        raise RuntimeError("planted bug")

    monkeypatch.setattr(App, "__init__", boom)
    assert main(["--data-dir", str(data)]) == 1
    err = capsys.readouterr().err
    assert "Traceback" not in err and "stopped because of a bug" in err
    (log,) = data.glob("crash-*.log")
    assert "planted bug" in log.read_text()


def test_resigning_a_saved_game_asks_first_and_looking_never_writes_history(app, drive):
    from game.client.scenes.pause import PauseScene
    from game.play.history import entries

    saved = in_progress(app, drive)
    games = app.data / "games"
    games.mkdir()
    record = json.loads(saved)  # an unfinished game, saved: Red, a person, to move
    (games / "mosaic-unfinished.json").write_text(json.dumps(record))
    loaded = open_saved(app, drive, "mosaic-unfinished")
    assert isinstance(loaded, MatchScene) and not loaded.current and not loaded.match.over
    drive.key(pygame.K_ESCAPE)
    assert isinstance(app.scenes.top, PauseScene)
    drive.click(button(app.scenes.top, "Resign").rect.center)
    drive.key(pygame.K_y)  # yes, resign...
    ask = app.scenes.top
    assert isinstance(ask, ConfirmScene) and ask.question == "Give up your match in progress?"
    # It says what resigning does, not what playing on would.
    assert "Resigning ends this saved game" in ask.detail and "Playing on" not in ask.detail
    drive.click(button(ask, "Keep it").rect.center)  # ...but keep the match in progress
    assert app.scenes.top is loaded and loaded.match.resigned is None
    assert entries(app.data)[0] == [] and (app.data / CURRENT).read_text() == saved
    # Said yes to both, the saved game is the match in progress, resigned and kept.
    drive.key(pygame.K_ESCAPE)
    drive.click(button(app.scenes.top, "Resign").rect.center)
    drive.key(pygame.K_y)
    drive.click(button(app.scenes.top, "Resign").rect.center)
    drive.settle(1.0)
    assert loaded.match.resigned is not None
    assert len(entries(app.data)[0]) == 1


def test_every_saved_game_is_reached_a_page_at_a_time(app, drive):
    from game.client.scenes.setup import LoadScene

    games = app.data / "games"
    games.mkdir(parents=True)
    stems = [f"mosaic-202611{day:02d}-120000" for day in range(1, 13)]
    for stem in stems:  # twelve: the list once stopped at the ten newest
        (games / f"{stem}.json").write_text(json.dumps(finished_record()))
    app.scenes.reset(TitleScene(app))
    drive.frames(2)
    drive.click(button(app.scenes.top, "Play").rect.center)
    drive.click(button(app.scenes.top, "Load").rect.center)
    load = app.scenes.top
    assert isinstance(load, LoadScene)
    seen = []
    for _ in range(3):
        seen += [c.path.stem for c in load.controls if getattr(c, "path", None)]
        older = next((c for c in load.controls if getattr(c, "label", "") == "Older games"), None)
        if older is None or not older.enabled:
            break
        drive.click(older.rect.center)
    assert seen == sorted(stems, reverse=True)  # every one, newest first
    assert "of 12" in load.subtitle
    drive.click(saved_button(load, stems[0]).rect.center)  # the oldest opens
    assert isinstance(app.scenes.top, MatchScene)
