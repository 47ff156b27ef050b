"""Turns: a pass, a placement, or a flip sequence, and their text form.

A turn is a small immutable, hashable value (a named tuple), cheap enough for the
move generator to make thousands of. Cells are numbers, so turning a turn into
text needs the board's :class:`~game.rules.geometry.Geometry`::

    >>> from game.rules.geometry import geometry
    >>> g = geometry(5)
    >>> t = parse_turn("xd4xd5", g)
    >>> t.kind is TurnKind.FLIP, format_turn(t, g)
    (True, 'xd4xd5')
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import IntEnum
from typing import NamedTuple

from .errors import TurnTextError, clip
from .geometry import Geometry


class TurnKind(IntEnum):
    PASS = 0
    PLACE = 1
    FLIP = 2


class Turn(NamedTuple):
    """One whole turn. ``cells`` is empty for a pass, one cell for a placement, and
    the flipped cells in the order flipped for a flip turn."""

    kind: TurnKind
    cells: tuple[int, ...] = ()

    @classmethod
    def passing(cls) -> Turn:
        return PASS

    @classmethod
    def place(cls, cell: int) -> Turn:
        return cls(TurnKind.PLACE, (cell,))

    @classmethod
    def flip(cls, cells: Iterable[int]) -> Turn:
        return cls(TurnKind.FLIP, tuple(cells))

    @property
    def is_pass(self) -> bool:
        return self.kind is TurnKind.PASS

    @property
    def is_place(self) -> bool:
        return self.kind is TurnKind.PLACE

    @property
    def is_flip(self) -> bool:
        return self.kind is TurnKind.FLIP

    def outcome(self) -> tuple[TurnKind, frozenset[int]]:
        """What the turn does regardless of flip order: two flip turns with the same
        outcome reach the same position."""
        return self.kind, frozenset(self.cells)


PASS = Turn(TurnKind.PASS, ())


def format_turn(turn: Turn, geo: Geometry) -> str:
    """Turn text: ``pass``, ``e5``, or ``xd4xd5xe6``."""
    if turn.kind is TurnKind.PASS:
        return "pass"
    if turn.kind is TurnKind.PLACE:
        return geo.names[turn.cells[0]]
    names = geo.flip_names
    return "".join([names[c] for c in turn.cells])


#: Longer turn text than any board allows (every cell of side 12, flipped) is
#: refused before it is looked at.
MAX_TURN_LENGTH = 2400


def parse_turn(text: str, geo: Geometry) -> Turn:
    """Parse turn text; raises :class:`TurnTextError` naming what is wrong."""
    if not isinstance(text, str):
        raise TurnTextError(f"turn text must be text, not {type(text).__name__}")
    if len(text) > MAX_TURN_LENGTH:
        raise TurnTextError(f"turn text {clip(text)} is longer than any turn can be")
    s = text.strip()
    if not s:
        raise TurnTextError("empty turn text (expected pass, a cell such as e5, or xd4xd5)")
    if s == "pass":
        return PASS
    if s.startswith("x"):
        parts = s.split("x")[1:]
        if any(not p for p in parts):
            raise TurnTextError(
                f"flip turn {clip(s)} has an empty cell name (expected e.g. xd4xd5)"
            )
        cells = []
        for p in parts:
            try:
                cells.append(geo.cell(p))
            except ValueError as exc:
                raise TurnTextError(f"flip turn {clip(s)}: {exc}") from None
        if len(set(cells)) != len(cells):
            raise TurnTextError(f"flip turn {clip(s)} flips the same cell twice")
        return Turn(TurnKind.FLIP, tuple(cells))
    try:
        return Turn(TurnKind.PLACE, (geo.cell(s),))
    except ValueError as exc:
        raise TurnTextError(f"turn {clip(s)}: {exc}") from None
