"""Mosaix's menus: the game's own title (solo, daily solo, a match, the rules),
the match set-up, and a short rules page with the credit."""

from __future__ import annotations

import datetime as dt
from functools import partial

import pygame

from game.mosaix import CREDIT
from game.mosaix.game import SCALE, SOLO_SUPER, SOLO_WIN

from .. import theme
from ..scene import ButtonScene, Services
from ..text_layout import TextBlock
from ..widgets import Button, Segments, Widget, draw_all
from .menu import MenuScene
from .mosaix_play import MosaixMatchScene, MosaixSoloScene

SEATS = ("Human", "AI", "Empty")


class MosaixMenuScene(MenuScene):
    title = "Mosaix"
    subtitle = CREDIT

    def build(self) -> list[Widget]:
        return [
            Button("Solo", lambda: self.app.scenes.push(MosaixSoloScene(self.app)), key=pygame.K_s),
            Button("Daily solo", self.daily, key=pygame.K_d),
            Button("Match", lambda: self.app.scenes.push(MosaixSetupScene(self.app))),
            Button("Rules", lambda: self.app.scenes.push(MosaixRulesScene(self.app))),
            Button("Back", self.back),
        ]

    def daily(self) -> None:
        self.app.scenes.push(MosaixSoloScene(self.app, daily=dt.date.today()))


class MosaixSetupScene(MenuScene):
    title = "Mosaix match"
    button_width = 640
    subtitle = "1 to 4 sheets at this screen: people, the AI, or both."

    def __init__(self, app: Services) -> None:
        super().__init__(app)
        self.seats = ["Human", "AI", "Empty", "Empty"]

    def build(self) -> list[Widget]:
        seats = [
            Segments(
                f"Sheet {i + 1}",
                SEATS[:2] if i == 0 else SEATS,
                self.seats[i],
                partial(self._seat, i),
            )
            for i in range(4)
        ]
        return [*seats, Button("Start", self.start, key=pygame.K_RETURN), Button("Back", self.back)]

    def _seat(self, i: int, value: str) -> None:
        self.seats[i] = value

    def start(self) -> None:
        kinds = [s for s in self.seats if s != "Empty"]
        self.app.scenes.replace(MosaixMatchScene(self.app, kinds))


RULES = (
    f"{CREDIT}. Fill your 7x7 sheet with symbols to build large areas of one symbol.\n"
    "Each round the roller rolls four dice (circle, cross, triangle) and lays them out as "
    "one of seven shapes of four, in any order. Every player writes that formation on their "
    "own sheet: turned any way but never mirrored, anywhere, every symbol on an empty cell. "
    "Symbols may hang over the edge and are then left out, but at least one must be written.\n"
    "The game ends after the round in which a sheet is full or cannot take the formation.\n"
    "Scoring: an area is cells of one symbol joined edge to edge (the printed centre counts). "
    "Areas of fewer than 5 score nothing. For each symbol: its areas of 5 or more x the cells "
    "in them. Most points wins.\n"
    f"Solo: you roll every time. A scale of {SCALE} spaces allows {SCALE} symbols in all to hang "
    "over the edge; then every formation must fit whole. End whenever you like; each empty "
    f"scale space adds a point. {SOLO_WIN} points wins, {SOLO_SUPER} is really super."
)


class MosaixRulesScene(ButtonScene):
    def __init__(self, app: Services) -> None:
        super().__init__(app)
        self.controls = [Button("Back", self.app.scenes.pop, key=pygame.K_ESCAPE)]
        #: The rules scroll where a small window cannot show them all.
        self.body = TextBlock(RULES, size=24, smallest=18)

    def enter(self) -> None:
        self.resize(self.app.size)

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        self.controls[0].rect = pygame.Rect(w // 2 - 100, h - 80, 200, 54)
        width = min(900, w - 80)
        self.body.layout(pygame.Rect((w - width) // 2, 90, width, h - 90 - 96))

    def handle(self, event: pygame.event.Event) -> None:
        if self.body.handle(event, self.app.pointer):
            return
        super().handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        w, _ = surface.get_size()
        theme.text(surface, "Mosaix: the rules", (w // 2, 24), size=44, anchor="midtop", bold=True)
        self.body.draw(surface)
        draw_all(self.controls, surface)
