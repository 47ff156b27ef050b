"""What the menu of a match at this screen is called, and what its first choice
says. A game under way pauses there and resumes; a finished game has nothing to
pause or resume (and no clock to stop), so its menu is just the game's: back to
the board, analysis, saving, leaving."""

from __future__ import annotations

from dataclasses import dataclass

from game.i18n import N_

from .match import Match


@dataclass(frozen=True)
class MenuWords:
    """Marked for translation; translated where drawn."""

    #: The panel's button that opens the menu.
    button: str
    #: The menu's title.
    title: str
    #: Its first choice, which closes it: back to the board.
    back: str


PAUSE = MenuWords(N_("Pause"), N_("Paused"), N_("Resume"))
AFTER_THE_END = MenuWords(N_("Menu"), N_("Game over"), N_("Back to the board"))


def menu_words(match: Match) -> MenuWords:
    """The menu's words for ``match`` now: a finished game's, even while an
    earlier position of it is looked at (nothing in it can be resumed)."""
    return AFTER_THE_END if match.finished else PAUSE
