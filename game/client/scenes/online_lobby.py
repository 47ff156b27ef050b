"""Play online: connect to a server (or host one on this computer), then the
lobby: open a seek, accept one, challenge a friend by code, see the leaderboard,
watch a game, and keep up with correspondence games (days a turn), whose list
says where it is your turn.

The connection lives on its own thread, held by the
:class:`~game.play.online_session.OnlineSession` with the server hosted here;
this scene only forwards requests and reads what arrived, once a frame, so the
window never waits for the network. A lost connection says so and comes back by
itself.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pygame

from game.i18n import N_, _, pgettext
from game.play import online_identity
from game.play.lobby import (
    Lobby,
    OpenGame,
    Opening,
    OpenWatch,
    ShowLeaderboard,
    ShowPostal,
    game_line,
    seek_line,
)
from game.play.online_session import (
    CODE_ALPHABET,
    CODE_LENGTH,
    NAME_LENGTH,
    NAME_RULE,
    Heard,
    Host,
    Listed,
    OnlineSession,
    PostalGame,
    SessionLine,
    name_letter,
)

from .. import text_layout as tl
from .. import theme
from ..layout import anchor, column, place, row, split
from ..scene import Services
from ..text_field import TextField
from ..widgets import Button, Segments, Widget, title_column
from .confirm import ConfirmScene
from .correspondence import CorrespondenceScene
from .lobby_layout import LEAST_SIZE, spread, spread_out
from .menu import MenuScene
from .online_match import LeaderboardScene, OnlineMatchScene
from .tournament_scene import TournamentScene
from .watch_scene import WatchScene

SIDES = [str(n) for n in range(3, 9)]
TIMES = ["1+0", "3+2", "5+3", "10+5", "15+10"]
PACES = list(online_identity.PACES)
DAYS = list(online_identity.DAYS)  # a turn
#: How large the status lines under the lobby read.
STATUS_SIZE = 20
NOTE_SIZE = 22  # as large as the form's own words


class OnlineScene(MenuScene):
    """The lobby's screen: it draws :class:`~game.play.lobby.Lobby` and forwards
    the player's choices to it; the connection and the server hosted here are
    its own."""

    title = N_("Play online")
    button_width = 560

    def __init__(self, app: Services, *, to_postal: bool = False) -> None:
        """``to_postal``: connect at once to the last server and open the list of
        correspondence games (the title screen's way in when it is your turn)."""
        #: Where what is wrong with the name typed is said, under its field.
        self.note_box = pygame.Rect(0, 0, 0, 0)
        #: Room under the header for the status, while connecting (the menu's note).
        self.note_room = 0
        super().__init__(app)
        identity, message = online_identity.load(app.data)
        if message:
            app.toast(message)
        self.lobby = Lobby(
            identity, self.keep_identity, to_postal=to_postal, side=str(app.settings.board_side)
        )
        self.identity = identity
        self.session = OnlineSession(self.lobby, identity, app.data, self.keep_identity)
        self.seek_count = 0  # the seeks listed on the right, before the games
        self.games_top = pygame.FRect()  # the heading of the games to watch
        self.postal_shown = 0  # 1 while the list's button heads the right column
        self.left_count = 0  # the lobby's controls on the left, before the seeks
        self.seek_top = pygame.FRect()  # the heading of the open seeks
        self.col_w = 0  # the width of each column of the lobby
        #: The choices across the whole width, over the two columns (:func:`spread`).
        self.spread = False
        self.status_room = 0  # the status lines' height the controls were laid out for
        self.foot_room = 0  # what of it the menu keeps under its buttons
        self.built = -1  # the lobby's revision the controls show
        # The fields keep what was typed in them when the screen is built again.
        self.server_field = TextField(
            N_("Server"),
            online_identity.field_words(self.identity.server),
            limit=120,
            on_enter=self.connect,
            hint="192.168.1.5:8765",  # an address as players type it (no ws://)
        )
        self.name_field = TextField(
            N_("Your name"),
            self.identity.name,
            limit=NAME_LENGTH,
            allowed=name_letter,
            on_enter=self.connect,
            hint=N_("the name others see"),
        )
        self.code_field = TextField(
            N_("Code"),
            limit=CODE_LENGTH,
            allowed=lambda c: c in CODE_ALPHABET,
            upper=True,
            on_enter=self.join,
            hint=_("{n} characters").format(n=CODE_LENGTH),
        )
        if to_postal and self.identity.name:
            self.connect()

    # -- what the lobby holds, as the screen and its tests read it ---------------------
    @property
    def link(self) -> SessionLine | None:
        """The connection, while the lobby has a line (a line that gave up is gone)."""
        return self.session.link

    @property
    def host(self) -> Host | None:
        """The server this computer hosts, if it does."""
        return self.session.host

    @host.setter
    def host(self, host: Host | None) -> None:
        self.session.host = host

    @property
    def hosting(self) -> str:
        return self.session.hosting

    @property
    def name_note(self) -> str:
        return self.session.name_note

    @property
    def connected(self) -> bool:
        return self.lobby.connected

    @property
    def url(self) -> str:
        return self.lobby.url

    @property
    def code(self) -> str:
        return self.lobby.code

    @property
    def games(self) -> list[Listed]:
        return self.lobby.games

    @property
    def postal(self) -> list[PostalGame]:
        return self.lobby.postal

    @property
    def status(self) -> tuple[str, theme.Color]:
        text, tone = self.lobby.status
        return text, theme.TONES[tone]

    # -- the controls ---------------------------------------------------------------
    @property
    def typing(self) -> bool:
        return any(isinstance(c, TextField) and c.typing for c in self.controls)

    def build(self) -> list[Widget]:
        self.built = self.lobby.revision
        if self.link is None:
            return self.build_form()
        if not self.connected:
            # Back stops trying, to the form where the address can be put right:
            # the one word every screen has for the step back.
            return [Button(N_("Back"), self.back, size=22)]
        return self.build_lobby()

    def build_form(self) -> list[Widget]:
        return [
            self.server_field,
            self.name_field,
            Button(N_("Connect"), self.connect, size=22),
            Button(N_("Host on this computer"), self.host_here, size=22),
            Button(N_("Back"), self.back, size=22),
        ]

    def build_lobby(self) -> list[Widget]:
        lobby = self.lobby
        seek = (
            Button(N_("Cancel my seek"), lobby.cancel_seek, size=22)
            if lobby.my_seek
            else Button(N_("Seek a game"), lobby.seek, size=22)
        )
        live = lobby.pace == "Live"
        time_row = (
            Segments(N_("Time"), TIMES, lobby.time, lambda v: setattr(lobby, "time", v), size=18)
            if live
            else Segments(N_("A turn"), DAYS, lobby.days, lobby.choose_days, size=18)
        )
        left: list[Widget] = [
            Segments(N_("Side"), SIDES, lobby.side, lambda v: setattr(lobby, "side", v), size=18),
            Segments(N_("Play"), PACES, lobby.pace, self._pace, size=18),
            time_row,
            Segments(
                N_("Game"),
                ["Rated", "Casual"],
                lobby.rated,
                self._rated,
                size=18,
                shown=rated_shown,
            ),
            seek,
            (
                Button(N_("Cancel my challenge"), lobby.cancel_challenge, size=22)
                if lobby.code
                else Button(N_("Challenge a friend"), lobby.challenge, size=22)
            ),
            self.code_field,
            Button(N_("Join by code"), self.join, size=22),
            Button(N_("Leaderboard"), lobby.leaderboard, size=22),
            Button(N_("Tournaments"), self.show_tournaments, size=22),
            Button(N_("Disconnect"), self.disconnect, size=22),
        ]
        self.left_count = len(left)
        choices = [w for w in left if isinstance(w, Segments)]
        title_column(choices)  # one edge for the options
        self.spread = spread(choices, self.app.size[0])
        seeks = lobby.shown_seeks()
        # As many rows on the right as the left has (two go to the headings): our
        # correspondence games' button, then the seeks, the games to watch in the rest.
        postal = [Button(lobby.postal_label(), self.show_postal, size=20)] if lobby.postal else []
        self.postal_shown = len(postal)
        rows = len(left) - 2 - len(postal) - (len(choices) if self.spread else 0)
        seeks = seeks[: max(rows // 2, rows - len(lobby.games))]
        games = lobby.games[: rows - len(seeks)]
        right: list[Widget] = [
            Button(seek_line(s), partial(lobby.accept, s), size=18) for s in seeks
        ]
        self.seek_count = len(right)
        right += [Button(game_line(g), partial(lobby.watch, g), size=18) for g in games]
        return left + postal + right

    def handle(self, event: pygame.event.Event) -> None:
        """A field being typed in takes the keys it has a use for (Tab, Up, Down
        and Escape still move on or back); a click anywhere ends typing in the
        fields it misses."""
        fields = [c for c in self.controls if isinstance(c, TextField)]
        if event.type == pygame.MOUSEBUTTONDOWN:
            for f in fields:
                f.editing = f.rect.collidepoint(event.pos)
        typing = next((f for f in fields if f.typing), None)
        keyed = event.type in (pygame.KEYDOWN, pygame.TEXTINPUT)
        if typing is not None and keyed and getattr(event, "key", None) != pygame.K_TAB:
            if typing is self.name_field:
                self.session.name_note = ""  # a new name: the old one's fault no longer holds
            if typing.handle(event):
                return
        super().handle(event)

    def _rated(self, value: str) -> None:
        self.lobby.rated = value

    def _pace(self, value: str) -> None:
        self.lobby.choose_pace(value)
        self.rebuild()

    def status_height(self, width: int) -> int:
        """The room the status lines take at the foot of a window ``width`` wide."""
        return sum(tl.block_height(line, STATUS_SIZE, width - 40) + 4 for line, _c in self.lines())

    # Laid out by hand: three layouts in one screen (the form, connecting, the
    # lobby), each the menu's own (MenuScene's header and button column) with some
    # controls moved after it, and the status lines' room measured first for all.
    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        # The status lines under everything, as tall as they need (a server's
        # reason may take two or three): the controls go above them.
        self.status_room = status = self.status_height(w)
        self.note_room = 0
        if self.link is None:
            self.resize_form(w, h, status)
            return
        if not self.connected:
            # The status right under the server's line, which it is about.
            self.foot_room, self.note_room = 0, status
            super().resize(size)
            return
        # The lobby: the menu's header for this size (its controls placed anew
        # below), the choices and actions on the left, the open seeks on the right.
        self.foot_room = 0
        super().resize(size)
        left = self.controls[: self.left_count]
        postal = self.controls[self.left_count : self.left_count + self.postal_shown]
        right = self.controls[self.left_count + self.postal_shown :]
        if spread([c for c in left if isinstance(c, Segments)], w) != self.spread:
            self.enter()  # built for another width: the right column has other rows
            return
        top = self.header(h)
        body = pygame.FRect(0, top, w, h - top - 20 - status)
        # Tight rows in a short window, never over the status lines below.
        gap = 6 if body.height // len(left) >= 40 else 3
        height = max(22, min(46, int(body.height) // len(left) - gap))
        for c in left:
            c.size = max(LEAST_SIZE, min(c.base_size, height * 45 // 100))
        self.col_w = min(520, (w - 60) // 2)
        mine, theirs = row(body, 2, width=self.col_w, gap=20)
        place(left, column(mine, len(left), height=height, gap=gap))
        # The right column's rows: our correspondence games' button, the seeks under
        # their heading, then the games to watch under theirs.
        rows = column(theirs, len(left), height=height, gap=gap)
        if self.spread:
            self.col_w, rows = spread_out(left, body, height, gap, self.col_w)
        place(postal, rows)
        rows = rows[len(postal) :]
        self.seek_top = rows[0]
        self.games_top = rows[min(1 + self.seek_count, len(rows) - 1)]
        seeks = rows[1 : 1 + self.seek_count]
        place(right, seeks + rows[2 + self.seek_count :])
        for c in postal + right:
            c.size = max(14, min(c.base_size, height * 40 // 100))

    def resize_form(self, w: int, h: int, status: int) -> None:
        """The form, with room kept under the name field for what is wrong with
        the name: the message shows by its field, and nothing moves when it does.
        A status line of one line fits the foot as it is."""
        width = min(self.button_width, w - 60)  # the field's, as the menu lays it out
        note = tl.block_height(_(NAME_RULE), NOTE_SIZE, width) + 4
        self.foot_room = max(0, status - 30) + note
        super().resize((w, h))
        below = self.controls[self.controls.index(self.name_field) + 1 :]
        field = self.name_field.rect
        self.note_box = pygame.Rect(field.left, field.bottom + 6, field.width, note)
        for c in below:
            c.rect.y += note

    def rebuild(self) -> None:
        self.enter()

    # -- actions ------------------------------------------------------------------------
    def connect(self, url: str | None = None) -> None:
        """Connect to the server typed, or straight to ``url``."""
        if self.session.connect(self.name_field.value, self.server_field.value, url=url):
            self.rebuild()

    def host_here(self) -> None:
        """Start the server inside the game, then connect to it."""
        if self.session.host_here(self.name_field.value):
            self.rebuild()

    def keep_identity(self) -> None:
        try:
            online_identity.save(self.identity, self.app.data)
        except OSError as e:
            self.app.toast(
                _("Could not keep your online name: {error}").format(error=e.strerror or e)
            )

    def disconnect(self) -> None:
        self.session.disconnect()
        self.rebuild()

    def join(self) -> None:
        self.lobby.join(self.code_field.value)

    def show_tournaments(self) -> None:
        self.app.scenes.push(TournamentScene(self))

    def show_postal(self) -> None:
        self.app.scenes.push(CorrespondenceScene(self.app, self))

    def open_postal(self, gid: str) -> None:
        self.lobby.open_postal(gid)

    def back(self) -> None:
        """One step back: from trying to connect, to the form; else out."""
        if self.link is not None and not self.connected:
            self.disconnect()
            return
        if self.host is not None:
            self.app.scenes.push(
                ConfirmScene(
                    self.app,
                    _("Stop hosting?"),
                    _("Leaving stops the server on this computer, and any game on it."),
                    N_("Stop and leave"),
                    self.app.scenes.pop,
                )
            )
            return
        self.app.scenes.pop()

    # -- the scene's life -----------------------------------------------------------------
    def resume(self) -> None:
        self.session.came_back()
        super().resume()

    def leave(self) -> None:
        self.session.close()

    def update(self, dt: float) -> bool:
        moving = super().update(dt)
        if self.status_height(self.app.size[0]) != self.status_room:
            self.resize(self.app.size)  # the status grew or shrank: room for it
        if self.link is None or self.app.scenes.top is not self:
            return moving
        return self.read() or moving

    def read(self, taken: Callable[[Heard], bool] | None = None) -> bool:
        """Read the line's news into the lobby and open what it asks for (the
        correspondence list and the tournaments read it so while on top, the
        tournaments' model ``taken`` first); whether any came."""
        openings, news = self.session.read(taken)
        for opening in openings:
            self.open(opening)
        if self.built != self.lobby.revision:
            self.rebuild()
        return news

    def open(self, opening: Opening) -> None:
        """Open the screen a message asked for."""
        game = self.session.game
        if isinstance(opening, ShowPostal):
            if self.app.scenes.top is self:
                self.show_postal()
        elif isinstance(opening, ShowLeaderboard):
            self.app.scenes.push(LeaderboardScene(self.app, opening.players, opening.pace))
        elif isinstance(opening, OpenWatch) and game is not None:
            self.app.scenes.push(WatchScene(self.app, game))
        elif isinstance(opening, OpenGame) and game is not None:
            self.app.scenes.push(OnlineMatchScene(self.app, game))

    # -- drawing --------------------------------------------------------------------------
    @property
    def subtitle(self) -> str:
        if self.link is None:
            return _("Play people on a server, or host one for friends on your network.")
        if not self.connected:
            return self.lobby.server_line()
        return self.lobby.player_line()

    def lines(self) -> list[tuple[str, theme.Color]]:
        """The status lines under the lobby: where friends connect while this
        computer hosts (the address first: it is what a friend needs), and how the
        connection stands."""
        text, color = self.status
        hosting = _("Friends on your network connect to {where} (hosted here)")
        lines = [(hosting.format(where=self.hosting) if self.hosting else "", theme.ACCENT)]
        return [(line, c) for line, c in [*lines, (text, color)] if line]

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.link is None and self.name_note:
            tl.block(surface, self.name_note, self.note_box, size=NOTE_SIZE, color=theme.BAD)
        w = surface.get_width()
        lines = self.lines()
        heights = [tl.block_height(line, STATUS_SIZE, w - 40) for line, _c in lines]
        whole = sum(heights) + 4 * len(lines)
        # As tall as the lines are now (a server's reason may take two or three):
        # under the server's line while connecting, else at the foot.
        box = anchor(surface.get_rect(), (w - 40, whole), "bottom", margin=12)
        if self.link is not None and not self.connected:
            _above, below = split(surface.get_rect(), self.boxes["note"].top)
            box = anchor(below, (w - 40, whole), "top")
        for (line, c), tall in zip(lines, heights, strict=True):
            here, box = split(box, tall, gap=4)
            tl.block(surface, line, here, size=STATUS_SIZE, color=c, align="center")
        if self.connected:
            heads = (
                (self.lobby.seeks_heading(), self.seek_top),
                (self.lobby.games_heading(), self.games_top),
            )
            # The two headings of one screen: one size, the one the tighter fits.
            most = min(tl.label_px(head, at, 20) for head, at in heads)
            for head, at in heads:
                tl.label(surface, head, at, size=20, color=theme.MUTED, most=most)


def rated_shown(value: str) -> str:
    """The lobby's Rated/Casual choice in the player's language: "Casual" here is
    an unrated game, not the AI level of that name (which is never translated)."""
    if value == "Rated":
        return pgettext("online game", "Rated")
    return pgettext("online game", "Casual")
