"""What a match, finished or going on, still offers its player: the choices the
match screen, its side panel, its pause menu and its result card show, decided
here so the screens only draw them (a called-off game is neither analysed nor
kept; before the first turn giving up is aborting, not resigning). No pygame."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from game.i18n import N_

from .match import Match

#: The result card's kinds: one with Analyse (and its controller key), or one
#: of a game with nothing to analyse, whose help offers no key for it.
CardKind = Literal["analysed", "plain"]


@dataclass(frozen=True)
class Offers:
    """What ``match`` may still do now. The labels are marked for translation,
    translated where drawn."""

    #: Go through the whole game with the engine, from its result card.
    analyse: bool
    #: The same, from the pause menu: only once the game has ended.
    analyse_from_menu: bool
    #: Save the game to a file (a called-off game is not kept anywhere).
    save: bool
    #: Give up now (the side panel's button is greyed once the game is over).
    give_up: bool
    #: The side panel's name for giving up: a game is called off, not lost,
    #: before its first turn.
    give_up_label: str
    #: The result card to show.
    card: CardKind
    #: Undo takes something back (against the AI, only a turn of the person's).
    undo: bool = False


def offers(match: Match) -> Offers:
    """What ``match`` offers now, as it stands (whichever position is shown)."""
    counts = not match.called_off
    return Offers(
        analyse=counts,
        analyse_from_menu=counts and match.finished,
        save=counts,
        give_up=not match.over,
        give_up_label=N_("Resign") if match.board.turn_stack else N_("Abort"),
        card="analysed" if counts else "plain",
        undo=match.can_undo,
    )
