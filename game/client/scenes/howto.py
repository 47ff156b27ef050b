"""How to play: the rules in a few pages, each with a drawn example, and a
multi-flip chain played out step by step."""

from __future__ import annotations

import pygame

from game.rules import Board, Chain

from .. import theme
from ..board_view import BoardView
from ..layout import grid
from ..scene import ButtonScene, Services, pad_buttons
from ..text_layout import TextBlock
from ..widgets import Button, draw_all

CHAIN_FEN = "BBRR/RBBBR/BBRBBB/RRBBRBB/2RBBB/BBBBR/RBRB r"
CHAIN_ORDER = ("c1", "c2", "d3", "d4")

PAGES = [
    (
        "The goal",
        "Mosaic by Mark Steere is played on a board of hexagons. Red and Blue take "
        "turns; Red goes first. A group is a set of your tiles joined edge to edge.\n"
        "On your turn you either place one tile or flip enemy tiles, never both. If you "
        "can do neither you pass. When neither player can move, the one with more "
        "tiles on the board wins.",
        "RR1B/R2BB/3B2/RR4R/1R2BB/4B/B1BB r",
    ),
    (
        "Placing a tile",
        "Put a tile of your colour on an empty cell, as long as:\n"
        "1. the cell is not touched only by your own tiles (an empty neighbourhood or "
        "an enemy neighbour is fine), and\n"
        "2. it touches at most one of your groups: you may not join two of your groups "
        "by placing.\n"
        "The dots mark where Red may place here. Hover over a cell in a match to see "
        "whether you can place there, and why not.",
        "2R1/1R2B/R3BB/2B1R1R/1BB3/RR2B/1B1R r",
    ),
    (
        "Flipping a tile",
        "Turn one enemy tile to your colour, as long as it lowers both your number of "
        "groups and the total number of groups on the board. In practice: flip an enemy "
        "tile that sits between two or more of your groups and joins them.\n"
        "Here Red can flip c2 (ringed): it joins two Red groups into one.\n"
        "Flipping is never forced at the start of a turn: you may place instead.",
        "1RB1/1RBB1/RBRBBR/BBRRB2/1BRBBR/2RB1/1R2 r",
    ),
    (
        "Chains",
        "After a flip, look at the enemy tiles touching any tile you flipped this turn. "
        "If one of them can now be flipped, you must flip one of them, and so on until "
        "none can. The order is yours, and it matters: a different order can end with "
        "fewer tiles. Watch Red flip four tiles in a row, starting at c1.",
        CHAIN_FEN,
    ),
]


class HowToScene(ButtonScene):
    pad_keys = pad_buttons(
        lb=(pygame.K_LEFT, "previous page"),
        rb=(pygame.K_RIGHT, "next page"),
    )

    def __init__(self, app: Services) -> None:
        super().__init__(app)
        self.text_rect = pygame.Rect(0, 0, 0, 0)
        #: The page's text: it scrolls where a small window cannot show it all.
        self.body = TextBlock(size=24, smallest=18)
        self.page = 0
        self.view = BoardView(4)
        self.board = Board(PAGES[0][2])
        self.chain: Chain | None = None
        self.step = 0
        self.controls = [
            Button("Back", self.prev, key=pygame.K_LEFT),
            Button("Next", self.next, key=pygame.K_RIGHT),
            # Named for where it leads: the lessons these pages are opened from.
            Button("Lessons", self.app.scenes.pop, key=pygame.K_ESCAPE),
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
        self.body.set_text(f"{PAGES[self.page][1]}\n\nMosaic by Mark Steere")
        self.resize(self.app.size)

    def prev(self) -> None:
        self.show(self.page - 1)

    def next(self) -> None:
        self.show(self.page + 1)

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        self.text_rect = pygame.Rect(40, 120, w // 2 - 60, h - 230)
        self.body.layout(self.text_rect)
        self.view.coordinates = self.app.settings.coordinates
        self.view.layout(pygame.Rect(w // 2, 110, w // 2 - 40, h - 230))
        # Three buttons 180 wide and 30 apart, the middle one centred.
        grid(self.controls, w // 2 - 300, h - 90, width=180, height=56, gap=30)

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
        w, _ = surface.get_size()
        title = PAGES[self.page][0]
        theme.text(surface, "How to play", (w // 2, 24), size=44, anchor="midtop", bold=True)
        heading = f"{self.page + 1}/{len(PAGES)}  {title}"
        size = theme.fit(heading, 30, w - 80)
        theme.text(surface, heading, (40, 80), size=size, color=theme.ACCENT)
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
            label = "Flipped: " + (" ".join(done) if done else "(watch)")
            theme.text(
                surface,
                label,
                (self.view.rect.centerx, self.view.rect.bottom + 4),
                size=24,
                color=theme.ACCENT,
                anchor="midtop",
            )
        draw_all(self.controls, surface)
