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
from ..layout import anchor, column, place, row, split
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

    def resize(self, size: tuple[int, int]) -> None:
        if self.model.current is None:
            super().resize(size)
            return
        w, h = size
        bar = anchor(pygame.FRect(0, 0, w, h), (min(w - 40, 600), 46), "bottom", margin=18)
        place(self.controls, row(bar, len(self.controls), gap=12))
        for c in self.controls:
            c.size = min(c.base_size, 20 if w < 800 else 22)

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
    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.model.current is None:
            return
        w, h = surface.get_size()
        top = self.header(h)
        body = pygame.FRect(20, top - 10, w - 40, h - top - 80)
        lines = [
            (self.model.state_line(), theme.ACCENT),
            (self.model.pairing_line(), theme.TEXT),
        ]
        for (text, color), box in zip(lines, column(body, 2, height=30, gap=2), strict=True):
            tl.label(surface, text, box, size=22, color=color, align="center")
        table = pygame.FRect(body.x, body.y + 70, body.width, body.height - 70)
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
