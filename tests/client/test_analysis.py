"""Post-game analysis (issue 14): the engine judges every turn of a finished game
through its worker, the window keeps drawing, flagged turns show the better turn,
and the analysis is kept with the record so it opens instantly from the history."""

import random
import re
import time

import pygame
import pytest

from game.ai.analysis import LABELS, judge
from game.client import theme
from game.client.scenes import analysis_scene
from game.client.scenes.analysis_scene import AnalysisScene
from game.client.scenes.history_scene import HistoryScene
from game.client.scenes.title import TitleScene
from game.client.scripted.driver import answers_awaited
from game.files import read_json
from game.play import game_analysis, label_note
from game.play.history import entries
from game.play.match import Match
from game.rules import BLUE, RED, Board

from .drawn import drawn as drawn_texts
from .drawn import words
from .screens import large_at_640
from .test_history import finish_hot_seat
from .test_large_text import shown, texts
from .test_scenes import button


def run_until_done(drive, scene, limit=240.0, settled=False):
    """Step the screen until every turn has its final verdict (and with
    ``settled``, until the deeper looks at the unsure labels are over)."""
    start = time.monotonic()
    # The engine takes its time per turn whatever the frames: the frame that
    # takes an answer waits for it, without frames drawn with nothing new between.
    with answers_awaited(scene.job, 0.5):
        while not (scene.analysis.settled if settled else scene.analysis.done):
            assert time.monotonic() - start < limit, "the analysis did not finish"
            drive.frames(1)


def random_game(seed: int = 1) -> Match:
    """A side-3 hot-seat game played to its end by random turns."""
    match = Match(3, "Human", "Human")
    rng = random.Random(seed)
    while not match.board.is_game_over():
        match.play(rng.choice(match.board.legal_turns()))
    return match


def test_a_finished_game_is_analysed_kept_and_reopened(app, drive, monkeypatch):
    monkeypatch.setattr(game_analysis, "SECONDS", 0.3)
    monkeypatch.setattr(game_analysis, "ENDING_SECONDS", 0.3)
    played = finish_hot_seat(app, drive, side=3, seed=4)
    plies = played.match.plies
    drive.click(button(app.scenes.top, "Analyse").rect.center)
    scene = app.scenes.top
    assert isinstance(scene, AnalysisScene) and not scene.job.loaded
    # Before anything is judged, no one has a verdict: not "accuracy 100%".
    shown = words(scene.draw, app.screen)
    assert "Red: no turns judged yet" in shown and "accuracy" not in shown
    drive.frames(3)
    assert 0 < scene.analysis.progress < 1  # the window draws while the engine works
    run_until_done(drive, scene, settled=True)
    verdicts = scene.analysis.verdicts
    assert len(verdicts) == plies and all(v.label in LABELS for v in verdicts)
    # Exact verdicts are the endgame solver's: the same in this process.
    assert any(v.exact for v in verdicts)
    for v, (mfen, turn, _) in zip(verdicts, scene.analysis.turns, strict=True):
        if v.exact and turn != "pass":
            board = Board(mfen)
            # Generous: a loaded machine must not turn a proof into a search.
            here = judge(board, board.parse_turn(turn), seconds=30.0)
            assert here.exact and (here.label, here.loss) == (v.label, v.loss), v
    # Random play makes mistakes; each flagged one shows its better turn.
    flagged = [v for v in verdicts if v.flagged]
    assert flagged
    v = flagged[0]
    drive.click((scene.graph.left + round(scene.graph.width * v.ply / plies), scene.graph.centery))
    assert scene.ply == v.ply
    said = words(scene.draw, app.screen)
    assert "Better: " in said and not re.search(r"\d\.\d", said)  # whole tiles
    better = Board(scene.analysis.turns[v.ply - 1][0]).parse_turn(v.best)
    assert v.best != v.played and better.cells
    drive.key(pygame.K_LEFT)
    assert scene.ply == v.ply - 1
    # Each player's summary counts their own turns.
    red, blue = scene.analysis.summary("red"), scene.analysis.summary("blue")
    judged = [x for x in verdicts if x.played != "pass"]
    assert red["turns"] + blue["turns"] == len(judged)
    assert sum(red["counts"].values()) == red["turns"]
    # Kept with the record in the history...
    games, _ = entries(app.data)
    kept = read_json(games[0].path)["analysis"]
    assert [k["label"] for k in kept] == [x.label for x in verdicts]
    # ...so it opens from the history without asking the engine again.
    app.scenes.reset(TitleScene(app))
    drive.frames(2)
    drive.click(button(app.scenes.top, "History").rect.center)
    assert isinstance(app.scenes.top, HistoryScene)
    drive.key(pygame.K_a)
    again = app.scenes.top
    assert isinstance(again, AnalysisScene) and again.job.loaded and again.analysis.done
    assert [x.label for x in again.analysis.verdicts] == [x.label for x in verdicts]
    drive.frames(2)
    # Nothing is asked again but a deeper look at a label the time left unsure.
    assert again.job.request is None or again.job.asking in again.analysis.unsettled_turns()
    assert again.job.request is not None or again.analysis.settled


