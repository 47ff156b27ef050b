"""The tutorial, every lesson done by clicks as a new player would, with a wrong
try explained first where a lesson has one."""

import json

import pygame
import pytest

from game.client import theme
from game.client.app import App
from game.client.scenes.title import TitleScene
from game.client.scenes.tutorial import LessonScene, TutorialMenuScene
from game.client.scripted.driver import Driver
from game.play.explain import explain
from game.play.lessons import LESSONS
from game.play.tutorial_progress import load
from game.puzzles.solve import analyse_flips
from game.rules import BLUE, RED, Board

from .test_scenes import button


def chain_orders(board: Board):
    """Every flip turn in a legal order, with whether it offered a choice on the way."""
    for t in board.legal_turns():
        if not t.is_flip:
            continue
        chain, chose = board.start_chain(t.cells[0]), False
        for c in t.cells[1:]:
            chose = chose or len(chain.owed()) > 1
            chain = chain.flip(c)
        yield t, chose


def solve(drive, scene):
    """Do the lesson's task through clicks; returns what the scene said."""
    lesson, run = scene.lesson, scene.run
    board = run.board
    if lesson.task == "answer":
        drive.click(button(scene, run.answer_text()).rect.center)
    elif lesson.task == "pass":
        drive.click(scene.pass_button.rect.center)
    else:
        for cell in task_cells(lesson, board):
            drive.click_cell(cell)
    return scene.message


def task_cells(lesson, board: Board) -> list[int]:
    """The cells to act on, in order, for a lesson's task on the board."""
    if lesson.task == "place":
        return [board.legal_placements()[0]]
    if lesson.task == "refuse":
        return [
            next(
                c
                for c in range(board.geometry.cells)
                if board.tile_at(c) is None and lesson.goal in (board.why_not_place(c) or "")
            )
        ]
    if lesson.task == "most":
        best = analyse_flips(board)
        return list(best.outcomes[best.largest()[0]])
    need_choice = lesson.goal == "choice"
    return list(
        next(
            t.cells
            for t, chose in chain_orders(board)
            if (lesson.task == "flip" or len(t.cells) >= 3) and (chose or not need_choice)
        )
    )


def test_every_lesson_in_turn_by_clicks(app, drive):
    app.scenes.reset(TitleScene(app))
    drive.frames(2)
    assert "Learn to play" in app.scenes.top.note  # offered on a first start
    drive.click(button(app.scenes.top, "Learn to play").rect.center)
    assert isinstance(app.scenes.top, TutorialMenuScene)
    drive.click(button(app.scenes.top, "1.").rect.center)
    for lesson in LESSONS:
        scene = app.scenes.top
        assert isinstance(scene, LessonScene) and scene.lesson == lesson
        text, _ = solve(drive, scene)
        assert scene.run.done, f"lesson {lesson.id}: {text}"
        assert scene.next_button.enabled
        drive.key(pygame.K_RETURN)  # next lesson
    assert isinstance(app.scenes.top, TutorialMenuScene)
    progress, _ = load(app.data)
    assert progress.done == {lesson.id for lesson in LESSONS}
    drive.frames(1)
    assert all("(done)" in c.label for c in app.scenes.top.controls[: len(LESSONS)])


def test_wrong_tries_are_explained_in_the_games_words(app, drive):
    def open_lesson(lesson_id):
        index = next(i for i, lesson in enumerate(LESSONS) if lesson.id == lesson_id)
        scene = LessonScene(app, index)
        app.scenes.reset(scene)
        drive.frames(1)
        return scene

    scene = open_lesson("groups")
    drive.click(button(scene, "2").rect.center)
    assert "count again" in scene.message[0] and not scene.run.done

    scene = open_lesson("refuse-own")
    board = scene.run.board
    joining = next(
        c
        for c in range(board.geometry.cells)
        if board.tile_at(c) is None
        and "would join" in (board.why_not_place(c) or "")
        and not touches_only_own(board, c)
    )
    drive.click_cell(joining)
    assert "other rule" in scene.message[0] and not scene.run.done

    scene = open_lesson("order")
    flips = analyse_flips(scene.run.board)
    worse = next(order for s, order in flips.outcomes.items() if len(s) < flips.best)
    for cell in worse:
        drive.click_cell(cell)
    assert f"the best turn takes {flips.best}" in scene.message[0]
    assert scene.run.board.mfen() == scene.run.start.mfen()  # back to the start to try again

    scene = open_lesson("place")
    board = scene.run.board
    own = next(c for c in range(board.geometry.cells) if board.tile_at(c) is not None)
    drive.click_cell(own)
    assert "about placing" in scene.message[0]


