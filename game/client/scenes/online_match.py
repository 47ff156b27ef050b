"""An online game on screen: the match scene with both clocks, the opponent's
connection, the server's messages as animations, and the result with the
rating change. The link is polled once a frame; nothing here waits for it."""

from __future__ import annotations

from dataclasses import replace

import pygame

from game.i18n import N_, _, ngettext
from game.play.lobby import LEADERBOARD_ORDER
from game.play.match import Event
from game.play.online_game import OnlineMatch, clock_text, days_left, turn_time
from game.play.online_session import OnlineGame, Ranked
from game.rules import Color

from .. import text_layout as tl
from .. import theme
from ..layout import anchor, column, split
from ..layout_tree import Column, Node, Row, Stack
from ..scene import ButtonScene, Scene, Services, pad_buttons
from ..side_panel import SidePanel
from ..widgets import Button, Widget, draw_all
from .confirm import ConfirmScene
from .game_over import Over, too_soon
from .match_scene import MatchScene
from .menu import MenuScene
from .mosaix_sheet import fits

LOW_TIME_MS = 20_000
#: The height of a row of the leaderboard.
ROW = 28
#: A correspondence clock under this is shown as running low.
LOW_DAYS_MS = 86_400_000


class OnlineMatchScene(MatchScene):
    no_takebacks = N_("No take-backs in a game against a person.")
    # No take-backs and no hints against a person: X and Y do nothing here.
    pad_keys = pad_buttons(
        MatchScene.pad_keys,
        b=(pygame.K_ESCAPE, N_("take back a chain, hide the cursor, or the lobby")),
        x=(pygame.K_u, ""),
        y=(pygame.K_h, ""),
        start=(pygame.K_ESCAPE, N_("the lobby")),
    )

    def __init__(self, app: Services, game: OnlineGame) -> None:
        self.game = game
        self.online = game.control
        super().__init__(app, game.match, control=self.online)
        last = game.last_turn()
        if last is not None:
            self.say(last, theme.TEXT, 8.0)

    @property
    def match(self) -> OnlineMatch:
        return self.online.match

    @property
    def link_state(self) -> str:
        """The line as the game last heard: "online", "offline" or "closed"."""
        return self.game.link_state

    def make_panel(self) -> SidePanel:
        return SidePanel(
            take_back=self.take_back_chain,
            resign=self.ask_to_resign,
            share=self.share,
            menu=self.to_lobby,
            menu_label=N_("Lobby"),
        )

    def share(self) -> None:
        """The game's web page, to send to anyone: it follows the game as it goes."""
        url = self.game.page()
        try:
            pygame.scrap.put_text(url)
            said = _("This game's page (copied): {url}")
        except (pygame.error, AttributeError):
            # No clipboard here: the line still shows it to copy by hand.
            said = _("This game's page: {url}")
        self.say(said.format(url=url), theme.ACCENT, 15)

    def over_scene(self) -> Scene:
        return OnlineOverScene(self.app, self.outcome())

    def outcome(self) -> Over:
        # No rematch or file of a game against a person: the server keeps it, and
        # says whether it counts (a game is not called off here, as at this screen).
        return replace(
            super().outcome(),
            analyse=self.analyse_game,
            leave=lambda: self.app.scenes.close(self),  # back to the lobby under it
            leave_label=N_("Lobby"),
            rematch=None,
            save=None,
        )

    # -- the player's actions -----------------------------------------------------------
    def ask_to_resign(self) -> None:
        m = self.match
        if m.over:
            return
        if not m.board.turn_stack:
            self.online.resign(m.you)
            return
        self.app.scenes.push(
            ConfirmScene(
                self.app,
                _("Resign this game?"),
                _("{name} wins, and a rated game counts as a loss.").format(
                    name=m.names[m.you.other]
                ),
                N_("Resign"),
                lambda: self.online.resign(m.you),
            )
        )

    def to_lobby(self) -> None:
        if self.match.over or self.match.days is not None:
            # A correspondence game waits on the server for the next visit.
            self.app.scenes.pop()
            return
        self.app.scenes.push(
            ConfirmScene(
                self.app,
                _("Leave this game?"),
                _("Leaving resigns it (or aborts it before the first turn)."),
                N_("Resign and leave"),
                self.resign_and_leave,
            )
        )

    def resign_and_leave(self) -> None:
        self.online.resign(self.match.you)
        self.app.scenes.close(self)

    def menu(self) -> None:
        self.to_lobby()

    # -- the server's news ------------------------------------------------------------------
    def update(self, dt: float) -> bool:
        events, news = self.game.read(self.app.scenes.top is self or self.finished)
        if events:
            self.show(events)
        moving = super().update(dt)
        self.panel.badges = {
            c: (self.clock_label(c), self.clock_color(c)) for c in (Color.RED, Color.BLUE)
        }
        self.panel.notes = self.notes()
        ticking = self.online.running is not None and not self.match.over
        return moving or news or ticking

    def notes(self) -> dict[Color, tuple[str, theme.Color]]:
        """Under a name: that player is offline (in a live game: in a
        correspondence game nobody is expected to stay at the board)."""
        m = self.match
        other = m.you.other
        if m.days is not None or m.connected[other]:
            return {}
        return {other: (_("offline"), theme.BAD)}

    def clock_label(self, color: Color) -> str:
        """A live clock's minutes and seconds; a correspondence clock's days and
        hours of the turn (the reserve is counted apart, under the turn)."""
        ms = self.online.left(color)
        if self.match.days is None:
            return clock_text(ms)
        return days_left(turn_time(ms, self.match.reserve[int(color)])[0], short=True)

    def clock_color(self, color: Color) -> theme.Color:
        if self.online.running != int(color) or self.match.over:
            return theme.MUTED
        ms = self.online.left(color)
        if self.match.days is None:
            return theme.BAD if ms < LOW_TIME_MS else theme.TEXT
        left, reserve = turn_time(ms, self.match.reserve[int(color)])
        return theme.BAD if reserve or left < LOW_DAYS_MS else theme.TEXT

    def on_link(self, state: str) -> None:
        if state == "offline":
            self.notices.say(
                "status", _("Connection lost. Reconnecting..."), theme.BAD, 0
            )  # until it is back
        elif state == "online":
            self.say(_("Connected again."), theme.GOOD)
        elif state == "closed":
            self.notices.say("status", _("The connection could not be restored."), theme.BAD, 0)

    def show(self, events: list[Event]) -> None:
        for ev in events:
            if ev.kind == "link":
                self.on_link(ev.text)
            elif ev.kind == "presence" and ev.color is not None and self.match.days is None:
                self.say(ev.text, theme.GOOD if self.match.connected[ev.color] else theme.BAD, 6)
        super().show([e for e in events if e.kind not in ("link", "presence")])

    def turn_line(self) -> tuple[str, theme.Color]:
        text, color = self.turn_text()
        m = self.match
        if m.days is not None and not m.over:
            # The clocks show the turn's own days; the reserve of each side, for
            # when those run out, goes under the turn.
            mover = m.board.mover
            if turn_time(self.online.left(mover), m.reserve[int(mover)])[1]:
                text += "\n" + _("The turn's days are used up: on reserve days now")
            else:
                text += "\n" + m.reserve_text()
        n = self.online.watchers
        if n and not self.match.over:
            # On a line of its own under the turn: the counts under the names
            # leave no room beside them in a small window.
            text += "\n" + ngettext("{n} watching", "{n} watching", n).format(n=n)
        return text, color

    def turn_text(self) -> tuple[str, theme.Color]:
        m = self.match
        if self.finished or m.over:
            return m.result_text(), theme.ACCENT
        if self.link_state != "online":
            return _("Reconnecting..."), theme.BAD
        if m.human_to_move:
            return _("Your turn"), theme.TILE[m.you]
        mover = m.board.mover
        name = m.names[mover]
        if m.days is not None:  # nobody need wait at the board for a turn days away
            return _("{name} to move: come back later").format(name=name), theme.TILE[mover]
        return _("{name} to move").format(name=name), theme.TILE[mover]

    def end_sound(self) -> str:
        winner = self.match.winner()
        return "loss" if winner is not None and winner != self.match.you else "win"