def test_a_kept_analysis_that_does_not_fit_is_done_again(app, drive, monkeypatch):
    monkeypatch.setattr(game_analysis, "SECONDS", 0.2)
    monkeypatch.setattr(game_analysis, "ENDING_SECONDS", 0.2)
    finish_hot_seat(app, drive, side=3, seed=2)
    games, _ = entries(app.data)
    path = games[0].path
    data = read_json(path)
    data["analysis"] = [{"ply": 1, "label": "best"}]  # damaged: not this game's
    path.write_text(__import__("json").dumps(data))
    scene = AnalysisScene(app, app.scenes.top.over.match, path)
    assert not scene.job.loaded and not scene.analysis.done


def test_the_analysis_numbers_turns_as_the_match_does_and_says_who_is_up(app, drive, monkeypatch):
    """ "1. e5 d1" in the match is "1. e5" and "1... d1" here, not "1." and "2.";
    the bar and the graph say which side is up; the wheel scrolls the list."""
    from game.client.scenes.analysis_scene import move_number

    monkeypatch.setattr(game_analysis, "SECONDS", 0.05)
    monkeypatch.setattr(game_analysis, "ENDING_SECONDS", 0.05)
    finish_hot_seat(app, drive, side=4, seed=2)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=640, h=480, size=(640, 480)))
    drive.frames(2)
    drive.click(button(app.scenes.top, "Analyse").rect.center)
    scene = app.scenes.top
    assert isinstance(scene, AnalysisScene)
    drive.frames(2)
    # While it works, the progress is in the panel, not over the board.
    assert not scene.analysis.done
    run_until_done(drive, scene)
    assert [move_number(p) for p in (1, 2, 3, 4)] == ["1.", "1...", "2.", "2..."]
    # Red ahead fills the bar from the top, as the graph puts Red ahead up.
    scene.ply = len(scene.analysis.turns)
    drive.frames(2)
    value = scene.analysis.curve()[-1]
    top = app.screen.get_at((scene.bar.centerx, scene.bar.top + 3))[:3]
    bottom = app.screen.get_at((scene.bar.centerx, scene.bar.bottom - 3))[:3]
    share = 0.5 + 0.5 * value / analysis_scene.CLAMP  # Red's part of the bar
    assert share * scene.bar.height > 6 and (1 - share) * scene.bar.height > 6, value
    assert top == theme.TILE[RED] and bottom == theme.TILE[BLUE]
    # The wheel over the panel scrolls the list of turns; a new turn shown brings
    # its row back into view.
    turns = len(scene.analysis.turns)
    assert turns > scene.list_rows, "the game must be longer than the list"
    drive.key(pygame.K_HOME)
    first = scene.first_in_view()
    drive.wheel(scene.panel.center, -2)
    assert scene.first_in_view() > first
    drive.key(pygame.K_HOME)
    assert scene.first_in_view() == 0


