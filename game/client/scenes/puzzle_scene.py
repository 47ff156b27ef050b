"""One puzzle: the goal banner, the same click-to-flip chain as in a match, and
instant judgement of the answer by the set of tiles it flips.

The scene is the view of a :class:`~..puzzle_session.PuzzleSession`. It is also
the board of the arcade modes: they pass ``on_result``, get told of each
answer, and decide what comes next.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.i18n import N_, _, ngettext
from game.play.board_keys import typed_turn
from game.play.chain_on_board import took_back
from game.play.explain import explain
from game.play.puzzle_session import FLIP_FIRST, Outcome, Puzzle, PuzzleSession, heading_line
from game.rules import Turn

from .. import text_layout as tl
from .. import theme
from ..board_input import BOARD_PAD, BoardAction, BoardInput
from ..board_view import CHAIN_GAP, BoardView
from ..button_label import LABEL_PAD
from ..layout_tree import Column, Node, Row, Stack
from ..particles import Particles
from ..scene import Scene, Services, pad_buttons
from ..widgets import Button, draw_all, press, update_all
from .analysis_board import AnalysisBoardScene

RESET_AFTER = 1.6  # seconds a wrong answer stays on the board


class PuzzleScene(Scene):
    pad_keys = pad_buttons(
        BOARD_PAD,
        x=(pygame.K_r, N_("start the puzzle again")),
        y=(pygame.K_h, N_("hint (costs a star)")),
        rb=(pygame.K_n, N_("next puzzle, once this one is done")),
    )

    def __init__(
        self,
        app: Services,
        puzzle: Puzzle,
        *,
        title: str = "",
        on_result: Callable[[bool, bool], None] | None = None,
        on_next: Callable[[], None] | None = None,
        hints: bool = True,
        wrong_text: str = N_("Try again."),
    ) -> None:
        super().__init__(app)
        session = PuzzleSession(puzzle)
        self.view = BoardView(session.start.size)
        self.input = BoardInput(self.view)
        self.title = title
        self.show_stars = hints  # stars are earned where hints can be bought
        self.on_result = on_result
        self.on_next = on_next
        self.wrong_text = wrong_text
        self.particles = Particles()
        self.t = 0.0
        # One column of buttons, one text size: the size its longest labels need.
        self.retry_button = Button(N_("Retry"), self.retry, key=pygame.K_r, size=22)
        self.hint_button = Button(N_("Hint (-1 star)"), self.hint, key=pygame.K_h, size=22)
        self.reveal_button = Button(N_("Show answer"), self.reveal, size=22)
        self.next_button = Button(N_("Next"), self.next, key=pygame.K_n, size=22, enabled=False)
        self.back_button = Button(N_("Back"), self.back, key=pygame.K_ESCAPE, size=22)
        #: Once the puzzle is solved or shown: its position on the analysis board.
        self.analyse_button = Button(N_("Analyse"), self.analyse, key=pygame.K_a, size=22)
        self.controls = [self.retry_button]
        if hints:
            self.controls += [self.hint_button, self.reveal_button, self.analyse_button]
        self.controls += [self.next_button, self.back_button]
        self.session = session
        self.banner_size = 34
        self.begin(session)

    def load(self, puzzle: Puzzle) -> None:
        """Show ``puzzle`` from its start, with a clean slate."""
        self.begin(PuzzleSession(puzzle))

    def begin(self, session: PuzzleSession) -> None:
        self.session = session
        side = session.start.size
        if self.view.geo.n != side:
            self.view = BoardView(side)
        self.lay_out()  # its goal and line may take another height
        self.input.use(self.view)  # a cell of the last board may not exist on this one
        self.reset_in = 0.0
        self.reveal_queue: list[int] = []
        self.reveal_timer = 0.0
        self.message = ("", theme.MUTED)
        self.show_hint = False
        self.next_button.enabled = self.analyse_button.enabled = False
        self.refresh_help()

    def refresh_help(self) -> None:
        """Hint and Show answer only while they can help (game/play says when):
        once the puzzle is done they are greyed, and the focus passes them by."""
        self.hint_button.enabled = self.reveal_button.enabled = self.session.helps

    # -- the session, by the names the arcade and the tests use ---------------------
    @property
    def puzzle(self) -> Puzzle:
        return self.session.puzzle

    @property
    def solution(self) -> Turn:
        return self.session.solution

    @property
    def solved(self) -> bool:
        return self.session.solved

    @property
    def revealed(self) -> bool:
        return self.session.revealed

    @property
    def stars(self) -> int:
        return self.session.stars

    @property
    def hover(self) -> int | None:
        return self.input.hover

    @property
    def typing(self) -> bool:
        return self.input.typing

    # -- layout and input -------------------------------------------------------------
    def enter(self) -> None:
        self.lay_out()

    def lay_out(self) -> None:
        """Fit the board and the panel to the window (a new puzzle may bring a
        board of another size)."""
        self.view.speed = self.app.settings.speed
        self.resize(self.app.size)

    def layout(self, size: tuple[int, int]) -> Node:
        """From the top: the goal (wrapped, between the arcade's corner labels),
        the line under it, the line that speaks of the board; then the board, the
        line of keys, and the buttons along the bottom."""
        w, _h = size
        self.view.coordinates = self.app.settings.coordinates
        self.banner_size = 40 if w >= 900 else 30
        left, right = self.banner_room(w)
        tall = tl.block_height(self.puzzle.banner, self.banner_size, right - left, bold=True)
        # Below the corner labels: the whole width.
        low = 18 + tall + 4 >= self.corners_bottom(w)
        sub_left, sub_right = (20, w - 20) if low else (left, right)
        sub_h = tl.block_height(self.sub_line(), 22, sub_right - sub_left)
        said_left, said_right = self.said_room(w)
        bw = min(200, (w - 40) / len(self.controls) - 12)
        side = self.side_width(size)
        board: Node
        if side:
            # A short window, its buttons too narrow in a row for their labels: they
            # stand in a column beside the board, which takes the height they left.
            buttons = Column(
                dock="right",
                width=side,
                gap=8,
                margin=(0, 20, 6, 0),
                children=[Node(c, height=46, min_height=34) for c in self.controls],
            )
            board = Row(gap=12, children=[buttons, Node(self.view, margin=(0, 0, 6, 20))])
        else:
            board = Node(self.view, margin=(0, 20, 6, 20))
        foot = Column(
            height=78,
            justify="start",
            children=[Row(height=54, gap=12, children=[Node(c, width=bw) for c in self.controls])],
        )
        return Column(
            justify="start",
            children=[
                Node(height=18),
                Node("banner", height=tall, margin=(0, w - right, 4, left)),
                Node("sub", height=sub_h, margin=(0, w - sub_right, 2, sub_left)),
                # The line that speaks of the board: two lines of room. The turn box
                # opens over it, in its place.
                Stack(
                    height=50,
                    margin=(0, w - said_right, 2, said_left),
                    children=[Node("said"), Node(self.input.box, height=48, anchor="top")],
                ),
                board,
                Node("help", height=20, margin=(0, 20, 2, 20)),
                *(() if side else (foot,)),
            ],
        )

    def side_width(self, size: tuple[int, int]) -> int:
        """The width of a column of buttons beside the board, or 0 to keep them in
        a row along the bottom: a column where the window is short. A wide window's
        board is as large as its height allows, so a row along the bottom took the
        board's room (the Trainer's board at 640x480 in Large), and a row of
        buttons narrower than their labels broke or shrank them."""
        w, h = size
        # A clear margin past the label's pad: "Tipp (-1 Stern)" at 640x480 in
        # Large text crowded its button's edges with 2 pixels to spare.
        need = max(
            theme.font(c.size).size(_(c.label))[0] + 2 * LABEL_PAD + 16 for c in self.controls
        )
        if h >= 720:
            return 0
        return round(min(need, w * 0.38))

    @property
    def banner_box(self) -> pygame.FRect:
        return self.boxes["banner"]

    @property
    def sub_box(self) -> pygame.FRect:
        return self.boxes["sub"]

    @property
    def said_box(self) -> pygame.FRect:
        return self.boxes["said"]

    @property
    def help_box(self) -> pygame.FRect:
        return self.boxes["help"]

    def sub_line(self) -> str:
        """The line under the goal: where the puzzle comes from, its rating, its side."""
        return heading_line(self.title, self.puzzle, self.session.start.size)

    def analyse(self) -> None:
        """The puzzle's position (as it was set) on the analysis board."""
        self.app.scenes.push(AnalysisBoardScene(self.app, self.session.start.position()))

    def handle(self, event: pygame.event.Event) -> None:
        if self.input.typing:
            action = self.input.keys(event)
            if action is not None:
                self.act(action)
                return
        # As in a match, Esc takes back a chain, then hides the cursor; only then
        # is it Back.
        chain = self.session.chain is not None and not self.session.finished
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and chain:
            self.take_back_chain()
            return
        action = self.input.keys(event)
        if action is not None:
            self.act(action)
            return
        if press(self.controls, event, self.app.click):
            return
        action = self.input.handle(event)
        if action is not None:
            self.act(action)

    def act(self, action: BoardAction) -> None:
        """What the mouse or the keys did on the board."""
        if action.kind == "back" and self.session.chain is not None:
            self.session.take_back_flip()
            self.say_chain()
            if said := took_back(1, self.session.chain is not None):
                self.say(said)
        elif action.kind == "click" and action.cell is not None:
            self.click(action.cell)
        elif action.kind == "turn":
            self.play_typed(action.text)
        elif (
            action.kind == "cursor" and self.message[1] != theme.ACCENT and not self.session.judged
        ):
            self.say("")  # the line speaks of the cursor's cell (a chain's call stays)

    def take_back_chain(self) -> None:
        n = len(self.session.chain or ())
        while self.session.chain is not None:
            self.session.take_back_flip()
        self.say(took_back(n, chain_goes_on=False))

    def play_typed(self, text: str) -> None:
        """A turn typed in the turn box: checked whole, then played as the clicks
        on its cells, a chain tile by tile."""
        s = self.session
        if s.finished or self.reset_in > 0:
            return
        plan = typed_turn(s.board, s.chain, text)
        if plan.reason:
            self.say(plan.reason, theme.BAD)
            self.app.sound("refuse")
            return
        for i, cell in enumerate(plan.cells):
            before = s.chain
            self.click(cell, delay=i * CHAIN_GAP / self.view.speed)
            if s.chain is None or s.chain is before:
                break  # judged, or refused: the rest is not to be clicked

    def click(self, cell: int, delay: float = 0.0) -> None:
        if self.session.finished or self.reset_in > 0:
            return
        outcome = self.session.click(cell)
        if outcome.kind == "refused":
            self.say(outcome.text, theme.BAD)
            self.app.sound("refuse")
            return
        self.show_hint = False
        if outcome.kind == "place":
            self.view.pop(cell, delay)
        elif outcome.mover is not None:  # a flip (a chain's, or its last)
            self.view.flip(cell, outcome.mover.other, delay)
            chained = self.session.chain is not None and len(self.session.chain) > 1
            self.app.sound("chain" if chained or outcome.got > 1 else "flip")
        if outcome.kind == "flip":
            self.say_chain()
            return
        self.judged(outcome)

    def say_chain(self) -> None:
        n = len(self.session.owed())
        if n:
            text = ngettext(
                "Keep going: flip the ringed tile.",
                "Keep going: flip one of the {n} ringed tiles.",
                n,
            )
            self.say(text.format(n=n), theme.ACCENT)
        else:
            self.say("")

    # -- judging ----------------------------------------------------------------------
    def judged(self, outcome: Outcome) -> None:
        right = outcome.kind == "right"
        if right:
            self.next_button.enabled = self.analyse_button.enabled = True
            self.refresh_help()
            self.app.sound("right")
            played = outcome.turn.cells if outcome.turn is not None else ()
            for c in played or self.solution.cells:
                self.particles.burst(self.view.centre(c), theme.ACCENT, 14)
            if self.show_stars:
                n = self.stars
                self.say(
                    ngettext("Right! {n} star.", "Right! {n} stars.", n).format(n=n), theme.GOOD
                )
            else:
                self.say(_("Right!"), theme.GOOD)
        else:
            self.app.sound("wrong")
            # An empty catalog key is gettext's header: a run with no words for a
            # miss (the Trainer) must not show it.
            then = _(self.wrong_text) if self.wrong_text else ""
            if self.puzzle.goal == "most":
                best = len(self.solution.cells)
                got = outcome.got
                took = ngettext(
                    "You took {got} tile; the best takes {best}. {then}",
                    "You took {got} tiles; the best takes {best}. {then}",
                    got,
                )
                self.say(took.format(got=got, best=best, then=then), theme.BAD)
            else:
                text = _("That turn does not win. {then}").format(then=then)
                self.say(text, theme.BAD)
            self.reset_in = RESET_AFTER
        if self.on_result is not None:
            self.on_result(right, outcome.first_try)

    # -- actions ------------------------------------------------------------------------
    def retry(self) -> None:
        self.session.retry()
        self.next_button.enabled = False
        self.refresh_help()
        self.reset_in = 0.0
        self.reveal_queue = []
        self.say("")

    def hint(self) -> None:
        if self.session.finished:
            return
        self.show_hint = True
        first = self.session.hint()
        if self.solution.is_flip:
            self.say(_("Start with {cell} (ringed in green).").format(cell=first), theme.GOOD)
        else:  # a quiet placement wins: the hint says so, or it would read as a flip
            text = _("Place a tile on {cell} (ringed in green).").format(cell=first)
            self.say(text, theme.GOOD)

    def reveal(self) -> None:
        if self.solved:
            return
        first_try = self.session.first_try
        self.reveal_queue = self.session.reveal()
        self.reset_in = 0.0
        self.reveal_timer = 0.3
        self.next_button.enabled = self.analyse_button.enabled = True
        self.refresh_help()
        self.say(_("The answer: {turn}").format(turn=self.puzzle.solution), theme.ACCENT)
        if self.on_result is not None:
            self.on_result(False, first_try)

    def next(self) -> None:
        if self.on_next is not None:
            self.on_next()
        else:
            self.back()

    def back(self) -> None:
        self.app.scenes.pop()

    def say(self, text: str, color: theme.Color = theme.MUTED) -> None:
        self.message = (text, color)

    def banner_room(self, width: int) -> tuple[float, float]:
        """Where the goal and the line under it may go across the window: between
        the arcade's corner labels (its clock, its score)."""
        return 20, width - 20

    def corners_bottom(self, width: int) -> float:
        """Where the labels in the top corners end (the arcade's clock and score)."""
        return 0

    def said_room(self, width: int) -> tuple[float, float]:
        """Where the line that speaks of the board may go across the window."""
        return 20, width - 20

    def hover_text(self) -> tuple[str, theme.Color]:
        """What the line says about the cell under the pointer, as in a match."""
        s = self.session
        cell = self.input.focus
        if cell is None or s.finished or self.reset_in > 0:
            return "", theme.MUTED
        if self.puzzle.goal == "most" and s.chain is None and s.board.tile_at(cell) is None:
            return _(FLIP_FIRST), theme.BAD
        text, tone = explain(s.board, s.chain, cell, your_turn=True)
        return text, theme.TONES[tone]

    # -- time and drawing ------------------------------------------------------------------
    def update(self, dt: float) -> bool:
        self.t += dt
        moving = self.view.busy or self.particles.active
        self.view.update(dt)
        self.particles.update(dt)
        update_all(self.controls, dt)
        moving = self.input.box.update(dt) or moving  # the caret blinks
        if self.reset_in > 0:
            self.reset_in -= dt
            if self.reset_in <= 0:
                self.session.reset()
                moving = True
        if self.reveal_queue:
            self.reveal_timer -= dt
            if self.reveal_timer <= 0:
                cell = self.reveal_queue.pop(0)
                mover = self.session.board.mover
                self.session.reveal_step(cell)
                self.view.flip(cell, mover.other)
                self.app.sound("chain")
                self.reveal_timer = CHAIN_GAP * 3 / self.view.speed
            moving = True
        return moving or self.show_hint or self.session.chain is not None

    def draw(self, surface: pygame.Surface) -> None:
        p = self.puzzle
        tl.block(surface, p.banner, self.banner_box, size=self.banner_size, bold=True,
                 color=theme.TILE[self.session.start.mover], align="center")  # fmt: skip
        tl.block(surface, self.sub_line(), self.sub_box, size=22, color=theme.MUTED,
                 align="center")  # fmt: skip
        text, color = self.message
        if not text:
            text, color = self.hover_text()
        if self.input.typing:
            self.input.box.draw(surface)
        else:
            tl.block(surface, text, self.said_box, size=26, floor=16, color=color, align="center")
        chain = self.session.chain
        targets = frozenset(self.session.owed())
        hint = (self.solution.cells[0],) if self.show_hint and chain is None else ()
        self.view.draw(
            surface,
            self.session.shown(),
            hover=self.hover,
            targets=targets,
            chain=chain.cells if chain is not None else (),
            shapes=self.app.settings.colour_blind,
            hint=hint,
            pulse=self.t,
            cursor=self.input.cursor,
        )
        self.particles.draw(surface)
        draw_all(self.controls, surface)
        self.input.draw_help(surface, self.help_box, *self.input.help_text())
