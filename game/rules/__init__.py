"""The rules of Mosaic by Mark Steere: geometry, positions, notation, legal turns
and flip chains. Imports numpy, never pygame.

Start with :class:`Board`::

    >>> from game.rules import Board
    >>> b = Board()
    >>> b.play("e5").is_place
    True
"""

from .board import Board
from .chain import Chain
from .color import BLUE, RED, Color
from .errors import (
    CellError,
    ChainError,
    IllegalTurnError,
    MfenError,
    RulesError,
    SideError,
    TurnTextError,
)
from .geometry import MAX_SIDE, MIN_SIDE, SIDES, Geometry, geometry
from .position import Position
from .turn import PASS, Turn, TurnKind, format_turn, parse_turn

__all__ = [
    "BLUE",
    "MAX_SIDE",
    "MIN_SIDE",
    "PASS",
    "RED",
    "SIDES",
    "Board",
    "CellError",
    "Chain",
    "ChainError",
    "Color",
    "Geometry",
    "IllegalTurnError",
    "MfenError",
    "Position",
    "RulesError",
    "SideError",
    "Turn",
    "TurnKind",
    "TurnTextError",
    "format_turn",
    "geometry",
    "parse_turn",
]
