"""How to play: the rules in a few pages, each with a drawn example, and a
multi-flip chain played out step by step."""

from __future__ import annotations

import pygame

from game.i18n import N_, _
from game.rules import Board, Chain

from .. import text_layout, theme
from ..board_view import BoardView
from ..layout_tree import Column, Node, Pct, Row, Stack
from ..scene import ButtonScene, Services, pad_buttons
from ..text_layout import TextBlock
from ..widgets import Button, draw_all

CHAIN_FEN = "BBRR/RBBBR/BBRBBB/RRBBRBB/2RBBB/BBBBR/RBRB r"
CHAIN_ORDER = ("c1", "c2", "d3", "d4")

PAGES = [
    (
        N_("The goal"),
        N_(
            "Mosaic by Mark Steere is played on a board of hexagons. Red and Blue take "
            "turns; Red goes first. A group is a set of your tiles joined edge to edge.\n"
            "On your turn you either place one tile or flip enemy tiles, never both. If you "
            "can do neither you pass. When neither player can move, the one with more "
            "tiles on the board wins."
        ),
        "RR1B/R2BB/3B2/RR4R/1R2BB/4B/B1BB r",
    ),
    (
        N_("Placing a tile"),
        N_(
            "Put a tile of your colour on an empty cell, as long as:\n"
            "1. the cell is not touched only by your own tiles (an empty neighbourhood or "
            "an enemy neighbour is fine), and\n"
            "2. it touches at most one of your groups: you may not join two of your groups "
            "by placing.\n"
            "The dots mark where Red may place here. Hover over a cell in a match to see "
            "whether you can place there, and why not."
        ),
        "2R1/1R2B/R3BB/2B1R1R/1BB3/RR2B/1B1R r",
    ),
    (
        N_("Flipping a tile"),
        N_(
            "Turn one enemy tile to your colour, as long as it lowers both your number of "
            "groups and the total number of groups on the board. In practice: flip an enemy "
            "tile that sits between two or more of your groups and joins them.\n"
            "Here Red can flip c2 (ringed): it joins two Red groups into one.\n"
            "Flipping is never forced at the start of a turn: you may place instead."
        ),
        "1RB1/1RBB1/RBRBBR/BBRRB2/1BRBBR/2RB1/1R2 r",
    ),
    (
        N_("Chains"),
        N_(
            "After a flip, look at the enemy tiles touching any tile you flipped this turn. "
            "If one of them can now be flipped, you must flip one of them, and so on until "
            "none can. The order is yours, and it matters: a different order can end with "
            "fewer tiles. Watch Red flip four tiles in a row, starting at c1."
        ),
        CHAIN_FEN,
    ),
]


