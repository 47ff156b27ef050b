"""The online protocol: JSON objects over WebSocket, one message per frame.

Every message is an object with a ``type``; :data:`CLIENT` and :data:`SERVER`
give each type's fields. The server checks every message a client sends
against :data:`CLIENT` with :func:`read` before it looks at it, so a handler
only ever sees well-formed values. ``docs/online-protocol.md`` describes the
same tables for people; a test keeps the two in step.

>>> read('{"type": "seek", "side": 5, "base": 300, "inc": 3, "rated": true}')["side"]
5
>>> read('{"type": "seek", "side": 99, "base": 300, "inc": 3, "rated": true}')
Traceback (most recent call last):
...
game.online.protocol.ProtocolError: seek: field 'side' must be a whole number from 3 to 8
"""

from __future__ import annotations

import json
import string
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .names import skeleton

#: Bumped when a message changes in a way an older peer would misread.
VERSION = 4


def version_refused(v: int) -> str:
    """Why a hello of protocol version ``v`` (not :data:`VERSION`) is refused, in
    words a player can act on: whose program is out of date, and what to do."""
    if v < VERSION:
        return (
            "this game is older than the server: update the game to play here "
            f"(the server speaks protocol version {VERSION}, the game {v})"
        )
    return (
        "this server is older than the game: ask whoever runs it to update it, "
        f"or play on another server (the server speaks protocol version {VERSION}, the game {v})"
    )


#: The largest frame either side accepts, in bytes; a longer one closes the connection.
MAX_MESSAGE = 4096
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

#: A message as JSON gives it: after :func:`read`, its fields are those of its type.
Message = dict[str, Any]


class ProtocolError(ValueError):
    """A message that breaks the protocol; the text is the reason sent back."""


@dataclass(frozen=True)
class Field:
    """One field of a message: what it must hold, for the check and for the docs."""

    check: Callable[[Any], bool]
    wants: str
    optional: bool = False


def _whole(lo: int, hi: int) -> Field:
    def ok(v: Any) -> bool:
        return isinstance(v, int) and not isinstance(v, bool) and lo <= v <= hi

    return Field(ok, f"a whole number from {lo} to {hi}")


def _text(most: int, alphabet: str | None = None, optional: bool = False) -> Field:
    def ok(v: Any) -> bool:
        if not isinstance(v, str) or not 0 < len(v) <= most:
            return False
        return all(c in alphabet for c in v) if alphabet else True

    return Field(ok, f"a string of 1 to {most} characters", optional)


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


NAME = Field(
    lambda v: display_name(v) is not None,
    f"1 to {NAME_LENGTH} letters, digits, single spaces or _-.', at least one letter or digit"
    " (no edge spaces, nothing invisible)",
)
ID = _text(16, string.ascii_letters + string.digits)
TOKEN = _text(64, string.ascii_letters + string.digits + "-_", optional=True)
CODE = Field(
    lambda v: isinstance(v, str) and len(v) == CODE_LENGTH and all(c in CODE_ALPHABET for c in v),
    f"{CODE_LENGTH} characters from {CODE_ALPHABET}",
)
FLAG = Field(lambda v: isinstance(v, bool), "true or false")
GAME_SETTINGS = {
    "side": _whole(*SIDE_RANGE),
    "base": Field(_whole(*BASE_RANGE).check, _whole(*BASE_RANGE).wants, optional=True),
    "inc": Field(_whole(*INC_RANGE).check, _whole(*INC_RANGE).wants, optional=True),
    "days": Field(
        lambda v: isinstance(v, int) and not isinstance(v, bool) and v in DAYS,
        "1, 3 or 7",
        optional=True,
    ),
    "rated": FLAG,
}
PACE = Field(lambda v: v in ("live", "correspondence"), '"live" or "correspondence"', True)


def _one_pace(msg: Message) -> str | None:
    """A game is live (``base`` and ``inc``) or by correspondence (``days``), not both."""
    live = "base" in msg and "inc" in msg
    if "days" in msg and ("base" in msg or "inc" in msg):
        return "give days for a correspondence game, or base and inc for a live one, not both"
    if "days" not in msg and not live:
        return "give base and inc for a live game, or days for a correspondence game"
    return None