def test_the_tutorial_is_offered_once(app, drive):
    app.scenes.reset(TitleScene(app))
    drive.frames(1)
    assert "Learn to play" in app.scenes.top.note
    app.scenes.reset(TitleScene(app))
    drive.frames(1)
    assert app.scenes.top.note == ""


def open_lesson(app, drive, lesson_id, size=None):
    if size is not None:
        w, h = size
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=w, h=h, size=size))
        drive.frames(1)
    index = next(i for i, lesson in enumerate(LESSONS) if lesson.id == lesson_id)
    scene = LessonScene(app, index)
    app.scenes.reset(scene)
    drive.frames(1)
    return scene


def test_taking_back_a_flip_says_what_is_owed_now(app, drive):
    scene = open_lesson(app, drive, "forced")
    board = scene.run.board
    names = board.geometry.names
    turn = next(t.cells for t in board.legal_turns() if t.is_flip and len(t.cells) >= 3)
    drive.click_cell(turn[0])
    drive.click_cell(turn[1])
    assert names[turn[2]] in scene.message[0]  # the tile owed next, by name

    drive.click(scene.view.centre(turn[1]), button=3)
    text = scene.message[0]
    assert scene.run.chain is not None and scene.run.chain.cells == (turn[0],)
    assert f"Took back {names[turn[1]]}" in text
    assert all(names[c] in text for c in scene.run.owed())
    assert names[turn[2]] not in text  # no longer owed

    drive.click(scene.view.centre(turn[0]), button=3)
    text = scene.message[0]
    assert scene.run.chain is None
    assert f"Took back {names[turn[0]]}" in text and "Keep going" not in text

    # Esc takes back the whole chain, as the lesson says, and stays in the lesson.
    drive.click_cell(turn[0])
    drive.click_cell(turn[1])
    drive.key(pygame.K_ESCAPE)
    assert app.scenes.top is scene and scene.run.chain is None
    assert "whole chain (2 flips)" in scene.message[0]
    drive.key(pygame.K_ESCAPE)  # between turns, Esc leaves the lesson
    assert app.scenes.top is not scene


def touches_only_own(board, cell):
    near = {board.tile_at(n) for n in board.geometry.neighbours[cell]}
    return board.mover in near and board.mover.other not in near


def test_every_refusal_gives_the_true_reasons(app, drive):
    """Each empty cell, clicked in either refusal lesson: the reasons given are the
    rules core's own (as the line over a match board words them) plus, where it
    holds too, "touches only", and the lesson is done exactly when its rule holds."""
    for lesson_id in ("refuse-own", "refuse-join"):
        start = open_lesson(app, drive, lesson_id).run.board
        done_by = []
        for cell in range(start.geometry.cells):
            if start.tile_at(cell) is not None:
                continue
            scene = open_lesson(app, drive, lesson_id)
            drive.click_cell(cell)
            text, board, name = scene.message[0], scene.run.board, start.geometry.names[cell]
            said, _ = explain(board, None, cell, your_turn=True)
            why = board.why_not_place(cell)
            if why is None:
                assert said.startswith("Place") and "may place" in text
                assert not scene.run.done
                continue
            assert why[len(name) + 1 :] in text, (lesson_id, name, text)  # the rules' reason
            only = touches_only_own(board, cell)
            assert ("touches only Red's own tiles" in text.split(". That")[0]) == only, text
            holds = only if lesson_id == "refuse-own" else "would join" in why
            assert scene.run.done == holds, (lesson_id, name, text)
            assert ("other rule" in text) == (not holds), (lesson_id, name, text)
            done_by += [name] if holds else []
        assert done_by, f"no cell of {lesson_id} is refused by its rule"


