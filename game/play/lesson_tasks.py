"""What each lesson asks the player to do now, said apart from its text: the
tutorial shows it in view, under a text that may have to scroll. A lesson that
ends with a question asks that; the others say their task in a line of its own
(their text says it too, with the why around it)."""

from __future__ import annotations

from game.i18n import N_, _

from .lessons import Lesson, split_question

#: The task of each lesson whose text ends in no question, by lesson id.
TASKS = {
    "place": N_("Place a Red tile on a cell with a dot."),
    "refuse-own": N_("Click a cell Red may not place on: it touches only Red tiles."),
    "refuse-join": N_("Click a cell Red may not place on: it would join two Red groups."),
    "flip": N_("Flip a gold-ringed tile."),
    "forced": N_("Play a chain to its end."),
    "choice": N_("Play a chain in which you choose."),
    "order": N_("Find the flip turn that takes the most tiles."),
    "pass": N_("Red has no legal turn: pass."),
}


def lesson_texts(lesson: Lesson) -> tuple[str, str]:
    """The lesson's text in the player's language, and its task (the question it
    ends with, taken out of the text, or the task said apart; "" where neither)."""
    text, question = split_question(_(lesson.text))
    if question or lesson.id not in TASKS:
        # A translation that moved its question from the end keeps it in the text.
        return text, question
    return text, _(TASKS[lesson.id])
