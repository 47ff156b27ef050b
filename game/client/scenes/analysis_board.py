"""The analysis board: set up any position and study it.

Paint cells Red, Blue or empty, choose the side to move and the board side, copy
the position as MFEN or paste one in; the status line says whether the game can
go on from it. The engine (in its worker, never blocking the window) gives its
best turn, drawn on the board, and how the position stands; the chain preview
writes on each flippable tile how many tiles the best chain starting there
takes. Any match opens here with "Analyse this position" from its pause menu."""

from __future__ import annotations

import pygame

from game.i18n import N_, _, ngettext
from game.play.board_keys import typed_turn
from game.play.chain_on_board import chain_preview
from game.play.engine_look import EngineLook, said
from game.play.explain import describe
from game.play.jobs import Job
from game.play.match import sentence
from game.play.own_puzzles import save_as_puzzle
from game.rules import BLUE, RED, Board, Position, RulesError

from .. import text_layout as tl
from .. import theme
from ..board_input import BOARD_PAD, BoardAction, BoardInput
from ..board_view import BoardView
from ..button_label import button_label_px, label_width
from ..layout import split
from ..layout_tree import Column, Grid, Node, Row
from ..margin import framed_height
from ..scene import Scene, Services, pad_buttons
from ..widgets import Button, Segments, draw_all, press, title_column, update_all

SIDES = [str(n) for n in range(3, 9)]
BRUSHES = [N_("Red"), N_("Blue"), N_("Empty")]
#: The sides to move, as the Turn choice names them (the choices translate them).
MOVERS = [N_("Red"), N_("Blue")]