def test_the_counter_keeps_the_answer_back_and_says_1_group(app, drive):
    from game.client.scripted.checks import look

    def counter():
        seen = look(app)
        assert seen is not None
        # A wrapped line is one text over its lines: each counter once.
        drawn = dict.fromkeys(m for m, _r, _b, _p in seen.texts)
        return [t for t in drawn if t.startswith(("Red: ", "Blue: "))]

    scene = open_lesson(app, drive, "groups")
    answer = scene.run.answer_text()
    assert counter() == ["Red: ? groups, 3 tiles", "Blue: 2 groups, 3 tiles"]
    drive.click(button(scene, answer).rect.center)
    assert counter()[0] == f"Red: {answer} groups, 3 tiles"

    scene = open_lesson(app, drive, "end")
    start = scene.run.start
    shown = counter()
    assert shown == ["Red: 3 groups, ? tiles", "Blue: 1 group, ? tiles"]
    drive.click(button(scene, scene.run.answer_text()).rect.center)
    assert counter() == [
        f"Red: 3 groups, {start.count(RED)} tiles",
        f"Blue: 1 group, {start.count(BLUE)} tiles",
    ]

    open_lesson(app, drive, "pass")
    assert counter()[0] == "Red: 1 group, 22 tiles"


@pytest.mark.parametrize("size", [(640, 480), (1280, 800)])
def test_buttons_stay_put_so_a_quick_second_click_on_next_presses_nothing(
    app, drive, monkeypatch, size
):
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
    app.scenes.reset(TutorialMenuScene(app))
    drive.frames(1)
    menu = app.scenes.top
    drive.click(button(menu, "1.").rect.center)
    pressed = []
    monkeypatch.setattr(app, "click", lambda: pressed.append(app.scenes.top))
    spot = app.scenes.top.next_button.rect.center
    for i in range(len(LESSONS)):
        scene = app.scenes.top
        assert isinstance(scene, LessonScene) and scene.index == i
        assert scene.next_button.rect.center == spot  # the same place in every lesson
        before = [tuple(c.rect) for c in scene.controls]
        solve(drive, scene)
        drive.frames(1)
        assert [tuple(c.rect) for c in scene.controls] == before, scene.lesson.id
        pressed.clear()
        drive.click(spot)
        drive.click(spot)  # a double-click: the second lands on the next screen
        assert len(pressed) == 1, (scene.lesson.id, pressed)
        if i + 1 < len(LESSONS):
            assert not app.scenes.top.next_button.enabled
            assert app.scenes.top.message[0] == ""
    assert app.scenes.top is menu


def test_every_lesson_says_all_it_has_to_say_in_a_small_window(app, drive):
    # asserts-in-branch: LESSONS is the tutorial's fixed list of lessons
    for lesson in LESSONS:
        scene = open_lesson(app, drive, lesson.id, (640, 480) if lesson is LESSONS[0] else None)
        solve(drive, scene)
        message = scene.message[0]
        theme.drawn_texts, theme.drawn_px[:] = [], []
        try:
            scene.draw(app.screen)
            said = [
                (r, p)
                for (_, m, r, _), p in zip(theme.drawn_texts, theme.drawn_px, strict=True)
                if m == message
            ]
        finally:
            theme.drawn_texts = None
        assert len(said) == 1, lesson.id
        shown, pixels = said[0]
        box = scene.message_box()
        whole = theme.face(pixels).render(message, True, theme.TEXT, wraplength=int(box.width))
        assert shown.height >= whole.get_height() - 2, lesson.id  # nothing cut off
        board_top = min(y for _, y in scene.view.centres) - scene.view.radius
        assert shown.bottom <= board_top, lesson.id


def test_the_rules_pages_button_says_where_it_leads(app, drive):
    from game.client.scenes.howto import HowToScene

    app.scenes.reset(TitleScene(app))
    drive.frames(2)
    drive.click(button(app.scenes.top, "Learn to play").rect.center)
    drive.click(button(app.scenes.top, "The rules in brief").rect.center)
    assert isinstance(app.scenes.top, HowToScene)
    # It led to the lessons while it was called "Menu", which reads as the title.
    labels = [c.label for c in app.scenes.top.controls]
    assert "Menu" not in labels
    drive.click(button(app.scenes.top, "Lessons").rect.center)
    assert isinstance(app.scenes.top, TutorialMenuScene)


def test_start_again_keeps_next_lesson_and_the_list_says_done_once(app, drive):
    """Issue 54: "Next lesson" was greyed again after "Start again", and the list
    said "1. ...  (done)" with two spaces."""
    scene = LessonScene(app, 0)
    app.scenes.reset(TutorialMenuScene(app))
    app.scenes.push(scene)
    drive.frames(1)
    solve(drive, scene)
    assert scene.run.done and scene.next_button.enabled
    drive.click(scene.retry_button.rect.center)
    assert not scene.run.done and scene.next_button.enabled
    drive.click(scene.back_button.rect.center)
    drive.frames(1)
    first = app.scenes.top.controls[0].label
    assert first.endswith(" (done)") and "  " not in first


