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
chain (:meth:`Board.step`, :meth:`Board.owed`, :meth:`Board.take_back_chain`).
While a chain is unfinished the board shows the tiles flipped so far and the
same player is still to move; the turn enters the history only when no flip is
owed any more.
"""

from __future__ import annotations

from functools import cache

from .color import BLUE, RED, Color
from .errors import ChainError, IllegalTurnError
from .geometry import Geometry, geometry
from .movegen import (
    Groups,
    fill,
    first_flips,
    flip_ok,
    flip_one,
    flip_set,
    flip_turns,
    groups_of,
    has_turn,
    owed,
    place,
    placements,
    reach_of,
)
from .position import Position
from .turn import PASS, Turn, TurnKind, format_turn, parse_turn

_State = tuple[tuple[int, int], tuple[Groups, Groups], Color]


@cache
def _placement_turns(geo: Geometry) -> list[Turn | None]:
    """Placement turns by bit position: immutable values, so the generator hands
    out these instead of making new ones."""
    out: list[Turn | None] = [None] * len(geo.cell_of_bit)
    for cell, b in enumerate(geo.bit_of):
        out[b] = Turn(TurnKind.PLACE, (cell,))
    return out


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
        self.turn: Color = position.turn
        self.root = position
        #: The turns played since :attr:`root`, oldest first.
        self.turn_stack: list[Turn] = []
        self._stack: list[_State] = []
        self._chain: list[int] = []
        self._chain_states: list[_State] = []

    # -- reading the position -------------------------------------------------
    @property
    def size(self) -> int:
        return self.geometry.n

    def position(self) -> Position:
        """An immutable snapshot of the current position."""
        return Position(self.geometry.n, self._tiles[0], self._tiles[1], self.turn)

    def mfen(self) -> str:
        return self.position().mfen()

    def __str__(self) -> str:
        return self.mfen()

    def __repr__(self) -> str:
        return f"Board({self.mfen()!r})"

    def copy(self) -> Board:
        """An independent copy, history included."""
        other = Board.__new__(Board)
        other.__dict__.update(self.__dict__)
        other.turn_stack = list(self.turn_stack)
        other._stack = list(self._stack)
        other._chain = list(self._chain)
        other._chain_states = list(self._chain_states)
        return other

    def tile_at(self, cell: int) -> Color | None:
        bit = 1 << self.geometry.bit_of[cell]
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
        return self._tiles[0], self._tiles[1], int(self.turn)

    def position_hash(self) -> int:
        """A 64-bit hash of the position, the same in every process and run."""
        return hash(self.transposition_key()) & 0xFFFF_FFFF_FFFF_FFFF

    # -- rules ----------------------------------------------------------------
    def _mover(self):
        t = self.turn
        tiles, groups = self._tiles, self._groups
        return tiles[t], tiles[1 - t], groups[t], groups[1 - t]

    def mover_view(self) -> tuple[int, int, Groups, Groups]:
        """For engines: ``(mine, theirs, my_groups, their_groups)`` from the point of
        view of the player to move, as the functions of :mod:`game.rules.movegen`
        take them. Bitboards and group tuples are immutable, so this is cheap."""
        return self._mover()

    def _require_no_chain(self, action: str) -> None:
        if self._chain:
            raise ChainError(
                f"cannot {action} while a flip chain is unfinished "
                "(flip an owed tile or take the chain back first)"
            )

    def legal_placements(self) -> list[int]:
        """Empty cells where the player to move may place."""
        if self._chain:
            return []
        return self.geometry.cells_of(placements(self.geometry, *self._mover()))

    def legal_first_flips(self) -> list[int]:
        """Enemy tiles the player to move may flip to start a flip turn."""
        if self._chain:
            return []
        return self.geometry.cells_of(first_flips(self.geometry, *self._mover()))

    def legal_turns(self) -> list[Turn]:
        """Every legal turn: placements, then flip turns (one per resulting position);
        ``[PASS]`` when the mover must pass, ``[]`` when the game is over."""
        self._require_no_chain("list whole turns")
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
        return bool(self._chain) or has_turn(self.geometry, *self._mover())

    def must_pass(self) -> bool:
        """The mover has no placement and no flip, but the opponent has a turn."""
        if self._chain:
            return False
        me, op, gm, go = self._mover()
        return not has_turn(self.geometry, me, op, gm, go) and has_turn(
            self.geometry, op, me, go, gm
        )

    def is_game_over(self) -> bool:
        """Neither player has a legal placement or flip."""
        if self._chain:
            return False
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
        self._require_no_chain("push a turn")
        geo = self.geometry
        t = self.turn
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
        self.turn = BLUE if t is RED else RED

    def pop(self) -> Turn:
        """Take back the last turn and return it."""
        self._require_no_chain("take back a turn")
        if not self._stack:
            raise IndexError("pop from a board with no turns played")
        self._tiles, self._groups, self.turn = self._stack.pop()
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
        except IllegalTurnError:
            return False
        return True

    def check(self, turn: Turn) -> None:
        """Raise :class:`IllegalTurnError` if ``turn`` is not legal here."""
        self._require_no_chain("check a whole turn")
        geo = self.geometry
        text = format_turn(turn, geo)
        if self.is_game_over():
            raise IllegalTurnError(f"{text}: the game is over")
        if turn.kind is TurnKind.PASS:
            if self.has_legal_turn():
                example = self.legal_placements() or self.legal_first_flips()
                raise IllegalTurnError(
                    f"pass: {self.turn.title} has a legal turn (e.g. {geo.names[example[0]]}) "
                    "and must take one"
                )
            return
        if not turn.cells:
            raise IllegalTurnError(f"{text}: a turn must name a cell")
        for c in turn.cells:
            if not 0 <= c < geo.cells:
                raise IllegalTurnError(f"cell number {c} is not on the side-{geo.n} board")
        if turn.kind is TurnKind.PLACE:
            reason = self.why_not_place(turn.cells[0])
            if reason:
                raise IllegalTurnError(reason)
            return
        me, op, gm, go = self._mover()
        s = 0
        for c in turn.cells:
            reason = _why_not_flip(geo, self.turn, c, s, me, op, gm, go)
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

    def why_not_place(self, cell: int) -> str | None:
        """Why the mover may not place on ``cell`` (``None`` if they may)."""
        geo = self.geometry
        name = geo.names[cell]
        if self._chain:
            return f"{name}: finish the flip chain first"
        bit = 1 << geo.bit_of[cell]
        me, op, gm, go = self._mover()
        if (me | op) & bit:
            return f"{name} is not empty"
        touching = sum(1 for _, d in gm if d & bit)
        if touching >= 2:
            return f"{name} would join {touching} of {self.turn.title}'s groups into one"
        if touching and not reach_of(go) & bit:
            return f"{name} touches only {self.turn.title}'s own tiles"
        return None

    def why_not_flip(self, cell: int) -> str | None:
        """Why the mover may not flip ``cell`` now, as the first flip of a turn or,
        during a chain, as the next one (``None`` if they may)."""
        geo = self.geometry
        s = geo.mask(self._chain)
        return _why_not_flip(geo, self.turn, cell, s, *self._mover())

    # -- flip chains, one flip at a time --------------------------------------
    @property
    def chain(self) -> tuple[int, ...]:
        """The tiles flipped so far in an unfinished flip turn (empty if none)."""
        return tuple(self._chain)

    def owed(self) -> list[int]:
        """During a chain: the tiles one of which must be flipped next."""
        if not self._chain:
            return []
        geo = self.geometry
        _, op, gm, go = self._mover()
        return geo.cells_of(owed(geo, geo.mask(self._chain), op, gm, go))

    def step_targets(self) -> list[int]:
        """The cells a player's click can act on now: the owed flips during a chain,
        otherwise every legal placement and first flip."""
        if self._chain:
            return self.owed()
        return sorted(self.legal_placements() + self.legal_first_flips())

    def step(self, cell: int) -> Turn | None:
        """Act on ``cell`` as a click would: place there, start a flip chain there,
        or flip it as the chain's next tile. Returns the completed :class:`Turn`
        once the turn is over (a placement, or a chain with nothing owed), else
        ``None`` while the chain goes on. Raises :class:`IllegalTurnError` naming
        the rule when the click is not allowed."""
        geo = self.geometry
        if not self._chain:
            if self.is_game_over():
                raise IllegalTurnError("the game is over")
            if self.tile_at(cell) is None:
                reason = self.why_not_place(cell)
                if reason:
                    raise IllegalTurnError(reason)
                turn = Turn.place(cell)
                self.push(turn)
                return turn
        reason = self.why_not_flip(cell)
        if reason:
            raise IllegalTurnError(reason)
        state = (self._tiles, self._groups, self.turn)
        self._chain_states.append(state)
        self._chain.append(cell)
        bit = 1 << geo.bit_of[cell]
        me, op, gm, go = flip_one(geo, bit, *self._mover())
        if self.turn is RED:
            self._tiles, self._groups = (me, op), (gm, go)
        else:
            self._tiles, self._groups = (op, me), (go, gm)
        if owed(geo, geo.mask(self._chain), op, gm, go):
            return None
        turn = Turn.flip(self._chain)
        base = self._chain_states[0]
        self._chain, self._chain_states = [], []
        self._stack.append(base)
        self.turn_stack.append(turn)
        self.turn = self.turn.other
        return turn

    def take_back_flip(self) -> int:
        """Undo the last flip of an unfinished chain and return its cell."""
        if not self._chain:
            raise ChainError("no flip chain is in progress")
        self._tiles, self._groups, self.turn = self._chain_states.pop()
        return self._chain.pop()

    def take_back_chain(self) -> tuple[int, ...]:
        """Undo every flip of an unfinished chain; returns the cells it had flipped."""
        if not self._chain:
            raise ChainError("no flip chain is in progress")
        cells = tuple(self._chain)
        self._tiles, self._groups, self.turn = self._chain_states[0]
        self._chain, self._chain_states = [], []
        return cells


def flip_effect(geo: Geometry, t: int, gm: Groups, go: Groups) -> tuple[int, int]:
    """``(k, j)`` for flipping the enemy tile on bit ``t``: the mover groups it
    touches, and the pieces its own group falls into without it."""
    k = sum(1 for _, d in gm if d & t)
    g = next(g for g, _ in go if g & t)
    rest = g ^ t
    pending = geo.nbr_mask[t.bit_length() - 1] & rest
    j = 0
    while pending:
        comp, _ = fill(pending & -pending, rest, geo.stride)
        pending &= ~comp
        j += 1
    return k, j


def _why_not_flip(
    geo: Geometry, mover: Color, cell: int, s: int, me: int, op: int, gm: Groups, go: Groups
) -> str | None:
    name = geo.names[cell]
    enemy = mover.other.title
    bit = 1 << geo.bit_of[cell]
    if s & bit:
        return f"{name} was already flipped this turn"
    if me & bit:
        return f"{name} is {mover.title}'s own tile; only {enemy} tiles can be flipped"
    if not op & bit:
        return f"{name} is empty; only {enemy} tiles can be flipped"
    if s and not geo.dilate(s) & bit:
        return f"{name} is not next to a tile flipped earlier in this turn"
    if flip_ok(geo, bit, gm, go):
        return None
    k, j = flip_effect(geo, bit, gm, go)
    if k < 2:
        touches = "none" if k == 0 else "only one"
        return (
            f"flipping {name} would not reduce {mover.title}'s groups "
            f"(it must touch two or more of them; it touches {touches})"
        )
    return (
        f"flipping {name} would not reduce the total number of groups "
        f"({mover.title} loses {k - 1}, {enemy} gains {j - 1})"
    )


__all__ = ["Board", "flip_effect"]
