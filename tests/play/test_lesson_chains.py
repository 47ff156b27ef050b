"""The forced-chain lesson accepts every chain its words allow (pygame-free)."""

from __future__ import annotations

from game.play.lessons import LESSONS, LessonRun


def forced_run() -> LessonRun:
    return LessonRun(next(lesson for lesson in LESSONS if lesson.id == "forced"))


def play(run: LessonRun, cells: tuple[int, ...]) -> str:
    kind = ""
    for cell in cells:
        kind = run.click(cell).kind
    return kind


def test_every_chain_of_the_forced_lesson_is_accepted() -> None:
    flips = [t.cells for t in forced_run().board.legal_turns() if t.is_flip]
    chains = [cells for cells in flips if len(cells) >= 2]
    # The lesson's board has chains of two and of three flips: both are chains.
    assert sorted(len(c) for c in chains) == [2, 3]
    for cells in chains:
        run = forced_run()
        assert play(run, cells) == "done", cells
        assert run.done


def test_a_lone_flip_is_refused_with_words_that_say_why() -> None:
    run = forced_run()
    lone = next(t.cells for t in run.board.legal_turns() if t.is_flip and len(t.cells) == 1)
    feedback = run.click(lone[0])
    assert feedback.kind == "wrong"
    assert "no chain" in feedback.text
    assert not run.done and run.chain is None
    # The lesson's own words warn that not every gold-ringed flip starts a chain.
    assert "Not every flip owes another" in run.lesson.text
