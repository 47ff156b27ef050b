"""One puzzle: the goal banner, the same click-to-flip chain as in a match, and
instant judgement of the answer by the set of tiles it flips.

The scene is also the board of the arcade modes: they pass ``on_result``, get
told of each answer, and decide what comes next.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.puzzles import Puzzle, same_answer
from game.rules import Board, RulesError, Turn

from .. import theme
from ..board_view import CHAIN_GAP, BoardView
from ..match import sentence
from ..particles import Particles
from ..progress import MAX_STARS
from ..scene import Scene
from ..widgets import Button, draw_all, press, update_all

RESET_AFTER = 1.6  # seconds a wrong answer stays on the board


class PuzzleScene(Scene):
    def __init__(
        self,
        app,
        puzzle: Puzzle,
        *,
        title: str = "",
        on_result: Callable[[bool, bool], None] | None = None,
        on_next: Callable[[], None] | None = None,
        hints: bool = True,
    ) -> None:
        super().__init__(app)
        self.view: BoardView | None = None
        self.title = title
        self.show_stars = hints  # stars are earned where hints can be bought
        self.on_result = on_result
        self.on_next = on_next
        self.particles = Particles()
        self.hover: int | None = None
        self.t = 0.0
        buttons = [Button("Retry", self.retry, key=pygame.K_r, size=24)]
        if hints:
            buttons += [
                Button("Hint (-1 star)", self.hint, key=pygame.K_h, size=22),
                Button("Show answer", self.reveal, size=22),
            ]
        buttons += [
            Button("Next", self.next, key=pygame.K_n, size=24, enabled=False),
            Button("Back", self.back, key=pygame.K_ESCAPE, size=24),
        ]
        self.buttons = buttons
        self.next_button = buttons[-2]
        self.load(puzzle)

    def load(self, puzzle: Puzzle) -> None:
        """Show ``puzzle`` from its start, with a clean slate."""
        self.puzzle = puzzle
        self.start = Board(puzzle.fen)
        self.board = self.start.copy()
        self.solution = self.start.parse_turn(puzzle.solution)
        if self.view is None or self.view.geo.n != self.board.size:
            self.view = BoardView(self.board.size)
            self.enter()
        self.hover = None  # a cell of the last board may not exist on this one
        self.tries = 0
        self.hint_used = False
        self.solved = False
        self.revealed = False
        self.reset_in = 0.0
        self.reveal_queue: list[int] = []
        self.reveal_timer = 0.0
        self.message = ("", theme.MUTED)
        self.show_hint = False
        self.next_button.enabled = False

    # -- layout and input -------------------------------------------------------------
    def enter(self) -> None:
        self.view.speed = self.app.settings.speed
        self.resize(self.app.size)

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        self.view.layout(pygame.Rect(20, 130, w - 40, h - 230))
        bw = min(200, (w - 40) // len(self.buttons) - 12)
        left = (w - len(self.buttons) * (bw + 12) + 12) // 2
        for i, b in enumerate(self.buttons):
            b.rect = pygame.Rect(left + i * (bw + 12), h - 78, bw, 54)

    def handle(self, event: pygame.event.Event) -> None:
        if press(self.buttons, event, self.app.click):
            return
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.view.cell_at(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3 and self.board.chain:
            self.board.take_back_flip()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            cell = self.view.cell_at(event.pos)
            if cell is not None:
                self.click(cell)

    def click(self, cell: int) -> None:
        if self.solved or self.revealed or self.reset_in > 0:
            return
        if self.puzzle.goal == "most" and self.board.tile_at(cell) is None:
            self.say("This puzzle is about flipping: start on an enemy tile.", theme.BAD)
            self.app.sound("refuse")
            return
        mover = self.board.turn
        try:
            done = self.board.step(cell)
        except RulesError as e:
            self.say(sentence(str(e)), theme.BAD)
            self.app.sound("refuse")
            return
        self.show_hint = False
        if done is not None and done.is_place:
            self.view.pop(cell)
        else:
            self.view.flip(cell, mover.other)
            self.app.sound("chain" if len(self.board.chain) > 1 else "flip")
        if done is None:
            self.say(f"Keep going: {len(self.board.owed())} tile(s) to choose from.", theme.ACCENT)
            return
        self.judge(done)

    # -- judging ----------------------------------------------------------------------
    def judge(self, turn: Turn) -> None:
        first_try = self.tries == 0 and not self.hint_used
        self.tries += 1
        right = same_answer(turn, self.solution)
        if right:
            self.solved = True
            self.next_button.enabled = True
            self.app.sound("right")
            for c in turn.cells or self.solution.cells:
                self.particles.burst(self.view.centre(c), theme.ACCENT, 14)
            stars = f" {self.stars} star{'s' if self.stars > 1 else ''}." if self.show_stars else ""
            self.say(f"Right!{stars}", theme.GOOD)
        else:
            self.app.sound("wrong")
            if self.puzzle.goal == "most":
                got = len(turn.cells) if turn.is_flip else 0
                best = len(self.solution.cells)
                self.say(
                    f"You took {got} tile{'s' if got != 1 else ''}; the best takes {best}. "
                    "Try again.",
                    theme.BAD,
                )
            else:
                self.say("That turn does not win. Try again.", theme.BAD)
            self.reset_in = RESET_AFTER
        if self.on_result is not None:
            self.on_result(right, first_try)

    @property
    def stars(self) -> int:
        return max(1, MAX_STARS - self.hint_used - min(1, max(0, self.tries - 1)))

    # -- actions ------------------------------------------------------------------------
    def retry(self) -> None:
        if self.revealed or self.solved:
            self.revealed = self.solved = False
            self.next_button.enabled = False
        self.board = self.start.copy()
        self.reset_in = 0.0
        self.reveal_queue = []
        self.say("")

    def hint(self) -> None:
        if self.solved or self.revealed:
            return
        self.hint_used = True
        self.show_hint = True
        first = self.start.geometry.names[self.solution.cells[0]]
        self.say(f"Start with {first} (ringed in green).", theme.GOOD)

    def reveal(self) -> None:
        if self.solved:
            return
        self.board = self.start.copy()
        self.revealed = True
        self.reset_in = 0.0
        self.reveal_queue = list(self.solution.cells)
        self.reveal_timer = 0.3
        self.next_button.enabled = True
        self.say(f"The answer: {self.puzzle.solution}", theme.ACCENT)
        if self.on_result is not None and not self.solved:
            self.on_result(False, self.tries == 0 and not self.hint_used)

    def next(self) -> None:
        if self.on_next is not None:
            self.on_next()
        else:
            self.back()

    def back(self) -> None:
        self.app.scenes.pop()

    def say(self, text: str, color=theme.MUTED) -> None:
        self.message = (text, color)

    # -- time and drawing ------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.t += dt
        self.view.update(dt)
        self.particles.update(dt)
        update_all(self.buttons, dt)
        if self.reset_in > 0:
            self.reset_in -= dt
            if self.reset_in <= 0:
                self.board = self.start.copy()
        if self.reveal_queue:
            self.reveal_timer -= dt
            if self.reveal_timer <= 0:
                cell = self.reveal_queue.pop(0)
                mover = self.board.turn
                self.board.step(cell)
                self.view.flip(cell, mover.other)
                self.app.sound("chain")
                self.reveal_timer = CHAIN_GAP * 3 / self.view.speed

    def draw(self, surface: pygame.Surface) -> None:
        w, _ = surface.get_size()
        p = self.puzzle
        theme.text(
            surface,
            p.banner,
            (w // 2, 18),
            size=40,
            anchor="midtop",
            bold=True,
            color=theme.TILE[self.start.turn],
        )
        sub = f"{self.title}   rating {p.rating}   side {self.start.size}".strip()
        theme.text(surface, sub, (w // 2, 66), size=22, color=theme.MUTED, anchor="midtop")
        text, color = self.message
        theme.text(surface, text, (w // 2, 96), size=26, color=color, anchor="midtop")
        chain = self.board.chain
        targets = frozenset(self.board.owed()) if chain else frozenset()
        hint = (self.solution.cells[0],) if self.show_hint and not chain else ()
        self.view.draw(
            surface,
            self.board,
            hover=self.hover,
            targets=targets,
            chain=chain,
            shapes=self.app.settings.colour_blind,
            hint=hint,
            pulse=self.t,
        )
        self.particles.draw(surface)
        draw_all(self.buttons, surface)