class AnalysisBoardScene(Scene):
    pad_keys = pad_buttons(
        BOARD_PAD,
        a=(pygame.K_RETURN, N_("paint the cursor's cell with the brush")),
        x=(pygame.K_BACKSPACE, N_("empty the cursor's cell")),
        y=(pygame.K_e, N_("best turn")),
    )

    def __init__(self, app: Services, position: Position | None = None) -> None:
        super().__init__(app)
        #: This screen's own line to the AI's process.
        self.ai = app.worker.line()
        position = position or Position.empty(app.settings.board_side)
        self.red = set(position.tiles(RED))
        self.blue = set(position.tiles(BLUE))
        self.side = position.size
        self.mover = position.mover
        self.brush = "Red"
        self.preview = False
        #: The engine's quick answer, then its deeper one.
        self.look = EngineLook(self.ai)
        self.view = BoardView(self.side)
        #: The keyboard: a cursor to paint with, and a box to play a turn in.
        self.input = BoardInput(self.view)
        self.input.box.size = 20
        #: What the line under the board says after a typed turn (until the next key).
        self.note: tuple[str, theme.Color] = ("", theme.MUTED)
        self.brush_choice = Segments(N_("Paint"), BRUSHES, self.brush, self.choose_brush, size=18)
        self.side_choice = Segments(N_("Side"), SIDES, str(self.side), self.choose_side, size=18)
        self.mover_choice = Segments(
            N_("Turn"), MOVERS, self.mover.title, self.choose_mover, size=18
        )
        self.engine_button = Button(N_("Best turn"), self.ask_engine, key=pygame.K_e, size=20)
        self.preview_button = Button(
            _("Chain preview"), self.toggle_preview, key=pygame.K_v, size=20
        )
        # The position's MFEN, in the players' words: "MFEN" is for engineers.
        self.copy_button = Button(N_("Copy position"), self.copy, key=pygame.K_c, size=20)
        self.paste_button = Button(N_("Paste position"), self.paste, key=pygame.K_p, size=20)
        self.clear_button = Button(N_("Clear"), self.clear, size=20)
        self.save_button = Button(N_("Save as puzzle"), self.save_puzzle, key=pygame.K_s, size=20)
        #: The proof of a puzzle being saved, in the jobs process.
        self.saving: Job | None = None
        self.back_button = Button(N_("Back"), self.app.scenes.pop, key=pygame.K_ESCAPE, size=20)
        #: The panel's choices, and its buttons in pairs, left then right.
        self.choices = [self.brush_choice, self.side_choice, self.mover_choice]
        title_column(self.choices)  # stacked, their options start at one edge
        self.pairs = [
            self.engine_button,
            self.preview_button,
            self.copy_button,
            self.paste_button,
            self.save_button,
            self.clear_button,
        ]
        self.controls = [*self.choices, *self.pairs, self.back_button]

    # -- the position ------------------------------------------------------------------
    def position(self) -> Position:
        return Position.from_cells(self.side, sorted(self.red), sorted(self.blue), self.mover)

    def board(self) -> Board:
        return Board(self.position())

    def mfen(self) -> str:
        return self.position().mfen()

    def status(self) -> tuple[str, theme.Color]:
        """Whether play can go on from here, in words."""
        board = self.board()
        if board.is_game_over():
            text = _("The game is over here: Red {red} tiles, Blue {blue}.")
            return text.format(red=len(self.red), blue=len(self.blue)), theme.MUTED
        side = _(self.mover.title)
        if board.must_pass():
            return _("{side} has no legal turn here and must pass.").format(side=side), theme.ACCENT
        n = len(board.legal_turns())
        text = ngettext("{side} to move: {n} legal turn.", "{side} to move: {n} legal turns.", n)
        return text.format(side=side, n=n), theme.GOOD

    def set_position(self, position: Position) -> None:
        self.red, self.blue = set(position.tiles(RED)), set(position.tiles(BLUE))
        self.mover = position.mover
        if position.size != self.side:
            self.side = position.size
            self.view = BoardView(self.side)
            self.input.use(self.view)
            self.resize(self.app.size)
        self.side_choice.index = SIDES.index(str(self.side)) if str(self.side) in SIDES else 0
        self.mover_choice.index = 0 if self.mover == RED else 1
        self.changed()

    def changed(self) -> None:
        """The position changed: the engine's answer no longer applies."""
        self.look.drop()

    # -- controls -------------------------------------------------------------------
    def choose_brush(self, value: str) -> None:
        self.brush = value

    def choose_side(self, value: str) -> None:
        if int(value) == self.side:
            return
        self.set_position(Position.empty(int(value), self.mover))

    def choose_mover(self, value: str) -> None:
        self.mover = RED if value == "Red" else BLUE
        self.changed()

    def clear(self) -> None:
        self.set_position(Position.empty(self.side, self.mover))

    def paint(self, cell: int) -> None:
        self.red.discard(cell)
        self.blue.discard(cell)
        if self.brush == "Red":
            self.red.add(cell)
        elif self.brush == "Blue":
            self.blue.add(cell)
        self.changed()

    def copy(self) -> None:
        text = self.mfen()
        try:
            pygame.scrap.put_text(text)
        except pygame.error as e:
            text = _("The clipboard is not available ({problem}); the position is {mfen}").format(
                problem=e, mfen=text
            )
            self.app.toast(text, 8.0)
            return
        self.app.toast(_("Copied: {mfen}").format(mfen=text))

    def paste(self) -> None:
        try:
            text = pygame.scrap.get_text() or ""
        except pygame.error as e:
            self.app.toast(_("The clipboard is not available ({problem}).").format(problem=e))
            return
        text = text.strip()
        if not text:
            self.app.toast(_("The clipboard holds no text to read as a position."))
            return
        try:
            position = Position.from_mfen(text)
        except RulesError as e:
            self.app.toast(_("That is not a position: {problem}").format(problem=e), 6.0)
            return
        if str(position.size) not in SIDES:
            text = _("This board has side {side}; the game plays sides 3 to 8.")
            self.app.toast(text.format(side=position.size))
            return
        self.set_position(position)

    def save_puzzle(self) -> None:
        """Prove the position as a puzzle and add it to the player's own pack."""
        if self.saving is not None:
            return
        self.saving = self.app.jobs.submit(save_as_puzzle, self.board(), self.app.data)

    def toggle_preview(self) -> None:
        self.preview = not self.preview

    def ask_engine(self) -> None:
        board = self.board()
        turns = board.legal_turns()
        if not turns or board.is_game_over():
            self.app.toast(_("There is no turn to look for here."))
            return
        self.look.ask(board.mfen(), board.notation(turns[0]))

    # -- the scene ------------------------------------------------------------------------
    def enter(self) -> None:
        self.resize(self.app.size)

    def resume(self) -> None:
        self.resize(self.app.size)

    def leave(self) -> None:
        self.look.drop()

    def layout(self, size: tuple[int, int]) -> Node:
        """The board with the line under it at the left; the panel at the right:
        its title, the three choices, the buttons in pairs, the lines about the
        position, and Back at the foot."""
        w, h = size
        panel = min(380, max(260, w // 3))
        self.view.coordinates = self.app.settings.coordinates
        bh = 38 if h >= 560 else 32
        label_size = 20 if (panel - 24 - 8) / 2 >= 150 else 17
        for b in self.pairs:
            b.size = label_size
        panel, rows = self.pair_room(w, panel, bh)
        board = Column(
            padding=10,
            gap=12,
            children=[Node(self.input.box, dock="bottom", height=38), Node(self.view)],
        )
        side = Column(
            key="panel",
            width=panel,
            justify="start",
            padding=(8, 12, 12, 12),
            children=[
                Node("title", height=44, margin=(0, 2)),
                Column(
                    height=3 * 40 - 8 + 4,
                    padding=(4, 0, 0, 0),
                    gap=8,
                    children=[Node(c, height=32) for c in self.choices],
                ),
                Grid(
                    height=sum(rows) + 2 * 8 + 12,
                    padding=(12, 0, 0, 0),
                    columns=2,
                    rows=rows,
                    gap=8,
                    children=[Node(b) for b in self.pairs],
                ),
                # The lines about the position, from 12 under the buttons to 4 above Back.
                Node("lines", margin=(12, 2, 4, 2)),
                Node(self.back_button, height=bh),
            ],
        )
        return Row(children=[board, side])

    def pair_room(self, w: int, panel: int, bh: int) -> tuple[int, list[float]]:
        """The panel's width and the paired buttons' row heights: fitted to a
        panel too narrow for them, Large's labels shrank to Normal's size or
        under. The panel widens toward what the labels need on one line at the
        text size (up to half the window, and a third past 380 pixels); a row is
        two lines high only where one line would still shrink a label well
        below its size."""
        size = self.pairs[0].size
        labels = [_(b.label) for b in self.pairs]
        one = 2 * (max(label_width(m, theme.px(size)) for m in labels) + 8) + 32
        panel = max(panel, min(w // 2, max(380, w // 3), one))
        cell = pygame.Rect(0, 0, (panel - 32) // 2, bh)
        tall = framed_height(theme.px(size), 2)
        rows: list[float] = []
        for pair in zip(labels[::2], labels[1::2], strict=True):
            # Two lines help only a label of more than one word ("Kettenvorschau" not).
            breaks = [button_label_px(m, cell, size) for m in pair if " " in m.strip()]
            shrunk = min(breaks, default=theme.px(size)) < 0.9 * theme.px(size)
            rows.append(max(bh, tall) if shrunk else bh)
        return panel, rows

    @property
    def panel(self) -> pygame.Rect:
        return self.boxes.rect("panel")

    @property
    def typing(self) -> bool:
        return self.input.typing

    def update(self, dt: float) -> bool:
        moving = update_all(self.controls, dt)
        moving = self.input.box.update(dt) or moving  # the caret blinks
        if self.saving is not None and self.saving.done:
            job, self.saving = self.saving, None
            if job.error is None:
                done, message = job.value
            else:
                message = _("The puzzle could not be saved: {problem}.").format(problem=job.error)
                done = False
            if done:
                self.app.puzzles.reload()
            self.app.toast(message, 6.0)
            moving = True
        changed, error = self.look.poll()
        if error is not None:
            self.app.toast(_("The engine could not answer: {problem}").format(problem=error))
        return moving or changed

    def handle(self, event: pygame.event.Event) -> None:
        action = self.input.keys(event)
        if action is not None:
            self.act(action)
            return
        if press(self.controls, event, self.app.click):
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            cell = self.view.cell_at(event.pos)
            if cell is None:
                self.input.handle(event)  # between the cells: a drag moves the board
            elif event.button == 3:  # right-click empties a cell whatever the brush
                brush, self.brush = self.brush, "Empty"
                self.paint(cell)
                self.brush = brush
            else:
                self.paint(cell)
        else:
            self.input.handle(event)  # the wheel zooms, a drag moves what is shown

    def act(self, action: BoardAction) -> None:
        """What the keys did on the board: Enter paints the cursor's cell with the
        brush, Backspace empties it (as the mouse's buttons do), and a typed turn
        is played on the position."""
        self.note = ("", theme.MUTED)
        if action.kind == "click" and action.cell is not None:
            self.paint(action.cell)
        elif action.kind == "back" and action.cell is not None:
            brush, self.brush = self.brush, "Empty"
            self.paint(action.cell)
            self.brush = brush
        elif action.kind == "turn":
            self.play_typed(action.text)

    def play_typed(self, text: str) -> None:
        """Play a typed turn on the position, checked by the rules: the position
        after it is then on the board, the other side to move."""
        board = self.board()
        plan = typed_turn(board, None, text)
        reason = plan.reason
        if not reason:
            try:
                turn = board.play(board.parse_turn("".join(text.split()).lower()))
            except RulesError as e:
                reason = sentence(str(e))
        if reason:
            self.note = (reason, theme.BAD)
            self.app.sound("refuse")
            return
        mover = _(self.mover.title)
        self.set_position(board.position())
        played = _("{side} played {turn}.").format(side=mover, turn=board.notation(turn))
        self.note = (played, theme.TEXT)

    def cursor_text(self) -> tuple[str, theme.Color]:
        """What the line under the board says of the cursor's cell."""
        cell = self.input.cursor
        if cell is None:
            return self.note
        where = describe(self.board(), cell)
        if self.brush == "Empty":
            return _("{cell} Enter empties it.").format(cell=where), theme.MUTED
        if self.brush == "Red":
            return _("{cell} Enter paints it Red.").format(cell=where), theme.MUTED
        return _("{cell} Enter paints it Blue.").format(cell=where), theme.MUTED

    def draw(self, surface: pygame.Surface) -> None:
        board = self.board()
        best: tuple[int, ...] = ()
        look = self.look.answer_for(board.mfen())
        if look is not None and look.turn:
            try:
                best = board.parse_turn(look.turn).cells
            except RulesError:
                best = ()
        self.view.draw(
            surface,
            board,
            hint=best,
            shapes=self.app.settings.colour_blind,
            cursor=self.input.cursor,
        )
        if self.input.typing:
            self.input.box.draw(surface)
        else:
            text, color = self.note if self.note[0] else self.cursor_text()
            if text:
                tl.block(surface, text, self.input.box.rect, size=20, floor=12, color=color)
        if self.preview and not board.is_game_over():
            for cell, n in chain_preview(board).items():
                theme.text(
                    surface,
                    str(n),
                    self.view.centre(cell),
                    size=22,
                    bold=True,
                    color=theme.ACCENT,
                    anchor="center",
                )
        p = self.panel
        pygame.draw.rect(surface, theme.PANEL, p)
        tl.label(surface, _("Analysis board"), self.boxes["title"], size=28, bold=True)
        draw_all(self.controls, surface)
        # The engine's lines first: with little room (640x480, Large text) the
        # answer the player asked for, and whether it is final, matter most.
        lines: list[tuple[tuple[str, ...], theme.Color]] = []
        if self.saving is not None:
            lines.append(((_("The solver is proving the puzzle..."),), theme.MUTED))
        look = self.look.answer_for(board.mfen())
        if self.look.thinking:
            lines.append(((_("The engine is thinking..."),), theme.MUTED))
        elif look is not None:
            lines.append(((said(look, self.mover),), theme.GOOD))
            if look.exact:
                lines.append(((_("The exact solver proved it."),), theme.MUTED))
            elif self.look.deepening:
                lines.append(((_("The engine is looking deeper..."),), theme.MUTED))
            if look.changed_from:
                changed = _("A deeper look changed it from {turn}.")
                lines.append(((changed.format(turn=look.changed_from),), theme.MUTED))
        text, tone = self.status()
        lines.append(((text,), tone))
        if self.preview:
            lines.append(((_("Numbers: tiles the best chain from that flip takes."),), theme.MUTED))
        # The keys before the MFEN, which the Copy button gives whole anyway:
        # the shortest wording where the longest has no room.
        lines.append((self.input.help_text(paints=True), theme.MUTED))
        lines.append(((_("Position code: {code}").format(code=self.mfen()),), theme.MUTED))
        # Each line whole or not at all, above the Back button (an MFEN has no
        # spaces: it breaks where the width does).
        area = self.boxes["lines"]
        for wordings, c in lines:
            fits = [m for m in wordings if tl.block_height(m, 18, area.width) <= area.height]
            if not fits:
                break
            msg = fits[0]
            box, area = split(area, tl.block_height(msg, 18, area.width), "top", gap=4)
            tl.block(surface, msg, box, size=18, color=c)
