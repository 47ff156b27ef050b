"""A puzzle's card in the browser, in words: the card itself shows only its
number, its rating, a word for its goal and the stars won, too little for a
newcomer to read; the line over the grid says it whole."""

from __future__ import annotations

from game.i18n import _

from .progress import MAX_STARS


def card_words(number: int, rating: int, goal: str, stars: int) -> str:
    """Puzzle ``number`` of its pack, rated ``rating``, with ``goal`` ("win" or
    "most") and ``stars`` won of :data:`MAX_STARS`."""
    aim = _("one turn wins") if goal == "win" else _("take the most tiles")
    return _("Puzzle {n}, rated {rating}: {goal}. Your stars: {stars} of {most}.").format(
        n=number, rating=rating, goal=aim, stars=stars, most=MAX_STARS
    )
