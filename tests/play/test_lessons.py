"""The tutorial's lessons without a screen: each task accepted when done, a wrong
or refused try explained in the game's words, chains taken back, and the
progress kept on disk."""

import json

import pytest

from game.play.lessons import LESSONS, Feedback, LessonRun
from game.play.tutorial_progress import TutorialProgress, load, save
from game.rules import BLUE, RED

LESSON = {lesson.id: lesson for lesson in LESSONS}


def run(lesson_id: str) -> LessonRun:
    return LessonRun(LESSON[lesson_id])


def click(r: LessonRun, name: str) -> Feedback:
    return r.click(r.board.geometry.cell(name))


def follow(r: LessonRun, start: str) -> list[Feedback]:
    """A chain from ``start``, always on to the first owed tile, to its end."""
    said = [click(r, start)]
    while said[-1].kind == "moved":
        said.append(r.click(sorted(r.owed())[0]))
    return said


def test_an_answer_lesson_takes_only_the_right_answer_and_hides_the_count_until_then():
    r = run("groups")
    assert r.counter(RED) == "Red: ? groups, 3 tiles"  # the question's answer
    assert r.counter(BLUE) == "Blue: 2 groups, 3 tiles"
    wrong = r.answer("2")
    assert wrong.kind == "wrong" and "count again" in wrong.text and not r.done
    assert click(r, "a1").text == "Answer with the buttons on the right."
    assert r.answer("3").kind == "done" and r.done
    assert r.counter(RED) == "Red: 3 groups, 3 tiles"


def test_the_last_lesson_asks_who_won_and_its_answer_comes_from_the_board():
    r = run("end")
    assert r.answer_text() == "Blue"
    assert r.answer("Red").kind == "wrong"
    done = r.answer("Blue")
    assert (
        done.kind == "done"
        and done.text == "Red has 17 tiles, Blue 20: the one with more tiles wins."
    )


def test_placing_is_accepted_on_a_legal_cell_and_a_full_cell_is_refused():
    r = run("place")
    refused = click(r, "a2")
    assert refused.kind == "refused" and not r.done
    done = click(r, "a1")
    assert done.kind == "done" and done.color is RED and r.board.tile_at(0) is RED
    assert click(r, "a3").text == "This lesson is done: go on to the next one."


def test_a_refusal_lesson_wants_its_own_rule_and_names_the_other():
    own = run("refuse-own")
    other = click(own, "c2")
    assert other.kind == "wrong" and "That is the other rule" in other.text and not own.done
    may = click(own, "a4")
    assert may.text == "Red may place on a4: find a cell where it may not."
    full = click(own, "a1")
    assert full.text == "a1 is not empty: look for an empty cell."
    assert click(own, "f1").kind == "done" and own.done
    # A cell that breaks both rules is right for either lesson, its own rule said first.
    join = run("refuse-join")
    both = click(join, "e2")
    assert both.kind == "done" and both.text.startswith(
        "e2 would join 2 of Red's groups into one, and it touches only Red's own tiles."
    )


def test_the_first_flip_reports_the_counts_it_lowered():
    r = run("flip")
    assert click(r, "a1").text == "This lesson is about flipping: click an enemy tile."
    done = click(r, "d2")
    assert done.kind == "done" and done.text.startswith(
        "Red's groups went from 7 to 6, and all groups from 11 to 10."
    )


def test_a_chain_lesson_wants_a_whole_chain_and_says_what_is_owed_on_the_way():
    r = run("forced")
    alone = click(r, "b2")  # a flip that owes nothing more is no chain
    assert alone.kind == "wrong" and alone.text.startswith("That flip owed nothing more")
    assert not r.done and r.chain is None and r.board.mfen() == r.start.mfen()  # try again
    whole = follow(r, "c1")
    assert [f.kind for f in whole] == ["moved", "moved", "done"] and r.done
    assert whole[0].text == "Keep going: flip c2, the gold-ringed tile."
    # Two flips are a chain already.
    r = run("forced")
    assert [f.kind for f in follow(r, "e6")] == ["moved", "done"] and r.done


def test_the_choice_lesson_names_every_owed_tile():
    r = run("choice")
    said = follow(r, "b2")
    assert said[0].text == "Keep going: flip one of the gold-ringed tiles, b3 or c3."
    assert said[-1].kind == "done" and r.done


def test_flips_of_a_chain_are_taken_back_one_at_a_time_or_all_at_once():
    r = run("choice")
    assert r.take_back_flip() is None and r.take_back_chain() is None
    click(r, "b2")
    click(r, "b3")
    back = r.take_back_flip()
    assert back is not None and back.kind == "back" and back.cells == (r.board.geometry.cell("b3"),)
    assert back.text.startswith("Took back b3. Keep going: flip one of the gold-ringed tiles")
    assert r.chose  # b2 still owes a choice
    whole = r.take_back_chain()
    assert whole is not None and whole.text.startswith("Took back the whole chain (1 flip).")
    assert r.chain is None and not r.chose


