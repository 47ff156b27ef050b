"""Online play as the screens hold it, without pygame: the line to a server, the
server this computer hosts, and where each message the line brings goes.

:class:`OnlineSession` is the lobby's: it checks the name typed, opens the line
(:class:`game.online.link.Link`, a thread of its own) and starts the hosted
server, applies every message to the :class:`~.lobby.Lobby`, and when a game
opens makes its :class:`OnlineGame` and hands it the messages that came after
(the first turn, if the other side was quick). :class:`OnlineGame` is the
game's: it reads its share of the line and turns each message into the
:class:`~.match.Event` list the match screen animates. The screens only draw
these and forward the player's input.

Importing this module loads websockets and asyncio: the title screen imports it
only on the way into the lobby.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from game.i18n import N_, _
from game.online import protocol
from game.online.host import LocalServer, addresses
from game.online.link import Heard, Link
from game.online.protocol import CODE_ALPHABET, CODE_LENGTH, NAME_LENGTH
from game.online.server_messages import GameState, Listed, PostalGame, Ranked
from game.rules import Board

from .explain import turn_summary
from .lobby import Lobby, OpenGame, Opening, OpenWatch
from .match import Event
from .online_game import OnlineController, OnlineMatch, page_address
from .online_identity import Identity, normal
from .watching import WatchControl

__all__ = [
    "CODE_ALPHABET",
    "CODE_LENGTH",
    "HOST_DB",
    "NAME_LENGTH",
    "NAME_RULE",
    "Heard",
    "Listed",
    "OnlineGame",
    "OnlineSession",
    "PostalGame",
    "Ranked",
    "name_letter",
]

HOST_DB = "hosted-server.db"
#: What a name must be, said under the name field when it is not.
NAME_RULE = N_("Choose a name of 1 to 20 letters or digits for others to see.")


def name_letter(c: str) -> bool:
    """A character the name field takes (the server judges the whole name)."""
    return c.isalnum() or c in " _-.'"


class SessionLine(Protocol):
    """What the session and its games need of the link."""

    url: str
    name: str
    token: str | None
    player: dict[str, Any]
    site: str | None

    def send(self, kind: str, **fields: Any) -> None: ...
    def poll(self) -> list[Heard]: ...
    def close(self, timeout: float = ...) -> None: ...


class Host(Protocol):
    """What the session needs of the server it hosts (:class:`~game.online.host.LocalServer`)."""

    port: int

    def start(self) -> int: ...
    def stop(self) -> None: ...


def open_link(url: str, name: str, token: str | None) -> SessionLine:
    return Link(url, name, token).start()


@dataclass
class OnlineGame:
    """One game open over the lobby, played or watched: its match, its controller,
    and its share of the line's news (:attr:`backlog`: read before its screen was
    on top, oldest first)."""

    control: OnlineController
    line: SessionLine
    backlog: list[Heard] = field(default_factory=list)
    #: The line as the game last heard: "online", "offline" or "closed".
    link_state: str = "online"

    @classmethod
    def open(
        cls, state: GameState, data: Path, line: SessionLine, watchers: int | None = None
    ) -> OnlineGame:
        """The game the server sent whole; ``watchers`` given: we only watch it."""
        match = OnlineMatch(state)
        if watchers is None:
            control = OnlineController(match, data, line)
        else:
            control = WatchControl(match, data, line)
            control.watchers = watchers
        control.set_clocks(state["clocks"], state.get("running"))
        return cls(control, line)

    @property
    def match(self) -> OnlineMatch:
        return self.control.match

    def read(self, poll: bool) -> tuple[list[Event], bool]:
        """The backlog, and with ``poll`` what arrived since, as events in order:
        the board's own, ``link`` (``text``: the line's new state), and ``error``
        (what the server refused, in its words). Also whether anything arrived."""
        news = self.backlog + (self.line.poll() if poll else [])
        self.backlog = []
        events: list[Event] = []
        for msg in news:
            if msg["type"] == "link":
                self.link_state = msg["state"]
                if self.link_state == "online":
                    self.control.resync()  # turns may have passed while we were away
                events.append(Event("link", text=self.link_state))
            elif msg["type"] == "error":
                if msg.get("about") == "turn":
                    events += self.control.refused(msg.get("reason", ""))
                else:
                    reason = msg.get("reason", _("The server refused that."))
                    events.append(Event("error", text=reason))
            else:
                events += self.control.receive(msg)
        return events, bool(news)

    def page(self) -> str:
        """The game's web page, to send to anyone: it follows the game as it goes."""
        return page_address(self.line.url, self.match.id, self.line.site)

    def last_turn(self) -> str | None:
        """A correspondence game opened days after its last turn: what that turn
        was (passes are skipped), in a line; None in a live game or before any."""
        m = self.match
        moves = m.all_moves()
        played = [i for i, text in enumerate(moves) if text != "pass"]
        if m.days is None or not played:
            return None
        last = played[-1]
        replay = Board(size=m.board.size)
        for text in moves[:last]:
            replay.play(text)
        mover = m.names[replay.mover] if replay.mover != m.you else _("You")
        return _("Last turn: {summary}").format(summary=turn_summary(mover, moves[last]))


