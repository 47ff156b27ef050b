"""Every message a client sends, one definition each: its fields, their types for
the type checker and their checks (:mod:`.fields`) for :func:`.protocol.read`.

A message is the JSON object itself, a :class:`~typing.TypedDict`: what the
server reads is what the client sent, with nothing copied, and the type checker
knows each field a handler reads. A field marked ``NotRequired`` may be left out.
docs/online-protocol.md shows the same definitions; tests/online/test_model.py
keeps the two equal.
"""

# No "from __future__ import annotations" here: Python 3.11's TypedDict sees
# NotRequired only in annotations it evaluates.
from typing import Annotated, Literal, NotRequired, TypedDict

from .fields import (
    BASE,
    CODE,
    FLAG,
    ID,
    INC,
    NAME,
    PACE,
    PLY,
    SIDE,
    TOKEN,
    TURN,
    TURN_DAYS,
    VERSION_NUMBER,
)

Id = Annotated[str, ID]


class Hello(TypedDict):
    type: Literal["hello"]
    v: Annotated[int, VERSION_NUMBER]
    name: NotRequired[Annotated[str, NAME]]
    token: NotRequired[Annotated[str, TOKEN]]


class WatchLobby(TypedDict):
    type: Literal["lobby"]


class GameSettings(TypedDict):
    """A live game gives ``base`` and ``inc``, a correspondence game ``days``."""

    side: Annotated[int, SIDE]
    base: NotRequired[Annotated[int, BASE]]
    inc: NotRequired[Annotated[int, INC]]
    days: NotRequired[Annotated[int, TURN_DAYS]]
    rated: Annotated[bool, FLAG]


class Seek(GameSettings):
    type: Literal["seek"]


class Cancel(TypedDict):
    type: Literal["cancel"]
    seek: Id


class Accept(TypedDict):
    type: Literal["accept"]
    seek: Id


class Challenge(GameSettings):
    type: Literal["challenge"]


class Join(TypedDict):
    type: Literal["join"]
    code: Annotated[str, CODE]


class Turn(TypedDict):
    type: Literal["turn"]
    game: Id
    ply: Annotated[int, PLY]
    turn: Annotated[str, TURN]


class State(TypedDict):
    type: Literal["state"]
    game: Id


class Resign(TypedDict):
    type: Literal["resign"]
    game: Id


class Abort(TypedDict):
    type: Literal["abort"]
    game: Id


class Leaderboard(TypedDict):
    type: Literal["leaderboard"]
    pace: NotRequired[Annotated[Literal["live", "correspondence"], PACE]]


class Record(TypedDict):
    type: Literal["record"]
    game: Id


class Correspondence(TypedDict):
    type: Literal["correspondence"]


class Games(TypedDict):
    type: Literal["games"]


class Watch(TypedDict):
    type: Literal["watch"]
    game: Id


class Unwatch(TypedDict):
    type: Literal["unwatch"]
    game: Id


class Tournaments(TypedDict):
    type: Literal["tournaments"]


class Tournament(TypedDict):
    type: Literal["tournament"]
    tournament: Id


class Enter(TypedDict):
    type: Literal["enter"]
    tournament: Id


class Pause(TypedDict):
    type: Literal["pause"]
    tournament: Id


class Ping(TypedDict):
    type: Literal["ping"]


#: Every client message, in the order of docs/online-protocol.md.
ALL: tuple[type, ...] = (
    Hello, WatchLobby, Seek, Cancel, Accept, Challenge, Join, Turn, State, Resign, Abort,
    Leaderboard, Record, Correspondence, Games, Watch, Unwatch, Tournaments, Tournament,
    Enter, Pause, Ping,
)  # fmt: skip

ClientMessage = (
    Hello | WatchLobby | Seek | Cancel | Accept | Challenge | Join | Turn | State | Resign
    | Abort | Leaderboard | Record | Correspondence | Games | Watch | Unwatch | Tournaments
    | Tournament | Enter | Pause | Ping
)  # fmt: skip
