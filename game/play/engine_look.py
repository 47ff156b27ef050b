"""The engine's look at a position on the analysis board, without pygame: a
quick answer at once, then a deeper one in its place.

A player who asks for the best turn should see one within a glance (under
0.3 s on side 5, ``benchmarks/answer_speed.py``), but a harder position, an
ending the exact solver can settle with a little more time for instance,
deserves the longer look too. So the board asks twice: the quick answer shows
as soon as it comes, and the deeper one replaces it unless the quick one was
exact already. A change to the position drops both.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from game.ai.analysis import VerdictData
from game.i18n import _, ngettext
from game.rules import Color

from .game_analysis import score_in_tiles

#: The quick look: the judge's exact try and its search get this much each.
QUICK_SECONDS = 0.12
#: The deeper look that follows it, searching as deep as its time allows
#: (the quick one stops at the judge's own depth). Its exact try gets as much
#: again, so it answers within twice this. Each doubling of it buys about
#: half a depth (``python benchmarks/answer_speed.py --deep-choices
#: 0.5,1,2,4``: depth 5.8, 6.3, 7.0, 7.5 on side 5): 1 s answers within 1.6 s
#: at p95, where 2 s took 3.9 s for 0.7 of a depth more, beyond the 2.0 s the
#: board's one look took before.
DEEP_SECONDS = 1.0
DEEP_DEPTH = 64


class Answer(Protocol):
    """A judgement from the AI (:class:`game.ai.worker.Answer`), read only."""

    @property
    def id(self) -> int: ...
    @property
    def turn(self) -> str | None: ...
    @property
    def error(self) -> str | None: ...
    @property
    def verdict(self) -> VerdictData | None: ...


class Line(Protocol):
    """What a look needs of its line to the AI (:class:`game.ai.worker.AILine`)."""

    def judge(
        self, mfen: str, played: str, seconds: float = ..., *, depth: int | None = ...
    ) -> int: ...
    # A sequence: the worker's own answer class stands in for the protocol's.
    def poll(self) -> Sequence[Answer]: ...
    def cancel(self) -> None: ...


@dataclass(frozen=True)
class Look:
    """The engine's answer about one position."""

    mfen: str
    turn: str  # the best turn, in notation
    tiles: float  # the mover's margin in tiles: exact, or the evaluation
    exact: bool  # the solver proved it
    deep: bool  # from the deeper look
    #: The quick look's best turn, when the deeper look, an estimate too, found
    #: another. A proof does not "change" an answer: the quick one was only an
    #: estimate, and a player reading "proved" under "changed" is told the
    #: final result moved.
    changed_from: str | None = None


def said(look: Look, mover: Color) -> str:
    """What the analysis board says of ``look`` in a position ``mover`` is to
    move in: the best turn, and who it leaves ahead and by how much, named
    rather than signed, since a bare "+1.0" does not say for whom. A proved
    margin is the final result; an evaluation is an estimate."""
    ahead = mover if look.tiles > 0 else mover.other
    tiles = abs(look.tiles)
    if look.exact:
        n = round(tiles)
        if n == 0:
            return _("Best turn: {turn} (a draw with best play)").format(turn=look.turn)
        text = ngettext(
            "Best turn: {turn} ({side} wins by {n} tile)",
            "Best turn: {turn} ({side} wins by {n} tiles)",
            n,
        )
        return text.format(turn=look.turn, side=_(ahead.title), n=n)
    if tiles < 0.05:
        return _("Best turn: {turn} (even)").format(turn=look.turn)
    # In whole tiles, as the game's analysis says a turn's cost: a player
    # counts tiles, and the evaluation's tenths are not that precise.
    n = round(tiles)
    if n < 1:
        text = _("Best turn: {turn} ({side} a little ahead)")
    else:
        text = ngettext(
            "Best turn: {turn} ({side} ahead by about {n} tile)",
            "Best turn: {turn} ({side} ahead by about {n} tiles)",
            n,
        )
    return text.format(turn=look.turn, side=_(ahead.title), n=n)


class EngineLook:
    def __init__(self, line: Line) -> None:
        self.line = line
        #: The latest answer for the position asked about (``None``: none yet).
        self.look: Look | None = None
        self.request: int | None = None
        self._asked: tuple[str, str] = ("", "")

    @property
    def thinking(self) -> bool:
        """Asked, and no answer yet."""
        return self.request is not None and self.look is None

    @property
    def deepening(self) -> bool:
        """The quick answer is in and the deeper one is on its way."""
        return self.request is not None and self.look is not None

    def ask(self, mfen: str, turn: str) -> None:
        """Look at ``mfen``; ``turn`` is any of its legal turns (a judgement of
        it gives the best turn and the position's score too)."""
        self.drop()
        self._asked = (mfen, turn)
        self.request = self.line.judge(mfen, turn, QUICK_SECONDS)

    def drop(self) -> None:
        """Forget the answer, and the question if it is still out."""
        if self.request is not None:
            self.line.cancel()
            self.request = None
        self.look = None

    def answer_for(self, mfen: str) -> Look | None:
        return self.look if self.look is not None and self.look.mfen == mfen else None

    def poll(self) -> tuple[bool, str | None]:
        """Take what the AI answered: (anything changed, the AI's error if it
        failed). After the quick answer, asks for the deeper one."""
        if self.request is None:
            return False, None
        for answer in self.line.poll():
            if answer.id != self.request:
                continue
            self.request = None
            if answer.error or answer.verdict is None:
                return True, answer.error or _("its answer was empty")
            quick = self.look
            verdict = answer.verdict
            mfen, turn = self._asked
            best = answer.turn or ""
            moved = quick is not None and quick.turn != best and not verdict["exact"]
            self.look = Look(
                mfen,
                best,
                score_in_tiles(verdict["best_score"]),
                verdict["exact"],
                deep=quick is not None,
                changed_from=quick.turn if moved and quick is not None else None,
            )
            if quick is None and not verdict["exact"]:
                self.request = self.line.judge(mfen, turn, DEEP_SECONDS, depth=DEEP_DEPTH)
            return True, None
        return False, None
