"""An online game as the client holds it, without pygame.

:class:`OnlineMatch` is a :class:`~.match.Match` in which only one colour is
clicked by the person at this screen; the other side's turns come from the
server. :class:`OnlineController` stands where the match controller stands for a
match at this screen: a finished turn goes to the server through the link (the
board shows it at once: the rules core has already checked it), and the
server's messages become the same :class:`~.match.Event` lists the match scene
animates. The server's word is final: a turn it refused or a gap in the turns
brings the whole game state back from it.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol
from urllib.parse import quote

from game.i18n import _, ngettext

# The clocks' one format, the pages' too; the match screen reads it from here.
from game.online.clock import clock_text as clock_text  # noqa: PLC0414 (a re-export)
from game.online.link import Heard
from game.online.server_messages import GameState, PostalGame, Ratings, Turn
from game.online.table import NO_MOVES
from game.play.endings import ending_text, server_text
from game.rules import BLUE, RED, Color, RulesError

from .match import Event, Match
from .match_controller import HistoryKeeper

COLORS = (RED, BLUE)


def page_address(server: str, game_id: str, site: str | None = None) -> str:
    """The address of a game's web page, to share. ``site`` is where the server
    says its pages are (its welcome's ``site``: its public address, which may not
    be where this computer reached it, such as ``127.0.0.1`` for a game hosted
    here); without one, the server that plays the game answers browsers on the
    same host and port (``wss://`` servers over https).

    >>> page_address("ws://192.168.1.5:8765", "g7")
    'http://192.168.1.5:8765/games/g7'
    >>> page_address("wss://mosaic.example.org/", "g7")
    'https://mosaic.example.org/games/g7'
    >>> page_address("ws://127.0.0.1:8765", "g7", "http://192.168.1.5:8765")
    'http://192.168.1.5:8765/games/g7'
    """
    if site:
        return f"{site.rstrip('/')}/games/{quote(game_id, safe='')}"
    scheme, sep, rest = server.partition("://")
    if not sep:
        scheme, rest = "ws", server
    host = rest.split("/", 1)[0]
    web = "https" if scheme == "wss" else "http"
    return f"{web}://{host}/games/{quote(game_id, safe='')}"


def pace_text(base: int, inc: int, days: int | None) -> str:
    """A time control as players say it: "5+3", "30s+0", "3 days a turn".

    >>> pace_text(300, 3, None), pace_text(30, 0, None), pace_text(0, 0, 1)
    ('5+3', '30s+0', '1 day a turn')
    """
    if days is not None:
        return ngettext("{n} day a turn", "{n} days a turn", days).format(n=days)
    return f"{base // 60}+{inc}" if base % 60 == 0 else f"{base}s+{inc}"


def days_left(ms: int, short: bool = False) -> str:
    """Time left in a correspondence game: "2 days 3 hours", "5 hours 12 minutes",
    "40 minutes"; ``short`` for a clock: "2d 3h", "5h 12m", "40m".

    >>> days_left(2 * 86_400_000 + 3 * 3_600_000), days_left(5 * 3_600_000 + 720_000, True)
    ('2 days 3 hours', '5h 12m')

    A turn of 3 days, a moment after it began, still has 3 days:

    >>> days_left(3 * 86_400_000 - 1500, True), days_left(3 * 86_400_000 - 1500)
    ('3d', '3 days')
    """
    # Rounded up, as clocks count down: the part of a minute still left is time left.
    minutes = -(-max(0, ms) // 60_000)
    d, h, m = minutes // 1440, minutes // 60 % 24, minutes % 60
    if short:
        if d:
            return (_("{d}d {h}h") if h else _("{d}d")).format(d=d, h=h)
        return (_("{h}h {m}m") if h else _("{m}m")).format(h=h, m=m)
    days = ngettext("{n} day", "{n} days", d).format(n=d)
    hours = ngettext("{n} hour", "{n} hours", h).format(n=h)
    minutes_ = ngettext("{n} minute", "{n} minutes", m).format(n=m)
    # Two units side by side, each counted in its own form.
    if d:
        return _("{first} {second}").format(first=days, second=hours) if h else days
    if h:
        return _("{first} {second}").format(first=hours, second=minutes_) if m else hours
    return minutes_


DAY_MS = 86_400_000


def turn_time(left_ms: int, reserve_days: int) -> tuple[int, bool]:
    """What a correspondence clock shows: the time left of the turn's own days,
    or, once those are used up, the time left on the reserve (``True``).

    >>> turn_time(8 * DAY_MS - 60_000, 7), turn_time(3 * DAY_MS, 5)
    ((86340000, False), (259200000, True))
    """
    own = left_ms - reserve_days * DAY_MS
    return (own, False) if own > 0 else (left_ms, True)


def postal_line(game: PostalGame) -> str:
    """A correspondence game as its player's list shows it."""
    ms, reserve = turn_time(game["left"], game.get("reserve", 0))
    if game["yours"]:
        text = (
            _("Your turn, {left} left on reserve days: v {opponent} ({rating}), side {side}")
            if reserve
            else _("Your turn, {left} left: v {opponent} ({rating}), side {side}")
        )
    else:
        text = (
            _(
                "{opponent}'s turn, {left} left on reserve days: "
                "v {opponent} ({rating}), side {side}"
            )
            if reserve
            else _("{opponent}'s turn, {left} left: v {opponent} ({rating}), side {side}")
        )
    return text.format(
        left=days_left(ms), opponent=game["opponent"], rating=game["rating"], side=game["side"]
    )


class Line(Protocol):
    """What the controller needs of the link (:class:`game.online.link.Link`)."""

    def send(self, kind: str, **fields: Any) -> None: ...


class OnlineMatch(Match):
    def __init__(self, state: GameState) -> None:
        super().__init__(state["side"], "Human", "Human")
        self.id: str = state["id"]
        #: A spectator's game (the server sent no ``you``): nobody clicks here,
        #: and ``you`` is Red only so that the board has a side to show.
        self.watching: bool = "you" not in state
        self.you: Color = COLORS[state.get("you", 0)]
        players = list(zip(COLORS, state["players"], strict=True))
        self.names: dict[Color, str] = {c: str(p["name"]) for c, p in players}
        self.ratings: dict[Color, int] = {c: int(p["rating"]) for c, p in players}
        self.connected: dict[Color, bool] = {c: bool(p["connected"]) for c, p in players}
        self.base: int = state.get("base", 0)
        self.inc: int = state.get("inc", 0)
        #: Days a turn of a correspondence game, ``None`` for a live one.
        self.days: int | None = state.get("days")
        #: Each side's days of reserve left (correspondence only), red first.
        self.reserve: list[int] = list(state.get("reserve", [0, 0]))
        self.rated: bool = state["rated"]
        #: How the server ended it: ``result`` (red, blue, draw, aborted) and ``reason``.
        self.result: str | None = None
        self.reason = ""
        #: Rating changes of a rated game, as the server sent them.
        self.rating_change: Ratings = {}
        for text in state["turns"]:
            self.board.play(text)
        if result := state.get("result"):
            self.end(result, state.get("reason") or "", state.get("ratings"))

    # -- who plays: only "you" click -----------------------------------------------
    def player(self, color: Color) -> str:
        return self.names[color]

    def is_human(self, color: Color) -> bool:
        return color == self.you and not self.watching

    @property
    def ai_to_move(self) -> str | None:
        return None  # the other side's turns come from the server

    @property
    def over(self) -> bool:
        return self.result is not None or self.board.is_game_over()

    def end(self, result: str, reason: str, ratings: Ratings | None) -> None:
        self.result, self.reason = result, reason
        self.rating_change = ratings or {}
        self.chain = None

    def winner(self) -> Color | None:
        if self.result in ("red", "blue"):
            return RED if self.result == "red" else BLUE
        if self.result is not None:
            return None
        return self.board.winner()

    def result_text(self) -> str:
        if self.result == "aborted":
            return _("The game was aborted.")
        winner = self.winner()
        if self.result is None or self.reason == NO_MOVES:
            if not self.board.is_game_over():
                return super().result_text()
            red, blue = self.board.count(RED), self.board.count(BLUE)
            if winner is None:
                return ngettext("A draw, {n} tile each.", "A draw, {n} tiles each.", red).format(
                    n=red
                )
            return _("{player} wins, {n} tiles to {other}.").format(
                player=self.names[winner], n=max(red, blue), other=min(red, blue)
            )
        # The server names sides; the players here have names.
        reason = ending_text(self.reason, {str(c): self.names[c] for c in COLORS})
        if winner is None:
            return _("A draw: {reason}.").format(reason=reason)
        return _("{player} wins: {reason}.").format(player=self.names[winner], reason=reason)

    def reserve_text(self) -> str:
        """Each player's reserve days of a correspondence game, by name, Red's first."""
        return _("Reserve days: {red} {red_days}, {blue} {blue_days}").format(
            red=self.names[RED],
            red_days=self.reserve[0],
            blue=self.names[BLUE],
            blue_days=self.reserve[1],
        )

    def record(self) -> dict[str, Any]:
        data = super().record()
        data["red"], data["blue"] = self.names[RED], self.names[BLUE]
        data["result"] = self.result if self.result != "aborted" else None
        data["online"] = {
            "id": self.id,
            "you": str(self.you),
            "time": pace_text(self.base, self.inc, self.days),
            "rated": self.rated,
            "reason": self.reason,
            **({"ratings": self.rating_change} if self.rating_change else {}),
        }
        return data


class OnlineController(HistoryKeeper):
    """The match scene's controller for a game played through a server."""

    match: OnlineMatch

    def __init__(
        self,
        match: OnlineMatch,
        data: Path,
        line: Line,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.match = match
        self.data = Path(data)
        self.line = line
        self.clock = clock
        #: No hints against a person: nothing is ever ringed.
        self.hint: tuple[int, ...] = ()
        self.browsing = False
        #: The server keeps the game: it is always the one being played.
        self.current = True
        self.archive_path: Path | None = None
        #: Milliseconds left, red first, when :attr:`clock_read` was taken.
        self.clocks = [match.base * 1000, match.base * 1000]
        self.running: int | None = None
        self.clock_read = clock()
        #: The server has not answered the turn sent last (its ply), if any.
        self.sent: int | None = None
        #: How many watch the game, as the server last said.
        self.watchers = 0

    # -- the clocks -------------------------------------------------------------------
    def set_clocks(self, clocks: list[int], running: int | None) -> None:
        self.clocks, self.running, self.clock_read = list(clocks), running, self.clock()

    def left(self, color: Color) -> int:
        """``color``'s time left now, in milliseconds, as the server last said,
        counted down locally while it runs."""
        ms = self.clocks[int(color)]
        if self.running == int(color) and not self.match.over:
            ms -= int((self.clock() - self.clock_read) * 1000)
        return max(0, ms)

    # -- what the match scene calls ----------------------------------------------------
    def may_change(self) -> bool:
        return True  # the server's game is the one in play: nothing to ask

    def claim(self) -> None:
        """Nothing to claim: the server's game is already the one in play."""

    def wants_change(self, cell: int) -> bool:
        m = self.match
        return m.human_to_move and cell in m.targets()

    @property
    def later(self) -> int:
        return 0  # a click goes back to the game's last position: nothing is dropped

    def play_on_from_here(self) -> None:
        self._to_end()

    def click(self, cell: int) -> list[Event]:
        m = self.match
        self._to_end()
        before = m.ply
        events = m.click(cell)
        for ev in events:
            if ev.kind == "turn":
                self.sent = before
                self.line.send("turn", game=m.id, ply=before, turn=ev.text)
                # The clock passes to the other side at once; the server's figures follow.
                self.set_clocks([self.left(RED), self.left(BLUE)], int(m.board.mover))
        # As for the other side's turns, "over" comes from the server, with the reason and
        # the ratings: a record kept from the board alone would have no result.
        return [e for e in events if e.kind != "over"]

    def goto(self, ply: int) -> bool:
        moved = self.match.goto(ply)
        self.browsing = self.match.ply < self.match.plies
        return moved

    def _to_end(self) -> None:
        """Back to the game's last position, if the player was looking at an
        earlier one (a chain in progress is left alone)."""
        if self.match.ply < self.match.plies:
            self.goto(self.match.plies)

    def take_back_chain(self) -> tuple[int, ...]:
        return self.match.take_back_chain()

    def take_back_flip(self) -> int | None:
        return self.match.take_back_flip()

    def resign(self, side: Color) -> list[Event]:
        m = self.match
        if m.over:
            return []
        self.line.send("abort" if not m.board.turn_stack else "resign", game=m.id)
        return []  # the server's "over" ends it

    def leave(self) -> str | None:
        return None  # the server keeps the game; a finished one is in the history

    # -- the server's messages -----------------------------------------------------------
    def receive(self, msg: Heard) -> list[Event]:
        """Events for one message from the server about this game (others: none)."""
        m = self.match
        if msg["type"] == "game":
            return self._state(msg["game"]) if msg["game"]["id"] == m.id else []
        if msg["type"] == "turn" and msg["game"] == m.id:
            return self._turn(msg)
        if msg["type"] == "presence" and msg["game"] == m.id:
            color = COLORS[msg["color"]]
            m.connected[color] = msg["connected"]
            if color == m.you and not m.watching:
                return []
            name = m.names[color]
            text = (
                _("{player} is back.") if msg["connected"] else _("{player} lost the connection.")
            ).format(player=name)
            return [Event("presence", (), color, text)]
        if msg["type"] == "over" and msg["game"] == m.id:
            self._to_end()
            # The clocks stop where they stood: the last turn's figures from the
            # server would jump back by the time since (a resignation mid-think).
            self.set_clocks([self.left(RED), self.left(BLUE)], None)
            m.end(msg["result"], msg["reason"], msg.get("ratings"))
            return self._kept([Event("over", (), m.winner(), m.result_text())])
        if msg["type"] == "watchers" and msg["game"] == m.id:
            self.watchers = msg["count"]
        return []

    def resync(self) -> None:
        """Ask the server for the whole game: ours has gone out of step."""
        self.line.send("state", game=self.match.id)

    def refused(self, reason: str) -> list[Event]:
        """The server refused what we sent: take its state back."""
        self.resync()
        return [
            Event(
                "error",
                text=_("The server refused that: {reason}").format(reason=server_text(reason)),
            )
        ]

    def _turn(self, msg: Turn) -> list[Event]:
        m = self.match
        ply = msg["ply"]
        self._to_end()
        if ply < m.plies:
            # Our own turn, or a forced pass we played already, coming back.
            if m.all_moves()[ply] != msg["turn"]:
                self.resync()  # out of step: the server's game wins
            elif ply == m.plies - 1:
                self.sent = None
                self.set_clocks(msg["clocks"], None if m.over else int(m.board.mover))
            return []
        if ply > m.plies:
            self.resync()  # a gap: ask for the whole game
            return []
        m.chain = None
        try:
            turn = m.board.parse_turn(msg["turn"])
            events = m.play(turn)
        except RulesError:
            self.resync()
            return [Event("error", text=_("The game here went out of step; fetching it again."))]
        self.set_clocks(msg["clocks"], None if m.over else int(m.board.mover))
        # "over" comes from the server, with the reason and the ratings.
        return self._kept([e for e in events if e.kind != "over"])

    def _state(self, state: GameState) -> list[Event]:
        """The whole game from the server: take it as it is."""
        m = self.match
        fresh = OnlineMatch(state)
        self._to_end()
        mine, theirs = m.all_moves(), state["turns"]
        m.connected, m.reserve = fresh.connected, fresh.reserve
        in_flight = self.sent is not None and theirs == mine[: self.sent]
        if in_flight:
            return []  # the server has not seen our last turn yet: its echo follows
        if mine != theirs:
            m.board, m.chain, m.redo_stack = fresh.board, None, []
        if fresh.result:
            m.end(fresh.result, fresh.reason, fresh.rating_change)
        self.sent = None
        self.set_clocks(state["clocks"], state.get("running"))
        return [Event("resync")] if mine != theirs else []

    # -- the history ----------------------------------------------------------------------
    def _kept(self, events: list[Event]) -> list[Event]:
        """Keep the game in the history once the server has said how it ended."""
        result = self.match.result
        if any(e.kind == "over" for e in events) and result not in (None, "aborted"):
            problem = self.archive()
            if problem:
                events.append(Event("error", text=problem))
        return events

    def poll(self, now: float, ready: bool, show: bool = True) -> list[Event]:
        """The match scene polls its controller; an online game's news comes
        through :meth:`receive` instead."""
        return []