#: Checks across the fields of one message, each giving the fault or ``None``.
RULES: dict[str, Callable[[Message], str | None]] = {"seek": _one_pace, "challenge": _one_pace}

#: What a client may send, and the fields of each.
CLIENT: dict[str, dict[str, Field]] = {
    "hello": {
        "v": _whole(1, 1000),
        "name": Field(NAME.check, NAME.wants, optional=True),
        "token": TOKEN,
    },
    "lobby": {},
    "seek": GAME_SETTINGS,
    "cancel": {"seek": ID},
    "accept": {"seek": ID},
    "challenge": GAME_SETTINGS,
    "join": {"code": CODE},
    "turn": {"game": ID, "ply": _whole(0, 10_000), "turn": _text(400)},
    "state": {"game": ID},
    "resign": {"game": ID},
    "abort": {"game": ID},
    "leaderboard": {"pace": PACE},
    "record": {"game": ID},
    "correspondence": {},
    "games": {},
    "watch": {"game": ID},
    "unwatch": {"game": ID},
    "tournaments": {},
    "tournament": {"tournament": ID},
    "enter": {"tournament": ID},
    "pause": {"tournament": ID},
    "ping": {},
}

#: What the server sends; its fields are documented, not checked, on the way out.
SERVER: dict[str, tuple[str, ...]] = {
    "welcome": ("v", "player", "token?", "site?"),
    "lobby": ("seeks",),
    "seeks": ("added", "removed"),
    "seeking": ("seek",),
    "cancelled": ("seek",),
    "challenge": ("code", "expires", "seek"),
    "game": ("game",),
    "turn": ("game", "ply", "turn", "clocks"),
    "presence": ("game", "color", "connected"),
    "over": ("game", "result", "reason", "ratings?"),
    "leaderboard": ("players", "pace"),
    "correspondence": ("games",),
    "record": ("game", "record"),
    "games": ("games?", "added?", "removed?"),
    "watching": ("game", "watchers"),
    "unwatched": ("game",),
    "watchers": ("game", "count"),
    "tournaments": ("tournaments",),
    "standings": ("tournament",),
    "pong": (),
    "error": ("reason", "about?", "dropped?"),
}


def read(raw: str | bytes) -> Message:
    """A client's message, checked; raises :class:`ProtocolError` naming the fault."""
    if isinstance(raw, bytes):
        try:
            raw = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise ProtocolError("a message must be UTF-8 text") from None
    if len(raw) > MAX_MESSAGE:
        raise ProtocolError(f"a message must be at most {MAX_MESSAGE} bytes")
    try:
        msg = json.loads(raw)
    except (json.JSONDecodeError, RecursionError):
        raise ProtocolError("a message must be a JSON object") from None
    if not isinstance(msg, dict):
        raise ProtocolError("a message must be a JSON object")
    kind = msg.get("type")
    if not isinstance(kind, str) or kind not in CLIENT:
        raise ProtocolError(f"unknown message type; send one of {', '.join(CLIENT)}")
    fields = CLIENT[kind]
    for name in msg:
        if name != "type" and name not in fields:
            raise ProtocolError(f"{kind}: unknown field {name[:20]!r}")
    for name, field in fields.items():
        if name not in msg:
            if field.optional:
                continue
            raise ProtocolError(f"{kind}: field {name!r} is missing")
        if not field.check(msg[name]):
            raise ProtocolError(f"{kind}: field {name!r} must be {field.wants}")
    rule = RULES.get(kind)
    fault = rule(msg) if rule else None
    if fault:
        raise ProtocolError(f"{kind}: {fault}")
    return msg


def message(kind: str, **fields: Any) -> str:
    """A server message as text, its type checked against :data:`SERVER`."""
    if kind not in SERVER:
        raise KeyError(f"no server message called {kind!r}")
    return json.dumps({"type": kind, **fields}, separators=(",", ":"))


def request(kind: str, **fields: Any) -> str:
    """A client message as text (what the bot, the client and the tests send)."""
    if kind not in CLIENT:
        raise KeyError(f"no client message called {kind!r}")
    return json.dumps({"type": kind, **fields}, separators=(",", ":"))