class OnlineSession:
    """The lobby's line and hosted server, for one player.

    ``open_line`` and ``open_host`` make the link and the server (a test's fakes
    stand in for them); ``keep`` saves the identity."""

    def __init__(
        self,
        lobby: Lobby,
        identity: Identity,
        data: Path,
        keep: Callable[[], None],
        *,
        open_line: Callable[[str, str, str | None], SessionLine] = open_link,
        open_host: Callable[[Path], Host] = LocalServer,
        where: Callable[[], list[str]] = addresses,
    ) -> None:
        self.lobby, self.identity, self.data, self.keep = lobby, identity, Path(data), keep
        self.open_line, self.open_host, self.where = open_line, open_host, where
        self._line: SessionLine | None = None
        self.host: Host | None = None
        #: The addresses a friend types in, while this computer hosts.
        self.hosting = ""
        #: What is wrong with the name typed, said under its field ("": nothing).
        self.name_note = ""
        #: The game open over the lobby, if any.
        self.game: OnlineGame | None = None

    @property
    def link(self) -> SessionLine | None:
        """The connection, while the lobby has a line (a line that gave up is gone)."""
        return self._line if self.lobby.line is not None else None

    # -- the line and the server ---------------------------------------------------------
    def connect(self, name: str, server: str | None = None, *, url: str | None = None) -> bool:
        """Connect as the ``name`` typed, to the ``server`` typed (kept as the last
        one) or straight to ``url``; False (and said why) if it cannot."""
        # As the server keeps it: full-width letters are the letters they look like.
        shown = protocol.display_name(name.strip()) or ""
        if url is None:
            try:
                url = normal(server or "")
            except ValueError as e:
                self.lobby.say(str(e), "bad")
                return False
            self.identity.server = (server or "").strip()
        if not protocol.NAME.check(shown):
            self.name_note = _(NAME_RULE)
            return False
        self.name_note = ""
        self.identity.name = shown
        self.keep()
        self._line = self.open_line(url, shown, self.identity.token(url))
        self.lobby.attach(self._line, url)
        return True

    def host_here(self, name: str) -> bool:
        """Start the server inside the game, then connect to it as ``name``."""
        if not protocol.NAME.check(name.strip()):
            self.lobby.say(_("Choose your name first: it is what your friend will see."), "bad")
            return False
        if self.host is None:
            host = self.open_host(self.data / HOST_DB)
            try:
                port = host.start()
            except OSError as e:
                self.lobby.say(_("Could not start a server here: {error}").format(error=e), "bad")
                return False
            self.host = host
            self.hosting = ", ".join(f"{a}:{port}" for a in self.where()[:2])
        return self.connect(name, url=f"ws://127.0.0.1:{self.host.port}")

    def disconnect(self) -> None:
        if self.link is not None:
            self.link.close(timeout=1.0)
        self._line = None
        self.lobby.detach()

    def close(self) -> None:
        """Leaving the lobby: the line closes, and the server hosted here stops."""
        if self.link is not None:
            self.link.close(timeout=1.0)
        if self.host is not None:
            self.host.stop()

    # -- the news -------------------------------------------------------------------------
    def poll(self) -> list[Heard]:
        """What arrived on the line since the last call."""
        return self.link.poll() if self.link is not None else []

    def receive(self, msg: Heard) -> Opening | None:
        """Apply one message to the lobby; what it asks the screen to open. A game
        opened is :attr:`game`'s from now on."""
        line = self.link
        opening = self.lobby.apply(msg)
        if isinstance(opening, OpenGame | OpenWatch) and line is not None:
            watchers = opening.watchers if isinstance(opening, OpenWatch) else None
            self.game = OnlineGame.open(opening.state, self.data, line, watchers)
        return opening

    def read(self, taken: Callable[[Heard], bool] | None = None) -> tuple[list[Opening], bool]:
        """What arrived since the last call, applied in order; what it asks the
        screen to open, and whether anything arrived. ``taken``, the model of a
        screen over the lobby (the tournaments'), reads each message first: one it
        takes is not the lobby's. Reading stops at a game opened: what came after
        it is the game's to read (its backlog)."""
        news = self.poll()
        openings: list[Opening] = []
        for k, msg in enumerate(news):
            if taken is not None and taken(msg):
                continue
            opening = self.receive(msg)
            if opening is not None:
                openings.append(opening)
            if isinstance(opening, OpenGame | OpenWatch) and self.game is not None:
                self.game.backlog += news[k + 1 :]
                break
        return openings, bool(news)

    def came_back(self) -> None:
        """The game over the lobby closed: the lobby takes the line again."""
        game, self.game = self.game, None
        self.lobby.came_back(game.match if game is not None else None)
