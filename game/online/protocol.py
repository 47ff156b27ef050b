"""The online protocol: JSON objects over WebSocket, one message per frame.

Every message is an object with a ``type``, defined once as a typed dict:
:mod:`.client_messages` for what a client sends, :mod:`.server_messages` for
what the server sends. :data:`CLIENT` and :data:`SERVER` are those definitions
by type, as the checks read them. The server checks every message a client
sends with :func:`read` before it looks at it, so a handler only ever sees
well-formed values; a client checks the server's with :func:`heard`; each
side's sends are held to their definitions by :func:`message` and
:func:`request`. ``docs/online-protocol.md`` shows the same definitions for
people; a test keeps the two equal.

>>> read('{"type": "seek", "side": 5, "base": 300, "inc": 3, "rated": true}')["side"]
5
>>> read('{"type": "seek", "side": 99, "base": 300, "inc": 3, "rated": true}')
Traceback (most recent call last):
...
game.online.protocol.ProtocolError: seek: field 'side' must be a whole number from 3 to 8
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import UnionType
from typing import (
    Annotated,
    Any,
    Literal,
    NotRequired,
    Required,
    Union,
    cast,
    get_args,
    get_origin,
    get_type_hints,
    is_typeddict,
)

from . import client_messages, server_messages
from .client_messages import ClientMessage
from .fields import (
    BASE_RANGE,
    CODE,
    CODE_ALPHABET,
    CODE_LENGTH,
    DAYS,
    ID,
    INC_RANGE,
    NAME,
    NAME_LENGTH,
    SIDE_RANGE,
    TOKEN,
    Check,
    display_name,
    name_key,
)
from .server_messages import ServerMessage

# Kept here for the modules that know them as the protocol's.
__all__ = [
    "BASE_RANGE",
    "CLIENT",
    "CODE",
    "CODE_ALPHABET",
    "CODE_LENGTH",
    "DAYS",
    "ID",
    "INC_RANGE",
    "MAX_MESSAGE",
    "NAME",
    "NAME_LENGTH",
    "SERVER",
    "SIDE_RANGE",
    "TOKEN",
    "VERSION",
    "ClientMessage",
    "ProtocolError",
    "ServerMessage",
    "checked",
    "display_name",
    "heard",
    "message",
    "name_key",
    "read",
    "request",
    "version_refused",
]  # fmt: skip

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


class ProtocolError(ValueError):
    """A message that breaks the protocol; the text is the reason sent back."""


@dataclass(frozen=True, slots=True)
class Part:
    """One field of a message: its check (client messages), the kinds of value
    it may hold (for :func:`heard`), and whether it may be left out."""

    name: str
    check: Check | None
    kinds: tuple[type, ...]
    optional: bool
    #: The only values it may hold, for a field of a few (a colour: 0 or 1).
    values: tuple[object, ...] | None = None

    @property
    def wants(self) -> str:
        return self.check.wants if self.check else ""


@dataclass(frozen=True, slots=True)
class Spec:
    """A message type's definition as the checks read it, made once from its class."""

    kind: str
    cls: type
    parts: tuple[Part, ...]
    names: frozenset[str]
    required: frozenset[str]


def spec(cls: Any) -> Spec:
    """The :class:`Spec` of a message class of :mod:`.client_messages` or
    :mod:`.server_messages`: its fields in order, each with its check."""
    hints = get_type_hints(cls, include_extras=True)
    (kind,) = get_args(hints.pop("type"))
    parts = []
    for name, hint in hints.items():
        inner = _bare(hint)
        meta = getattr(inner, "__metadata__", ())
        check = next((m for m in meta if isinstance(m, Check)), None)
        optional = name in cls.__optional_keys__
        parts.append(Part(name, check, _kinds(inner), optional, _values(inner)))
    names = frozenset(p.name for p in parts)
    return Spec(kind, cls, tuple(parts), names, names - cls.__optional_keys__)


def _bare(hint: Any) -> Any:
    """``hint`` without ``NotRequired``, which says where the field may be left out."""
    return get_args(hint)[0] if get_origin(hint) in (NotRequired, Required) else hint


def _kinds(hint: Any) -> tuple[type, ...]:
    """The Python types a JSON value of type ``hint`` may be, for a shallow check."""
    origin = get_origin(hint)
    if origin is Annotated:
        return _kinds(get_args(hint)[0])
    if origin in (Union, UnionType):
        return tuple(k for a in get_args(hint) for k in _kinds(a))
    if origin is Literal:
        return tuple({type(a) for a in get_args(hint)})
    if hint is None or hint is type(None):
        return (type(None),)
    if hint is Any:
        return (object,)
    if hint is float:
        return (int, float)
    if is_typeddict(hint) or origin is dict:
        return (dict,)
    if origin is list:
        return (list,)
    return (hint,)


def _values(hint: Any) -> tuple[object, ...] | None:
    """The values of a ``Literal`` type (``None`` for any other)."""
    origin = get_origin(hint)
    if origin is Annotated:
        return _values(get_args(hint)[0])
    return get_args(hint) if origin is Literal else None


