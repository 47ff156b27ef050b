"""What an answered puzzle counts for, wherever it was played: a pack's grid, the
daily puzzle, an arcade run. The first try moves the puzzle rating, a solve
keeps its stars (as :class:`~.puzzle_session.PuzzleSession` counts them), and
the daily puzzle keeps its day's best. In a run, the run then says what comes
next: :func:`run_answer`. The screens pass each answer here and show what comes
back; they decide none of it.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from enum import Enum, auto

from game.glicko import Rating
from game.puzzles import Pack, Puzzle

from .arcade_run import Run, Tone
from .progress import Progress

#: A puzzle rating whose deviation is above this is still settling: too few
#: answers yet to be sure of it, and said so.
SETTLING_RD = 110


def settling(rating: Rating) -> bool:
    """The rating is still settling (the screens say "provisional")."""
    return rating.rd > SETTLING_RD


def rating_shown(before: float, after: float) -> tuple[str, str]:
    """A rating as the screens show it and its change: the change is the difference
    of the two whole numbers shown (1055 to 945 reads -110), never of the unrounded
    ratings, which can be a point off what the player works out."""
    shown_before, shown_after = round(before), round(after)
    return str(shown_after), f"{shown_after - shown_before:+d}"


def pack_of(packs: list[Pack], puzzle: Puzzle) -> Pack:
    """The pack ``puzzle`` is from (a run draws from every pack)."""
    return next(p for p in packs if puzzle in p.puzzles)


@dataclass(frozen=True)
class Answer:
    """An answer judged: ``right`` or not, whether it was the ``first_try``
    (:attr:`.puzzle_session.PuzzleSession.first_try`), and the ``stars`` a solve
    earns (:attr:`.puzzle_session.PuzzleSession.stars`)."""

    right: bool
    first_try: bool
    stars: int


def count_answer(
    progress: Progress, pack_id: str, puzzle: Puzzle, answer: Answer, *, day: dt.date | None = None
) -> tuple[float, float] | None:
    """Count one answer at ``puzzle`` of pack ``pack_id``: the first try towards
    the rating, a solve (wherever it happens) with its stars, and a solve of
    ``day``'s daily puzzle as that day's result. Returns the rating before and
    after, when the answer was a first try; the caller saves the progress."""
    moved = None
    if answer.first_try:
        before = progress.rating.rating
        progress.first_try(pack_id, puzzle, answer.right)
        moved = before, progress.rating.rating
    if answer.right:
        if day is not None:
            key = day.isoformat()
            progress.daily[key] = max(progress.daily.get(key, 0), answer.stars)
        progress.record(pack_id, puzzle.id, answer.stars)
    return moved


#: What a run does after an answer. The Trainer waits for the player's Next:
#: after a solve (its news is the rating's change) and after a miss, with the
#: answer played out on the board first. The other runs go on by themselves: soon
#: after a solve, later after a miss (it stays on the board a while).
class Then(Enum):
    WAIT = auto()
    SHOW_ANSWER = auto()
    ON_SOON = auto()
    ON_LATER = auto()


WAIT, SHOW_ANSWER, ON_SOON, ON_LATER = Then


@dataclass(frozen=True)
class RunAnswer:
    """An answer in a run, counted: the run's pop-ups, the rating's move for the
    Trainer to say (before, after; None when not said), and what comes next."""

    popups: list[tuple[str, Tone]]
    rating: tuple[float, float] | None
    then: Then


def run_answer(
    run: Run, progress: Progress, packs: list[Pack], puzzle: Puzzle, answer: Answer
) -> RunAnswer:
    """Count an answer at ``puzzle``, the run's, and move the run on by it."""
    moved = count_answer(progress, pack_of(packs, puzzle).id, puzzle, answer)
    popups = run.popups(run.answer(answer.right))
    if run.teaches:
        return RunAnswer(popups, moved, WAIT if answer.right else SHOW_ANSWER)
    return RunAnswer(popups, None, ON_SOON if answer.right else ON_LATER)


def run_skip(
    run: Run, progress: Progress, packs: list[Pack], puzzle: Puzzle
) -> tuple[bool, tuple[float, float] | None]:
    """Skip ``puzzle``, the run's, if the run lets it now: whether it skipped,
    and the rating before and after when the skip moved it. Where a skip is a
    miss (the Trainer), it counts as a wrong first try, even after a hint: a
    skip must not dodge what a wrong answer costs. The caller then asks the run
    for its next puzzle."""
    if not run.skip():
        return False, None
    if not run.skip_is_miss:
        return True, None
    return True, count_answer(progress, pack_of(packs, puzzle).id, puzzle, Answer(False, True, 0))
