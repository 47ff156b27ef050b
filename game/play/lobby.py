"""The online lobby as the client holds it, without pygame.

:class:`Lobby` applies the server's messages (the seek and game lists, whole or
as what was added and removed since, our own seek and challenge, our
correspondence games) and offers the lobby's actions, which go out on the line.
What a message asks the screen to open (a game, a watched game, the
leaderboard, the list of correspondence games) comes back from :meth:`Lobby.apply`
as an :data:`Opening`; the screen draws the rest from the lobby's fields.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from game.i18n import N_, _, ngettext
from game.online.client_messages import GameSettings
from game.online.link import Heard, LinkNews
from game.online.protocol import CODE_LENGTH
from game.online.server_messages import GameState, Listed, Over, PostalGame, Ranked, SeekListing
from game.play.endings import server_text

from .link_trouble import trouble
from .match import sentence
from .online_game import OnlineMatch, pace_text
from .online_identity import Identity, server_words

#: How the leaderboard is ordered, in a player's words: by rating less twice its
#: deviation, so a rating from a handful of games does not top the board.
LEADERBOARD_ORDER = N_("Surest first: a rating from few games ranks lower.")

#: How a status line is coloured: "muted", "good", "bad" or "accent".
Tone = str


class LobbyLine(Protocol):
    """What the lobby needs of the link (:class:`game.online.link.Link`)."""

    name: str
    token: str | None
    player: dict[str, Any]

    def send(self, kind: str, **fields: Any) -> None: ...


@dataclass(frozen=True)
class OpenGame:
    """A game of ours started, or was still on when we came back: play it."""

    state: GameState


@dataclass(frozen=True)
class OpenWatch:
    """The game we asked to watch, with how many watch it."""

    state: GameState
    watchers: int


@dataclass(frozen=True)
class ShowLeaderboard:
    players: list[Ranked]
    pace: str


@dataclass(frozen=True)
class ShowPostal:
    """Open the list of our correspondence games."""


Opening = OpenGame | OpenWatch | ShowLeaderboard | ShowPostal


def time_control(text: str) -> tuple[int, int]:
    """ "5+3" as (300, 3): minutes on each clock, seconds added a turn."""
    minutes, inc = text.split("+")
    return int(minutes) * 60, int(inc)


def game_line(game: Listed) -> str:
    """A game in play as the lobby lists it: "Ann v Bob, side 5, 3+2"."""
    return _("{red} v {blue}, side {side}, {time}").format(
        red=game["red"], blue=game["blue"], side=game["side"], time=time_words(game["time"])
    )


def time_words(time: str) -> str:
    """The server's time control in the player's language: its "3 days" said
    again here ("5+3" and "30s+0" read the same in every language)."""
    count, _space, unit = time.partition(" ")
    if unit in ("day", "days") and count.isdigit():
        return ngettext("{n} day", "{n} days", int(count)).format(n=int(count))
    return time


def shown_rating(rating: object, provisional: object = False) -> str:
    """A rating as players read it: "1500", or "1500?" while the server calls it
    provisional (too few games yet to be sure of it)."""
    return f"{rating}?" if provisional else f"{rating}"


def seek_line(seek: SeekListing) -> str:
    """An open seek as the lobby lists it: "Bob (1500)  side 5  5+3  rated"."""
    kind = _("rated") if seek["rated"] else _("casual")
    if "days" in seek:
        pace = pace_text(0, 0, seek["days"])
    else:
        minutes = seek["base"] / 60
        pace = f"{minutes:g}" if minutes >= 1 else f"{seek['base']}s"
        pace += f"+{seek['inc']}"
    rating = shown_rating(seek["rating"], seek.get("provisional"))
    return _("{name} ({rating})  side {side}  {pace}  {kind}").format(
        name=seek["name"], rating=rating, side=seek["side"], pace=pace, kind=kind
    )


Item = TypeVar("Item", SeekListing, Listed)


def _merged(have: list[Item], added: list[Item], removed: list[str]) -> list[Item]:
    """``have`` after a delta: an item added again replaces the one we have."""
    gone = set(removed) | {s["id"] for s in added}
    return [s for s in have if s["id"] not in gone] + list(added)


@dataclass
class Lobby:
    """The lobby of one player on one server at a time.

    ``keep`` saves :attr:`identity` when a message changes it (a new token, the
    servers with correspondence games). ``revision`` grows whenever what the
    lobby offers changes, so that the screen builds its controls again."""

    identity: Identity
    keep: Callable[[], None]
    #: Open the correspondence list as soon as the server lists the games.
    to_postal: bool = False
    line: LobbyLine | None = None
    url: str = ""
    online: bool = False
    seeks: list[SeekListing] = field(default_factory=list)
    games: list[Listed] = field(default_factory=list)  # the games in play, to watch
    postal: list[PostalGame] = field(default_factory=list)  # our correspondence games
    my_seek: str | None = None
    code: str = ""  # the code of our open challenge
    challenge_id: str = ""  # and its id, to cancel it by
    status: tuple[str, Tone] = ("", "muted")
    #: A game or a watched game is open over the lobby.
    in_game: bool = False
    revision: int = 0
    # The seek or challenge as chosen.
    side: str = "5"
    time: str = "5+3"
    rated: str = "Rated"

    @property
    def connected(self) -> bool:
        """Online, as far as the messages applied so far say."""
        return self.line is not None and self.online

    @property
    def pace(self) -> str:
        return self.identity.pace

    @property
    def days(self) -> str:
        return self.identity.days

    def say(self, text: str, tone: Tone = "muted") -> None:
        self.status = (text, tone)

    def changed(self) -> None:
        self.revision += 1

    # -- the line -------------------------------------------------------------------
    def attach(self, line: LobbyLine, url: str) -> None:
        """A new line to ``url``, not online until it says so."""
        self.line, self.url, self.online = line, url, False
        self.say(_("Connecting..."))  # under the server's line (:meth:`server_line`)
        self.changed()

    def detach(self) -> None:
        self.line, self.online = None, False
        self.seeks, self.games, self.my_seek, self.code = [], [], None, ""
        self.say("")
        self.changed()

    def refresh(self) -> None:
        """Ask for every list again."""
        if self.line is not None:
            for kind in ("lobby", "games", "correspondence"):
                self.line.send(kind)

    def came_back(self, match: OnlineMatch | None) -> None:
        """The game (or watched game) over the lobby closed: a rated game moved the
        rating, and the lobby moved on while it was open."""
        self.in_game = False
        if self.line is None:
            return
        if match is not None and not match.watching:
            change = match.rating_change.get(str(match.you))
            if change:  # of its own kind: correspondence games are rated apart
                kind = "rating" if match.days is None else "correspondence_rating"
                self.line.player[kind] = change["after"]
        if self.connected:
            # The game's screen read the lists' changes: ours are stale until the
            # whole lists come back.
            self.seeks, self.games = [], []
            self.refresh()

    # -- the choices ----------------------------------------------------------------
    def choose_pace(self, value: str) -> None:
        self.identity.pace = value
        self.keep()
        self.changed()  # the time row becomes days a turn, or back

    def choose_days(self, value: str) -> None:
        self.identity.days = value
        self.keep()

    def fields(self) -> GameSettings:
        """The fields of a seek or challenge as chosen: live or by correspondence."""
        chosen = GameSettings(side=int(self.side), rated=self.rated == "Rated")
        if self.pace == "Live":
            chosen["base"], chosen["inc"] = time_control(self.time)
        else:
            chosen["days"] = int(self.days.split()[0])
        return chosen

    # -- the actions ------------------------------------------------------------------
    def _send(self, kind: str, **fields: Any) -> bool:
        if self.line is None:
            self.say(_("Not connected: connect to a server first."), "bad")
            return False
        self.line.send(kind, **fields)
        return True

    def seek(self) -> None:
        if not self._send("seek", **self.fields()):
            return
        if self.pace == "Live":
            self.say(_("Looking for an opponent..."))
        else:
            self.say(_("Your seek stays open while you are away; the game starts when accepted."))

    def cancel_seek(self) -> None:
        if self.my_seek:
            self._send("cancel", seek=self.my_seek)

    def challenge(self) -> None:
        self._send("challenge", **self.fields())

    def cancel_challenge(self) -> None:
        if self.code:
            self._send("cancel", seek=self.challenge_id)

    def join(self, code: str) -> None:
        if len(code) != CODE_LENGTH:
            self.say(
                _(
                    "A code has {n} characters, with no 0, 1, I, L or O:"
                    " type the one your friend sees."
                ).format(n=CODE_LENGTH),
                "bad",
            )
            return
        self._send("join", code=code)

    def accept(self, seek: SeekListing) -> None:
        self._send("accept", seek=seek["id"])

    def watch(self, game: Listed) -> None:
        if self.line is not None and self.line.player.get("name") in (game["red"], game["blue"]):
            self._send("state", game=game["id"])  # our own game: back to it
            return
        self._send("watch", game=game["id"])

    def leaderboard(self) -> None:
        """The leaderboard of the kind of play chosen: live and correspondence
        games are rated apart."""
        self._send("leaderboard", pace="live" if self.pace == "Live" else "correspondence")

    def open_postal(self, gid: str) -> None:
        """Open one of our correspondence games: the server sends its whole state."""
        if self.line is not None:
            self.line.send("state", game=gid)

    # -- what the screen shows --------------------------------------------------------
    def shown_seeks(self) -> list[SeekListing]:
        """The open seeks but our own (its player is not offered it)."""
        return [s for s in self.seeks if s["id"] != self.my_seek]

    def seeks_heading(self) -> str:
        if self.shown_seeks():
            return _("Open seeks: click one to play")
        if self.my_seek:
            return _("Your seek is open: waiting for someone")
        return _("No open seeks: open one")

    def games_heading(self) -> str:
        return _("Games in play: click one to watch") if self.games else _("No games in play")

    def postal_label(self) -> str:
        yours = sum(1 for g in self.postal if g["yours"])
        n = len(self.postal)
        if n == 1:
            return (
                _("Your correspondence game: your turn")
                if yours
                else _("Your correspondence game: their turn")
            )
        if yours:
            return ngettext(
                "Correspondence: your turn in {yours} of {n} game",
                "Correspondence: your turn in {yours} of {n} games",
                n,
            ).format(yours=yours, n=n)
        return ngettext(
            "Correspondence: {n} game, none awaiting you",
            "Correspondence: {n} games, none awaiting you",
            n,
        ).format(n=n)

    def server_line(self) -> str:
        """The server the lobby connects to, as a player reads it: "The server at
        192.168.1.5:8765" (the status under it says how the connection stands)."""
        return _("The server at {where}").format(where=server_words(self.url))

    def player_line(self) -> str:
        """Who we are here: "Emma, rated 1500, on 192.168.1.5:8765"."""
        p = self.line.player if self.line is not None else {}
        if self.pace == "Live":
            rating = shown_rating(p.get("rating", 1500), p.get("provisional"))
            text = _("{name}, rated {rating}, on {url}")
        else:  # rated apart from live play
            rating = shown_rating(
                p.get("correspondence_rating", 1500), p.get("correspondence_provisional")
            )
            text = _("{name}, rated {rating} by correspondence, on {url}")
        return text.format(name=p.get("name", ""), rating=rating, url=server_words(self.url))

    # -- the server's messages --------------------------------------------------------
    def apply(self, msg: Heard) -> Opening | None:
        """Take in one message from the line; what it asks the screen to open."""
        if msg["type"] == "link":
            self._link(msg)
        elif msg["type"] == "welcome":
            if self.line is not None and self.line.token:
                self.identity.tokens[self.url] = self.line.token
                self.keep()
        elif msg["type"] == "lobby":
            self.seeks = list(msg["seeks"])
            if self.my_seek and all(s["id"] != self.my_seek for s in self.seeks):
                self.my_seek = None
            self.changed()
        elif msg["type"] == "seeks":
            self.seeks = _merged(self.seeks, msg["added"], msg["removed"])
            if self.my_seek in msg["removed"]:
                self.my_seek = None
            self.changed()
        elif msg["type"] == "games":
            if "games" in msg:
                self.games = list(msg["games"])
            else:
                self.games = _merged(self.games, msg.get("added", []), msg.get("removed", []))
            self.changed()
        elif msg["type"] == "watching" and not self.in_game:
            self.in_game = True
            return OpenWatch(msg["game"], msg["watchers"])
        elif msg["type"] == "seeking":
            self.my_seek = msg["seek"]["id"]
            self.say(_("Your seek is in the lobby. The game starts when someone accepts."))
            self.changed()
        elif msg["type"] == "cancelled":
            if msg["seek"] == self.challenge_id:
                self.code = ""
                self.say(_("Challenge cancelled."))
            else:
                self.my_seek = None
                self.say(_("Seek cancelled."))
            self.changed()
        elif msg["type"] == "challenge":
            self.code, self.challenge_id = msg["code"], msg["seek"]
            self.say(_("Give your friend this code: {code}").format(code=self.code), "accent")
            self.changed()
        elif msg["type"] == "leaderboard":
            return ShowLeaderboard(msg["players"], msg.get("pace", "live"))
        elif msg["type"] == "correspondence":
            return self._postal(msg["games"])
        elif msg["type"] == "over":
            self._postal_over(msg)
        elif msg["type"] == "error":
            # The server's English words, in the player's language when the catalog has them.
            said = msg.get("reason") or ""
            reason = server_text(said) if said else _("The server refused that.")
            self.say(reason[:1].upper() + reason[1:], "bad")
        elif msg["type"] == "game" and not self.in_game:
            return self._game(msg["game"])
        return None

    def _link(self, msg: LinkNews) -> None:
        state = msg["state"]
        self.online = state == "online"
        if state == "online":
            self.say(
                _("Connected as {name}.").format(name=self.line.name if self.line else ""),
                "good",
            )
            self.refresh()
        elif state == "offline":
            why = trouble(msg.get("reason", ""), self.url)
            self.say(
                _("No connection to the server: {why}. Trying again...").format(why=why)
                if why
                else _("No connection to the server. Trying again..."),
                "bad",
            )
            self.my_seek, self.code = None, ""
        elif state == "closed":
            # The server's own words when it refused the hello (a taken name, a game
            # too old for it: "update the game"), said as a sentence.
            reason = msg.get("reason")
            self.say(
                sentence(server_text(reason))
                if reason
                else _("Gave up connecting. Check the address and try again."),
                "bad",
            )
            self.line = None
        else:
            return
        self.changed()

    def _game(self, state: GameState) -> OpenGame:
        if state.get("seek") == self.my_seek:
            self.my_seek = None
        self.code = ""
        self.say("")
        self.in_game = True
        return OpenGame(state)

    def _postal(self, games: list[PostalGame]) -> ShowPostal | None:
        self.postal = games
        # Remembered, so that the title screen asks this server whose turn it is.
        known = self.url in self.identity.postal
        if bool(games) != known and self.identity.token(self.url):
            if games:
                self.identity.postal.append(self.url)
            else:
                self.identity.postal.remove(self.url)
            self.keep()
        self.changed()
        if self.to_postal:
            self.to_postal = False
            if games:
                return ShowPostal()
        return None

    def _postal_over(self, msg: Over) -> None:
        """One of our correspondence games ended while we were not at its board
        (the other side resigned, or a flag fell): say so, with the new rating."""
        game = next((g for g in self.postal if g["id"] == msg["game"]), None)
        if game is None or self.line is None:
            return
        you = ("red", "blue")[game["you"]]
        result = msg.get("result")
        if result == "draw":
            text = _("Your correspondence game against {opponent} is over: a draw.")
        elif result == "aborted":
            text = _("Your correspondence game against {opponent} is over: aborted.")
        elif result == you:
            text = _("Your correspondence game against {opponent} is over: you won.")
        else:
            text = _("Your correspondence game against {opponent} is over: you lost.")
        text = text.format(opponent=game["opponent"])
        change = (msg.get("ratings") or {}).get(you)
        if change:
            self.line.player["correspondence_rating"] = change["after"]
            text = _("{said} Correspondence rating {before} to {after}.").format(
                said=text, before=change["before"], after=change["after"]
            )
        self.say(text, "accent")
