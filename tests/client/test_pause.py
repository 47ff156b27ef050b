"""The match's pause menu: resume, settings, save, resign, leave."""

import json

import pygame
import pytest

from game.client import theme
from game.client.scenes.confirm import ConfirmScene
from game.client.scenes.game_over import GameOverScene
from game.client.scenes.match_scene import CURRENT, MatchScene
from game.client.scenes.pause import PauseScene
from game.client.scenes.settings_scene import SettingsScene
from game.client.scenes.title import TitleScene
from game.client.scripted.tour import game_until
from game.play.match import Match
from game.rules import BLUE, RED

from .drawn import drawn
from .screens import large_at_640
from .test_scenes import button, start_match
from .tours import languages


def test_escape_pauses_and_resumes_and_settings_are_reachable(app, drive):
    scene = start_match(app, drive, side=4, red="Human", blue="Human")
    drive.click_cell(scene.match.board.legal_placements()[0])
    drive.key(pygame.K_ESCAPE)
    pause = app.scenes.top
    assert isinstance(pause, PauseScene) and "Red: Human" in pause.subtitle
    drive.click(button(pause, "Settings").rect.center)
    assert isinstance(app.scenes.top, SettingsScene)
    drive.key(pygame.K_ESCAPE)
    assert app.scenes.top is pause
    drive.key(pygame.K_ESCAPE)  # Resume
    assert app.scenes.top is scene and len(scene.match.board.turn_stack) == 1


def test_save_from_the_pause_menu_says_where(app, drive):
    scene = start_match(app, drive, side=3)
    drive.click_cell(0)
    drive.click(scene.panel.menu.rect.center)
    drive.click(button(app.scenes.top, "Save game").rect.center)
    (saved,) = (app.data / "games").iterdir()
    pause = app.scenes.top
    assert saved.name in pause.subtitle
    # Said in the dialog only: the match's own line under it peeked over the
    # dialog's top edge (a Windows play-test).
    theme.drawn_texts = []
    try:
        app.draw()
        said = [r for _s, m, r, _b in theme.drawn_texts if "Saved as" in m]
    finally:
        theme.drawn_texts = None
    dialog = app.screen.get_rect().inflate(-40, -40)
    assert said and all(dialog.contains(r) for r in said), (said, dialog)


def resign(app, drive, scene: MatchScene, label: str = "Resign") -> GameOverScene:
    """Resign ``scene``'s match from its menu (its button ``label``), answering
    yes: the result card."""
    drive.click(scene.panel.menu.rect.center)
    drive.click(button(app.scenes.top, label).rect.center)
    drive.key(pygame.K_y)
    drive.settle(1.5)
    over = app.scenes.top
    assert isinstance(over, GameOverScene)
    return over


def test_resigning_ends_the_match_and_undo_takes_it_back(app, drive):
    scene = start_match(app, drive, side=4, red="Human", blue="Club")
    drive.click_cell(scene.match.board.legal_placements()[0])
    scene.cancel_ai()
    assert (app.data / CURRENT).exists()
    over = resign(app, drive, scene)
    assert scene.match.resigned is RED and scene.match.winner() is BLUE
    assert not (app.data / CURRENT).exists()  # a finished match is not kept
    record = scene.match.record()
    assert record["resigned"] == "red" and record["result"] == "blue"
    again = Match.from_record(json.loads(json.dumps(record)))
    assert again.over and again.winner() is BLUE
    drive.click(next(b for b in over.controls if b.label == "See board").rect.center)
    drive.click(scene.panel.undo.rect.center)
    assert scene.match.resigned is None and not scene.match.over


def test_leaving_keeps_the_match_for_continue(app, drive):
    start_match(app, drive, side=3)
    drive.click_cell(0)
    drive.key(pygame.K_ESCAPE)
    drive.click(button(app.scenes.top, "Leave").rect.center)
    assert isinstance(app.scenes.top, TitleScene)
    drive.click(button(app.scenes.top, "Continue").rect.center)
    assert isinstance(app.scenes.top, MatchScene) and app.scenes.top.match.board.turn_stack


