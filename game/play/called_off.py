"""A game resigned before the resigning side played a turn is called off, as
lichess aborts such games: neither rated nor kept in History (play-test: five
resigns before a first turn pushed a new player's rating against the AI to its
floor). No pygame."""

from __future__ import annotations

from game.i18n import _
from game.rules import BLUE, PASS, RED, Board

from . import ai_rating
from .match import Match


def called_off(match: Match) -> bool:
    """``match`` was resigned before the person played a turn of their own (a
    forced pass is not one), in the whole game, wherever it is looked at: the
    one person against the AI, whichever side gave up; of two people, the one
    who resigned."""
    side = match.resigned
    if side is None:
        return False
    humans = [c for c in (RED, BLUE) if match.is_human(c)]
    if len(humans) == 1:
        side = humans[0]
    board = Board(match.board.root)
    for turn in [*match.board.turn_stack, *reversed(match.redo_stack)]:
        if turn is not PASS and board.mover == side:
            return False
        board.push(turn)
    return True


def called_off_note(match: Match) -> str:
    """What the result card says of a called-off game ("" for any other)."""
    if not called_off(match):
        return ""
    if ai_rating.result(match) is None:  # two people: no rating to spare
        return _("Resigned before playing a turn: not in History.")
    return _("Resigned before playing a turn: not rated, not in History.")
