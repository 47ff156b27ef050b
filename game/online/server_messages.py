"""Every message the server sends, one definition each, and the objects they
carry (a seek as the lobby lists it, a game's whole state, a tournament's
standings...). As :mod:`.client_messages`, each is the JSON object itself, a
:class:`~typing.TypedDict`: the client's model reads fields the type checker
knows, and :func:`.protocol.heard` checks, before anyone reads a message, that
its type is one of these and that each of its fields is there and of its kind.
docs/online-protocol.md shows the same definitions; tests/online/test_model.py
keeps the two equal.
"""

# No "from __future__ import annotations" here: Python 3.11's TypedDict sees
# NotRequired only in annotations it evaluates.
from typing import Any, Literal, NotRequired, TypedDict

Color = Literal[0, 1]


class PlayerView(TypedDict):
    id: str
    name: str
    rating: int
    games: int
    correspondence_rating: int
    provisional: bool
    correspondence_provisional: bool


class SeekListing(TypedDict):
    """A seek as the lobby lists it: ``base`` and ``inc`` for a live game, ``days``
    for a correspondence one."""

    id: str
    name: str
    rating: int
    provisional: bool
    side: int
    base: NotRequired[int]
    inc: NotRequired[int]
    days: NotRequired[int]
    rated: bool


class Seat(TypedDict):
    name: str
    rating: int
    provisional: bool
    connected: bool


class Change(TypedDict):
    before: int
    after: int


#: A rated game's change of each side's rating, by colour name ("red", "blue").
Ratings = dict[str, Change]


class GameState(TypedDict):
    """The whole state of a game: ``you`` only for its players, ``days`` and
    ``reserve`` only for a correspondence game."""

    id: str
    side: int
    base: int
    inc: int
    rated: bool
    players: list[Seat]
    turns: list[str]
    clocks: list[int]
    running: Color | None
    result: str | None
    reason: str | None
    you: NotRequired[Color]
    seek: NotRequired[str]
    ratings: NotRequired[Ratings]
    days: NotRequired[int]
    reserve: NotRequired[list[int]]
    tournament: NotRequired[str]


class PostalGame(TypedDict):
    """One of a player's correspondence games, as their list shows it."""

    id: str
    side: int
    days: int
    rated: bool
    opponent: str
    rating: int
    you: Color
    turns: int
    yours: bool
    left: int
    reserve: int


class Ranked(TypedDict):
    name: str
    rating: int
    rd: int
    games: int


class Listed(TypedDict):
    """A game in play as the list of games to watch shows it."""

    id: str
    red: str
    blue: str
    side: int
    time: str
    rated: bool
    turns: int


class TournamentEntry(TypedDict):
    id: str
    name: str
    kind: Literal["arena", "swiss"]
    side: int
    base: int
    inc: int
    rated: bool
    status: Literal["soon", "playing", "over"]
    starts: float
    left: float | None
    minutes: int | None
    rounds: int | None
    round: int
    winner: str | None


class Standing(TypedDict):
    rank: int
    name: str
    rating: int
    points: float
    games: int
    wins: int
    fire: bool
    sheet: str
    buchholz: float
    sonneborn: float
    paused: bool


class TournamentGame(TypedDict):
    id: str
    red: str
    blue: str
    result: str | None
    round: int | None


class Bye(TypedDict):
    round: int
    name: str


class Yours(TypedDict):
    """A player's own part in a tournament."""

    entered: bool
    paused: bool
    game: str | None
    opponent: str | None
    color: Color | None
    bye: bool


class Standings(TournamentEntry):
    standings: list[Standing]
    games: list[TournamentGame]
    byes: list[Bye]
    you: Yours


class Welcome(TypedDict):
    type: Literal["welcome"]
    v: int
    player: PlayerView
    token: NotRequired[str]
    site: NotRequired[str]


class Lobby(TypedDict):
    type: Literal["lobby"]
    seeks: list[SeekListing]


class Seeks(TypedDict):
    type: Literal["seeks"]
    added: list[SeekListing]
    removed: list[str]


class Seeking(TypedDict):
    type: Literal["seeking"]
    seek: SeekListing


class Cancelled(TypedDict):
    type: Literal["cancelled"]
    seek: str


class Challenge(TypedDict):
    type: Literal["challenge"]
    code: str
    expires: int
    seek: str


class Game(TypedDict):
    type: Literal["game"]
    game: GameState


class Turn(TypedDict):
    type: Literal["turn"]
    game: str
    ply: int
    turn: str
    clocks: list[int]


class Presence(TypedDict):
    type: Literal["presence"]
    game: str
    color: Color
    connected: bool


class Over(TypedDict):
    type: Literal["over"]
    game: str
    result: str
    reason: str
    ratings: NotRequired[Ratings]


class Leaderboard(TypedDict):
    type: Literal["leaderboard"]
    players: list[Ranked]
    pace: Literal["live", "correspondence"]


class Correspondence(TypedDict):
    type: Literal["correspondence"]
    games: list[PostalGame]


class Record(TypedDict):
    type: Literal["record"]
    game: str
    #: The game in the client's game-record format (game/play/history.py reads it).
    record: dict[str, Any]


class Games(TypedDict):
    """The whole list (``games``), or what changed since (``added``, ``removed``)."""

    type: Literal["games"]
    games: NotRequired[list[Listed]]
    added: NotRequired[list[Listed]]
    removed: NotRequired[list[str]]


class Watching(TypedDict):
    type: Literal["watching"]
    game: GameState
    watchers: int


class Unwatched(TypedDict):
    type: Literal["unwatched"]
    game: str


class Watchers(TypedDict):
    type: Literal["watchers"]
    game: str
    count: int


class Tournaments(TypedDict):
    type: Literal["tournaments"]
    tournaments: list[TournamentEntry]


class StandingsNews(TypedDict):
    type: Literal["standings"]
    tournament: Standings


class Pong(TypedDict):
    type: Literal["pong"]


class Error(TypedDict):
    type: Literal["error"]
    reason: str
    about: NotRequired[str]
    dropped: NotRequired[int]


#: Every server message, in the order of docs/online-protocol.md.
ALL: tuple[type, ...] = (
    Welcome, Lobby, Seeks, Seeking, Cancelled, Challenge, Game, Turn, Presence, Over,
    Leaderboard, Correspondence, Record, Games, Watching, Unwatched, Watchers, Tournaments,
    StandingsNews, Pong, Error,
)  # fmt: skip

ServerMessage = (
    Welcome | Lobby | Seeks | Seeking | Cancelled | Challenge | Game | Turn | Presence | Over
    | Leaderboard | Correspondence | Record | Games | Watching | Unwatched | Watchers
    | Tournaments | StandingsNews | Pong | Error
)  # fmt: skip
