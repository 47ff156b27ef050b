"""The rules of Mosaic by Mark Steere: geometry, positions, notation, legal turns
and flip chains. Imports numpy, never pygame.

Start with :class:`Board`::

    >>> from game.rules import Board
    >>> b = Board()
    >>> b.play("e5").is_place
    True
"""

from .board import Board
from .color import BLUE, RED, Color
from .errors import ChainError, IllegalTurnError, MfenError, RulesError, TurnTextError
from .geometry import Geometry, geometry
from .position import Position
from .turn import PASS, Turn, TurnKind, format_turn, parse_turn

__all__ = [
    "BLUE",
    "PASS",
    "RED",
    "Board",
    "ChainError",
    "Color",
    "Geometry",
    "IllegalTurnError",
    "MfenError",
    "Position",
    "RulesError",
    "Turn",
    "TurnKind",
    "TurnTextError",
    "format_turn",
    "geometry",
    "parse_turn",
]
