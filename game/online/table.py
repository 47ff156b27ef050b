"""One online game as the server keeps it: the board, who sits where, the clock and
how it ended. No network and no database here; the server feeds it messages and
the time, and stores what it returns.

The rules core checks every turn: the text a client sends is parsed and checked
against every rule before the board changes, and a forced pass is played by the
table itself, at no cost on the clock.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.i18n import N_
from game.rules import BLUE, PASS, RED, Board, RulesError
from game.rules.errors import clip

from .clock import Clock
from .postal import PostalClock

COLORS = ("red", "blue")

# How a game ended, as the server records and sends it: English, with the side
# ("red", "blue") for {player}. A player's screen shows it in their language
# (game/play/endings.py matches the text against these and translates it).
RESIGNED_EARLY = N_("{player} resigned before playing a turn: aborted")
RESIGNED = N_("{player} resigned")
ABORTED = N_("aborted")
NO_FIRST_TURN = N_("{player} did not play a first turn")
OUT_OF_TIME = N_("{player} ran out of time")
NOBODY_CAME_BACK = N_("neither player came back")
LEFT_EARLY = N_("{player} left before the first turn")
LEFT = N_("{player} left the game")
NO_MOVES = N_("neither player can move")
ENDINGS = (
    RESIGNED_EARLY,
    RESIGNED,
    ABORTED,
    NO_FIRST_TURN,
    OUT_OF_TIME,
    NOBODY_CAME_BACK,
    LEFT_EARLY,
    LEFT,
    NO_MOVES,
)
RECORD_FORMAT = 1  # the client's game record format (game.play.match)


class TableError(ValueError):
    """An action the table refuses; the text is the reason sent back."""


#: What :meth:`Table.restore` puts back: turns, the clock's (left, running, since),
#: result, reason.
Snapshot = tuple[int, tuple[list[int], int | None, float], str | None, str]


@dataclass
class Seat:
    player: str  # player id
    name: str
    rating: float
    connected: bool = True
    #: Whether the rating was provisional when the game began (see :mod:`.ranks`;
    #: not kept in the store: false for a game put back after a restart).
    provisional: bool = False
    #: When the player dropped, on the clock's time scale (``None`` while connected).
    gone_since: float | None = None


@dataclass
class Table:
    id: str
    side: int
    base: int  # seconds
    inc: int  # seconds
    rated: bool
    seats: tuple[Seat, Seat]
    clock: Clock | PostalClock = field(init=False)
    board: Board = field(init=False)
    turns: list[str] = field(default_factory=list)
    result: str | None = None  # "red", "blue", "draw" or "aborted" once over
    reason: str = ""
    ratings: dict[str, Any] | None = None
    created: float = 0.0  # wall-clock seconds, for the record's date
    #: Days a turn for a correspondence game (its clock is a :class:`.postal.PostalClock`,
    #: on wall-clock time); ``None`` for a live game (a Fischer clock, ``base`` + ``inc``).
    days: int | None = None
    #: The store's epoch of the game when this process took it (see
    #: :meth:`.store.Store.adopt`): its writes are refused once another has it.
    epoch: int = 0

    def __post_init__(self) -> None:
        self.board = Board(size=self.side)
        if self.days is not None:
            self.clock = PostalClock(self.days)
        else:
            self.clock = Clock(self.base * 1000, self.inc * 1000)

    @property
    def postal(self) -> bool:
        """A correspondence game: days a turn, kept through absences."""
        return self.days is not None

    # -- who --------------------------------------------------------------
    def color_of(self, player: str) -> int:
        """0 for red, 1 for blue; raises :class:`TableError` for anyone else."""
        for color, seat in enumerate(self.seats):
            if seat.player == player:
                return color
        raise TableError(N_("that game is not yours"))

    @property
    def over(self) -> bool:
        return self.result is not None

    @property
    def opening(self) -> bool:
        """Whether one side has yet to play a turn: a game that ends now is
        aborted, unrated, whoever ends it."""
        return len(self.turns) < len(COLORS)

    @property
    def mover(self) -> int:
        return int(self.board.mover)

    # -- play -------------------------------------------------------------
    def start(self, now: float) -> None:
        """Red's time starts when the game does."""
        self.clock.start(0, now)

    def play(self, player: str, ply: int, text: str, now: float) -> list[str]:
        """``player`` plays ``text`` as turn number ``ply`` (counted from 0).

        Returns the turns that entered the game: the turn in notation, then any
        pass the next player was forced into. Raises :class:`TableError` for a
        turn out of place or against the rules; the game is then unchanged."""
        color = self.color_of(player)
        if self.over:
            raise TableError(N_("that game is over"))
        if color != self.mover:
            raise TableError(N_("it is not your turn"))
        if ply != len(self.turns):
            # i18n: not shown (only an out-of-step client sends it, and it fetches the game)
            raise TableError(f"turn {ply} is not the next one; the game has {len(self.turns)}")
        if self.clock.left(color, now) <= 0:
            raise TableError(N_("your time ran out"))
        try:
            turn = self.board.parse_turn(text)
            self.board.check(turn)
        except RulesError as e:
            raise TableError(f"{clip(text, quote=False)}: {e}") from None
        self.board.push(turn)
        played = [self.board.notation(turn)]
        self.clock.press(now)
        while self.board.must_pass():
            # The passer's clock does not run: the pass is played the moment it is owed.
            self.board.push(PASS)
            played.append(self.board.notation(PASS))
            self.clock.start(self.mover, now)
        self.turns.extend(played)
        if self.board.is_game_over():
            self.end(self.board.result() or "draw", NO_MOVES, now)
        return played

    def snapshot(self) -> Snapshot:
        """What :meth:`restore` needs to put the game back as it is now."""
        return len(self.turns), self.clock.snapshot(), self.result, self.reason

    def restore(self, snap: Snapshot) -> None:
        """Take back what happened since :meth:`snapshot` (a turn the store could
        not keep must not stand)."""
        plies, clock, result, reason = snap
        while len(self.turns) > plies:
            self.board.pop()
            self.turns.pop()
        self.clock.restore(clock)
        self.result, self.reason = result, reason

    def replay(self, turns: list[str]) -> None:
        """Put back the turns a stored game had (already checked when first played)."""
        for text in turns:
            self.board.play(text)
        self.turns = list(turns)

    def end(self, result: str, reason: str, now: float) -> None:
        self.clock.stop(now)
        self.result, self.reason = result, reason

    def resign(self, player: str, now: float) -> None:
        color = self.color_of(player)
        if self.over:
            raise TableError(N_("that game is over"))
        if not self.turns:
            raise TableError(N_("no turn has been played yet: abort the game instead"))
        if self.opening:
            # As lichess: a game one side never played in rates nobody, or a
            # farmer's throwaway accounts could hand over wins by resigning at once.
            self.end("aborted", RESIGNED_EARLY.format(player=COLORS[color]), now)
            return
        self.end(COLORS[1 - color], RESIGNED.format(player=COLORS[color]), now)

    def abort(self, player: str, now: float) -> None:
        self.color_of(player)
        if self.over:
            raise TableError(N_("that game is over"))
        if not self.opening:
            raise TableError(N_("a game can be aborted only before each side has played a turn"))
        self.end("aborted", ABORTED, now)

    def due(self, now: float, grace: float) -> bool:
        """End the game if a flag has fallen or an absent player's grace ran out;
        returns whether it ended now."""
        if self.over:
            return False
        mover = self.mover
        if self.clock.left(mover, now) <= 0:
            if self.opening:
                self.end("aborted", NO_FIRST_TURN.format(player=COLORS[mover]), now)
            else:
                self.end(COLORS[1 - mover], OUT_OF_TIME.format(player=COLORS[mover]), now)
            return True
        if self.postal:
            return False  # players come and go over the days: only the clock ends it
        away = [
            seat.gone_since is not None and now - seat.gone_since >= grace for seat in self.seats
        ]
        if all(away):
            # Nobody to blame, as after a restart that neither player came back to:
            # counting it against the side listed first would rate a game nobody finished.
            self.end("aborted", NOBODY_CAME_BACK, now)
            return True
        for color, gone in enumerate(away):
            if gone:
                if self.opening:
                    self.end("aborted", LEFT_EARLY.format(player=COLORS[color]), now)
                else:
                    self.end(COLORS[1 - color], LEFT.format(player=COLORS[color]), now)
                return True
        return False

    def deadline(self, grace: float) -> float | None:
        """When :meth:`due` may next end the game, on the clock's time scale: the
        mover's flag, or an absent player's grace running out."""
        if self.over:
            return None
        times = [self.clock.flag_at()]
        if not self.postal:
            times += [s.gone_since + grace for s in self.seats if s.gone_since is not None]
        return min((t for t in times if t is not None), default=None)

    # -- what goes out ------------------------------------------------------
    def state(self, now: float) -> dict[str, Any]:
        """The whole game, for a player who joins or comes back."""
        return {
            "id": self.id,
            "side": self.side,
            "base": self.base,
            "inc": self.inc,
            "rated": self.rated,
            "players": [
                {
                    "name": s.name,
                    "rating": round(s.rating),
                    "provisional": s.provisional,
                    "connected": s.connected,
                }
                for s in self.seats
            ],
            "turns": self.turns,
            "clocks": self.clock.both(now),
            "running": self.clock.running,
            "result": self.result,
            "reason": self.reason,
            **({"ratings": self.ratings} if self.ratings else {}),
            **self._postal_state(),
        }

    def _postal_state(self) -> dict[str, Any]:
        c = self.clock
        if not isinstance(c, PostalClock):
            return {}
        return {"days": c.days, "reserve": list(c.reserve)}

    def pace(self) -> str:
        """The time control as players read it: "5+3", "30s+0" or "3 days"."""
        if self.days is not None:
            return "1 day" if self.days == 1 else f"{self.days} days"
        if self.base % 60 == 0:
            return f"{self.base // 60}+{self.inc}"
        return f"{self.base}s+{self.inc}"

    def record(self, date: str) -> dict[str, Any]:
        """The game in the client's record format, with the online details beside it."""
        b = self.board
        return {
            "format": RECORD_FORMAT,
            "game": "Mosaic by Mark Steere",  # i18n: a file's words
            "side": self.side,
            "red": self.seats[0].name,
            "blue": self.seats[1].name,
            "turns": self.turns,
            "result": self.result,
            "date": date,
            "score": {"red": b.count(RED), "blue": b.count(BLUE)},
            "online": {
                "id": self.id,
                "time": self.pace(),
                "rated": self.rated,
                "reason": self.reason,
                **({"ratings": self.ratings} if self.ratings else {}),
            },
        }
