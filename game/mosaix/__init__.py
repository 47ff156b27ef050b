"""Mosaix by Christof Tisch, Schmidt Spiele: the dice game of building large areas
of one symbol on a 7x7 sheet. Numpy at most, never pygame; nothing here touches
Mosaic's own rules.

    >>> from game.mosaix import Sheet, Formation
    >>> sheet = Sheet.from_text("......./......./......./...O.../......./......./.......")
    >>> whole = [p for p in sheet.placements(Formation.from_text("O./X./TT")) if p.written == 4]
    >>> sheet.place(whole[0]).text().count(".")
    44
"""

from .errors import FormationError, MosaixError, PlacementError, SheetError
from .formation import SHAPES, SYMBOLS, Formation
from .sheet import CENTRE, Placement, Sheet

CREDIT = "Mosaix by Christof Tisch, Schmidt Spiele"

__all__ = [
    "CENTRE",
    "CREDIT",
    "SHAPES",
    "SYMBOLS",
    "Formation",
    "FormationError",
    "MosaixError",
    "Placement",
    "PlacementError",
    "Sheet",
    "SheetError",
]
