"""Play online: connect to a server (or host one on this computer), then the
lobby: open a seek, accept one, challenge a friend by code, see the leaderboard,
watch a game, and keep up with correspondence games (days a turn), whose list
says where it is your turn.

The connection lives on its own thread (:class:`game.online.link.Link`); this
scene only queues requests and reads what arrived, once a frame, so the window
never waits for the network. A lost connection says so and comes back by itself.
"""

from __future__ import annotations

import pygame

from game.online import protocol
from game.online.host import LocalServer, addresses
from game.online.link import Link
from game.play import online_identity
from game.play.online_game import OnlineMatch, pace_text
from game.play.online_identity import load as load_identity
from game.play.online_identity import normal
from game.play.online_identity import save as save_identity

from .. import theme
from ..scene import Services
from ..widgets import Button, Segments, TextField
from .confirm import ConfirmScene
from .correspondence import CorrespondenceScene
from .menu import MenuScene
from .online_match import LeaderboardScene, OnlineMatchScene
from .watch_scene import WatchScene

SIDES = [str(n) for n in range(3, 9)]
TIMES = ["1+0", "3+2", "5+3", "10+5", "15+10"]
PACES = list(online_identity.PACES)
DAYS = list(online_identity.DAYS)  # a turn
HOST_DB = "hosted-server.db"


def time_control(text: str) -> tuple[int, int]:
    """ "5+3" as (300, 3): minutes on each clock, seconds added a turn."""
    minutes, inc = text.split("+")
    return int(minutes) * 60, int(inc)


def game_line(game: dict) -> str:
    """A game in play as the lobby lists it: "Ann v Bob, side 5, 3+2"."""
    return f"{game['red']} v {game['blue']}, side {game['side']}, {game['time']}"


def seek_line(seek: dict) -> str:
    kind = "rated" if seek["rated"] else "casual"
    if "days" in seek:
        pace = pace_text(0, 0, seek["days"])
    else:
        minutes = seek["base"] / 60
        pace = f"{minutes:g}" if minutes >= 1 else f"{seek['base']}s"
        pace += f"+{seek['inc']}"
    return f"{seek['name']} ({seek['rating']})  side {seek['side']}  {pace}  {kind}"


