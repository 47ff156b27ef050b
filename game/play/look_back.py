"""What a game looked back over from History offers: its turns to step
through, its analysis and the way back, never a turn to play (a click there
plays nothing). No pygame: the review screen shows these words."""

from __future__ import annotations

from game.i18n import _
from game.rules import Board

from .explain import describe
from .match import Match


def opening_turn(match: Match) -> int:
    """The turn a game opened from History shows first: a finished game's end,
    its final position with its result (play-test: opened at its start, a
    newcomer saw an empty board and asked where the game was); the player
    steps back from there."""
    return match.plies if match.finished else 0


def analysis_turn(match: Match) -> int:
    """The turn the analysis of ``match`` shows first: the one looked at, or,
    from a game's end, what :func:`opening_turn` opens (play-test: analysed
    from the result card, a finished game opened on the empty board)."""
    return match.ply if match.ply < match.plies else opening_turn(match)


def stepping() -> str:
    """What a look back says of itself on the line over the board: to a click
    on the board, and when its result card is put away (not a live game's
    "Undo and Left step back")."""
    return _("Looking back only: Left and Right step through the game.")


def looking_at(ply: int, plies: int) -> str:
    """The turn line for a game looked back over at ``ply`` of its ``plies``
    turns: at the start, before its first turn (play-test: "after turn 0 of
    90" read as a turn nobody played; "the start, before turn 1 of 90" was
    too long for the panel at 640x480 in Large text)."""
    if ply == 0:
        return _("Looking back: before turn 1 of {total}").format(total=plies)
    return _("Looking back: after turn {number} of {total}").format(number=ply, total=plies)


def hover(board: Board, cell: int) -> tuple[str, str]:
    """The line over the board for the pointer over ``cell``: what the cell
    holds, as for any position nobody is to play in, not "Place a tile"."""
    return describe(board, cell), "info"


def keys(*, cursor: bool, pad: bool) -> tuple[str, ...]:
    """The line of keys under the board, longest first: the turns, the
    analysis and the way back; with the board cursor shown, that it reads the
    cells (Enter plays none)."""
    if cursor and pad:
        return (
            _("D-pad or stick: move the cursor to read the cells. B hides it."),
            _("D-pad: read the cells. B: hide."),
        )
    if cursor:
        return (
            _("Arrows move the cursor to read the cells, Esc hides it."),
            _("Arrows: read the cells. Esc: hide."),
        )
    if pad:
        return (
            _("LB and RB step through the turns, Y analyses the game, B goes back to History."),
            _("LB, RB: the turns. Y: analyse. B: back."),
        )
    return (
        _("Left and Right step through the turns, A analyses the game, Esc goes back to History."),
        _("Left, Right: the turns. A: analyse. Esc: back."),
    )
