"""The daily puzzle: the same for every player on a given date, named by it."""

from __future__ import annotations

import datetime as dt

from game.i18n import N_, _
from game.play.arcade import daily
from game.play.puzzle_score import Answer, count_answer

from ..scene import Services
from .puzzle_scene import PuzzleScene

#: The months' names, in the player's language where the date is shown (strftime's
#: follow the system's locale, not the game's language).
MONTHS = (
    N_("January"),
    N_("February"),
    N_("March"),
    N_("April"),
    N_("May"),
    N_("June"),
    N_("July"),
    N_("August"),
    N_("September"),
    N_("October"),
    N_("November"),
    N_("December"),
)


def daily_scene(app: Services, today: dt.date | None = None) -> PuzzleScene | None:
    """The daily puzzle: the same for every player on a given date."""
    today = today or dt.date.today()
    picked = daily(app.puzzles.packs, today)
    if picked is None:
        return None
    pack, puzzle = picked

    def result(right: bool, first_try: bool) -> None:
        progress = app.puzzles.progress
        count_answer(progress, pack.id, puzzle, Answer(right, first_try, scene.stars), day=today)
        app.puzzles.save()

    month = _(MONTHS[today.month - 1])
    title = _("Daily puzzle, {day} {month} {year}").format(
        day=today.day, month=month, year=today.year
    )
    scene = PuzzleScene(app, puzzle, title=title, on_result=result)
    return scene