def test_a_click_on_a_flagged_turns_dot_shows_that_turn(app, drive):
    """Each flagged turn's dot sits where a click shows that turn, not the one
    before it."""
    played = finish_hot_seat(app, drive, side=3, seed=4)
    scene = AnalysisScene(app, played.match)
    app.scenes.push(scene)
    for at, (_, turn, _) in enumerate(scene.analysis.turns):
        label = "mistake" if at == 4 else "best"
        data = {"loss": 3.0 if at == 4 else 0.0, "label": label, "exact": False}
        scene.analysis.record(at, turn, {**data, "best_score": 0, "played_score": 0})
    drive.frames(2)
    flagged = [v for v in scene.analysis.verdicts if v.flagged]
    assert [v.ply for v in flagged] == [5]
    n = len(scene.analysis.turns)
    x = scene.plot.left + scene.plot.width * 5 / n
    assert (
        app.screen.get_at((round(x), scene.graph.bottom - 6))[:3]
        == analysis_scene.LABEL_COLOR["mistake"]
    )
    drive.click((round(x), scene.graph.bottom - 6))
    assert scene.ply == 5
    assert "mistake" in words(scene.draw, app.screen)


def test_the_keys_that_go_through_the_game_are_named_under_the_graph_and_work(app, drive):
    played = finish_hot_seat(app, drive, side=3, seed=4)
    scene = AnalysisScene(app, played.match)
    app.scenes.push(scene)
    drive.frames(2)
    line = "Left and Right step through the moves; Home and End go to the first and the last."
    drawn = dict(drawn_texts(scene.draw, app.screen))
    assert line in drawn and scene.keys_box.contains(drawn[line])
    assert not drawn[line].colliderect(scene.graph)
    drive.key(pygame.K_RIGHT)
    drive.key(pygame.K_RIGHT)
    assert scene.ply == 2
    drive.key(pygame.K_END)
    assert scene.ply == len(scene.analysis.turns)
    drive.key(pygame.K_HOME)
    assert scene.ply == 0
    # The smallest window says it shorter, whole.
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=640, h=480, size=(640, 480)))
    drive.frames(2)
    drawn = dict(drawn_texts(scene.draw, app.screen))
    short = [t for t in drawn if t.startswith("Left, Right: the moves")]
    assert short and scene.keys_box.contains(drawn[short[0]])


def test_a_pass_in_the_list_is_whole_beside_an_inaccuracy_in_the_smallest_window(tmp_path):
    """At 640x480 in Large text the verdicts' column once took the room of
    "inaccuracy" whatever was in view, and cut each pass to "pa..."."""
    for seed in range(200):
        rng = random.Random(seed)
        board, line = Board(size=3), []
        while not board.is_game_over():
            line.append(rng.choice(board.legal_turns()))
            board.push(line[-1])
        if any(t.is_pass for t in line):
            break
    match = Match(3, "Human", "Human")
    for turn in line:
        if not turn.is_pass:  # the match plays forced passes itself
            match.play(turn)

    def make(app):
        scene = AnalysisScene(app, match)
        for at, (_, turn, _) in enumerate(scene.analysis.turns):
            label = "best" if turn == "pass" else "inaccuracy"
            data = {"loss": 0.0 if turn == "pass" else 1.5, "label": label, "exact": False}
            scene.analysis.record(at, turn, {**data, "best_score": 0, "played_score": 0})
        scene.go(next(i for i, (_, t, _) in enumerate(scene.analysis.turns) if t == "pass") + 1)
        return scene

    with shown(tmp_path, (640, 480), "Large", make) as app:
        scene = app.scenes.top
        drawn = texts(app)
        in_view = [m for m, r in drawn if scene.panel.contains(r)]
        assert "pass" in in_view and "inaccuracy" in in_view, in_view
        assert not any(m.startswith("pa") and m != "pass" for m in in_view), in_view
        # A forced pass had no choice: it is not called "best".
        assert "forced" in in_view and any(m.endswith("pass: forced") for m in in_view)


