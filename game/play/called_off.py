"""A game resigned before the resigning side played a turn is called off, as
lichess aborts such games: neither rated nor kept in History (play-test: five
resigns before a first turn pushed a new player's rating against the AI to its
floor). No pygame."""

from __future__ import annotations

from dataclasses import dataclass

from game.i18n import N_, _
from game.rules import Color

from . import ai_rating
from .match import Match


def called_off(match: Match) -> bool:
    """``match`` was resigned before the person played a turn of their own (a
    forced pass is not one), in the whole game, wherever it is looked at: the
    one person against the AI, whichever side gave up; of two people, the one
    who resigned."""
    return match.called_off


def calls_off(match: Match, side: Color) -> bool:
    """Resigning for ``side`` now would call ``match`` off: it is not over and
    the person (the one resigning, of two) has played no turn yet."""
    return not match.finished and match.before_a_turn(side)


def called_off_note(match: Match) -> str:
    """What the result card says of a called-off game ("" for any other)."""
    if not called_off(match):
        return ""
    if ai_rating.result(match) is not None:
        # As its question said: the AI's turns played before do not count
        # (play-test: "1 turn" over "before a turn was played").
        return _("Called off before you played a turn: not rated, not in History.")
    side = match.resigned
    if side is None or not match.plies:  # two people: no rating to spare
        return _("Called off before a turn was played: not in History.")
    return _("Called off before {side} played a turn: not in History.").format(side=_(side.title))


@dataclass(frozen=True)
class ResignWords:
    """How the way to give up is put, now: Resign, or Call off where resigning
    would call the game off (play-test: the menu said Resign, the result card
    then said the game was not rated). ``button`` and ``yes`` are marked for
    translation, translated where drawn; the question and its detail are
    translated here, as they hold a side's name. ``note``: what calling off
    means, under the menu's title where it offers Call off (play-test: Resign
    became Call off with no word why); "" for Resign."""

    button: str
    question: str
    detail: str
    yes: str
    note: str = ""


def resign_words(match: Match, side: Color) -> ResignWords:
    """The words of the menu's button and of its question, for ``side``."""
    if not calls_off(match, side):
        return resigning(side)
    if not ai_rating.against_ai(match):
        detail = _("You have not played a turn yet: the game is not kept in History.")
        note = _("A game called off before your first turn is not kept in History.")
    else:
        detail = _("You have not played a turn yet: the game is not rated or kept in History.")
        note = _("A game called off before your first turn is not rated or kept in History.")
    return ResignWords(N_("Call off"), _("Call off this game?"), detail, N_("Call off"), note)


def resigning(side: Color) -> ResignWords:
    """The words of resigning for ``side`` a game that counts."""
    return ResignWords(
        N_("Resign"),
        _("Resign as {side}?").format(side=_(side.title)),
        _("The match ends and the other side wins."),
        N_("Resign"),
    )
