"""Whole numbers read from outside (a client's message, a saved file): standard
library only, so every layer may use it.

JSON has one kind of number, and Python reads ``true`` as a number too, so "a
whole number" needs saying once: an ``int`` that is not a ``bool``, within a
range. The protocol, the puzzle progress, the Mosaix records and the settings
all check theirs here, and name the range in their errors with :attr:`Whole.wants`.

>>> Whole(3, 8)(5), Whole(3, 8)(9), Whole(3, 8)(5.0), Whole(0, 1)(True)
(True, False, False, False)
>>> Whole(3, 8).wants
'a whole number from 3 to 8'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, TypeGuard


def is_whole(value: Any) -> TypeGuard[int]:
    """Whether ``value`` is a whole number as JSON gives one (``5``, not ``5.0`` or ``true``)."""
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True, slots=True)
class Whole:
    """The whole numbers from ``lo`` to ``hi``, both included."""

    lo: int
    hi: int

    def __call__(self, value: Any) -> bool:
        # is_whole written out: every number of every client's message comes here.
        return (
            isinstance(value, int) and not isinstance(value, bool) and self.lo <= value <= self.hi
        )

    @property
    def wants(self) -> str:
        """What a value must be, for an error naming the field."""
        return f"a whole number from {self.lo} to {self.hi}"