class OnlineOverScene(ButtonScene):
    """The result of an online game, with the rating change."""

    overlay = True

    def __init__(self, app: Services, over: Over) -> None:
        super().__init__(app)
        self.over = over
        buttons = [
            Button(N_("See board"), over.see_board, key=pygame.K_b, size=24),
            Button(N_("Analyse"), over.analyse, key=pygame.K_a, size=24) if over.analyse else None,
            Button(over.leave_label, over.leave, key=pygame.K_ESCAPE, size=24),
        ]
        self.controls = [b for b in buttons if b is not None]

    def handle(self, event: pygame.event.Event) -> None:
        # As the match's card: the last turn's click is often followed by another.
        if not too_soon(self.t, event, self.controls):
            super().handle(event)

    @property
    def match(self) -> OnlineMatch:
        assert isinstance(self.over.match, OnlineMatch)
        return self.over.match

    def enter(self) -> None:
        self.resize(self.app.size)

    def room(self, size: tuple[int, int]) -> pygame.Rect:
        return self.over.area()

    @property
    def box(self) -> pygame.Rect:
        """The card."""
        return self.boxes.rect("box")

    def layout(self, size: tuple[int, int]) -> Node:
        """The card in the middle of the board's area; its buttons in a row where
        their labels fit it, else one above another (a language's long words),
        the card taller for them."""
        width = min(560, self.over.area().width - 24)
        n = len(self.controls)
        each = (width - 12 * (n + 1)) / n
        one_row = all(fits(b, each) for b in self.controls)
        foot = 46 + 18 if one_row else n * 46 + (n - 1) * 8 + 18
        if one_row:
            gap = 12 if width >= 500 else 6  # three labels must fit the smallest window
            each = (width - gap * (n + 1)) / n
            for b in self.controls:
                b.size = 24 if each >= 120 else 18 if each >= 95 else 16
            buttons: Node = Row(height=46, gap=gap, children=[Node(c) for c in self.controls])
        else:
            gap = 20
            for b in self.controls:
                b.size = 24
            buttons = Column(
                gap=8, justify="start", children=[Node(c, height=46) for c in self.controls]
            )
        card = Column(
            key="box",
            width=width,
            height=min(320 - 64 + foot, size[1] - 40),
            children=[
                Column(
                    dock="bottom",
                    height=foot,
                    justify="start",
                    padding=(0, gap),
                    children=[buttons],
                )
            ],
        )
        return Stack(children=[card])

    def headline(self) -> tuple[str, theme.Color]:
        m = self.match
        if m.result == "aborted":
            return _("Aborted"), theme.MUTED
        winner = m.winner()
        if winner is None:
            return _("Draw"), theme.ACCENT
        return self.won(winner), theme.TILE[winner]

    def won(self, winner: Color) -> str:
        """The headline of a game ``winner`` won, as this screen's player sees it."""
        return _("You win") if winner == self.match.you else _("You lose")

    def detail(self) -> str:
        """The line under the headline: how it ended, without saying again what
        the headline says."""
        text = self.match.result_text()
        winner = self.match.winner()
        head = self.won(winner) if winner is not None else ""
        if head and text.startswith(head):
            rest = text[len(head) :].lstrip(",: ")
            if rest:
                return rest[:1].upper() + rest[1:]
        return text

    def draw(self, surface: pygame.Surface) -> None:
        box = self.box
        theme.dialog(surface, box, round(self.t * 600))
        text, color = self.headline()
        inner = pygame.FRect(box).inflate(-40, -36)
        head, rest = split(inner, 64)
        tl.label(surface, text, head, size=52, color=color, align="center", bold=True, floor=24)
        # How it ended, on two lines at most, then the rating.
        detail = self.detail()
        tall = min(tl.block_height(detail, 22, rest.width), 2 * theme.font(22).get_linesize())
        said, rest = split(rest, tall, gap=8)
        tl.block(surface, detail, said, size=22, color=theme.MUTED, align="center")
        note = self.rating_line()
        if note is not None:
            text, size, tone = note
            line = split(rest, tl.block_height(text, size, rest.width))[0]
            tl.block(surface, text, line, size=size, color=tone, align="center", floor=14)
        draw_all(self.controls, surface)

    def rating_line(self) -> tuple[str, int, theme.Color] | None:
        """The line under the result: text, size and colour."""
        m = self.match
        change = m.rating_change.get(str(m.you))
        if change:
            delta = change["after"] - change["before"]
            said = (
                _("Your rating: {before} to {after} ({change})")
                if m.days is None
                else _("Your correspondence rating: {before} to {after} ({change})")
            )
            rating = said.format(
                before=change["before"], after=change["after"], change=f"{delta:+d}"
            )
            return rating, 26, theme.GOOD if delta >= 0 else theme.BAD
        if not m.rated and m.result != "aborted":
            return _("A casual game: ratings stay as they were."), 20, theme.MUTED
        return None


