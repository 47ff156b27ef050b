"""What each field of a client's message may hold: the checks the protocol's
message definitions (:mod:`.client_messages`) name, each with the words its
error gives and docs/online-protocol.md shows.

>>> SIDE.check(5), SIDE.check(9), SIDE.wants
(True, False, 'a whole number from 3 to 8')
"""

from __future__ import annotations

import string
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game.wholes import Whole, is_whole

from .names import skeleton

#: The board sides, base times (seconds) and increments (seconds) a game may use.
SIDE_RANGE = (3, 8)
BASE_RANGE = (15, 3 * 3600)
INC_RANGE = (0, 180)
#: The days a correspondence turn may take (see :mod:`.postal`).
DAYS = (1, 3, 7)
NAME_LENGTH = 20
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"  # no 0/O or 1/I/L to misread
#: 31**10 (8.2e14) codes: see docs/online-protocol.md for the odds of a guess.
CODE_LENGTH = 10


@dataclass(frozen=True, slots=True)
class Check:
    """What one field must hold: the test, and its words for an error and the docs."""

    check: Callable[[Any], bool]
    wants: str


def whole(lo: int, hi: int) -> Check:
    w = Whole(lo, hi)
    return Check(w, w.wants)


def text(most: int, alphabet: str | None = None) -> Check:
    def ok(v: Any) -> bool:
        if not isinstance(v, str) or not 0 < len(v) <= most:
            return False
        return all(c in alphabet for c in v) if alphabet else True

    return Check(ok, f"a string of 1 to {most} characters")


#: Letters by their category but drawn as nothing: a name of them looks empty.
INVISIBLE = frozenset("\u115f\u1160\u3164\uffa0")
#: Categories never allowed in a name: controls, formats (zero-width joiners,
#: direction overrides), private use, surrogates, line and paragraph separators.
REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Co", "Cs", "Zl", "Zp"})


def display_name(v: Any) -> str | None:
    """The name as the server keeps and shows it (NFKC: full-width "Ａｎｎ" is
    "Ann"), or ``None`` if it may not be one: after normalising, 1 to
    :data:`NAME_LENGTH` letters, digits, single spaces or ``_-.'``, no edge
    spaces, nothing invisible, and at least one visible letter or digit.

    >>> display_name("\uff21\uff4e\uff4e")
    'Ann'
    >>> display_name("\u3164\u3164") is None, display_name("\ufdfa" * 20) is None
    (True, True)
    """
    # A bound before normalising, so that no client makes us normalise a megabyte.
    if not isinstance(v, str) or not 0 < len(v) <= 4 * NAME_LENGTH:
        return None
    name = unicodedata.normalize("NFKC", v)
    if not 0 < len(name) <= NAME_LENGTH or name != name.strip() or "  " in name:
        return None
    for c in name:
        if c in INVISIBLE or unicodedata.category(c) in REFUSED_CATEGORIES:
            return None
        if not (c.isalnum() or c in " _-.'"):
            return None
    if not any(c.isalnum() for c in name):
        return None
    return name


def name_key(name: str) -> str:
    """What two names must not share on one server: "ann", "ANN", "Ａｎｎ" and
    Cyrillic "Аnn" are one (:func:`.names.skeleton`)."""
    return skeleton(name)


NAME = Check(
    lambda v: display_name(v) is not None,
    f"1 to {NAME_LENGTH} letters, digits, single spaces or _-.', at least one letter or digit"
    " (no edge spaces, nothing invisible)",
)
ID = text(16, string.ascii_letters + string.digits)
TOKEN = text(64, string.ascii_letters + string.digits + "-_")
TURN = text(400)
CODE = Check(
    lambda v: isinstance(v, str) and len(v) == CODE_LENGTH and all(c in CODE_ALPHABET for c in v),
    f"{CODE_LENGTH} characters from {CODE_ALPHABET}",
)
FLAG = Check(lambda v: isinstance(v, bool), "true or false")
VERSION_NUMBER = whole(1, 1000)
PLY = whole(0, 10_000)
SIDE = whole(*SIDE_RANGE)
BASE = whole(*BASE_RANGE)
INC = whole(*INC_RANGE)
TURN_DAYS = Check(lambda v: is_whole(v) and v in DAYS, "1, 3 or 7")
PACE = Check(lambda v: v in ("live", "correspondence"), '"live" or "correspondence"')