class HowToScene(ButtonScene):
    pad_keys = pad_buttons(
        lb=(pygame.K_LEFT, N_("previous page")),
        rb=(pygame.K_RIGHT, N_("next page")),
    )

    def __init__(self, app: Services) -> None:
        super().__init__(app)
        #: The page's text: it scrolls where a small window cannot show it all.
        self.body = TextBlock(size=24, smallest=18)
        self.page = 0
        self.view = BoardView(4)
        self.board = Board(PAGES[0][2])
        self.chain: Chain | None = None
        self.step = 0
        self.controls = [
            Button(N_("Back"), self.prev, key=pygame.K_LEFT),
            Button(N_("Next"), self.next, key=pygame.K_RIGHT),
            # Named for where it leads: the lessons these pages are opened from.
            Button(N_("Lessons"), self.app.scenes.pop, key=pygame.K_ESCAPE),
        ]

    def enter(self) -> None:
        self.show(self.page)
        self.resize(self.app.size)

    def show(self, page: int) -> None:
        self.page = page % len(PAGES)
        self.board = Board(PAGES[self.page][2])
        self.chain = None
        self.view = BoardView(self.board.size)
        self.view.speed = self.app.settings.speed
        self.t = 0.0
        self.step = 0
        self.body.set_text(self.page_text())
        self.resize(self.app.size)

    def page_text(self) -> str:
        return _("{page}\n\nMosaic by {designer}").format(
            page=_(PAGES[self.page][1]), designer="Mark Steere"
        )

    def prev(self) -> None:
        self.show(self.page - 1)

    def next(self) -> None:
        self.show(self.page + 1)

    def layout(self, size: tuple[int, int]) -> Node:
        """The title and the page's heading across the top (room for them in Large
        text, in every setting alike), the buttons along the bottom, and between
        them the page's text on the left and its board on the right."""
        self.view.coordinates = self.app.settings.coordinates
        title = text_layout.room(44, True)
        heading = text_layout.room(30) + 8
        return Column(
            children=[
                Stack(
                    dock="top",
                    height=24 + title + heading,
                    children=[
                        Column(
                            justify="start",
                            padding=(24, 20, 0, 20),
                            children=[Node("top", height=title)],
                        ),
                        Column(
                            justify="end",
                            padding=(0, 40),
                            children=[Node("heading", height=heading)],
                        ),
                    ],
                ),
                Column(
                    dock="bottom",
                    height=90,
                    justify="start",
                    children=[
                        Row(height=56, gap=30, children=[Node(b, width=180) for b in self.controls])
                    ],
                ),
                Row(
                    padding=(10, 40),
                    gap=40,
                    children=[
                        Node(self.body, width=Pct(0.5)),
                        Column(
                            children=[
                                Node(self.view),
                                Node("under", height=text_layout.room(24) + 4),
                            ]
                        ),
                    ],
                ),
            ]
        )

    def handle(self, event: pygame.event.Event) -> None:
        if self.body.handle(event, self.app.pointer):
            return
        super().handle(event)

    def update(self, dt: float) -> bool:
        moving = super().update(dt) or self.view.busy
        self.view.update(dt)
        if PAGES[self.page][2] != CHAIN_FEN:
            return moving
        # Play the chain one flip every second, pause, then start again.
        if self.t > 1.0 + self.step and self.step < len(CHAIN_ORDER):
            cell = self.board.geometry.cell(CHAIN_ORDER[self.step])
            mover = self.board.mover
            done = self.board.click(cell, self.chain)
            self.chain = done if isinstance(done, Chain) else None
            self.view.flip(cell, mover.other)
            self.app.sound("chain" if self.step else "flip")
            self.step += 1
        elif self.t > len(CHAIN_ORDER) + 3:
            self.show(self.page)
        return True  # the chain page plays on in a loop

    def draw(self, surface: pygame.Surface) -> None:
        text_layout.label(
            surface, _("How to play"), self.boxes["top"], size=44, align="center", bold=True
        )
        heading = _("{number}/{count}  {title}").format(
            number=self.page + 1, count=len(PAGES), title=_(PAGES[self.page][0])
        )
        text_layout.label(surface, heading, self.boxes["heading"], size=30, color=theme.ACCENT)
        self.body.draw(surface)
        chain = self.chain.cells if self.chain is not None else ()
        if self.chain is not None:
            targets = frozenset(self.chain.owed())
        elif self.page in {1, 2} and not self.board.turn_stack:
            targets = frozenset(
                self.board.legal_placements() if self.page == 1 else self.board.legal_first_flips()
            )
        else:
            targets = frozenset()
        self.view.draw(
            surface,
            self.chain.position() if self.chain is not None else self.board.position(),
            chain=chain,
            targets=targets,
            markers=self.page != 3,
            shapes=self.app.settings.colour_blind,
            pulse=self.t,
        )
        if PAGES[self.page][2] == CHAIN_FEN:
            done = [CHAIN_ORDER[i] for i in range(self.step)]
            label = (
                _("Flipped: {cells}").format(cells=" ".join(done))
                if done
                else _("Flipped: (watch)")
            )
            under = self.boxes.rect("under")  # the chain so far, close under the board
            under.top = min(under.top, self.view.rect.bottom + 4)
            text_layout.label(surface, label, under, size=24, color=theme.ACCENT, align="center")
        draw_all(self.controls, surface)
