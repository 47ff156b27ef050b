"""The history of finished matches: archived as they end, listed, filtered,
opened, deleted and exported, with results against each AI level (issue 14)."""

import json
import random

import pygame

from game.client.pad import Pads
from game.client.scenes.confirm import ConfirmScene
from game.client.scenes.history_scene import ROW, HistoryScene
from game.client.scenes.match_scene import MatchScene
from game.client.scenes.pause import PauseScene
from game.client.scenes.title import TitleScene
from game.play.history import entries

from .drawn import drawn
from .test_scenes import button, start_match


def finish_hot_seat(app, drive, side=3, seed=1):
    scene = start_match(app, drive, side=side)
    rng = random.Random(seed)
    board = scene.match.board
    while not board.is_game_over():
        for cell in rng.choice(board.legal_turns()).cells:
            drive.click_cell(cell)
        drive.frames(2)
    drive.settle(1.0)
    return scene


def resign_against(app, drive, level):
    scene = start_match(app, drive, side=3, red="Human", blue=level)
    drive.click_cell(scene.match.board.legal_placements()[0])
    scene.cancel_ai()
    drive.key(pygame.K_ESCAPE)
    drive.click(button(app.scenes.top, "Resign").rect.center)
    drive.key(pygame.K_y)
    drive.settle(1.0)
    return scene


def test_finished_matches_are_archived_and_listed(app, drive):
    played = finish_hot_seat(app, drive)
    resign_against(app, drive, "Club")
    games, problems = entries(app.data)
    assert problems == [] and len(games) == 2
    newest, older = games
    assert newest.opponent == "Club" and newest.outcome == "lost"
    assert older.opponent == "Human" and older.turns == played.match.plies
    app.scenes.reset(TitleScene(app))
    drive.frames(2)
    drive.click(button(app.scenes.top, "History").rect.center)
    history = app.scenes.top
    assert isinstance(history, HistoryScene) and len(history.shown) == 2
    # The results against each level, by board side.
    from game.play.history import statistics

    assert statistics(games)[("Club", 3)] == {"won": 0, "drawn": 0, "lost": 1}
    # Filter by opponent: only the game against Club.
    part = next(
        r
        for r, o in zip(history.filter_choice.parts(), history.filter_choice.options, strict=True)
        if o == "Club"
    )
    drive.click(part.center)
    assert [g.opponent for g in history.shown] == ["Club"]


def test_a_game_opens_for_review_and_can_be_deleted_and_exported(app, drive):
    finish_hot_seat(app, drive, seed=3)
    finish_hot_seat(app, drive, seed=4)
    history = HistoryScene(app)
    app.scenes.reset(history)
    drive.frames(2)
    drive.click(history.export_button.rect.center)
    (exported,) = app.data.glob("mosaic-games-*.json")
    assert len(json.loads(exported.read_text())) == 2
    drive.click(history.open_button.rect.center)
    review = app.scenes.top
    assert isinstance(review, MatchScene) and not review.current
    assert review.match.ply == review.match.plies > 0 and review.match.over  # at its end
    drive.key(pygame.K_HOME)  # and stepped back from there
    assert review.match.ply == 0 and not review.match.over
    drive.key(pygame.K_END)
    assert review.match.over
    drive.key(pygame.K_ESCAPE)
    assert app.scenes.top is history
    drive.click(history.delete_button.rect.center)
    assert isinstance(app.scenes.top, ConfirmScene)
    drive.key(pygame.K_y)  # Enter would answer the focused Cancel
    assert len(entries(app.data)[0]) == 1 and len(history.shown) == 1


def test_the_history_says_who_resigned_and_lists_each_result_on_its_own_line(app, drive):
    resign_against(app, drive, "Club")
    resign_against(app, drive, "Beginner")
    finish_hot_seat(app, drive, seed=2)
    history = HistoryScene(app)
    app.scenes.reset(history)
    drive.frames(2)
    lines = [g.line() for g in history.shown]
    assert sum("(you resigned)" in ln for ln in lines) == 2
    assert not any("resigned" in g.line() for g in history.shown if g.opponent == "Human")
    stats = history.stats_lines()
    assert len(stats) == 2 and all(s.count(" v ") + s.startswith("v ") == 1 for s in stats)


def archive_resigned(app, opponents):
    """A game resigned against each of ``opponents``, archived as play would."""
    import datetime as dt

    from game.play.history import archive
    from game.play.match import Match
    from game.rules import RED

    for k, level in enumerate(opponents):
        match = Match(3, "Human", level)
        match.play(match.board.parse_turn(match.board.notation(match.board.legal_turns()[0])))
        match.resign(RED)
        archive(match, app.data, dt.datetime(2026, 11, 1, 12, k))