def _fits(value: Any, kinds: tuple[type, ...]) -> bool:
    # JSON's true is no number, though Python's bool is an int.
    if isinstance(value, bool) and bool not in kinds and object not in kinds:
        return False
    return isinstance(value, kinds)


def _one_pace(msg: Mapping[str, object]) -> str | None:
    """A game is live (``base`` and ``inc``) or by correspondence (``days``), not both."""
    live = "base" in msg and "inc" in msg
    if "days" in msg and ("base" in msg or "inc" in msg):
        return "give days for a correspondence game, or base and inc for a live one, not both"
    if "days" not in msg and not live:
        return "give base and inc for a live game, or days for a correspondence game"
    return None


#: Checks across the fields of one message, each giving the fault or ``None``.
RULES: dict[str, Callable[[Mapping[str, object]], str | None]] = {
    "seek": _one_pace,
    "challenge": _one_pace,
}

#: What a client may send, by type, in the order of docs/online-protocol.md.
CLIENT: dict[str, Spec] = {s.kind: s for s in map(spec, client_messages.ALL)}
#: What the server sends, by type: each send is held to it by :func:`message`.
SERVER: dict[str, Spec] = {s.kind: s for s in map(spec, server_messages.ALL)}


def _object(raw: str | bytes, most: int | None = MAX_MESSAGE) -> dict[str, Any]:
    """The JSON object of one frame, or :class:`ProtocolError` saying why not."""
    if isinstance(raw, bytes):
        try:
            raw = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise ProtocolError("a message must be UTF-8 text") from None
    if most is not None and len(raw) > most:
        raise ProtocolError(f"a message must be at most {MAX_MESSAGE} bytes")
    try:
        msg = json.loads(raw)
    except (json.JSONDecodeError, RecursionError):
        raise ProtocolError("a message must be a JSON object") from None
    if not isinstance(msg, dict):
        raise ProtocolError("a message must be a JSON object")
    return msg


def read(raw: str | bytes) -> ClientMessage:
    """A client's message, checked; raises :class:`ProtocolError` naming the fault."""
    msg = _object(raw)
    kind = msg.get("type")
    if not isinstance(kind, str) or kind not in CLIENT:
        raise ProtocolError(f"unknown message type; send one of {', '.join(CLIENT)}")
    return checked(msg)


def checked(msg: dict[str, Any]) -> ClientMessage:
    """A client's message as an object, checked against the definition of its
    ``type`` (one of :data:`CLIENT`); raises :class:`ProtocolError` naming the fault."""
    kind = msg["type"]
    s = CLIENT[kind]
    for name in msg:
        if name != "type" and name not in s.names:
            raise ProtocolError(f"{kind}: unknown field {name[:20]!r}")
    for part in s.parts:
        if part.name not in msg:
            if part.optional:
                continue
            raise ProtocolError(f"{kind}: field {part.name!r} is missing")
        if part.check is not None and not part.check.check(msg[part.name]):
            raise ProtocolError(f"{kind}: field {part.name!r} must be {part.wants}")
    rule = RULES.get(kind)
    fault = rule(msg) if rule else None
    if fault:
        raise ProtocolError(f"{kind}: {fault}")
    return cast(ClientMessage, msg)


def heard(raw: str | bytes) -> ServerMessage:
    """A server's message, as a client reads it: a type of :data:`SERVER` with
    each of its fields there and of its kind (what the fields hold within is
    trusted). Fields a client does not know are left for it to ignore: a newer
    server of the same version may add one. Raises :class:`ProtocolError`."""
    msg = _object(raw, None)  # the connection bounds a server's frames
    kind = msg.get("type")
    s = SERVER.get(kind) if isinstance(kind, str) else None
    if s is None:
        raise ProtocolError(f"unknown message type {str(kind)[:20]!r}")
    for part in s.parts:
        if part.name not in msg:
            if part.optional:
                continue
            raise ProtocolError(f"{kind}: field {part.name!r} is missing")
        value = msg[part.name]
        if not _fits(value, part.kinds) or (part.values and value not in part.values):
            raise ProtocolError(f"{kind}: field {part.name!r} is of the wrong kind")
    return cast(ServerMessage, msg)


def _fields_of(table: dict[str, Spec], kind: str, fields: dict[str, Any]) -> None:
    s = table.get(kind)
    if s is None:
        raise KeyError(f"no message called {kind!r}")
    if not s.names.issuperset(fields) or not s.required.issubset(fields):
        wrong = sorted((fields.keys() - s.names) | (s.required - fields.keys()))
        raise TypeError(f"{kind}: fields {', '.join(wrong)} are not its own or are missing")


def message(kind: str, **fields: Any) -> str:
    """A server message as text, its fields those of its definition in :data:`SERVER`."""
    _fields_of(SERVER, kind, fields)
    return json.dumps({"type": kind, **fields}, separators=(",", ":"))


def request(kind: str, **fields: Any) -> str:
    """A client message as text (what the bot, the client and the tests send), its
    fields those of its definition in :data:`CLIENT`."""
    _fields_of(CLIENT, kind, fields)
    return json.dumps({"type": kind, **fields}, separators=(",", ":"))