def finish_a_game(app, drive, **kwargs) -> MatchScene:
    """A side-4 game between two people, its last turn clicked: the result shows."""
    turns, last = game_until(4, 1, ends_the_game)
    match = Match(4, "Human", "Human")
    for turn in turns:
        if turn.cells:  # the match plays forced passes by itself
            match.play(turn)
    scene = MatchScene(app, match, **kwargs)
    app.scenes.push(scene)
    drive.frames(2)
    for cell in last.cells:  # the last turn, clicked: the game ends and is kept
        drive.click_cell(cell)
    drive.settle(1.5)
    return scene


def ends_the_game(board, turn) -> bool:
    board.push(turn)
    try:
        return board.is_game_over()
    finally:
        board.pop()


def test_a_finished_game_looked_back_over_cannot_be_resigned(app, drive):
    from game.play.history import entries

    scene = finish_a_game(app, drive)
    over = app.scenes.top
    assert isinstance(over, GameOverScene)
    kept, _ = entries(app.data)
    assert len(kept) == 1
    drive.click(next(b for b in over.controls if b.label == "See board").rect.center)
    for _ in range(3):
        drive.key(pygame.K_LEFT)
    assert not scene.match.over  # an earlier position, shown
    # Nobody is to move in a finished game looked back over, and no hint is offered.
    assert scene.turn_line()[0].startswith("Looking back: after turn")
    assert scene.panel.hint.label == "Result"  # the card again, not a hint
    drive.key(pygame.K_ESCAPE)
    pause = app.scenes.top
    assert isinstance(pause, PauseScene)
    labels = [b.label for b in pause.controls]
    assert "Resign" not in labels  # not even greyed: a finished game has no Resign
    assert "Analyse the game" in labels  # the way back to the game's analysis
    assert scene.match.resigned is None
    assert scene.match.resign(scene.match.board.mover) == []  # nor through the model
    assert [e.result for e in entries(app.data)[0]] == [kept[0].result]


def test_the_panel_s_pause_button_and_the_result_s_title_button_say_where_they_go(app, drive):
    """Issue 54, item 6: "Menu" in the side panel opened the pause menu, and "Menu"
    on the result card went to the title: one name, two places. Each says where
    it leads, and leads there, even from a game opened over History."""
    from game.client.scenes.history_scene import HistoryScene

    scene = start_match(app, drive, side=3)
    panel_button = next(b for b in scene.panel.controls if b.key == pygame.K_ESCAPE)
    assert panel_button.label == "Pause"
    drive.click(panel_button.rect.center)
    assert isinstance(app.scenes.top, PauseScene)
    drive.key(pygame.K_ESCAPE)  # Resume
    assert app.scenes.top is scene

    app.scenes.reset(TitleScene(app))
    app.scenes.push(HistoryScene(app))
    finish_a_game(app, drive, current=False)
    over = app.scenes.top
    assert isinstance(over, GameOverScene)
    leave = next(b for b in over.controls if b.key == pygame.K_t)
    assert leave.label == "Title screen"
    drive.click(leave.rect.center)
    assert isinstance(app.scenes.top, TitleScene)


def test_a_toast_waits_for_the_pause_menu_to_close(app, drive):
    """A Windows play-test saw a toast over the pause dialog: it waits, unseen and
    its time not running, and shows once the dialog is closed."""
    from tests.client.drawn import words

    scene = start_match(app, drive, side=3)
    drive.key(pygame.K_ESCAPE)
    pause = app.scenes.top
    assert isinstance(pause, PauseScene)
    app.toast("Something to read.", seconds=2.0)
    drive.settle(3.0)
    assert "Something to read." not in words(lambda _s: app.draw(), app.screen)
    drive.key(pygame.K_ESCAPE)  # Resume
    assert app.scenes.top is scene
    assert "Something to read." in words(lambda _s: app.draw(), app.screen)
    drive.settle(2.5)
    assert app.toasts == []  # then it goes, in its own time