def test_the_most_tiles_lesson_refuses_a_smaller_turn_and_takes_the_best():
    r = run("order")
    wrong = follow(r, "c4")
    assert wrong[-1].kind == "wrong" and "the best turn takes 3" in wrong[-1].text
    assert r.chain is None and r.board.mfen() == r.start.mfen()  # back to try again
    best = [click(r, name) for name in ("b1", "b2", "b3")]
    assert best[-1].kind == "done" and r.done


def test_passing_is_only_for_a_player_with_no_turn():
    assert run("flip").pass_turn().text == "Passing is only for when there is no legal turn."
    r = run("pass")
    assert click(r, "a1").text == "Red has no legal turn: no placement and no flip. Pass."
    assert r.pass_turn().kind == "done" and r.done and r.board.mover is BLUE


def test_progress_is_kept_and_what_cannot_be_read_is_set_aside(tmp_path):
    save(TutorialProgress({"groups", "place"}, offered=True), tmp_path)
    progress, message = load(tmp_path)
    assert progress == TutorialProgress({"groups", "place"}, True) and message is None
    # A lesson this version does not have is dropped; a wrong type is refused whole.
    (tmp_path / "tutorial.json").write_text(json.dumps({"done": ["groups", "gone"]}))
    assert load(tmp_path)[0].done == {"groups"}
    (tmp_path / "tutorial.json").write_text(json.dumps({"done": "groups"}))
    progress, message = load(tmp_path)
    assert progress == TutorialProgress() and message and "'done'" in message


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.id)
def test_every_lesson_can_be_done(lesson):
    """Each lesson has a way through: the task is one the position allows."""
    r = LessonRun(lesson)
    if lesson.task == "answer":
        assert r.answer(r.answer_text()).kind == "done"
    elif lesson.task == "pass":
        assert r.pass_turn().kind == "done"
    else:
        for cell in range(r.board.geometry.cells):
            r.reset()
            said = r.click(cell)
            while said.kind == "moved":
                said = r.click(sorted(r.owed())[0])
            if said.kind == "done":
                break
    assert r.done


def test_starting_a_done_lesson_again_keeps_the_next_one_offered():
    """Issue 54: "Next lesson" was greyed again after "Start again"."""
    run = LessonRun(LESSONS[0])
    assert not run.may_go_on
    fb = run.answer(run.answer_text())
    assert fb.kind == "done" and run.may_go_on
    run.again()
    assert not run.done and run.may_go_on  # the task is open again, Next still offered
    assert run.answer(run.answer_text()).kind == "done"


@pytest.mark.parametrize("language", ["en", "de", "fr", "es", "it"])
def test_the_list_of_lessons_has_one_space_between_its_words(language):
    """Issue 54: "1. Groups  (done)" had two."""
    from game import i18n
    from game.play.tutorial_progress import list_line

    i18n.set_language(language)
    try:
        lines = [
            list_line(i + 1, lesson, done)
            for i, lesson in enumerate(LESSONS)
            for done in (False, True)
        ]
    finally:
        i18n.set_language("en")
    assert all("  " not in line for line in lines), lines
    assert list_line(1, LESSONS[0], True).startswith("1. ") and list_line(
        1, LESSONS[0], True
    ) != list_line(1, LESSONS[0], False)


def test_the_placing_lesson_names_both_rules_of_placing():
    """A newcomer read only "touches an enemy tile, or nothing" and met a cell
    touching Blue with no dot: the second rule (never join two of your groups)
    is named where placing is first taught, with the lesson that shows it."""
    place = next(lesson for lesson in LESSONS if lesson.id == "place")
    join = [i for i, lesson in enumerate(LESSONS, 1) if lesson.id == "refuse-join"]
    assert "join two of your groups" in place.text
    assert join == [4] and "lesson 4" in place.text


def test_every_lesson_says_its_task_apart_from_its_text():
    """Issue 54: a lesson's task was only in its text, which may scroll: each
    has one said apart, its closing question or a line of its own (and no line
    is kept for a lesson that asks a question, or one that is gone)."""
    from game.play.lesson_tasks import TASKS, lesson_texts
    from game.play.lessons import split_question

    asks = {lesson.id for lesson in LESSONS if not split_question(lesson.text)[1]}
    assert set(TASKS) == asks
    for lesson in LESSONS:
        text, task = lesson_texts(lesson)
        if lesson.id in TASKS:
            assert (text, task) == (lesson.text, TASKS[lesson.id])
        else:  # the question, taken out of the text
            assert task.endswith("?") and task not in text


def test_a_translation_without_its_closing_question_keeps_it_in_the_text():
    """The pseudo-language's lesson 1 ends past its "?": its text is shown
    whole, with no task apart, rather than a KeyError for a task line it has not."""
    from dataclasses import replace

    from game.play.lesson_tasks import lesson_texts

    moved = replace(LESSON["groups"], text="How many groups does Red have? Count them.")
    assert lesson_texts(moved) == ("How many groups does Red have? Count them.", "")