class LeaderboardScene(MenuScene):
    def __init__(self, app: Services, players: list[Ranked], pace: str = "live") -> None:
        super().__init__(app)
        self.players = players
        # Live and correspondence games are rated apart: each has its own board.
        live = pace != "correspondence"
        self.title = N_("Leaderboard") if live else N_("Correspondence leaderboard")

    @property
    def subtitle(self) -> str:
        return _(LEADERBOARD_ORDER)

    def build(self) -> list[Widget]:
        return [Button(N_("Back"), self.back, key=pygame.K_ESCAPE, size=22)]

    def layout(self, size: tuple[int, int]) -> Node:
        """The header, the table of players under it, Back at the foot."""
        back = [Node(c, width=240, height=46, anchor="bottom", margin=18) for c in self.controls]
        table = Column(padding=(self.header(size[1]), 0, 90, 0), children=[Node("table")])
        return self.header_only(size, table, *back)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        w = surface.get_width()
        table = self.boxes["table"]
        if not self.players:
            line = split(table, theme.font(24).get_linesize())[0]
            tl.label(
                surface, _("No rated games yet."), line, size=24, color=theme.MUTED, align="center"
            )
            return
        # One row a player: place, name, rating, games; the name takes what is left.
        rows = max(1, int(table.height) // ROW)
        shown = self.players[:rows]
        table = anchor(table, (min(560, w - 40), table.height), "top")
        for i, (p, line) in enumerate(
            zip(shown, column(table, len(shown), height=ROW, gap=0), strict=True)
        ):
            place_box, rest = split(line, 50, "left")
            games_box, rest = split(rest, 130, "right")
            rating_box, name_box = split(rest, 80, "right", gap=10)
            tl.label(surface, f"{i + 1:>2}.", place_box, size=22, color=theme.MUTED)
            tl.label(surface, p["name"], name_box, size=22)
            tl.label(surface, f"{p['rating']}", rating_box, size=22, color=theme.ACCENT)
            n = p["games"]
            games = ngettext("{n} game", "{n} games", n).format(n=n)
            tl.label(surface, games, games_box, size=20, color=theme.MUTED)
