"""What a match screen needs of the thing that runs its game, and what that
thing can do.

A match at this screen (:class:`~.match_controller.MatchController`) and a game
played through a server (:class:`~.online_game.OnlineController`) stand behind
the same screen. :class:`MatchControl` is what both really do; what only some
can do is a protocol of its own (:class:`TakeBacks`, :class:`Hints`,
:class:`Saves`, :class:`Thinks`), and :func:`abilities` says which a controller
has, so the screen shows the buttons that work and hides the rest rather than
calling methods that pretend.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Protocol, runtime_checkable

from game.i18n import _
from game.rules import Color

from .match import Event, Match


@runtime_checkable
class MatchControl(Protocol):
    """The game behind a match screen: clicks become turns, the moves can be
    looked through, and what happened comes back as :class:`~.match.Event` lists."""

    # Read only: an online controller holds an online match.
    @property
    def match(self) -> Match: ...

    #: The cells a hint rings on the board (none where hints are not given).
    hint: tuple[int, ...]
    #: The player went back through the moves: playing on asks first.
    browsing: bool
    #: This game is the one kept as the match in progress (or the server keeps it).
    current: bool
    #: Where the finished game is kept in the history, once it is.
    archive_path: Path | None

    def kept_record(self) -> Path | None:
        """The history's record of this very game, if it has one (for its analysis)."""
        ...

    def over_note(self) -> str:
        """How this ending counts, when not as usual (played on after the end)."""
        ...

    @property
    def later(self) -> int:
        """Turns after the position shown that playing on from it would drop."""
        ...

    def may_change(self) -> bool:
        """May the game change now without asking the player first?"""
        ...

    def wants_change(self, cell: int) -> bool:
        """Would a click on ``cell`` change the game?"""
        ...

    def click(self, cell: int) -> list[Event]: ...

    def goto(self, ply: int) -> bool:
        """Show the position after ``ply`` turns; True if it moved."""
        ...

    def play_on_from_here(self) -> None:
        """Drop the turns after the position shown: the player plays on from it."""
        ...

    def claim(self) -> None:
        """The player agreed that this game becomes the match in progress."""
        ...

    def take_back_chain(self) -> tuple[int, ...]: ...

    def take_back_flip(self) -> int | None: ...

    def resign(self, side: Color) -> list[Event]: ...

    def poll(self, now: float, ready: bool, show: bool = True) -> list[Event]:
        """What happened since the last frame; never waits. ``ready``: the scene
        is done showing the last turn; ``show``: it may show the next one."""
        ...

    def leave(self) -> str | None:
        """The screen closes: stop any work under way and keep what must be kept.
        Returns what went wrong, if anything."""
        ...


@runtime_checkable
class TakeBacks(Protocol):
    """Turns can be taken back and played again (a match at this screen)."""

    def undo(self) -> bool: ...

    def redo(self) -> bool: ...


@runtime_checkable
class Hints(Protocol):
    """An AI suggests a turn; the answer comes as a ``hint`` event from ``poll``."""

    def ask_hint(self) -> str: ...


@runtime_checkable
class Saves(Protocol):
    """The game can be saved to a file of its own."""

    def save_game(self) -> tuple[bool, str]: ...


@runtime_checkable
class Thinks(Protocol):
    """An AI at this screen plays a side, and may think on the player's time."""

    ponder_allowed: bool
    master_long: bool
    thinking_since: float

    @property
    def thinking(self) -> bool: ...

    @property
    def pondering(self) -> bool: ...

    def cancel_ai(self) -> None: ...


@dataclass(frozen=True)
class Abilities:
    """What a controller can do beyond :class:`MatchControl`: a screen shows a
    button only where its ability is there."""

    undo: bool
    hint: bool
    save: bool
    think: bool
    #: A side can resign (every controller can; a game with no person in it
    #: has nobody to resign, which the screen works out from the match).
    resign: bool = True


def abilities(control: MatchControl) -> Abilities:
    """Which of the optional protocols ``control`` implements."""
    return Abilities(
        undo=isinstance(control, TakeBacks),
        hint=isinstance(control, Hints),
        save=isinstance(control, Saves),
        think=isinstance(control, Thinks),
    )


def not_your_turn(match: Match, thinking: bool, browsing: bool = False) -> str:
    """What a click on the board is told when it is not the person's turn: that
    the AI is thinking while it is (``thinking``), or is about to: the AI is asked
    whenever it is to move and the player is not looking back (``browsing``), so
    the moment between the person's turn and that request (the turn still being
    shown) is the AI's too, as the side panel already says."""
    if match.over:
        return _("The game is over.")
    due = thinking or (bool(match.ai_to_move) and not browsing)
    return _("The AI is thinking.") if due else _("Wait for your turn.")
