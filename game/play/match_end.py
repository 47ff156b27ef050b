"""How a game ended, wherever in it the player is looking: a result card opened
while looking back at turn 2 read "Draw, 1 tile each" for a game Red won 11-8,
because it described the position on screen. No pygame."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from game.i18n import _
from game.rules import BLUE, PASS, RED, Color

from . import look_back
from .match import Match


@dataclass(frozen=True)
class Ending:
    """The game's last position as a result card tells it."""

    #: Each side's tiles at the end.
    tiles: dict[Color, int]
    #: Who won (``None``: a draw, a game called off, or one not over).
    winner: Color | None
    #: The side that resigned, if one did.
    resigned: Color | None
    #: The whole game's turns, forced passes included.
    turns: int
    #: The side that played the first turn.
    first: Color
    #: How many of the turns were passes.
    passes: int = 0
    #: Resigned before the person's first turn (:mod:`.called_off`): no winner.
    called_off: bool = False

    @property
    def headline(self) -> str:
        """The card's headline: who won, a draw, or that the game was called off
        (play-test: a called-off game's card read "Blue wins", though it counts
        for nothing)."""
        if self.called_off:
            return _("Called off")
        if self.winner is None:
            return _("Draw")
        return _("{side} wins").format(side=_(self.winner.title))

    @property
    def counted(self) -> bool:
        """Does the card count the tiles and turns? Not for a game called off
        before any turn (play-test: "0 tiles", "0 tiles", "0 turns")."""
        return not (self.called_off and self.turns == 0)

    @property
    def resign_line(self) -> str:
        """What the card says of a resignation ("" if none)."""
        if self.resigned is None:
            return ""
        if self.called_off:
            # The note under it says how it counts (not rated, not in History).
            return _("{side} called the game off.").format(side=_(self.resigned.title))
        return _("{side} resigned.").format(side=_(self.resigned.title))


def ending(match: Match) -> Ending:
    """How ``match`` ended: its whole line (the turns on the board and those
    looked back from) played out, whatever position is shown."""
    end = match.end_board()
    off = match.called_off
    winner = match.resigned.other if match.resigned is not None else end.winner()
    return Ending(
        tiles={side: end.count(side) for side in (RED, BLUE)},
        winner=None if off else winner,
        resigned=match.resigned,
        turns=len(end.turn_stack),
        passes=sum(t is PASS for t in end.turn_stack),
        first=end.root.mover,
        called_off=off,
    )


def card_on_redo(match: Match, *, looking_back: bool) -> bool:
    """Redo has just brought ``match`` to its end: does the result card come up,
    as at a live game's end? Not in a look back from History, whose turns Redo
    steps through as Right does (play-test: stepping onto the last turn put the
    card back over the board); its Result button brings it up when asked for."""
    return match.over and not looking_back


def rematch_said(fresh: Match) -> str:
    """What a rematch (``fresh``, the colours swapped) says as it starts: the one
    person's new colour (play-test: the swap went unsaid, and a newcomer played
    on as if still Red); of two people, or none, that the colours swapped."""
    humans = [c for c in (RED, BLUE) if fresh.is_human(c)]
    if len(humans) == 1:
        return _("Rematch: you play {side}").format(side=_(humans[0].title))
    return _("Rematch: colours swapped")


#: Seconds a banner shows (the rematch's colour among them). The AI's turn may
#: show once a banner has :data:`AI_UNDER_BANNER` seconds left, as a pass's
#: banner then goes on over the board.
BANNER = 3.0
AI_UNDER_BANNER = 1.5
#: Seconds a banner stays once a turn is shown under it (play-test: the rematch's
#: banner stayed 1.5 s into the person's turn, over cells they then clicked).
BANNER_AFTER_TURN = 0.5


class AITiming(NamedTuple):
    """What a match scene lets its AI do this frame (:func:`ai_timing`)."""

    #: Ask the AI for its turn, if one is to move.
    ask: bool
    #: Show the turn it answers.
    show: bool


def ai_timing(busy: bool, finished: bool, banner_left: float | None) -> AITiming:
    """When the AI thinks and when its turn shows. It thinks as soon as the
    last turn has been shown (``busy``: still animating), banner or not
    (play-test: after a rematch it waited out the banner, about 3 s on "Red to
    move", before it even began); its turn shows once a banner over the board
    (``banner_left`` seconds left, None if none) is down to
    :data:`AI_UNDER_BANNER`, so the banner is read undisturbed first, or at once
    when the banner is clicked away."""
    ask = not busy and not finished
    under = banner_left is not None and banner_left > AI_UNDER_BANNER
    return AITiming(ask=ask, show=ask and not under)


def rematch_banner_seconds(fresh: Match) -> float:
    """How long a rematch's banner shows: :data:`BANNER` undisturbed, whoever
    moves first (play-test: where the AI moved first, its turn came half way
    through and the banner read as gone in about a second)."""
    return BANNER + (AI_UNDER_BANNER if fresh.ai_to_move else 0.0)


#: Seconds after a click put a banner away in which a click on the board still
#: plays nothing (play-test: a double-click's second click, 0.15 to 0.2 s after
#: the first, played the cell that had been under the banner).
BANNER_GRACE = 0.4


def banner_takes(click: bool, on_board: bool, up: bool, since_put_away: float) -> bool:
    """Does a banner take this input for itself, dismissing it and playing
    nothing? A click on the board or the banner (play-test: a click in the
    banner placed a tile on a cell hidden under it) while it is ``up`` or within
    :data:`BANNER_GRACE` of a click putting it away, not one on the panel. A
    key puts the banner away but keeps its job: the board cursor it moves is
    in sight, and a player on keys or a controller would lose a press to every
    banner. ``click``: a left click; ``on_board``: left of the panel."""
    return click and on_board and (up or since_put_away < BANNER_GRACE)


def rematch_reminder(match: Match) -> str:
    """What the line over a rematch's board adds to the AI's turns until the one
    person has played a turn of their own: their colour ("" once they have, of
    two people or none, or once the game is over)."""
    humans = [c for c in (RED, BLUE) if match.is_human(c)]
    if len(humans) != 1 or match.over or not match.before_a_turn(humans[0]):
        return ""
    return _("You play {side}.").format(side=_(humans[0].title))


def see_board_hint(match: Match, *, review: bool, takebacks: bool) -> str:
    """What See board says of stepping through the game ("" where there is
    nothing to step through): Undo named only where it takes something back
    (play-test: a game called off before any turn was told "Undo and Left step
    back through the game." with Undo greyed). ``review``: a look back from
    History; ``takebacks``: this game's turns can be taken back."""
    if review:
        return look_back.stepping()
    if not match.plies:
        return ""
    if takebacks and match.can_undo:
        return _("Undo and Left step back through the game.")
    return _("Left steps back through the game.")


def keys_when_over(match: Match) -> tuple[str, ...]:
    """The line of keys under a finished game's board, longest first: Left and
    Right step through its moves where it has any (play-test: a game called off
    before any turn was told "Game over. Left, Right: the moves.")."""
    if not match.plies:
        return (_("The game is over."),)
    return (
        _("The game is over: Left and Right step through the moves."),
        _("Game over. Left, Right: the moves."),
    )
