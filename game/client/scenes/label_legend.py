"""The analysis labels' legend: what each label means in the tiles a turn
gives up (:mod:`game.play.label_legend` says it), each label in the colour the
list draws it in, over the analysis screen until Close (or Esc, or L again)."""

from __future__ import annotations

import pygame

from game.i18n import N_, _
from game.play.label_legend import HEADING, legend

from .. import text_layout, theme
from ..layout_tree import Column, Grid, Node, Stack
from ..scene import ButtonScene, Services
from ..widgets import Button, draw_all
from .analysis_labels import label_shown

#: The lines' size, and the title's.
SIZE = 20
TITLE = 28


class LegendScene(ButtonScene):
    overlay = True

    def __init__(self, app: Services) -> None:
        super().__init__(app)
        self.close = Button(N_("Close"), self.app.scenes.pop, key=pygame.K_ESCAPE, size=22)
        self.controls = [self.close]

    def enter(self) -> None:
        self.resize(self.app.size)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_l:
            self.app.click()  # L opened it: L puts it away too
            self.app.scenes.pop()
            return
        super().handle(event)

    @property
    def box(self) -> pygame.Rect:
        return self.boxes.rect("box")

    def layout(self, size: tuple[int, int]) -> Node:
        """The card as tall as its lines at their size (it grows, they do not
        shrink); the labels in a column as wide as the widest, what each means
        wrapped beside it; Close at the foot."""
        w, h = size
        width = min(620, w - 32)
        inner = width - 40
        words = max(theme.font(SIZE, True).size(label_shown(n)[0])[0] for n, _m in legend()) + 16
        said = inner - words
        line = theme.font(SIZE).get_linesize()
        rows = [max(line, text_layout.block_height(m, SIZE, said)) for _n, m in legend()]
        title_h = text_layout.room(TITLE, bold=True)
        heading_h = text_layout.block_height(_(HEADING), SIZE, inner)
        gaps = 10 * 3 + 4 * (len(rows) - 1)
        height = min(h - 16, 40 + title_h + heading_h + sum(rows) + gaps + 46)
        return Stack(
            children=[
                Column(
                    key="box",
                    width=width,
                    height=height,
                    padding=20,
                    gap=10,
                    justify="start",
                    children=[
                        Node("title", height=title_h),
                        Node("heading", height=heading_h),
                        Grid(
                            columns=[words, said],
                            rows=rows,
                            gap=0,
                            row_gap=4,
                            height=sum(rows) + 4 * (len(rows) - 1),
                            children=[
                                Node(("cell", i, j)) for i in range(len(rows)) for j in (0, 1)
                            ],
                        ),
                        Node(self.close, dock="bottom", height=46, width=min(220, inner)),
                    ],
                )
            ]
        )

    def draw(self, surface: pygame.Surface) -> None:
        theme.dialog(surface, self.box, round(min(1.0, self.t * 4) * 150))
        text_layout.label(
            surface, _("Labels"), self.boxes["title"], size=TITLE, bold=True, align="center"
        )
        text_layout.block(surface, _(HEADING), self.boxes["heading"], size=SIZE, color=theme.MUTED)
        for i, (name, meaning) in enumerate(legend()):
            word, color = label_shown(name)
            text_layout.label(
                surface, word, self.boxes[("cell", i, 0)], size=SIZE, color=color, bold=True
            )
            text_layout.block(surface, meaning, self.boxes[("cell", i, 1)], size=SIZE)
        draw_all(self.controls, surface)