def test_the_results_against_each_opponent_use_the_room_there_is(app, drive):
    levels = ["Beginner", "Casual", "Club", "Expert", "Master"]
    archive_resigned(app, levels)
    history = HistoryScene(app)
    app.scenes.reset(history)
    drive.frames(2)
    # Five games leave most of the screen free: every opponent's line shows, not
    # two of them and "and 3 more".
    lines = drawn(history.draw, app.screen)
    drawn_lines = [(m, r) for m, r in lines if m.startswith(("v ", "and "))]
    assert len(drawn_lines) == 5 and not any("more" in m for m, _ in drawn_lines), drawn_lines
    assert all(any(level in m for m, _ in drawn_lines) for level in levels)
    # Drawn above the buttons, not over them, and the list still shows every game.
    assert max(r.bottom for _, r in drawn_lines) <= history.back_button.rect.top
    assert history.list_rect.height >= ROW * len(history.shown)


def test_every_archived_game_is_reached_by_scrolling(app, drive):
    archive_resigned(app, ["Beginner", "Casual", "Club", "Expert", "Master"] * 5)
    history = HistoryScene(app)
    app.scenes.reset(history)
    drive.frames(2)
    games = [g.line() for g in history.shown]
    assert len(games) == 25
    visible = len(history.rows())
    assert 3 <= visible < 25  # the test needs a list longer than the screen
    # The list says there are more than it shows.
    said = f"Games 1 to {visible} of 25: scroll for the others"
    assert said in {m for m, _r in drawn(history.draw, app.screen)}
    # The arrow keys go down the whole list, the rows following the selection.
    seen = set()
    for _ in range(30):
        seen |= {m for m, _r in drawn(history.draw, app.screen) if m in games}
        drive.key(pygame.K_DOWN)
    assert history.selected == 24 and seen == set(games)
    # The wheel brings the oldest game into view and stops there, the list full.
    history.selected = history.first = 0
    for _ in range(30):
        history.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
    said = [m for m, _r in drawn(history.draw, app.screen)]
    rows = [m for m in said if m in games]
    assert rows[-1] == games[-1] and len(rows) == visible
    # At the end none are below: the others are up.
    assert f"Games {26 - visible} to 25 of 25: scroll up for the others" in said


def test_an_online_win_keeps_its_players_and_its_rating_change(app, drive):
    """Issue 54: History's row showed no rating change, and Open and the pause
    menu said "Red: Human / Blue: Human" though the record names both players."""
    from game.client.scripted.checks import text_problems
    from game.play.online_game import OnlineController, OnlineMatch
    from game.rules import BLUE, RED
    from tests.play.test_control import Sent, online_state
    from tests.play.test_online_history import game_red_ends

    match = OnlineMatch(online_state(game_red_ends()))
    ratings = {"red": {"before": 1500, "after": 1516}, "blue": {"before": 1500, "after": 1484}}
    winner = match.board.winner()
    result = "draw" if winner is None else str(winner)
    over = {"type": "over", "game": "g1", "result": result, "reason": "", "ratings": ratings}
    OnlineController(match, app.data, Sent()).receive(over)
    history = HistoryScene(app)
    app.scenes.reset(history)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=640, h=480, size=(640, 480)))
    drive.frames(2)
    assert app.size == (640, 480)
    row = [text for text, _ in drawn(history.draw, app.screen) if "Bob online" in text]
    assert row and "rating +16" in row[0]
    assert text_problems(app) == []
    drive.click(history.open_button.rect.center)
    review = app.scenes.top
    assert isinstance(review, MatchScene)
    assert (review.match.player(RED), review.match.player(BLUE)) == ("Ann", "Bob")
    drive.key(pygame.K_HOME)  # at the end, the menu says the result
    review.open_menu()  # a controller's Start: the review's menu says who played
    pause = app.scenes.top
    assert isinstance(pause, PauseScene) and pause.subtitle == "Red: Ann, Blue: Bob"


def test_esc_in_a_review_goes_back_to_the_history_as_back_does(app, drive):
    """Issue 54 (continued), item 3: Esc in a game opened from History opened the
    Pause menu. A review leads back where the player came from: its panel's
    button says Back, and Esc does what it does, at any move of the game."""
    finish_hot_seat(app, drive, seed=3)
    app.scenes.reset(TitleScene(app))
    drive.frames(2)
    drive.click(button(app.scenes.top, "History").rect.center)
    history = app.scenes.top
    assert isinstance(history, HistoryScene)
    for keys in ([], [pygame.K_RIGHT, pygame.K_RIGHT]):
        drive.click(history.open_button.rect.center)
        review = app.scenes.top
        assert isinstance(review, MatchScene)
        assert review.panel.menu.label == "Back"
        told = dict(Pads.rows(review))["B"]
        assert told.endswith("back to History"), told  # the controller's help says it too
        for key in keys:
            drive.key(key)
        drive.key(pygame.K_ESCAPE)
        assert app.scenes.top is history
    drive.click(history.open_button.rect.center)
    drive.click(app.scenes.top.panel.menu.rect.center)
    assert app.scenes.top is history
    # A match of one's own keeps its Pause menu on Esc.
    match = start_match(app, drive, side=3)
    assert match.panel.menu.label == "Pause"
    drive.key(pygame.K_ESCAPE)
    assert isinstance(app.scenes.top, PauseScene)