@pytest.mark.parametrize("language", ["en", "de", "fr", "es", "it"])
@pytest.mark.parametrize("text_size", ["Normal", "Large"])
def test_a_lessons_question_is_in_view_and_its_counter_lines_share_a_size(
    tmp_path, language, text_size
):
    """German lesson 1 at 640x480 Large asked its question below the fold of a
    scrolled text, and drew "Blau: 2 Gruppen" smaller than "Rot: ? Gruppen":
    the question now stands under the text, and both counter lines share a size."""
    from game.client.scripted.checks import look, text_problems
    from game.i18n import _, set_language
    from game.play.lessons import split_question

    data = tmp_path / "data"
    data.mkdir()
    settings = {"text_size": text_size, "language": language}
    (data / "settings.json").write_text(json.dumps(settings))
    pygame.init()
    app = App((640, 480), data)
    drive = Driver(app)
    try:
        assert set_language(language) == language
        app.scenes.reset(TutorialMenuScene(app))
        drive.frames(2)
        drive.click(button(app.scenes.top, "1.").rect.center)
        drive.settle(0.3)
        scene = app.scenes.top
        assert isinstance(scene, LessonScene)
        question = split_question(_(scene.lesson.text))[1]
        assert question.endswith("?")
        seen = look(app)
        assert seen is not None
        shown = {m for m, _r, _b, _p in seen.texts}
        assert question in shown, sorted(shown)
        counters = {
            p
            for m, _r, _b, p in seen.texts
            if m in (scene.run.counter(RED), scene.run.counter(BLUE))
        }
        assert len(counters) == 1, counters
        assert text_problems(app, seen) == []
    finally:
        app.close()
        set_language("en")


def test_the_lesson_texts_scroll_bar_is_wide_enough_to_take_and_drag(app):
    """The lesson's scrolled text had a bar 6 pixels wide that only showed where
    the view was: now at least 10 at 480 high, wider in a larger window, and its
    thumb follows the mouse that takes it."""
    from game.client import text_layout

    from .drawn import drawn

    # As wide as half the letters are high, and never under 10 pixels.
    assert text_layout.bar_width(18) == 10 and text_layout.bar_width(36) == 18
    page = text_layout.TextBlock("Steine einer Farbe, Kante an Kante. " * 40, size=20)
    page.layout(pygame.Rect(40, 40, 400, 200))
    assert page.scrolls and page.first == 0
    track, thumb = page.bar()
    assert track.width == text_layout.bar_width(page.pixels) >= 10
    # The wide bar takes room from the text: its lines end before the bar.
    seen = [r for m, r in drawn(page.draw, app.screen) if m == page.text]
    assert seen and seen[0].right <= track.left

    def mouse(kind: int, y: float, **more: object) -> bool:
        at = (int(track.centerx), int(y))
        return page.handle(pygame.event.Event(kind, pos=at, **more), at)

    assert mouse(pygame.MOUSEBUTTONDOWN, thumb.centery, button=1)
    assert page.first == 0  # a press alone moves nothing
    assert mouse(pygame.MOUSEMOTION, track.bottom)
    assert mouse(pygame.MOUSEBUTTONUP, track.bottom, button=1)
    assert page.first == page.last_first > 0  # dragged to the end
    assert not mouse(pygame.MOUSEMOTION, track.top)  # let go: the mouse moves freely
    assert mouse(pygame.MOUSEBUTTONDOWN, track.top + 1, button=1)  # a press on the bar above
    assert page.first == 0


def test_a_lessons_text_grows_into_a_tall_panels_room(app, drive):
    """At 1280x800 lesson 1's four lines sat at the top of an empty panel at the
    small text's size: a tall panel's text grows into its room (up to just under
    the title's size), a short one's keeps its size and scrolls."""
    from game.client.scenes.tutorial import SIZES

    scene = open_lesson(app, drive, LESSONS[0].id)
    drive.frames(2)
    assert not scene.compact
    assert scene.body.pixels > theme.px(SIZES["body"][0])
    assert scene.body.pixels < theme.px(SIZES["title"][0])
    assert not scene.body.scrolls


