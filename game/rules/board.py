"""The game board: a position with a turn history, legal turns, and flip chains.

Modelled on python-chess's ``Board``::

    >>> b = Board()                     # empty side-5 board, Red to move
    >>> b.play("e5").is_place           # checked: raises IllegalTurnError if not allowed
    True
    >>> len(b.legal_turns())            # Blue's choices
    60
    >>> b.pop()                         # take the last turn back
    Turn(kind=<TurnKind.PLACE: 1>, cells=(30,))

:meth:`Board.push` plays a turn without checking it (for search, with turns
from :meth:`Board.legal_turns`); :meth:`Board.play` checks every rule and says
which one a turn breaks.

A flip turn can also be played one flip at a time, as a player clicks through a
chain: :meth:`Board.start_chain` returns a :class:`~game.rules.chain.Chain`, a
value that holds the turn in progress, and the board stays as it was until the
whole turn is pushed. :meth:`Board.click` is what a player's click does: place,
start a chain, or flip the chain's next tile.

Every method that takes a cell takes its number or its name (``"e5"``) and
refuses one that is not on the board with a :class:`~game.rules.errors.CellError`.
"""

from __future__ import annotations

from functools import cache
from typing import ClassVar, cast

from .chain import Chain
from .color import BLUE, RED, Color
from .errors import ChainError, IllegalTurnError, RulesError
from .geometry import Geometry, geometry
from .movegen import (
    Groups,
    first_flips,
    flip_one,
    flip_set,
    flip_turns,
    groups_of,
    has_turn,
    owed,
    place,
    placements,
    why_not_flip,
    why_not_place,
)
from .position import Position
from .turn import PASS, Turn, TurnKind, format_turn, parse_turn

_State = tuple[tuple[int, int], tuple[Groups, Groups], Color]


@cache
def _placement_turns(geo: Geometry) -> list[Turn]:
    """Placement turns by bit position: immutable values, so the generator hands
    out these instead of making new ones."""
    out: list[Turn | None] = [None] * len(geo.cell_of_bit)
    for cell, b in enumerate(geo.bit_of):
        out[b] = Turn(TurnKind.PLACE, (cell,))
    # The off-board bits keep None, and placements() never sets one of them.
    return cast("list[Turn]", out)