def test_nothing_of_the_match_shows_round_the_pause_menu(app, drive):
    """Issue 54 (continued), item 3: the match's top line peeked over the pause
    dialog's edge, through the veil round it."""
    scene = start_match(app, drive, side=4, red="Human", blue="Human")
    drive.key(pygame.K_ESCAPE)
    assert isinstance(app.scenes.top, PauseScene)
    shots = []
    for line in ("", "Nothing to take back. Nothing to take back. Nothing to take back."):
        scene.say(line, theme.TEXT, 0)
        app.draw()
        shots.append(pygame.image.tobytes(app.screen, "RGB"))
    assert shots[0] == shots[1]


def test_esc_puts_the_result_away_and_the_panel_s_result_brings_it_back(app, drive):
    """Issue 54 (continued), item 8: Esc closed the result card and nothing led
    back to it."""
    scene = finish_a_game(app, drive)
    assert isinstance(app.scenes.top, GameOverScene)
    drive.key(pygame.K_ESCAPE)
    assert app.scenes.top is scene and scene.match.over  # the final board, to look at
    drive.settle(1.0)
    assert app.scenes.top is scene  # it stays away
    result = scene.panel.hint
    assert result is not None and result.label == "Result" and result.enabled
    drive.click(result.rect.center)
    assert isinstance(app.scenes.top, GameOverScene)


def test_at_640x480_the_result_leaves_both_lines_over_the_board_in_view(app, drive):
    """Issue 54 (continued), item 10: the result card covered the second of the
    two lines over the board ("...: 1 Stein / genommen.")."""
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=640, h=480, size=(640, 480)))
    drive.frames(2)
    scene = finish_a_game(app, drive)
    over = app.scenes.top
    assert isinstance(over, GameOverScene) and app.size == (640, 480)
    scene.say(
        "Blue flipped b5, b6, c6 and d7: a chain of four tiles, and two groups joined.", seconds=0
    )
    lines = [r for _m, r in drawn(scene.draw_top, app.screen.copy())]
    assert lines
    assert all(r.bottom <= over.box.top for r in lines), (lines, over.box)
    assert app.screen.get_rect().contains(over.box)


def test_a_finished_games_menu_pauses_nothing_and_keeps_analysis_save_and_leave(app, drive):
    """A play-test: "Pause" and a menu titled "Paused" with "Resume" were offered
    on a finished game, where nothing is under way to pause."""
    scene = finish_a_game(app, drive)
    assert isinstance(app.scenes.top, GameOverScene)
    drive.click(next(b for b in app.scenes.top.controls if b.label == "See board").rect.center)
    drive.frames(2)
    assert app.scenes.top is scene and scene.match.finished
    assert scene.panel.menu.label == "Menu"
    assert "Pause" not in [m for m, _r in drawn(lambda _s: app.draw(), app.screen)]
    drive.click(scene.panel.menu.rect.center)
    menu = app.scenes.top
    assert isinstance(menu, PauseScene) and menu.title == "Game over"
    labels = [b.label for b in menu.controls]
    assert labels[0] == "Back to the board"
    assert not {"Resume", "Resign"} & set(labels)
    assert {"Analyse the game", "Save game", "Leave to the title screen"} <= set(labels)
    texts = [m for m, _r in drawn(lambda _s: app.draw(), app.screen)]
    assert "Game over" in texts and "Paused" not in texts
    drive.key(pygame.K_ESCAPE)  # back to the board
    assert app.scenes.top is scene


def resign_before_a_turn(app, drive) -> tuple[MatchScene, GameOverScene]:
    """A side-4 match against Club, resigned from the menu before any turn."""
    scene = start_match(app, drive, side=4, red="Human", blue="Club")
    return scene, resign(app, drive, scene, "Call off")