def test_no_accuracy_is_shown_as_known_before_it_is(app, drive, monkeypatch):
    """Issue 54: at 3% of a side-8 analysis the panel said "Blue: accuracy 100%",
    and on side 3 a third became a half once done. Until every turn of a player
    has a label the panel says how many are judged; until none can change, the
    accuracy is "so far"; only the finished analysis states it."""
    monkeypatch.setattr(game_analysis, "SECONDS", 0.05)
    monkeypatch.setattr(game_analysis, "ENDING_SECONDS", 0.05)
    # A first pass too short to settle a turn: its labels are all "so far".
    monkeypatch.setattr(game_analysis, "QUICK_SECONDS", 0.001, raising=False)
    # Deeper looks as short: each turn still goes from unsure to settled.
    monkeypatch.setattr(game_analysis, "refine_seconds", lambda side, label: 0.05)
    finish_hot_seat(app, drive, side=4, seed=2)
    drive.click(button(app.scenes.top, "Analyse").rect.center)  # a posted click
    scene = app.scenes.top
    assert isinstance(scene, AnalysisScene)
    counted = so_far = False
    start = time.monotonic()
    # Each frame either asks for a turn or waits for its answer: every step of
    # the panel is drawn and read.
    with answers_awaited(scene.job, 0.5):
        while not scene.analysis.done:
            assert time.monotonic() - start < 240, "the analysis did not finish"
            drive.frames(1)
            shown = words(scene.draw, app.screen)
            for color in ("red", "blue"):
                theirs = [
                    scene.analysis.verdicts[i]
                    for i, (_, played, mover) in enumerate(scene.analysis.turns)
                    if mover == color and played != "pass"
                ]
                judged = [v for v in theirs if v is not None]
                final = len(judged) == len(theirs) and all(getattr(v, "final", 1) for v in judged)
                title = color.title()
                if 0 < len(judged) < len(theirs):
                    counted = True
                    assert f"{title}: {len(judged)} of {len(theirs)} turns judged so far" in shown
                elif judged and not final:
                    so_far = True
                    assert re.search(rf"{title}: accuracy so[ \u00a0]far[ \u00a0]\d", shown), shown
                if not final:  # never as if final
                    assert not re.search(rf"{title}: accuracy[ \u00a0]\d", shown), shown
    assert counted and so_far, "the panel never showed a partial count, or one so far"
    # Every turn final, a deeper look may still change a label: "so far" stays.
    deeper = False
    with answers_awaited(scene.job, 0.5):
        while not scene.analysis.settled:
            assert time.monotonic() - start < 240, "the labels did not settle"
            shown = words(scene.draw, app.screen)
            unsettled = set(scene.analysis.unsettled_turns())
            deeper = deeper or bool(unsettled)
            for color in ("red", "blue"):
                if any(
                    m == color and i in unsettled
                    for i, (_, _, m) in enumerate(scene.analysis.turns)
                ):
                    assert re.search(
                        rf"{color.title()}: accuracy so[ \u00a0]far[ \u00a0]\d", shown
                    ), shown
            drive.frames(1)
    assert deeper, "no label was left for a deeper look to settle"
    shown = words(scene.draw, app.screen)
    assert re.search(r"Red: accuracy[ \u00a0]\d+%", shown) and "so far" not in shown


