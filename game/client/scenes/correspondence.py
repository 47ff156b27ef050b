"""The player's correspondence games on one server: those awaiting your turn
first, each with the time left to move; a click opens the game, and the lobby's
list follows the server's as the games move."""

from __future__ import annotations

from functools import partial
from typing import Protocol

import pygame

from game.i18n import N_, _, ngettext
from game.play.online_game import postal_line
from game.play.online_session import PostalGame

from .. import text_layout as tl
from .. import theme
from ..layout_tree import Column, Fit, Node, Stack
from ..scene import Services
from ..widgets import Button, Widget
from .menu import MenuScene


class PostalLobby(Protocol):
    """What the list needs of the lobby under it: the games, the line's news
    (which the lobby reads itself only while on top) and a way into a game."""

    @property
    def postal(self) -> list[PostalGame]: ...

    @property
    def connected(self) -> bool: ...

    def read(self) -> bool: ...

    def open_postal(self, gid: str) -> None: ...


#: Games a page: with the page buttons and Back, one column at 640x480.
PAGE = 5


class CorrespondenceScene(MenuScene):
    title = N_("Correspondence games")
    button_width = 620

    def __init__(self, app: Services, lobby: PostalLobby) -> None:
        super().__init__(app)
        self.lobby = lobby
        self.page = 0

    @property
    def games(self) -> list[PostalGame]:
        return self.lobby.postal

    @property
    def subtitle(self) -> str:
        yours = sum(1 for g in self.games if g["yours"])
        n = len(self.games)
        if not n:
            return _("No correspondence games in play: open a seek with days a turn.")
        if yours:
            return ngettext(
                "{n} in play, your turn in {yours}. Each turn may take days.",
                "{n} in play, your turn in {yours}. Each turn may take days.",
                n,
            ).format(n=n, yours=yours)
        return ngettext(
            "{n} in play, none awaits your turn. Each turn may take days.",
            "{n} in play, none awaits your turn. Each turn may take days.",
            n,
        ).format(n=n)

    def build(self) -> list[Widget]:
        pages = max(1, -(-len(self.games) // PAGE))
        self.page = min(self.page, pages - 1)
        shown = self.games[self.page * PAGE : (self.page + 1) * PAGE]
        controls: list[Widget] = [
            Button(postal_line(g), partial(self.open, g["id"]), size=20) for g in shown
        ]
        if pages > 1:
            controls.append(
                Button(
                    _("More games (page {page} of {pages})").format(
                        page=self.page + 1, pages=pages
                    ),
                    self.next_page,
                    key=pygame.K_PAGEDOWN,
                    size=20,
                )
            )
        controls.append(Button(N_("Back to the lobby"), self.back, size=20))
        return controls

    def next_page(self) -> None:
        pages = max(1, -(-len(self.games) // PAGE))
        self.page = (self.page + 1) % pages
        self.enter()

    def open(self, gid: str) -> None:
        self.app.scenes.pop()
        self.lobby.open_postal(gid)

    def update(self, dt: float) -> bool:
        # The lobby below reads the line only while on top: the list's news comes here.
        if not self.lobby.connected:
            return super().update(dt)
        before = self.games
        self.lobby.read()
        if self.games is not before and self.app.scenes.top is self:
            self.enter()
        return super().update(dt) or self.games is not before

    @staticmethod
    def how() -> str:
        return _("Choose Correspondence beside Play in the lobby, then seek or challenge.")

    def layout(self, size: tuple[int, int]) -> Node:
        """The menu's, and under its header how to start a game (while there is none)."""
        how = Node("how", height=Fit(lambda w: tl.block_height(self.how(), 20, w)))
        under = Column(
            justify="start", padding=(self.header(size[1]) + 10, 20, 0, 20), children=[how]
        )
        return Stack(children=[super().layout(size), under])

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if not self.games:
            tl.block(
                surface, self.how(), self.boxes["how"], size=20, color=theme.MUTED, align="center"
            )
