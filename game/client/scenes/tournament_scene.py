"""The server's tournaments, from the online lobby: the list, then one
tournament's standings, your pairing and the time left, with Join and Pause.
It draws :class:`game.play.tournaments.Tournaments` and forwards the choices.

The connection is the lobby's: this screen reads it while it is on top, keeps
the tournaments' messages and hands every other one to the lobby, so a game the
tournament pairs you in opens as any game does, over this screen.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Protocol

import pygame

from game.i18n import N_, _
from game.play.online_session import Heard, SessionLine
from game.play.tournaments import Tournaments, kind_text

from .. import text_layout as tl
from .. import theme
from ..layout import anchor, column, split
from ..layout_tree import Column, Node, Row, Stack
from ..scene import Services
from ..widgets import Button, Widget
from .menu import MenuScene


class LobbyScreen(Protocol):
    """What this screen needs of the lobby's (:class:`.online_lobby.OnlineScene`)."""

    app: Services

    @property
    def link(self) -> SessionLine | None: ...

    def read(self, taken: Callable[[Heard], bool] | None = None) -> bool: ...


#: Tournaments listed at once, and a standings row's height.
LISTED = 6
ROW = 28


class TournamentScene(MenuScene):
    title = N_("Tournaments")
    button_width = 620
    max_columns = 1

    def __init__(self, lobby: LobbyScreen) -> None:
        super().__init__(lobby.app)
        self.lobby = lobby
        link = lobby.link
        assert link is not None, "opened only when connected"  # i18n: not shown
        self.model = Tournaments(link)
        self.model.open()
        self.built = -1
        self.second = -1

    @property
    def subtitle(self) -> str:
        t = self.model.current
        if t is not None:
            return f"{t['name']}: {kind_text(t)}"
        if not self.model.listed:
            return _("No tournament on this server yet.") if self.built > 0 else ""
        return _("Choose one to see its standings, and join it.")

    def build(self) -> list[Widget]:
        m = self.model
        self.built = m.revision
        if m.current is None:
            shown = m.listed[:LISTED]
            listed: list[Widget] = [
                Button(m.list_line(t), partial(m.choose, t), size=18) for t in shown
            ]
            return [*listed, Button(N_("Back"), self.back, key=pygame.K_ESCAPE, size=22)]
        over = m.current["status"] == "over"
        act: list[Widget] = []
        if not over:
            act = [
                Button(N_("Pause"), m.pause, size=22)
                if m.entered
                else Button(N_("Join"), m.enter, size=22)
            ]
        return [
            *act,
            Button(N_("All tournaments"), m.back_to_list, size=22),
            Button(N_("Back"), self.back, key=pygame.K_ESCAPE, size=22),
        ]

    # -- the connection ------------------------------------------------------------------
    def update(self, dt: float) -> bool:
        moving = super().update(dt)
        link = self.lobby.link
        if link is None:  # the lobby lost the line for good: back to it
            self.app.scenes.pop()
            return True
        if self.app.scenes.top is not self:
            return moving
        # The tournaments' messages are this screen's; the rest are the lobby's (a
        # game opened over this screen reads what came after it).
        news = self.lobby.read(taken=self.model.apply)
        if self.built != self.model.revision:
            self.enter()
        left = self.model.left()
        second = -1 if left is None else int(left)
        ticked = second != self.second
        self.second = second
        return moving or news or ticked

    def resume(self) -> None:
        # Back from a game: the standings moved on meanwhile.
        if self.model.current is not None:
            self.model.choose(self.model.current)
        super().resume()

    # -- drawing ------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> Node:
        """The list of tournaments: the menu's. One tournament: the menu's header,
        under it the tournament's state and pairing lines and its table of
        standings, and its buttons in a row at the foot."""
        if self.model.current is None:
            return super().layout(size)
        w, h = size
        for c in self.controls:
            c.size = min(c.base_size, 20 if w < 800 else 22)
        head = self.header(h)
        bar = Row(
            width=min(w - 40, 600),
            height=46,
            anchor="bottom",
            margin=18,
            gap=12,
            children=[Node(c) for c in self.controls],
        )
        body = Column(
            justify="start",
            gap=2,
            padding=(head - 10, 20, 80, 20),
            children=[
                Node("state", height=30),
                Node("pairing", height=30),
                Node(height=4),
                Node("table"),
            ],
        )
        heading = Column(
            children=[Stack(dock="top", height=head, children=self.heading(w, head / 190))]
        )
        return Stack(children=[heading, body, bar])

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.model.current is None:
            return
        lines = [
            ("state", self.model.state_line(), theme.ACCENT),
            ("pairing", self.model.pairing_line(), theme.TEXT),
        ]
        for key, text, color in lines:
            tl.label(surface, text, self.boxes[key], size=22, color=color, align="center")
        table = self.boxes["table"]
        rows = self.model.rows()
        if not rows:
            tl.label(
                surface, _("Nobody has joined yet."), split(table, ROW)[0], size=22,
                color=theme.MUTED, align="center",
            )  # fmt: skip
            return
        shown = rows[: max(1, int(table.height) // ROW)]
        table = anchor(table, (min(560, table.width), table.height), "top")
        for (place_, name, points, fire), line in zip(
            shown, column(table, len(shown), height=ROW, gap=0), strict=True
        ):
            place_box, rest = split(line, 50, "left")
            points_box, name_box = split(rest, 90, "right", gap=10)
            tl.label(surface, place_, place_box, size=20, color=theme.MUTED)
            shown_name = name + ("  " + _("on fire") if fire else "")
            tl.label(surface, shown_name, name_box, size=20)
            tl.label(surface, points, points_box, size=20, color=theme.ACCENT, align="right")