def test_the_verdicts_in_view_share_one_size(tmp_path):
    """In Italian at 640x480 Large, "imprecisione" was drawn smaller than
    "buona" over it, each fitted to the column by itself: one column, one size."""

    from game.client.scripted.checks import look, text_problems
    from game.client.scripted.driver import Driver
    from game.i18n import _

    match = random_game()
    with large_at_640(tmp_path, "it") as app:
        scene = AnalysisScene(app, match)
        kinds = ("good", "inaccuracy", "blunder")
        for at, (_m, turn, _s) in enumerate(scene.analysis.turns):
            label = kinds[at % 3]
            record = {"loss": 0.4 * (at % 3), "label": label, "exact": False}
            scene.analysis.record(at, turn, {**record, "best_score": 0, "played_score": 0})
        app.scenes.reset(scene)
        Driver(app).settle(0.3)
        seen = look(app)
        assert seen is not None
        words = {_(k) for k in kinds}
        sizes = {p for m, r, _b, p in seen.texts if m in words and scene.panel.contains(r)}
        assert len(sizes) == 1, sizes
        assert not [p for p in text_problems(app, seen) if "smaller than" in p]


def unsure_at_five(app, match):
    """The analysis screen of ``match`` with every turn judged, the fifth an
    unsure mistake (its judge's last two depths disagreed)."""
    scene = AnalysisScene(app, match)
    for at, (_, turn, _) in enumerate(scene.analysis.turns):
        label = "mistake" if at == 4 else "best"
        # Side 3's other turns are proved, as its perfect-play strategy proves them.
        data = {"loss": 3.0 if at == 4 else 0.0, "label": label, "exact": at != 4, "depth": 5}
        scene.analysis.record(at, turn, {**data, "best_score": 0, "played_score": 0,
                                         "unsure": at == 4})  # fmt: skip
    return scene


def test_an_unsure_label_has_a_question_mark_explained_and_settles_while_shown(app, drive):
    """Issue 53: a label the quick analysis is not sure of shows "?" in the list
    and the header, the panel explains it, and the engine goes on looking at
    it deeper while the screen is open: the label settles (on side 3 the
    perfect-play strategy proves it) and the "?" and its note go."""
    played = finish_hot_seat(app, drive, side=3, seed=4)
    scene = unsure_at_five(app, played.match)
    app.scenes.push(scene)
    assert scene.analysis.done and not scene.analysis.settled
    for _ in range(5):
        drive.key(pygame.K_RIGHT)  # posted, as a player's keys are
    assert scene.ply == 5
    shown = words(scene.draw, app.screen)
    assert "mistake?" in shown and ": mistake?" in shown  # the list's row and the header
    assert _unsure_note() in shown
    assert "Looking deeper at 1 label..." in shown
    start = time.monotonic()
    with answers_awaited(scene.job, 0.5):
        while not scene.analysis.settled:
            assert time.monotonic() - start < 60, "the unsure label did not settle"
            drive.frames(1)
    v = scene.analysis.verdicts[4]
    assert not v.unsure and (v.exact or v.depth > 5)  # a deeper look settled it
    shown = words(scene.draw, app.screen)
    assert "?" not in shown and "Looking deeper" not in shown
    assert f": {v.label}" in shown


def test_a_question_mark_left_once_settled_promises_no_more_looks(app):
    """A play-test found "not sure yet" beside a "?" after every deeper look
    was made (the time took it no deeper): the note then says so instead."""
    match = random_game()
    scene = AnalysisScene(app, match)

    def data(at: int) -> dict:
        label = {"loss": 3.0 if at == 4 else 0.0, "label": "mistake" if at == 4 else "best"}
        deepest = {"exact": at != 4, "depth": game_analysis.REFINE_DEPTH, "unsure": at == 4}
        return {**label, **deepest, "best_score": 0, "played_score": 0}

    for at, (_, turn, _) in enumerate(scene.analysis.turns):
        scene.analysis.record(at, turn, data(at))
    # The ending's longer exact try at it is made, and settles nothing either.
    ask = scene.analysis.next_turn()
    assert ask is not None and ask.at == 4
    scene.analysis.record(4, ask.played, data(4))
    app.scenes.push(scene)
    scene.go(5)
    assert scene.analysis.settled and scene.analysis.verdicts[4].unsure
    shown = words(scene.draw, app.screen)
    final = label_note.held_mark(label_note.FINAL_UNSURE)  # its "?" held to its words
    assert final in shown and _unsure_note() not in shown


