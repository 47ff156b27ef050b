"""The two players."""

from __future__ import annotations

from enum import IntEnum

from game.i18n import N_


class Color(IntEnum):
    """Red moves first. The value indexes per-colour arrays (``tiles[Color.BLUE]``)."""

    RED = 0
    BLUE = 1

    @property
    def other(self) -> Color:
        """The opponent."""
        return BLUE if self is RED else RED

    @property
    def letter(self) -> str:
        """MFEN letter of the side to move: ``r`` or ``b``."""
        return "r" if self is RED else "b"

    @property
    def title(self) -> str:
        """``"Red"`` or ``"Blue"``, for messages."""
        # English here; a message translates it where shown: _(color.title).
        return N_("Red") if self is RED else N_("Blue")

    def __str__(self) -> str:
        return self.name.lower()


RED = Color.RED
BLUE = Color.BLUE
