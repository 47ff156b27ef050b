"""Mosaix's menus: the game's own title (solo, daily solo, a match, the rules),
the match set-up, and a short rules page with the credit."""

from __future__ import annotations

import datetime as dt
from functools import partial

import pygame

from game.i18n import N_, _
from game.mosaix.game import SCALE, SOLO_SUPER, SOLO_WIN

from .. import text_layout as tl
from ..layout_tree import Column, Grid, Node, Row, Stack
from ..scene import ButtonScene, Services
from ..text_layout import TextBlock
from ..widgets import Button, Segments, Widget, draw_all
from .menu import ONE_COLUMN, MenuScene
from .mosaix_play import MosaixMatchScene, MosaixSoloScene
from .mosaix_sheet import mosaix_credit

SEATS = (N_("Human"), N_("AI"), N_("Empty"))


class MosaixMenuScene(MenuScene):
    title = "Mosaix"

    @property
    def subtitle(self) -> str:
        return mosaix_credit()

    def build(self) -> list[Widget]:
        return [
            Button(
                N_("Solo"), lambda: self.app.scenes.push(MosaixSoloScene(self.app)), key=pygame.K_s
            ),
            Button(N_("Daily solo"), self.daily, key=pygame.K_d),
            Button(N_("Match"), lambda: self.app.scenes.push(MosaixSetupScene(self.app))),
            Button(N_("Rules"), lambda: self.app.scenes.push(MosaixRulesScene(self.app))),
            Button(N_("Back"), self.back),
        ]

    def button_grid(self, w: int, room: float) -> Grid:
        """One column where the buttons are tall enough in it; else not the
        menus' two columns, which leave the fifth button alone on a row: the
        three ways to play side by side, and the rules and Back under them."""
        count = len(self.controls)
        if count < 4 or room / count - 14 >= ONE_COLUMN:
            return super().button_grid(w, room)
        gap = 20
        width = min(self.button_width, (w - 60 - 2 * gap) / 3)
        height = max(30, min(64, int(room) // 2 - 14))
        for c in self.controls:
            c.size = max(16, min(c.base_size, int(height * 45 // 100)))
        rows = [
            Row(gap=gap, children=[Node(c, width=width, height=height) for c in part])
            for part in (self.controls[:3], self.controls[3:])
        ]
        whole = 3 * width + 2 * gap
        return Grid(
            key="buttons",
            columns=[whole],
            rows=height,
            row_gap=14,
            width=whole,
            height=2 * height + 14,
            children=rows,
        )

    def daily(self) -> None:
        self.app.scenes.push(MosaixSoloScene(self.app, daily=dt.date.today()))


class MosaixSetupScene(MenuScene):
    title = N_("Mosaix match")
    button_width = 640

    @property
    def subtitle(self) -> str:
        return _("1 to 4 sheets at this screen: people, the AI, or both.")

    def __init__(self, app: Services) -> None:
        super().__init__(app)
        self.seats = ["Human", "AI", "Empty", "Empty"]

    def build(self) -> list[Widget]:
        seats = [
            Segments(
                _("Sheet {number}").format(number=i + 1),
                SEATS[:2] if i == 0 else SEATS,
                self.seats[i],
                partial(self._seat, i),
            )
            for i in range(4)
        ]
        start = Button(N_("Start"), self.start, key=pygame.K_RETURN)
        return [*seats, start, Button(N_("Back"), self.back)]

    def _seat(self, i: int, value: str) -> None:
        self.seats[i] = value

    def start(self) -> None:
        kinds = [s for s in self.seats if s != "Empty"]
        self.app.scenes.replace(MosaixMatchScene(self.app, kinds))


#: The rules page, whole sentences with their numbers and the credit filled in
#: as it is shown (see :func:`rules`).
RULES = N_(
    "{credit}. Fill your 7x7 sheet with symbols to build large areas of one symbol.\n"
    "Each round the roller rolls four dice (circle, cross, triangle) and lays them out as "
    "one of seven shapes of four, in any order. Every player writes that formation on their "
    "own sheet: turned any way but never mirrored, anywhere, every symbol on an empty cell. "
    "Symbols may hang over the edge and are then left out, but at least one must be written.\n"
    "The game ends after the round in which a sheet is full or cannot take the formation.\n"
    "Scoring: an area is cells of one symbol joined edge to edge (the printed centre counts). "
    "Areas of fewer than 5 score nothing. For each symbol: its areas of 5 or more x the cells "
    "in them. Most points wins.\n"
    "Solo: you roll every time. A scale of {scale} spaces allows {scale} symbols in all to hang "
    "over the edge; then every formation must fit whole. End whenever you like; each empty "
    "scale space adds a point. {win} points wins, {super} is really super."
)


def rules() -> str:
    """The rules page in the player's language."""
    return _(RULES).format(credit=mosaix_credit(), scale=SCALE, win=SOLO_WIN, super=SOLO_SUPER)


class MosaixRulesScene(ButtonScene):
    def __init__(self, app: Services) -> None:
        super().__init__(app)
        self.controls = [Button(N_("Back"), self.app.scenes.pop, key=pygame.K_ESCAPE)]
        #: The rules scroll where a small window cannot show them all.
        self.body = TextBlock(rules(), size=24, smallest=18)

    def enter(self) -> None:
        self.resize(self.app.size)

    def layout(self, size: tuple[int, int]) -> Node:
        """The title across the top, Back at the foot, the rules between."""
        return Column(
            children=[
                Node("head", height=60, margin=(15, 20)),
                Node(self.body, width=min(900, size[0] - 80)),
                Stack(
                    dock="bottom",
                    height=96,
                    children=[
                        Node(c, width=200, height=54, anchor="bottom", margin=(0, 0, 26, 0))
                        for c in self.controls
                    ],
                ),
            ]
        )

    def handle(self, event: pygame.event.Event) -> None:
        if self.body.handle(event, self.app.pointer):
            return
        super().handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        self.body.set_text(rules())  # a change of language shows at once
        title = _("Mosaix: the rules")
        tl.label(surface, title, self.boxes["head"], size=44, bold=True, align="center")
        self.body.draw(surface)
        draw_all(self.controls, surface)