def _unsure_note() -> str:
    """The note while the engine looks deeper at a "?" label, as drawn in the
    language spoken (its "?" held to its words)."""
    from game.i18n import _

    return label_note.held_mark(_(label_note.DEEPER_UNSURE))


def test_the_unsure_note_fits_the_smallest_window(tmp_path):
    from game.client.scripted.checks import text_problems

    match = random_game()

    def make(app):
        scene = unsure_at_five(app, match)
        scene.go(5)
        return scene

    with shown(tmp_path, (640, 480), "Normal", make) as app:
        drawn = [m for m, _ in texts(app)]
        assert _unsure_note() in drawn and any(m.endswith(": mistake?") for m in drawn)
        assert text_problems(app) == []
    # In Large text the summaries once took four lines and more and the note
    # was left out, the "?" in the list unexplained: the note keeps its room.
    with shown(tmp_path, (640, 480), "Large", make) as app:
        drawn = [m for m, _ in texts(app)]
        assert any(m.endswith(": mistake?") for m in drawn)
        assert _unsure_note() in drawn
        assert text_problems(app) == []
        assert app.scenes.top.rows  # the list keeps its rows


@pytest.mark.parametrize("language", ["de", "fr", "es", "it"])
def test_the_unsure_note_is_kept_in_large_text_in_every_language(tmp_path, language):
    from game.client.scripted.checks import look, text_problems

    match = random_game()
    with large_at_640(tmp_path, language) as app:
        scene = unsure_at_five(app, match)
        scene.go(5)
        app.scenes.reset(scene)
        seen = look(app)
        assert seen is not None
        drawn = [m for m, _r, _b, _p in seen.texts]
        assert _unsure_note() in drawn
        assert text_problems(app, seen) == []
        assert scene.rows


def test_the_line_that_looks_deeper_leaves_the_list_clear_of_back_in_french(tmp_path):
    """At 640x480 in Large French, "Examen plus poussé de 5 verdicts
    incertains..." took three lines and pushed the list's row over Back: the
    line gives way where it would leave no row for the list, and a list with no
    room draws no row."""
    from game.client.scripted.checks import look, text_problems

    match = random_game()
    with large_at_640(tmp_path, "fr") as app:
        scene = AnalysisScene(app, match)
        kinds = ["blunder", "mistake", "inaccuracy", "good", "best"]
        for at, (_m, turn, _s) in enumerate(scene.analysis.turns):
            label = kinds[at % 5]
            data = {"loss": 5.0 - at % 5, "label": label, "exact": False, "depth": 5}
            scene.analysis.record(at, turn, {**data, "best_score": 0, "played_score": 0,
                                             "unsure": at % 5 < 3})  # fmt: skip
        scene.go(6)  # a blunder: the header has its better line too
        app.scenes.reset(scene)
        assert scene.job.running  # the deeper look at the unsure label is under way
        seen = look(app)  # drawn as it is now, before any look can settle it
        assert seen is not None
        assert text_problems(app, seen) == []
        back = button(scene, "Back").rect
        assert not [r for _i, r in scene.rows if r.colliderect(back)]


def test_the_analysis_panel_says_what_x_and_a_chain_mean(app, drive):
    """As under the match's move list: the turns listed here are in notation too."""
    from game.client.scenes.analysis_scene import AnalysisScene

    from .test_move_list import drawn_words, with_a_chain

    match = with_a_chain()
    app.scenes.reset(AnalysisScene(app, match))
    drive.frames(2)
    said = " ".join(drawn_words(app))
    assert "x = flip; a chain lists each tile it flips, in order." in said