class Board:
    """A mutable game: the current position, the turns that led to it, and the rules.

    ``Board()`` is the empty side-5 board; ``Board(size=7)`` another side;
    ``Board("3/4/R4/4/3 b")`` any MFEN position (or a :class:`Position`).
    """

    def __init__(self, position: Position | str | None = None, *, size: int = 5) -> None:
        if position is None:
            position = Position.empty(size)
        elif isinstance(position, str):
            position = Position.from_mfen(position)
        self.set_position(position)

    def set_position(self, position: Position) -> None:
        """Start again from ``position`` with an empty history."""
        self.geometry: Geometry = geometry(position.size)
        w = self.geometry.stride
        self._tiles = (position.red, position.blue)
        self._groups = (groups_of(position.red, w), groups_of(position.blue, w))
        #: The player to move.
        self.mover: Color = position.mover
        self.root = position
        #: The turns played since :attr:`root`, oldest first.
        self.turn_stack: list[Turn] = []
        self._stack: list[_State] = []

    # -- reading the position -------------------------------------------------
    @property
    def size(self) -> int:
        return self.geometry.n

    def position(self) -> Position:
        """An immutable snapshot of the current position."""
        return Position(self.geometry.n, self._tiles[0], self._tiles[1], self.mover)

    def mfen(self) -> str:
        return self.position().mfen()

    def __str__(self) -> str:
        return self.mfen()

    def __repr__(self) -> str:
        return f"Board({self.mfen()!r})"

    def __eq__(self, other: object) -> bool:
        """Boards are equal when their positions are (tiles and player to move),
        whatever turns led there, as python-chess compares boards."""
        if not isinstance(other, Board):
            return NotImplemented
        return self.transposition_key() == other.transposition_key() and self.size == other.size

    # Mutable: hash board.position() instead. typeshed's object.__hash__ is not Optional,
    # so mypy needs telling that None (Python's own unhashable marker) is meant.
    __hash__: ClassVar[None] = None  # type: ignore[assignment]

    def copy(self) -> Board:
        """An independent copy, history included."""
        other = Board.__new__(Board)
        other.__dict__.update(self.__dict__)
        other.turn_stack = list(self.turn_stack)
        other._stack = list(self._stack)
        return other

    def tile_at(self, cell: int | str) -> Color | None:
        geo = self.geometry
        bit = 1 << geo.bit_of[geo.index(cell)]
        if self._tiles[0] & bit:
            return RED
        if self._tiles[1] & bit:
            return BLUE
        return None

    def tiles(self, color: Color) -> list[int]:
        return self.geometry.cells_of(self._tiles[color])

    def count(self, color: Color) -> int:
        """How many tiles ``color`` has on the board."""
        return self._tiles[color].bit_count()

    def group_count(self, color: Color) -> int:
        return len(self._groups[color])

    def groups(self, color: Color) -> list[list[int]]:
        """``color``'s groups as lists of cells, largest first."""
        out = [self.geometry.cells_of(g) for g, _ in self._groups[color]]
        out.sort(key=lambda cells: (-len(cells), cells))
        return out

    def transposition_key(self) -> tuple[int, int, int]:
        """An exact, hashable key of the position (tiles and side to move)."""
        return self._tiles[0], self._tiles[1], int(self.mover)

    def position_hash(self) -> int:
        """A 64-bit hash of the position, the same in every process and run."""
        return hash(self.transposition_key()) & 0xFFFF_FFFF_FFFF_FFFF

    # -- rules ----------------------------------------------------------------
    def _mover(self) -> tuple[int, int, Groups, Groups]:
        t = self.mover
        tiles, groups = self._tiles, self._groups
        return tiles[t], tiles[1 - t], groups[t], groups[1 - t]

    def mover_view(self) -> tuple[int, int, Groups, Groups]:
        """For engines: ``(mine, theirs, my_groups, their_groups)`` from the point of
        view of the player to move, as the functions of :mod:`game.rules.movegen`
        take them. Bitboards and group tuples are immutable, so this is cheap."""
        return self._mover()

    def legal_placements(self) -> list[int]:
        """Empty cells where the player to move may place."""
        return self.geometry.cells_of(placements(self.geometry, *self._mover()))

    def legal_first_flips(self) -> list[int]:
        """Enemy tiles the player to move may flip to start a flip turn."""
        return self.geometry.cells_of(first_flips(self.geometry, *self._mover()))

    def click_targets(self) -> list[int]:
        """The cells a player's click can start a turn on: every legal placement and
        first flip (during a chain, :meth:`Chain.owed` says where the next goes)."""
        return sorted(self.legal_placements() + self.legal_first_flips())

    def legal_turns(self) -> list[Turn]:
        """Every legal turn: placements, then flip turns (one per resulting position);
        ``[PASS]`` when the mover must pass, ``[]`` when the game is over."""
        geo = self.geometry
        me, op, gm, go = self._mover()
        cell_of_bit = geo.cell_of_bit
        place_turn = _placement_turns(geo)
        out = []
        bits = placements(geo, me, op, gm, go)
        while bits:
            low = bits & -bits
            bits ^= low
            out.append(place_turn[low.bit_length() - 1])
        flip_kind = TurnKind.FLIP
        new = tuple.__new__  # NamedTuple's own __new__ adds a Python-level call per turn
        for order in flip_turns(geo, me, op, gm, go):
            cells = tuple([cell_of_bit[b.bit_length() - 1] for b in order])
            out.append(new(Turn, (flip_kind, cells)))
        if out:
            return out
        if has_turn(geo, op, me, go, gm):
            return [PASS]
        return []

    def has_legal_turn(self) -> bool:
        """Can the player to move place or flip (rather than pass)?"""
        return has_turn(self.geometry, *self._mover())

    def must_pass(self) -> bool:
        """The mover has no placement and no flip, but the opponent has a turn."""
        me, op, gm, go = self._mover()
        return not has_turn(self.geometry, me, op, gm, go) and has_turn(
            self.geometry, op, me, go, gm
        )

    def is_game_over(self) -> bool:
        """Neither player has a legal placement or flip."""
        me, op, gm, go = self._mover()
        return not has_turn(self.geometry, me, op, gm, go) and not has_turn(
            self.geometry, op, me, go, gm
        )

    def winner(self) -> Color | None:
        """The player with more tiles once the game is over; ``None`` for a draw or
        an unfinished game."""
        if not self.is_game_over():
            return None
        red, blue = self.count(RED), self.count(BLUE)
        return RED if red > blue else BLUE if blue > red else None

    def result(self) -> str | None:
        """``"red"``, ``"blue"``, ``"draw"``, or ``None`` while the game goes on."""
        if not self.is_game_over():
            return None
        w = self.winner()
        return "draw" if w is None else str(w)

    # -- playing --------------------------------------------------------------
    def push(self, turn: Turn) -> None:
        """Play ``turn`` without checking it (fast, for turns from :meth:`legal_turns`)."""
        geo = self.geometry
        t = self.mover
        self._stack.append((self._tiles, self._groups, t))
        self.turn_stack.append(turn)
        kind = turn.kind
        if kind is TurnKind.PLACE:
            me, gm = place(geo, 1 << geo.bit_of[turn.cells[0]], self._tiles[t], self._groups[t])
            if t is RED:
                self._tiles = (me, self._tiles[1])
                self._groups = (gm, self._groups[1])
            else:
                self._tiles = (self._tiles[0], me)
                self._groups = (self._groups[0], gm)
        elif kind is TurnKind.FLIP:
            me, op, gm, go = flip_set(geo, geo.mask(turn.cells), *self._mover())
            if t is RED:
                self._tiles, self._groups = (me, op), (gm, go)
            else:
                self._tiles, self._groups = (op, me), (go, gm)
        self.mover = BLUE if t is RED else RED

    def pop(self) -> Turn:
        """Take back the last turn and return it."""
        if not self._stack:
            raise IndexError("pop from a board with no turns played")
        self._tiles, self._groups, self.mover = self._stack.pop()
        return self.turn_stack.pop()

    def peek(self) -> Turn | None:
        """The last turn played, if any."""
        return self.turn_stack[-1] if self.turn_stack else None

    def parse_turn(self, text: str) -> Turn:
        """Turn text for this board's size (``pass``, ``e5``, ``xd4xd5``)."""
        return parse_turn(text, self.geometry)

    def notation(self, turn: Turn) -> str:
        return format_turn(turn, self.geometry)

    def play(self, turn: Turn | str) -> Turn:
        """Check ``turn`` against every rule, then play it. Raises
        :class:`IllegalTurnError` naming the rule it breaks."""
        if isinstance(turn, str):
            turn = self.parse_turn(turn)
        self.check(turn)
        self.push(turn)
        return turn

    def is_legal(self, turn: Turn) -> bool:
        try:
            self.check(turn)
        except RulesError:
            return False
        return True

    def check(self, turn: Turn) -> None:
        """Raise :class:`IllegalTurnError` if ``turn`` is not legal here (or
        :class:`CellError` if it names a cell that is not on the board)."""
        geo = self.geometry
        if not isinstance(turn, Turn) or not isinstance(turn.kind, TurnKind):
            raise IllegalTurnError(f"{turn!r} is not a turn (use Turn.place, Turn.flip or PASS)")
        for c in turn.cells:
            geo.index(c)
        text = format_turn(turn, geo)
        if self.is_game_over():
            raise IllegalTurnError(f"{text}: the game is over")
        if turn.kind is TurnKind.PASS:
            if self.has_legal_turn():
                example = self.legal_placements() or self.legal_first_flips()
                raise IllegalTurnError(
                    f"pass: {self.mover.title} has a legal turn (e.g. {geo.names[example[0]]}) "
                    "and must take one"
                )
            return
        if not turn.cells:
            raise IllegalTurnError(f"{text}: a turn must name a cell")
        if turn.kind is TurnKind.PLACE:
            reason = self.why_not_place(turn.cells[0])
            if reason:
                raise IllegalTurnError(reason)
            return
        me, op, gm, go = self._mover()
        s = 0
        for c in turn.cells:
            reason = why_not_flip(geo, self.mover, c, s, me, op, gm, go)
            if reason:
                raise IllegalTurnError(f"{text}: {reason}")
            bit = 1 << geo.bit_of[c]
            s |= bit
            me, op, gm, go = flip_one(geo, bit, me, op, gm, go)
        still = owed(geo, s, op, gm, go)
        if still:
            names = ", ".join(geo.names[c] for c in geo.cells_of(still))
            raise IllegalTurnError(
                f"{text}: the turn stops while a flip is still owed ({names} can be flipped)"
            )

    def why_not_place(self, cell: int | str) -> str | None:
        """Why the mover may not place on ``cell`` (``None`` if they may)."""
        cell = self.geometry.index(cell)
        return why_not_place(self.geometry, self.mover, cell, *self._mover())

    def why_not_flip(self, cell: int | str) -> str | None:
        """Why the mover may not flip ``cell`` to start a flip turn (``None`` if they
        may); during a chain, ask :meth:`Chain.why_not_flip` about the next flip."""
        cell = self.geometry.index(cell)
        return why_not_flip(self.geometry, self.mover, cell, 0, *self._mover())

    # -- a turn clicked one cell at a time ------------------------------------
    def start_chain(self, cell: int | str) -> Chain:
        """Flip ``cell`` as the first flip of a turn. Returns the :class:`Chain`
        (the board itself does not change); raises :class:`IllegalTurnError`
        naming the rule when ``cell`` may not be flipped."""
        cell = self.geometry.index(cell)
        if self.is_game_over():
            raise IllegalTurnError("the game is over")
        reason = self.why_not_flip(cell)
        if reason:
            raise IllegalTurnError(reason)
        return Chain.begin(self.position(), self._mover(), cell)

    def click(self, cell: int | str, chain: Chain | None = None) -> Chain | Turn:
        """What a player's click on ``cell`` does, with ``chain`` the flip turn in
        progress if any: flip the chain's next tile, or else place on an empty
        cell or start a chain on an enemy tile. Returns the chain while a flip is
        still owed (the board unchanged), or the whole turn once it is complete,
        which is then already pushed. Raises :class:`IllegalTurnError` naming the
        rule a refused click breaks."""
        if chain is not None:
            if chain.start != self.position():
                raise ChainError("that chain was started in another position")
            chain = chain.flip(cell)
        elif self.tile_at(cell) is None:
            cell = self.geometry.index(cell)
            if self.is_game_over():
                raise IllegalTurnError("the game is over")
            reason = self.why_not_place(cell)
            if reason:
                raise IllegalTurnError(reason)
            turn = Turn.place(cell)
            self.push(turn)
            return turn
        else:
            chain = self.start_chain(cell)
        if not chain.is_complete:
            return chain
        turn = chain.turn()
        self.push(turn)
        return turn


__all__ = ["Board"]
