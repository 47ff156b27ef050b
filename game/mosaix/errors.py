"""Mosaix's errors: each a :class:`ValueError` whose message says what is wrong."""


class MosaixError(ValueError):
    """Base of every error the dice game raises on bad input."""


class SheetError(MosaixError):
    """Malformed sheet text."""


class FormationError(MosaixError):
    """Malformed formation text, or four dice that are not edge to edge."""


class PlacementError(MosaixError):
    """A placement the rules do not allow on this sheet."""