def test_the_filter_reaches_every_level_played(app, drive):
    """The filter showed "All" and the first six opponents only (by name, so
    Master, Veteran and Virtuoso among ten levels were never reached): past six,
    the opponents are on a stepper, the person first and the levels weakest first."""
    import datetime as dt

    from game.client.scripted.checks import layout_problems, look, text_problems
    from game.client.stepper_choice import StepperChoice
    from game.play.history import archive
    from game.play.match import PLAYERS, Match
    from game.rules import RED

    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=640, h=480, size=(640, 480)))
    drive.frames(1)
    for minute, level in enumerate(PLAYERS):
        match = Match(3, "Human", level)
        match.resign(RED)
        archive(match, app.data, when=dt.datetime(2026, 11, 1, 10, minute))
    history = HistoryScene(app)
    app.scenes.reset(history)
    drive.frames(2)
    choice = history.filter_choice
    assert choice.options == ["All", *PLAYERS]
    assert isinstance(choice, StepperChoice)
    seen = look(app)
    assert text_problems(app, seen) == [] and layout_problems(app) == []
    up = choice.steps()[1]
    for _step in range(PLAYERS.index("Virtuoso")):
        drive.click(up.center)
    assert [g.opponent for g in history.shown] == ["Virtuoso"]
    drive.click(choice.areas()[0].center)
    assert len(history.shown) == len(PLAYERS)


def test_history_keeps_its_order_filter_and_game_across_an_analysis(app, drive):
    """Play-test: analysing an old game wrote its file, which moved it to the top
    of a list ordered by the files' times; back from Analyse another game was lit
    and the filter's stepper showed the first opponent again. The list is in the
    order the games were played, and the filter and the game stay as left."""
    import datetime as dt
    import os

    from game.client.scenes.analysis_scene import AnalysisScene
    from game.client.stepper_choice import StepperChoice
    from game.play.history import archive
    from game.play.match import PLAYERS, Match
    from game.rules import RED

    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=640, h=480, size=(640, 480)))
    drive.frames(1)
    # Written newest first: the files' times run the other way from the games'.
    for minute, level in reversed(list(enumerate(PLAYERS))):
        match = Match(3, "Human", level)
        match.play(match.board.parse_turn(match.board.notation(match.board.legal_turns()[0])))
        match.resign(RED)
        archive(match, app.data, when=dt.datetime(2026, 11, 1, 10, minute))
    history = HistoryScene(app)
    app.scenes.reset(history)
    drive.frames(2)
    order = [g.path for g in history.shown]
    assert [g.opponent for g in history.shown] == list(PLAYERS[::-1])  # newest played first
    choice = history.filter_choice
    assert isinstance(choice, StepperChoice)
    drive.click(choice.steps()[1].center)  # the stepper to the second opponent...
    drive.click(choice.areas()[0].center)  # ...then All again
    stepped = choice.options[choice.stepped]
    assert history.filter == "All" and stepped == PLAYERS[1]
    for _ in range(8):
        drive.key(pygame.K_DOWN)
    picked = history.current()
    assert picked is not None and history.first > 0
    drive.click(history.analyse_button.rect.center)
    analysis = app.scenes.top
    assert isinstance(analysis, AnalysisScene)
    # The analysis kept with the record writes its file: now the newest file.
    text = picked.path.read_text(encoding="utf-8")
    picked.path.write_text(text, encoding="utf-8")
    os.utime(picked.path, (2e9, 2e9))
    drive.key(pygame.K_ESCAPE)
    drive.frames(2)
    assert app.scenes.top is history
    assert [g.path for g in history.shown] == order
    current = history.current()
    assert current is not None and current.path == picked.path
    assert any(i == history.selected for i, _r in history.rows())  # still in view
    again = history.filter_choice
    assert history.filter == "All" and again.options[again.stepped] == stepped


def test_a_click_on_a_game_opened_from_history_plays_nothing(app, drive):
    """Play-test: "Looking back: after turn 0 of 25", a click on a cell dropped
    all the turns and started a live, rated match against Beginner unasked. A
    look back plays nothing and says how to step through the game."""
    from game.play import ai_rating
    from game.play.in_progress import CURRENT

    from .looking_back import from_the_start, opened_from_history

    review = from_the_start(drive, opened_from_history(app, drive))
    rating = ai_rating.load(app.data)[0]
    assert isinstance(review, MatchScene)
    total = review.match.plies
    for step in (0, 1):  # the person to move, then the AI
        for _ in range(step):
            drive.key(pygame.K_RIGHT)
        drive.click_cell(review.match.board.legal_placements()[0])
        drive.frames(3)
        assert review.match.plies == total and review.match.ply == step
        assert review.status[0] == "Looking back only: Left and Right step through the game."
    assert not (app.data / CURRENT).exists() and ai_rating.load(app.data)[0] == rating