def test_the_menu_says_call_off_until_the_persons_first_turn(app, drive):
    """Play-test: the menu said Resign before a first turn, and the result card
    then said the game was not rated: the menu and its question say Call off."""
    scene = start_match(app, drive, side=4, red="Human", blue="Human")
    drive.key(pygame.K_ESCAPE)
    pause = app.scenes.top
    assert isinstance(pause, PauseScene)
    labels = [b.label for b in pause.controls]
    assert "Call off" in labels and "Resign" not in labels
    drive.click(button(pause, "Call off").rect.center)
    ask = app.scenes.top
    assert isinstance(ask, ConfirmScene) and ask.question == "Call off this game?"
    said = [m for m, _r in drawn(lambda _s: app.draw(), app.screen)]
    assert "Call off this game?" in said and "Call off" in said
    drive.key(pygame.K_ESCAPE)  # no
    drive.key(pygame.K_ESCAPE)  # Resume
    assert app.scenes.top is scene
    drive.click_cell(scene.match.board.legal_placements()[0])  # Red's first turn
    drive.key(pygame.K_ESCAPE)
    labels = [b.label for b in app.scenes.top.controls]
    assert "Call off" in labels  # Blue, to move, has played none of its own
    drive.key(pygame.K_ESCAPE)
    drive.click_cell(scene.match.board.legal_placements()[0])  # Blue's first turn
    drive.key(pygame.K_ESCAPE)
    labels = [b.label for b in app.scenes.top.controls]
    assert "Resign" in labels and "Call off" not in labels


def test_resigning_before_a_turn_is_not_rated_and_the_result_says_so(app, drive):
    """Play-test: five resigns before a first turn pushed a new player's rating
    against the AI to its floor."""
    scene, over = resign_before_a_turn(app, drive)
    assert scene.match.resigned is RED
    said = "Called off before you played a turn: not rated, not in History."
    assert said in [line[0] for line in over.lines()]
    assert said in [m for m, _r in drawn(over.draw, app.screen)]
    assert not (app.data / "ai_rating.json").exists() and not (app.data / "history").exists()


def test_a_called_off_game_has_no_winner_and_nothing_to_analyse(app, drive):
    """Play-test: the card of a called-off game read "Blue wins", the side panel
    "Red resigned: Blue wins.", and its Analyse opened an empty analysis."""
    scene, over = resign_before_a_turn(app, drive)
    said = [m for m, _r in drawn(over.draw, app.screen)]
    assert "Called off" in said and "Red called the game off." in said
    assert not any("wins" in m or "resigned" in m for m in said)
    labels = [b.label for b in over.controls]
    assert labels == ["Rematch", "See board", "Title screen"]
    drive.key(pygame.K_a)  # Analyse's key: nothing to analyse
    assert app.scenes.top is over
    help_rows = dict(app.pads.rows(over))  # nor does the controller's help offer it
    assert "analyse the game" not in help_rows.values() and help_rows["A"] == "rematch"
    drive.key(pygame.K_RIGHT)  # the d-pad still walks the buttons left
    drive.key(pygame.K_RIGHT)
    assert [b.focused for b in over.controls] == [False, True, False]
    drive.key(pygame.K_RETURN)  # See board
    assert app.scenes.top is scene
    status = "Red called the game off: it does not count."
    assert status in [m for m, _r in drawn(lambda _s: app.draw(), app.screen)]
    saving = [b for b in scene.panel.controls if b.label == "Save game"]
    assert len(saving) == 1 and not saving[0].enabled  # the panel keeps nothing either
    drive.key(pygame.K_ESCAPE)
    labels = [b.label for b in app.scenes.top.controls]
    assert isinstance(app.scenes.top, PauseScene)
    assert "Analyse the game" not in labels and "Save game" not in labels


@pytest.mark.parametrize("language", languages())
def test_the_note_of_a_game_resigned_before_a_turn_fits_at_640x480_large(tmp_path, language):
    from game.client.scripted.checks import text_problems
    from game.client.scripted.tour import Driver

    with large_at_640(tmp_path, language) as app:
        drive = Driver(app)
        scene, over = resign_before_a_turn(app, drive)
        assert over.note[0] and scene.match.called_off
        assert text_problems(app) == []
        drive.key(pygame.K_ESCAPE)  # the board, its status saying so
        assert app.scenes.top is scene
        assert text_problems(app) == []


