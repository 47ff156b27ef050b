"""A flip turn in progress, as a value.

A flip turn can be played one flip at a time, as a player clicks through a
chain. :meth:`Board.start_chain <game.rules.board.Board.start_chain>` makes the
first flip and returns a :class:`Chain`; each :meth:`Chain.flip` returns the
next one, and :meth:`Chain.take_back` the one before. The board itself never
changes while a chain is under way (it is always a whole position between
turns); once :attr:`Chain.is_complete`, ``board.push(chain.turn())`` plays it.
This is the way OpenSpiel's checkers keeps a multi-jump: the pending part of a
turn is explicit, not a hidden mode of the board::

    >>> from game.rules import Board
    >>> b = Board("BBRR/RBBBR/BBRBBB/RRBBRBB/2RBBB/BBBBR/RBRB r")
    >>> chain = b.start_chain("c1")
    >>> chain.owed_names()
    ['c2']
    >>> chain = chain.flip("c2").flip("d3").flip("d4")
    >>> chain.is_complete, chain.names()
    (True, ['c1', 'c2', 'd3', 'd4'])
    >>> b.push(chain.turn()); b.mover.title
    'Blue'
"""

from __future__ import annotations

from .color import RED, Color
from .errors import ChainError, IllegalTurnError
from .geometry import Geometry
from .movegen import Groups, flip_one, owed, why_not_flip
from .position import Position
from .turn import Turn


class Chain:
    """The flips made so far in a flip turn, and what the board looks like with
    them. Immutable and hashable: flipping or taking back makes a new chain."""

    __slots__ = ("_owed", "_previous", "_s", "_state", "cells", "geometry", "mover", "start")

    def __init__(
        self,
        start: Position,
        cells: tuple[int, ...],
        state: tuple[int, int, Groups, Groups],
        previous: Chain | None,
    ) -> None:
        self.start = start
        #: The cells flipped so far, in order.
        self.cells = cells
        self.geometry: Geometry = start.geometry
        #: The player whose turn this is.
        self.mover: Color = start.mover
        self._state = state  # (mine, theirs, my groups, their groups) after the flips
        self._previous = previous
        self._s = self.geometry.mask(cells)
        _, op, gm, go = state
        self._owed = owed(self.geometry, self._s, op, gm, go)

    @classmethod
    def begin(cls, start: Position, state: tuple[int, int, Groups, Groups], cell: int) -> Chain:
        """The chain after the first flip, on ``cell`` (already checked legal)."""
        bit = 1 << start.geometry.bit_of[cell]
        return cls(start, (cell,), flip_one(start.geometry, bit, *state), None)

    # -- reading -----------------------------------------------------------------
    @property
    def is_complete(self) -> bool:
        """No flip is owed: the turn is whole and can be pushed."""
        return not self._owed

    def owed(self) -> list[int]:
        """The tiles one of which must be flipped next (empty once complete)."""
        return self.geometry.cells_of(self._owed)

    def owed_names(self) -> list[str]:
        return [self.geometry.names[c] for c in self.owed()]

    def names(self) -> list[str]:
        return [self.geometry.names[c] for c in self.cells]

    def position(self) -> Position:
        """The board as it looks with the flips so far (the same player to move)."""
        me, op, _, _ = self._state
        red, blue = (me, op) if self.mover is RED else (op, me)
        return Position(self.start.size, red, blue, self.mover)

    def tile_at(self, cell: int | str) -> Color | None:
        cell = self.geometry.index(cell)
        bit = 1 << self.geometry.bit_of[cell]
        me, op, _, _ = self._state
        if me & bit:
            return self.mover
        if op & bit:
            return self.mover.other
        return None

    def group_count(self, color: Color) -> int:
        """``color``'s groups with the flips so far."""
        _, _, gm, go = self._state
        return len(gm if color == self.mover else go)

    def why_not_flip(self, cell: int | str) -> str | None:
        """Why ``cell`` may not be the next flip (``None`` if it may)."""
        cell = self.geometry.index(cell)
        return why_not_flip(self.geometry, self.mover, cell, self._s, *self._state)

    def turn(self) -> Turn:
        """The whole turn; raises :class:`ChainError` while a flip is still owed."""
        if self._owed:
            raise ChainError(
                f"the chain {''.join('x' + n for n in self.names())} is not complete: "
                f"{', '.join(self.owed_names())} can still be flipped"
            )
        return Turn.flip(self.cells)

    # -- the next chain ----------------------------------------------------------------
    def flip(self, cell: int | str) -> Chain:
        """The chain with ``cell`` flipped next; raises :class:`IllegalTurnError`
        naming the rule when it may not be, or :class:`ChainError` once complete."""
        cell = self.geometry.index(cell)
        if not self._owed:
            raise ChainError("the chain is complete: nothing more may be flipped this turn")
        reason = self.why_not_flip(cell)
        if reason:
            raise IllegalTurnError(reason)
        bit = 1 << self.geometry.bit_of[cell]
        state = flip_one(self.geometry, bit, *self._state)
        return Chain(self.start, (*self.cells, cell), state, self)

    def take_back(self) -> Chain | None:
        """The chain without its last flip (``None`` when only the first was made)."""
        return self._previous

    # -- a value ----------------------------------------------------------------------
    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Chain):
            return NotImplemented
        return self.start == other.start and self.cells == other.cells

    def __hash__(self) -> int:
        return hash((self.start, self.cells))

    def __len__(self) -> int:
        return len(self.cells)

    def __repr__(self) -> str:
        flips = "".join("x" + n for n in self.names())
        return f"<Chain {flips} from {self.start.mfen()!r}>"