def test_a_lessons_title_is_never_smaller_than_its_text(tmp_path):
    """At 640x480 in Large German text "Eine erzwungene Kette" was fitted to one
    line at 26 px over its lesson's text at 28: a long title takes two lines at
    its own size instead, in every lesson. And never three: "Wenn die
    Reihenfolge zählt" crowded its lesson's text, and now says it in fewer words
    ("Die Reihenfolge zählt", as the puzzle pack is named)."""
    from game.client.scripted.checks import look, text_problems
    from game.i18n import _, set_language

    data = tmp_path / "data"
    data.mkdir()
    (data / "settings.json").write_text(json.dumps({"text_size": "Large", "language": "de"}))
    pygame.init()
    app = App((640, 480), data)
    drive = Driver(app)
    try:
        assert set_language("de") == "de"
        wrapped = 0
        for index, lesson in enumerate(LESSONS):
            scene = LessonScene(app, index)
            app.scenes.reset(scene)
            drive.frames(1)
            seen = look(app)
            assert seen is not None
            title = [(r, p) for m, r, _b, p in seen.texts if m == _(lesson.title)]
            body = max(p for m, _r, b, p in seen.texts if b == scene.body.rect)
            assert title and min(p for _r, p in title) >= body, (lesson.id, title, body)
            assert len(title) <= 2, (_(lesson.title), len(title))
            wrapped += len(title) > 1
            assert not [p for p in text_problems(app, seen) if "smaller than" in p]
        assert wrapped, "a long title wraps"
    finally:
        app.close()
        set_language("en")


@pytest.mark.parametrize("language", ["en", "de", "fr", "es", "it"])
@pytest.mark.parametrize("text_size", ["Normal", "Large"])
def test_every_lessons_task_is_in_view_without_scrolling(tmp_path, language, text_size):
    """Issue 54: German lesson 6 at 640x480 Large said what to do only after
    nine turns of the wheel, at the end of its scrolled text. Every lesson's task
    (its question, or what it asks done) is drawn whole in its own box, apart
    from the text that scrolls, in every language and both text sizes."""
    from game.client.scripted.checks import look, text_problems
    from game.i18n import set_language
    from game.play.lesson_tasks import lesson_texts

    data = tmp_path / "data"
    data.mkdir()
    (data / "settings.json").write_text(json.dumps({"text_size": text_size, "language": language}))
    pygame.init()
    app = App((640, 480), data)
    drive = Driver(app)
    try:
        assert set_language(language) == language
        for index, lesson in enumerate(LESSONS):
            scene = LessonScene(app, index)
            app.scenes.reset(scene)
            drive.frames(1)
            assert scene.body.first == 0  # nothing scrolled
            task = lesson_texts(lesson)[1]
            seen = look(app)
            assert seen is not None
            drawn = [(r, b) for m, r, b, _p in seen.texts if m == task]
            assert drawn, (lesson.id, task)
            r, box = drawn[0]
            assert box != scene.body.rect and app.screen.get_rect().contains(r)
            assert not r.colliderect(scene.body.rect)
            assert text_problems(app, seen) == [], (lesson.id, text_problems(app, seen))
    finally:
        app.close()
        set_language("en")


def test_the_first_flip_lessons_words_match_its_markers(app, drive):
    """A play-test: lesson 5 said a gold ring and dot mark each tile you may flip,
    but in a chain the tile owed next has a ring and no dot: the words say both."""
    scene = open_lesson(app, drive, "flip")
    board = scene.run.board
    turn = next(t.cells for t in board.legal_turns() if t.is_flip and len(t.cells) >= 2)
    drive.frames(2)

    def dot(cell) -> bool:
        return tuple(app.screen.get_at([round(v) for v in scene.view.centre(cell)]))[:3] == (
            theme.ACCENT
        )

    def ring(cell) -> bool:
        x, y = (round(v) for v in scene.view.centre(cell))
        r = round(scene.view.radius)
        return any(
            tuple(app.screen.get_at((x + dx, y)))[:3] == theme.ACCENT for dx in range(r // 3, r)
        )

    assert dot(turn[0]) and ring(turn[0])  # a tile you may flip: a ring and a dot
    drive.click_cell(turn[0])
    drive.frames(2)
    assert scene.run.chain is not None and turn[1] in scene.run.owed()
    assert ring(turn[1]) and not dot(turn[1])  # the tile owed next: a ring alone
    text = scene.lesson.text
    assert "A gold ring and dot mark each tile you may flip" in text
    assert "a gold ring alone marks the tile to flip next" in text