class OnlineScene(MenuScene):
    title = "Play online"
    button_width = 560

    def __init__(self, app: Services, *, to_postal: bool = False) -> None:
        """``to_postal``: connect at once to the last server and open the list of
        correspondence games (the title screen's way in when it is your turn)."""
        super().__init__(app)
        self.identity, message = load_identity(app.data)
        if message:
            app.toast(message)
        self.link: Link | None = None
        self.online = False
        self.host: LocalServer | None = None
        self.hosting = ""  # what a friend types in, while this computer hosts
        self.seeks: list[dict] = []
        self.games: list[dict] = []  # the games in play, to watch
        self.seek_count = 0  # the seeks listed on the right, before the games
        self.games_top = 0
        self.my_seek: str | None = None
        self.code = ""  # the code of our open challenge
        self.challenge_id = ""  # and its id, to cancel it by
        self.status = ("", theme.MUTED)
        self.side = str(app.settings.board_side)
        self.time = "5+3"
        self.rated = "Rated"
        self.pace = self.identity.pace  # as last chosen
        self.days = self.identity.days
        #: Our correspondence games, as the server last listed them.
        self.postal: list[dict] = []
        self.postal_shown = 0  # 1 while the list's button heads the right column
        self.to_postal = to_postal
        self.game_scene: OnlineMatchScene | None = None
        self.url = ""  # the server connected to
        self.left_count = 0  # the lobby's controls on the left, before the seeks
        self.seek_top = 0
        self.col_w = 0  # the width of each column of the lobby
        # The fields keep what was typed in them when the screen is built again.
        self.server_field = TextField(
            "Server",
            self.identity.server,
            limit=120,
            on_enter=self.connect,
            hint="ws://host:8765",
        )
        self.name_field = TextField(
            "Your name",
            self.identity.name,
            limit=protocol.NAME_LENGTH,
            allowed=lambda c: c.isalnum() or c in " _-.'",
            on_enter=self.connect,
            hint="the name others see",
        )
        self.code_field = TextField(
            "Code",
            limit=protocol.CODE_LENGTH,
            allowed=lambda c: c in protocol.CODE_ALPHABET,
            upper=True,
            on_enter=self.join,
            hint=f"{protocol.CODE_LENGTH} characters",
        )
        if to_postal and self.identity.name:
            self.connect()

    # -- the controls ---------------------------------------------------------------
    @property
    def connected(self) -> bool:
        """Online, as far as the messages read so far say."""
        return self.link is not None and self.online

    @property
    def typing(self) -> bool:  # type: ignore[override]
        return any(isinstance(c, TextField) and c.typing for c in self.controls)

    def build(self) -> list:
        if self.link is None:
            return self.build_form()
        if not self.connected:
            return [
                Button("Stop trying", self.disconnect, size=22),
                Button("Back", self.back, size=22),
            ]
        return self.build_lobby()

    def build_form(self) -> list:
        return [
            self.server_field,
            self.name_field,
            Button("Connect", self.connect, size=22),
            Button("Host on this computer", self.host_here, size=22),
            Button("Back", self.back, size=22),
        ]

    def build_lobby(self) -> list:
        seek = (
            Button("Cancel my seek", self.cancel_seek, size=22)
            if self.my_seek
            else Button("Seek a game", self.seek, size=22)
        )
        live = self.pace == "Live"
        time_row = (
            Segments("Time", TIMES, self.time, lambda v: setattr(self, "time", v), size=18)
            if live
            else Segments("A turn", DAYS, self.days, self._days, size=18)
        )
        left = [
            Segments("Side", SIDES, self.side, lambda v: setattr(self, "side", v), size=18),
            Segments("Play", PACES, self.pace, self._pace, size=18),
            time_row,
            Segments("Game", ["Rated", "Casual"], self.rated, self._rated, size=18),
            seek,
            (
                Button("Cancel my challenge", self.cancel_challenge, size=22)
                if self.code
                else Button("Challenge a friend", self.challenge, size=22)
            ),
            self.code_field,
            Button("Join by code", self.join, size=22),
            Button("Leaderboard", self.leaderboard, size=22),
            Button("Disconnect", self.disconnect, size=22),
        ]
        self.left_count = len(left)
        seeks = [s for s in self.seeks if s["id"] != self.my_seek]
        # As many rows on the right as the left has (two go to the headings): our
        # correspondence games' button, then the seeks, the games to watch in the rest.
        postal = [Button(self.postal_label(), self.show_postal, size=20)] if self.postal else []
        self.postal_shown = len(postal)
        rows = len(left) - 2 - len(postal)
        seeks = seeks[: max(rows // 2, rows - len(self.games))]
        games = self.games[: rows - len(seeks)]
        right = [Button(seek_line(s), lambda s=s: self.accept(s), size=18) for s in seeks]
        self.seek_count = len(right)
        right += [Button(game_line(g), lambda g=g: self.watch(g), size=18) for g in games]
        return left + postal + right

    def postal_label(self) -> str:
        yours = sum(1 for g in self.postal if g["yours"])
        n = len(self.postal)
        if n == 1:
            return "Your correspondence game: " + ("your turn" if yours else "their turn")
        if yours:
            return f"Correspondence: your turn in {yours} of {n} games"
        return f"Correspondence: {n} games, none awaiting you"

    def handle(self, event: pygame.event.Event) -> None:
        """A field being typed in takes the keys (Tab still moves on); a click
        anywhere ends typing in the fields it misses."""
        fields = [c for c in self.controls if isinstance(c, TextField)]
        if event.type == pygame.MOUSEBUTTONDOWN:
            for f in fields:
                f.editing = f.rect.collidepoint(event.pos)
        typing = next((f for f in fields if f.typing), None)
        keyed = event.type in (pygame.KEYDOWN, pygame.TEXTINPUT)
        if typing is not None and keyed and getattr(event, "key", None) != pygame.K_TAB:
            typing.handle(event)
            return
        super().handle(event)

    def _rated(self, value: str) -> None:
        self.rated = value

    def _days(self, value: str) -> None:
        self.days = self.identity.days = value
        self.keep_identity()

    def _pace(self, value: str) -> None:
        self.pace = self.identity.pace = value
        self.keep_identity()
        self.rebuild()  # the time row becomes days a turn, or back

    def resize(self, size: tuple[int, int]) -> None:
        if not (self.link is not None and self.connected):
            super().resize(size)
            return
        # The lobby: the choices and actions on the left, the open seeks on the right.
        w, h = size
        top = self.header(h)
        left = self.controls[: self.left_count]
        postal = self.controls[self.left_count : self.left_count + self.postal_shown]
        right = self.controls[self.left_count + self.postal_shown :]
        room = h - top - 20 - 24 * (1 + bool(self.hosting))  # the status lines below
        # Tight rows in a short window, never over the status lines below.
        gap = 6 if room // len(left) >= 40 else 3
        height = max(22, min(46, room // len(left) - gap))
        col_w = self.col_w = min(520, (w - 60) // 2)
        x0 = w // 2 - col_w - 10
        for i, c in enumerate(left):
            c.rect = pygame.Rect(x0, top + i * (height + gap), col_w, height)
            c.size = max(15, min(c.base_size, height * 45 // 100))
        row = height + gap
        for c in postal:
            c.rect = pygame.Rect(w // 2 + 10, top, col_w, height)
            c.size = max(14, min(c.base_size, height * 40 // 100))
            top += row
        self.seek_top = top
        # Each list under its heading, which takes the room of one row.
        self.games_top = top + (self.seek_count + 1) * row
        for i, c in enumerate(right):
            y = top + row + i * row if i < self.seek_count else self.games_top + row
            if i >= self.seek_count:
                y += (i - self.seek_count) * row
            c.rect = pygame.Rect(w // 2 + 10, y, col_w, height)
            c.size = max(14, min(c.base_size, height * 40 // 100))

    def rebuild(self) -> None:
        self.enter()

    # -- actions ------------------------------------------------------------------------
    def say(self, text: str, color=theme.MUTED) -> None:
        self.status = (text, color)

    def connect(self, url: str | None = None) -> None:
        # As the server keeps it: full-width letters are the letters they look like.
        name = protocol.display_name(self.name_field.value.strip()) or ""
        if url is None:
            try:
                url = normal(self.server_field.value)
            except ValueError as e:
                self.say(str(e), theme.BAD)
                return
            self.identity.server = self.server_field.value.strip()
        if not protocol.NAME.check(name):
            self.say("Choose a name of 1 to 20 letters or digits for others to see.", theme.BAD)
            return
        self.identity.name = name
        self.keep_identity()
        self.url = url
        self.link, self.online = Link(url, name, self.identity.token(url)).start(), False
        self.say(f"Connecting to {url}...")
        self.rebuild()

    def host_here(self) -> None:
        """Start the server inside the game, then connect to it."""
        if not protocol.NAME.check(self.name_field.value.strip()):
            self.say("Choose your name first: it is what your friend will see.", theme.BAD)
            return
        if self.host is None:
            host = LocalServer(self.app.data / HOST_DB)
            try:
                port = host.start()
            except OSError as e:
                self.say(f"Could not start a server here: {e}", theme.BAD)
                return
            self.host = host
            where = ", ".join(f"{a}:{port}" for a in addresses()[:2])
            # The address first: it is what a friend needs, and must never be cut.
            self.hosting = f"Friends on your network connect to {where} (hosted here)"
        self.connect(f"ws://127.0.0.1:{self.host.port}")

    def keep_identity(self) -> None:
        try:
            save_identity(self.identity, self.app.data)
        except OSError as e:
            self.app.toast(f"Could not keep your online name: {e.strerror or e}")

    def disconnect(self) -> None:
        if self.link is not None:
            self.link.close(timeout=1.0)
        self.link, self.online = None, False
        self.seeks, self.games, self.my_seek, self.code = [], [], None, ""
        self.say("")
        self.rebuild()

    def settings(self) -> dict:
        """The fields of a seek or challenge as chosen: live or by correspondence."""
        if self.pace == "Live":
            base, inc = time_control(self.time)
            pace: dict = {"base": base, "inc": inc}
        else:
            pace = {"days": int(self.days.split()[0])}
        return {"side": int(self.side), "rated": self.rated == "Rated", **pace}

    def seek(self) -> None:
        assert self.link is not None
        self.link.send("seek", **self.settings())
        if self.pace == "Live":
            self.say("Looking for an opponent...")
        else:
            self.say("Your seek stays open while you are away; the game starts when accepted.")

    def cancel_seek(self) -> None:
        if self.link is not None and self.my_seek:
            self.link.send("cancel", seek=self.my_seek)

    def challenge(self) -> None:
        assert self.link is not None
        self.link.send("challenge", **self.settings())

    def cancel_challenge(self) -> None:
        if self.link is not None and self.code:
            self.link.send("cancel", seek=self.challenge_id)

    def join(self) -> None:
        code = self.code_field.value
        if len(code) != protocol.CODE_LENGTH:
            self.say(
                f"A code has {protocol.CODE_LENGTH} characters, with no 0, 1, I, L or O:"
                " type the one your friend sees.",
                theme.BAD,
            )
            return
        assert self.link is not None
        self.link.send("join", code=code)

    def accept(self, seek: dict) -> None:
        assert self.link is not None
        self.link.send("accept", seek=seek["id"])

    def watch(self, game: dict) -> None:
        assert self.link is not None
        if self.link.player.get("name") in (game["red"], game["blue"]):
            self.link.send("state", game=game["id"])  # our own game: back to it
            return
        self.link.send("watch", game=game["id"])

    def leaderboard(self) -> None:
        """The leaderboard of the kind of play chosen: live and correspondence
        games are rated apart."""
        assert self.link is not None
        self.link.send("leaderboard", pace="live" if self.pace == "Live" else "correspondence")

    def show_postal(self) -> None:
        self.app.scenes.push(CorrespondenceScene(self.app, self))

    def open_postal(self, gid: str) -> None:
        """Open one of our correspondence games: the server sends its whole state."""
        if self.link is not None:
            self.link.send("state", game=gid)

    def back(self) -> None:
        if self.host is not None:
            self.app.scenes.push(
                ConfirmScene(
                    self.app,
                    "Stop hosting?",
                    "Leaving stops the server on this computer, and any game on it.",
                    "Stop and leave",
                    self.app.scenes.pop,
                )
            )
            return
        self.app.scenes.pop()

    # -- the scene's life -----------------------------------------------------------------
    def resume(self) -> None:
        game = self.game_scene
        if game is not None and self.link is not None and not game.match.watching:
            # A rated game moved the rating: the header says the new one at once.
            change = game.match.rating_change.get(str(game.match.you))
            if change:  # of its own kind: correspondence games are rated apart
                kind = "rating" if game.match.days is None else "correspondence_rating"
                self.link.player[kind] = change["after"]
        self.game_scene = None
        if self.connected and self.link is not None:
            # The lobby moved on while we played, and the game's screen read its
            # changes: what we list is stale until the whole list comes back.
            self.seeks, self.games = [], []
            self.link.send("lobby")
            self.link.send("games")
            self.link.send("correspondence")
        super().resume()

    def leave(self) -> None:
        if self.link is not None:
            self.link.close(timeout=1.0)
        if self.host is not None:
            self.host.stop()

    def update(self, dt: float) -> bool:
        moving = super().update(dt)
        if self.link is None or self.app.scenes.top is not self:
            return moving
        news = self.link.poll()
        for k, msg in enumerate(news):
            self.receive(msg)
            if self.game_scene is not None:
                # A game opened: what came with it (the first turn, if the other
                # side was quick) is the game's to read.
                self.game_scene.backlog += news[k + 1 :]
                break
        return moving or bool(news)

    def receive(self, msg: dict) -> None:
        kind = msg.get("type")
        link = self.link
        assert link is not None
        if kind == "link":
            state = msg["state"]
            self.online = state == "online"
            if state == "online":
                self.say(f"Connected as {link.name}.", theme.GOOD)
                link.send("lobby")
                link.send("games")
                link.send("correspondence")
                self.rebuild()
            elif state == "offline":
                self.say("No connection to the server. Trying again...", theme.BAD)
                self.my_seek, self.code = None, ""
                self.rebuild()
            elif state == "closed":
                why = msg.get("reason") or "Gave up connecting. Check the address and try again."
                self.say(why, theme.BAD)
                self.link = None
                self.rebuild()
        elif kind == "welcome":
            if link.token:
                self.identity.tokens[self.url] = link.token
                self.keep_identity()
        elif kind == "lobby":
            self.seeks = msg["seeks"]
            if self.my_seek and all(s["id"] != self.my_seek for s in self.seeks):
                self.my_seek = None
            self.rebuild()
        elif kind == "seeks":
            # What changed since the last lobby or seeks message; a seek added
            # again replaces the one we have.
            gone = set(msg["removed"]) | {s["id"] for s in msg["added"]}
            self.seeks = [s for s in self.seeks if s["id"] not in gone] + msg["added"]
            if self.my_seek in msg["removed"]:
                self.my_seek = None
            self.rebuild()
        elif kind == "games":
            if "games" in msg:
                self.games = msg["games"]
            else:  # what changed since: as the seeks', a game added again replaces ours
                gone = set(msg["removed"]) | {g["id"] for g in msg["added"]}
                self.games = [g for g in self.games if g["id"] not in gone] + msg["added"]
            self.rebuild()
        elif kind == "watching" and self.game_scene is None:
            self.open_watch(msg)
        elif kind == "seeking":
            self.my_seek = msg["seek"]["id"]
            self.say("Your seek is in the lobby. The game starts when someone accepts.")
            self.rebuild()
        elif kind == "cancelled":
            if msg["seek"] == self.challenge_id:
                self.code = ""
                self.say("Challenge cancelled.")
            else:
                self.my_seek = None
                self.say("Seek cancelled.")
            self.rebuild()
        elif kind == "challenge":
            self.code, self.challenge_id = msg["code"], msg["seek"]
            self.say(f"Give your friend this code: {self.code}", theme.ACCENT)
            self.rebuild()
        elif kind == "leaderboard":
            pace = msg.get("pace", "live")
            self.app.scenes.push(LeaderboardScene(self.app, msg["players"], pace))
        elif kind == "correspondence":
            self.receive_postal(msg["games"])
        elif kind == "over":
            self.postal_over(msg)
        elif kind == "error":
            reason = msg.get("reason") or "The server refused that."
            self.say(reason[:1].upper() + reason[1:], theme.BAD)
        elif kind == "game" and self.game_scene is None:
            self.open_game(msg["game"])

    def postal_over(self, msg: dict) -> None:
        """One of our correspondence games ended while we were not at its board
        (the other side resigned, or a flag fell): say so, with the new rating."""
        game = next((g for g in self.postal if g["id"] == msg["game"]), None)
        if game is None or self.link is None:
            return
        you = ("red", "blue")[game["you"]]
        result = msg.get("result")
        how = "a draw" if result == "draw" else "aborted" if result == "aborted" else None
        if how is None:
            how = "you won" if result == you else "you lost"
        text = f"Your correspondence game against {game['opponent']} is over: {how}."
        change = (msg.get("ratings") or {}).get(you)
        if change:
            self.link.player["correspondence_rating"] = change["after"]
            text += f" Correspondence rating {change['before']} to {change['after']}."
        self.say(text, theme.ACCENT)

    def receive_postal(self, games: list[dict]) -> None:
        self.postal = games
        # Remembered, so that the title screen asks this server whose turn it is.
        known = self.url in self.identity.postal
        if bool(games) != known and self.identity.token(self.url):
            if games:
                self.identity.postal.append(self.url)
            else:
                self.identity.postal.remove(self.url)
            self.keep_identity()
        if self.to_postal and self.app.scenes.top is self:
            self.to_postal = False
            if games:
                self.show_postal()
        self.rebuild()

    def open_game(self, state: dict) -> None:
        """A game started (or was still on when we came back): play it."""
        assert self.link is not None
        if state.get("seek") == self.my_seek:
            self.my_seek = None
        self.code = ""
        self.say("")
        scene = OnlineMatchScene(self.app, OnlineMatch(state), self.link, state)
        self.game_scene = scene
        self.app.scenes.push(scene)

    def open_watch(self, msg: dict) -> None:
        """The server sends a game we asked to watch: watch it."""
        assert self.link is not None
        state = msg["game"]
        scene = WatchScene(self.app, OnlineMatch(state), self.link, state)
        scene.online.watchers = msg["watchers"]
        self.game_scene = scene
        self.app.scenes.push(scene)

    # -- drawing --------------------------------------------------------------------------
    @property
    def subtitle(self) -> str:  # type: ignore[override]
        if self.link is None:
            return "Play people on a server, or host one for friends on your network."
        if not self.connected:
            return f"Connecting to {self.url}..."
        p = self.link.player
        if self.pace == "Live":
            rated = f"rated {p.get('rating', 1500)}"
        else:  # rated apart from live play
            rated = f"rated {p.get('correspondence_rating', 1500)} by correspondence"
        return f"{p.get('name', '')}, {rated}, on {self.url}"

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        w, h = surface.get_size()
        text, color = self.status
        lines = [(self.hosting, theme.ACCENT), (text, color)]
        lines = [(line, c) for line, c in lines if line]
        y = h - 12 - 24 * len(lines)
        for line, c in lines:  # each whole on its line, smaller rather than cut
            size = theme.fit(line, 20, w - 40, smallest=12)
            theme.text(surface, line, (w // 2, y), size=size, color=c, anchor="midtop")
            y += 24
        if self.connected and self.link is not None:
            x = w // 2 + 10
            shown = [s for s in self.seeks if s["id"] != self.my_seek]
            if shown:
                head = "Open seeks: click one to play"
            elif self.my_seek:  # its own seek is not listed to its player
                head = "Your seek is open: waiting for someone"
            else:
                head = "No open seeks: open one"
            size = theme.fit(head, 20, self.col_w, smallest=12)
            theme.text(surface, head, (x, self.seek_top), size=size, color=theme.MUTED)
            head = "Games in play: click one to watch" if self.games else "No games in play"
            size = theme.fit(head, 20, self.col_w, smallest=12)
            theme.text(surface, head, (x, self.games_top), size=size, color=theme.MUTED)
