"""The rules core's errors. Each is a :class:`ValueError`, so callers that only
want "bad input" can catch that, and each message names what is wrong and where."""


class RulesError(ValueError):
    """Base of every error the rules core raises on bad input."""


class SideError(RulesError):
    """A board side outside the supported range (see :data:`game.rules.geometry.SIDES`)."""


class CellError(RulesError):
    """A cell that is not on the board: a number out of range or an unknown name."""


class MfenError(RulesError):
    """Malformed MFEN position text."""


class TurnTextError(RulesError):
    """Malformed turn text (not a cell name, not ``pass``, not ``xA1xB2`` ...)."""


class IllegalTurnError(RulesError):
    """A well-formed turn that the rules do not allow here; the message names the rule."""


class ChainError(RulesError):
    """A misuse of the flip-chain step API (nothing to continue, not owed, ...)."""


def clip(text: str, limit: int = 40, *, quote: bool = True) -> str:
    """``text`` for a message (quoted, unless ``quote`` is false), cut to ``limit``
    characters: a message names the bad input without echoing a megabyte of it."""
    shown = text[:limit]
    shown = repr(shown) if quote else shown
    return shown if len(text) <= limit else f"{shown}... ({len(text)} characters)"