@pytest.mark.parametrize("language", languages())
def test_the_call_off_menu_and_question_fit_at_640x480_large(tmp_path, language):
    from game.client.scripted.checks import text_problems
    from game.client.scripted.tour import Driver

    with large_at_640(tmp_path, language) as app:
        drive = Driver(app)
        scene = start_match(app, drive, side=4, red="Human", blue="Club")
        drive.click(scene.panel.menu.rect.center)
        assert text_problems(app) == []
        drive.click(button(app.scenes.top, "Call off").rect.center)
        assert isinstance(app.scenes.top, ConfirmScene)
        assert text_problems(app) == []


@pytest.mark.parametrize("language", ["en", "de", "fr", "es", "it"])
def test_a_card_called_off_before_any_turn_lists_no_counts(tmp_path, language):
    """Play-test: the card listed "0 tiles / 0 tiles / 0 turns"; they go, and
    what is left fits at 640x480 in Large."""
    from game.client.scripted.checks import text_problems
    from game.client.scripted.tour import Driver
    from game.i18n import _

    from .screens import large_at_640

    with large_at_640(tmp_path, language) as app:
        drive = Driver(app)
        _scene, over = resign_before_a_turn(app, drive)
        lines = [line[0] for line in over.lines()]
        assert lines[:2] == [
            _("Called off"),
            _("{side} called the game off.").format(side=_("Red")),
        ]
        assert not [line for line in lines if "0" in line]
        assert text_problems(app) == []


@pytest.mark.parametrize("language", languages())
def test_the_menu_says_what_call_off_means_whole_at_640x480_large(tmp_path, language):
    """Play-test: "Resign" became "Call off" ("Partie abbrechen") before the
    person had moved, with no word why: a muted line under the title says it."""
    from game.client.scripted.checks import text_problems
    from game.client.scripted.tour import Driver
    from game.i18n import _

    with large_at_640(tmp_path, language) as app:
        drive = Driver(app)
        scene = start_match(app, drive, side=4, red="Human", blue="Club")
        drive.key(pygame.K_ESCAPE)
        pause = app.scenes.top
        assert isinstance(pause, PauseScene)
        meaning = _("A game called off before your first turn is not rated or kept in History.")
        said = " ".join(m for m, _r in drawn(lambda _s: app.draw(), app.screen))
        assert " ".join(meaning.split()) in " ".join(said.split())
        buttons = [b.rect for b in pause.controls]
        assert not any(pause.boxes["note"].colliderect(r) for r in buttons)
        assert text_problems(app) == []
        drive.key(pygame.K_ESCAPE)  # Resume, and the person's first turn
        drive.click_cell(scene.match.board.legal_placements()[0])
        drive.key(pygame.K_ESCAPE)
        said = " ".join(m for m, _r in drawn(lambda _s: app.draw(), app.screen))
        assert app.scenes.top.meaning() == "" and "first turn" not in said


@pytest.mark.parametrize("text_size", ["Normal", "Large"])
def test_what_call_off_means_grows_with_the_window(tmp_path, text_size):
    """Play-test at 1280x800: the line under the subtitle read small beside the
    large buttons. It follows the window as the title screen's note does."""
    from game.client.app import App
    from game.client.scenes.pause import NOTE_SIZE
    from game.client.scripted.checks import look, text_problems
    from game.client.scripted.tour import Driver

    seen_px = {}
    for size in ((640, 480), (1280, 800)):
        data = tmp_path / f"{size[0]}"
        data.mkdir()
        (data / "settings.json").write_text(json.dumps({"text_size": text_size}))
        pygame.init()
        app = App(size, data)
        try:
            drive = Driver(app)
            start_match(app, drive, side=4, red="Human", blue="Club")
            drive.key(pygame.K_ESCAPE)
            pause = app.scenes.top
            assert isinstance(pause, PauseScene) and pause.meaning()
            seen = look(app)
            assert seen is not None
            seen_px[size] = {p for m, _r, _b, p in seen.texts if m in pause.meaning()}
            assert text_problems(app, seen) == []
        finally:
            app.close()
    with theme.measured_as(text_size):
        assert seen_px[(640, 480)] == {theme.px(NOTE_SIZE)}  # the smallest window: as it was
        assert seen_px[(1280, 800)] == {theme.px(round(NOTE_SIZE * 1.25))}
