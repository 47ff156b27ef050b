"""Post-game analysis: the engine goes through every turn in its worker process
(the window keeps drawing; a bar shows how far it got), labels each turn from
best to blunder, and draws an evaluation graph (click a point to go there), an
evaluation bar, and, for each flagged turn, the better turn on the board. A
summary per player closes it; the analysis is kept with the game record."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.i18n import N_, _, ngettext
from game.play.analysis_job import AnalysisJob
from game.play.game_analysis import (
    CLAMP,
    GameAnalysis,
    TurnVerdict,
    better_line,
    summary_line,
)
from game.play.label_note import labels_note_said
from game.play.match import Match
from game.play.notation_note import notation_note
from game.rules import BLUE, RED, Board, Color

from .. import text_layout as tl
from .. import theme
from ..board_input import BoardInput
from ..board_view import BoardView
from ..layout import column, split
from ..layout_tree import Column, Node, Row, Stack
from ..scene import Scene, Services, pad_buttons
from ..side_panel import shown_move
from ..widgets import Button, draw_all, press, update_all
from .analysis_labels import LABEL_COLOR, verdict_shown
from .label_legend import LegendScene

#: The mouse's events that may zoom or move the board.
BOARD_MOUSE = (pygame.MOUSEWHEEL, pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
#: The graph's legend: which way is whose lead.
LEGEND = (N_("Red ahead"), N_("Blue ahead"))


#: The fewest rows of turns the list keeps, whatever the texts over it.
LIST_LEAST = 4


def move_number(ply: int) -> str:
    """The number a turn has in the match's move list, a pair of turns a row:
    "3." for the first turn of row 3, "3..." for the second."""
    return f"{(ply + 1) // 2}{'.' if ply % 2 else '...'}"


class AnalysisScene(Scene):
    pad_keys = pad_buttons(
        lb=(pygame.K_LEFT, N_("previous turn")),
        rb=(pygame.K_RIGHT, N_("next turn")),
    )

    def __init__(
        self, app: Services, match: Match, record_path: Path | None = None, ply: int = 0
    ) -> None:
        """``ply``: the turn shown first (the one a look back was at)."""
        super().__init__(app)
        #: How much larger the panel's texts are in this window (set as laid out).
        self.k = 1.0
        self.rows: list[tuple[int, pygame.Rect]] = []
        #: The first turn in the list's view, once the wheel has moved it; None
        #: keeps the turn shown in the middle of the list.
        self.list_first: int | None = None
        self.list_rows = 1
        self.match = match
        #: The engine's work on the game, through this screen's own line to it.
        self.job = AnalysisJob(match, app.worker.line(), record_path)
        self.analysis: GameAnalysis = self.job.analysis
        self.view = BoardView(match.board.size)
        #: The mouse and the keys on the board: here they only zoom and pan it.
        self.input = BoardInput(self.view)
        self.ply = max(0, min(len(self.analysis.turns), ply))  # turns on the board shown
        self.back_button = Button(N_("Back"), self.app.scenes.pop, key=pygame.K_ESCAPE, size=22)
        # What the labels mean, in tiles (play-test: shown, nowhere explained).
        legend = Button(
            N_("Legend"), lambda: app.scenes.push(LegendScene(app)), key=pygame.K_l, size=22
        )
        self.controls = [self.back_button, legend]
        self.t = 0.0

    def enter(self) -> None:
        self.resize(self.app.size)

    def resume(self) -> None:
        self.resize(self.app.size)

    def leave(self) -> None:
        self.job.stop()

    def layout(self, size: tuple[int, int]) -> Node:
        """The panel at the right, Back at its foot; at the left the evaluation
        bar beside the board, and the graph under both, and under it a line of
        the keys that go through the game."""
        w, h = size
        self.k = theme.window_scale(size)
        # A third of the window, but in the smallest ones room for a row of the
        # list (its number, a chain and "inaccuracy") in Large text.
        panel = min(round(360 * self.k), max(w // 3, 240))
        self.view.coordinates = self.app.settings.coordinates
        # The legend in a column of its own beside the graph, so no line runs
        # through its words and the curve spans the whole graph drawn.
        legend = max(theme.font(14).size(_(words))[0] for words in LEGEND) + 12
        wide = max(20, w - panel - 60 - legend)
        graph = Row(
            height=100, justify="start", children=[Node("graph", width=wide), Node("legend")]
        )
        left = Stack(
            children=[
                Column(
                    justify="start",
                    padding=(60, 0, 0, 8),
                    children=[Node("bar", width=18, height=h - 200, anchor="left")],
                ),
                Column(
                    justify="start",
                    padding=(50, 20, 0, 36),
                    children=[Node(self.view, height=h - 190)],
                ),
                Column(
                    justify="end",
                    padding=(0, 20, 4, 40),
                    # Over the graph while the engine works: how far it has got.
                    children=[
                        # As wide as the graph: not into the legend's column.
                        Row(
                            height=6,
                            margin=(0, 0, 4, 0),
                            justify="start",
                            children=[Node("progress", width=wide)],
                        ),
                        graph,
                        Node("keys", height=26),
                    ],
                ),
            ]
        )
        # The panel: its title, what it says of the turn and the game over the list
        # of turns, and Back at the foot.
        side = Column(
            key="panel",
            width=panel,
            padding=(8, 12, 14, 12),
            children=[
                Node("title", height=round(44 * self.k), margin=(0, 4)),
                Node("said", margin=(0, 4)),
                Row(height=42, gap=8, children=[Node(c) for c in self.controls[::-1]]),
            ],
        )
        return Row(children=[left, side])

    def z(self, size: int) -> int:
        """The panel's text ``size`` in this window: larger in a large one."""
        return round(size * self.k)

    @property
    def panel(self) -> pygame.Rect:
        return self.boxes.rect("panel")

    @property
    def graph(self) -> pygame.Rect:
        return self.boxes.rect("graph")

    @property
    def plot(self) -> pygame.Rect:
        """The part of the graph the curve is drawn in: all its width, its
        first turn at its left edge and the game's end at its right."""
        return self.graph.inflate(-2, -8)

    @property
    def bar(self) -> pygame.Rect:
        """The evaluation bar beside the board."""
        return self.boxes.rect("bar")

    @property
    def keys_box(self) -> pygame.Rect:
        return self.boxes.rect("keys")

    # -- the engine ----------------------------------------------------------------------
    def update(self, dt: float) -> bool:
        self.t += dt
        moving = update_all(self.controls, dt)
        working = self.job.step()
        for message in self.job.news():
            self.app.toast(message)
        return working or moving

    # -- input -----------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if press(self.controls, event, self.app.click):
            return
        n = len(self.analysis.turns)
        if event.type == pygame.KEYDOWN:
            target = {
                pygame.K_LEFT: self.ply - 1,
                pygame.K_RIGHT: self.ply + 1,
                pygame.K_HOME: 0,
                pygame.K_END: n,
            }.get(event.key)
            if target is not None:
                self.go(target)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.graph.collidepoint(event.pos) and n:
                x = (event.pos[0] - self.plot.left) / max(1, self.plot.width)
                self.go(round(max(0.0, min(1.0, x)) * n))
            for ply, r in self.rows:
                if r.collidepoint(event.pos):
                    self.go(ply)
        elif event.type == pygame.MOUSEWHEEL and self.over_panel():
            first = self.list_first if self.list_first is not None else self.first_in_view()
            top = max(0, n - self.list_rows)
            self.list_first = max(0, min(top, first - 3 * event.y))
            return
        # Over the board, the wheel, + and - and a drag bring a part of it closer.
        if event.type == pygame.KEYDOWN:
            self.input.zoom_key(event.key)
        elif event.type in BOARD_MOUSE:
            self.input.handle(event)  # no cell is played here: only the view moves

    def over_panel(self) -> bool:
        pointer = self.app.pointer
        return pointer is not None and self.panel.collidepoint(pointer)

    def go(self, ply: int) -> None:
        """Show the position after ``ply`` turns, its turn brought into the list's view."""
        self.ply = max(0, min(len(self.analysis.turns), ply))
        self.list_first = None

    def first_in_view(self) -> int:
        """The first turn of the list in view: the wheel's choice, else the turn
        shown kept in the middle."""
        n = len(self.analysis.verdicts)
        if self.list_first is not None:
            return max(0, min(self.list_first, n - self.list_rows))
        # The turn shown is row ply - 1 (none at the start): the middle of the view.
        middle = self.ply - 1 - (self.list_rows - 1) // 2
        return max(0, min(middle, n - self.list_rows))

    # -- drawing ------------------------------------------------------------------------------
    def board_at(self, ply: int) -> Board:
        b = Board(self.match.board.root)
        for _before, played, _verdict in self.analysis.turns[:ply]:
            b.play(played)
        return b

    def draw(self, surface: pygame.Surface) -> None:
        board = self.board_at(self.ply)
        verdict = self.analysis.verdicts[self.ply - 1] if self.ply else None
        better: tuple[int, ...] = ()
        if verdict is not None and verdict.flagged:
            before = self.board_at(self.ply - 1)
            better = before.parse_turn(verdict.best).cells
        last = board.peek()
        self.view.draw(
            surface,
            board,
            last=last.cells if last else (),
            hint=better,
            shapes=self.app.settings.colour_blind,
            pulse=self.t,
        )
        self.draw_bar(surface)
        self.draw_graph(surface)
        self.input.draw_help(
            surface,
            self.keys_box,
            _("Left and Right step through the moves; Home and End go to the first and the last."),
            _("Left, Right: the moves. Home, End: the first, the last."),
            _("Left, Right: the moves."),
        )
        self.draw_panel(surface, verdict)
        draw_all(self.controls, surface)

    def draw_bar(self, surface: pygame.Surface) -> None:
        """Red's share of the bar, from the top: how the position shown stands, by
        the engine. Red is up here as on the graph, and the ends say so."""
        curve = self.analysis.curve()
        i = min(self.ply, len(curve) - 1)
        point = curve[i]
        value = point if point is not None else 0.0
        share = 0.5 + 0.5 * value / CLAMP
        r = self.bar
        pygame.draw.rect(surface, theme.TILE[BLUE], r, border_radius=4)
        red = pygame.FRect(r)
        red.height = r.height * share
        pygame.draw.rect(surface, theme.TILE[RED], red, border_radius=4)
        theme.text(surface, _("R"), (r.centerx, r.top - 4), size=16, color=theme.TILE[RED],
                   anchor="midbottom", bold=True)  # fmt: skip
        theme.text(surface, _("B"), (r.centerx, r.bottom + 4), size=16, color=theme.TILE[BLUE],
                   anchor="midtop", bold=True)  # fmt: skip

    def draw_graph(self, surface: pygame.Surface) -> None:
        g, plot = self.graph, self.plot
        pygame.draw.rect(surface, theme.BG_LIGHT, g, border_radius=6)
        pygame.draw.line(surface, theme.CELL_EDGE, (g.left, g.centery), (g.right - 1, g.centery))
        n = max(1, len(self.analysis.turns))  # a point before each turn, and one after the last
        for run in self.analysis.runs():
            points = [
                (plot.left + plot.width * i / n, plot.centery - plot.height / 2 * v / CLAMP)
                for i, v in run
            ]
            if len(points) > 1:
                pygame.draw.lines(surface, theme.TEXT, False, points, 2)
            else:
                pygame.draw.circle(surface, theme.TEXT, points[0], 2)
        for verdict in self.analysis.verdicts:
            if verdict is not None and verdict.flagged:
                # Where a click shows the turn: the position after it.
                x = plot.left + plot.width * verdict.ply / n
                pygame.draw.circle(surface, LABEL_COLOR[verdict.label], (x, g.bottom - 6), 4)
        x = plot.left + plot.width * self.ply / n
        pygame.draw.line(surface, theme.ACCENT, (x, g.top), (x, g.bottom), 2)
        # Which way is whose, in the legend's own column: Red ahead is up, Blue
        # ahead down, as on the bar.
        red, blue = LEGEND
        key = self.boxes.rect("legend")
        theme.text(surface, _(red), (key.left + 6, key.top + 3), size=14,
                   color=theme.TILE[RED], anchor="topleft", box=key)  # fmt: skip
        theme.text(surface, _(blue), (key.left + 6, key.bottom - 3), size=14,
                   color=theme.TILE[BLUE], anchor="bottomleft", box=key)  # fmt: skip
        if not self.analysis.done:
            done = self.boxes["progress"]
            done.width *= min(1.0, max(0.0, self.analysis.progress))
            pygame.draw.rect(surface, theme.ACCENT, done, border_radius=3)

    def draw_panel(self, surface: pygame.Surface, verdict: TurnVerdict | None) -> None:
        p = self.panel
        pygame.draw.rect(surface, theme.PANEL, p)
        tl.label(surface, _("Analysis"), self.boxes["title"], size=self.z(30), bold=True)
        # Each text under the one before, as tall as it is wrapped; the list under them.
        area = self.boxes["said"]
        if not self.analysis.done:
            # In the panel, not over the board: how far the engine has got.
            # The ending's exact solves take most of the time: say why it waits.
            if self.analysis.settling:
                progress = _("Solving the ending... {percent}")
            else:
                progress = _("Analysing... {percent}")
            progress = progress.format(percent=f"{self.analysis.progress:.0%}")
            box, area = split(area, tl.block_height(progress, self.z(18), area.width), gap=6)
            tl.block(surface, progress, box, size=self.z(18), color=theme.MUTED)
        deeper = None
        if self.analysis.done and self.job.running:
            # Every turn has its label: the engine looks deeper at the unsure
            # ones, and at the inaccuracies, mistakes and blunders.
            count = len(self.analysis.unsettled_turns())
            deeper = ngettext(
                "Looking deeper at {n} label...",
                "Looking deeper at {n} labels...",
                count,
            ).format(n=count)
        width = area.width
        said: list[tuple[str, theme.Color, int]] = []  # each text, its colour and size
        if verdict is not None:
            word, tone = verdict_shown(verdict)
            header = _("{number} {turn}: {verdict}").format(
                number=move_number(verdict.ply), turn=shown_move(verdict.played), verdict=word
            )
            said.append((header, tone, self.z(20)))
            if verdict.flagged:
                said.append((better_line(verdict), theme.GOOD, self.z(18)))
        # The list's few rows come first: the texts above it take what is left,
        # the summaries said short where whole they would crowd the list out.
        line = theme.font(self.z(18)).get_linesize()
        keep = 16 + min(len(self.analysis.verdicts), LIST_LEAST) * (line + 4)
        room = area.height - keep - sum(tl.block_height(t, z, width) + 2 for t, _c, z in said)
        summaries = [
            [(self.summary(c, short), theme.TILE[c], self.z(18)) for c in (RED, BLUE)]
            for short in (False, True)
        ]
        # A "?" listed unexplained reads as a fault: while one is, the note keeps
        # its room first, then the summaries say short, then the list gives rows
        # (one it keeps). Without one, the note (labels may change, or are
        # final) comes before the legend, and the line looking deeper last, in
        # the room left.
        note = labels_note_said(self.analysis, self.job.running)
        note_h = tl.block_height(note, self.z(16), width) + 8 if note else 0
        unsure = any(v is not None and v.unsure for v in self.analysis.verdicts)
        if unsure:
            room -= note_h
        tall = [6 + sum(tl.block_height(t, z, width) + 2 for t, _c, z in s) for s in summaries]
        short = tall[0] > room
        room -= tall[short]
        if unsure and room < 0:
            given = min(
                -(-int(-room) // (line + 4)),
                max(0, min(len(self.analysis.verdicts), LIST_LEAST) - 1),
            )
            keep -= given * (line + 4)
            room += given * (line + 4)
        said += summaries[short]
        first_summary = len(said) - 2
        noted = unsure or 0 < note_h <= room
        if noted and not unsure:
            room -= note_h
        # What "x" and a run of cells mean, as under the match's move list.
        legend = notation_note(played for _before, played, _verdict in self.analysis.turns)[0]
        legend_h = tl.block_height(legend, self.z(16), width) + 8
        if legend and legend_h <= room:
            said.append((legend, theme.MUTED, self.z(16)))
            room -= legend_h
        if noted and note:
            said.append((note, theme.MUTED, self.z(16)))
        # The line that says the engine looks deeper is left out where it would
        # take the list's rows (in the smallest window in Large text).
        if deeper is not None:
            deeper_h = tl.block_height(deeper, self.z(16), width)
            if deeper_h + 6 <= room:
                box, area = split(area, deeper_h, gap=6)
                tl.block(surface, deeper, box, size=self.z(16), color=theme.MUTED)
        for i, (text, tone, size) in enumerate(said):
            if i in (first_summary, first_summary + 2):  # a gap before the summaries, and the note
                area = split(area, 6)[1]
            # Never into the list's rows: a text short of room is drawn smaller,
            # and at the floor its last lines are left out.
            high = min(tl.block_height(text, size, width), max(line, int(area.height) - keep))
            box, area = split(area, high, gap=2)
            tl.block(surface, text, box, size=size, color=tone)
        # The list 8 under the texts and 8 above Back, 4 wider than they each side.
        below = split(area, 8)[1]
        self.draw_list(surface, split(below, 8, "bottom")[1].inflate(8, 0))

    def summary(self, color: Color, short: bool) -> str:
        """One player's summary, whole or short."""
        return summary_line(color.title, self.analysis.summary(str(color)), short)

    def draw_list(self, surface: pygame.Surface, area: pygame.FRect) -> None:
        """The turns in ``area``, a row each, its number, the turn and its verdict:
        the turn shown is marked, and each row is a place to click."""
        self.rows = []
        face = theme.font(self.z(18))
        # Numbers right-aligned in a column of their own, as in the match's list;
        # the verdicts in one at the right; the turn between them, cut with "..."
        # where a long chain does not fit (never smaller: the header above shows
        # the turn chosen whole).
        number_w = face.size("00...")[0]
        # Two thirds of a letter's height between the columns: at 6 pixels "14...e2"
        # read as one word, and a chain ran up to its verdict.
        gap = face.get_height() * 2 // 3
        line_h = face.get_linesize() + 4
        rows = int(area.height // line_h)
        self.list_rows = max(1, rows)
        if rows < 1:
            return  # no room for a row: none drawn over Back (the header shows the turn)
        n = len(self.analysis.verdicts)
        first = self.first_in_view()
        # The verdicts' column as wide as the widest in view, but never more than
        # leaves the turns in view whole (up to half the row): in a narrow panel
        # "inaccuracy" would cut a pass to "pa...". A verdict short of room is
        # drawn smaller instead.
        view = range(first, min(n, first + rows))
        shown = [verdict_shown(v)[0] for v in self.analysis.verdicts[first : first + rows] if v]
        verdict_w = max((face.size(word)[0] for word in shown), default=face.size("...")[0])
        row_w = self.panel.width - 24 - 8 - number_w - gap
        moves = [shown_move(self.analysis.turns[i][1]) for i in view]
        turns_w = max((face.size(move)[0] for move in moves), default=0)
        verdict_w = max(min(verdict_w, row_w - gap - min(turns_w, row_w // 2)), row_w // 3)
        boxes = column(area, len(view), height=line_h - 2, gap=2)
        # The verdicts are one column: one size, the one the tightest in view fits.
        cells = [split(r.inflate(-8, 0), number_w, "left", gap=gap) for r in boxes]
        parts = [split(rest, verdict_w, "right", gap=gap) for _n, rest in cells]
        most = min(
            (tl.label_px(word, parts[0][0], self.z(18), floor=12) for word in shown if parts),
            default=None,
        )
        for i, played, r, (number, _rest), (verdict, turn) in zip(
            view, moves, boxes, cells, parts, strict=True
        ):
            v = self.analysis.verdicts[i]
            label, tone = verdict_shown(v) if v is not None else ("...", theme.MUTED)
            if i + 1 == self.ply:
                pygame.draw.rect(surface, theme.BG_LIGHT, r, border_radius=4)
            tl.label(surface, move_number(i + 1), number, size=self.z(18), color=theme.MUTED,
                     align="right", floor=self.z(18))  # fmt: skip
            tl.label(surface, played, turn, size=self.z(18), floor=self.z(18))
            tl.label(surface, label, verdict, size=self.z(18), color=tone, align="right", floor=12,
                     most=most)  # fmt: skip
            self.rows.append((i + 1, pygame.Rect(r)))
