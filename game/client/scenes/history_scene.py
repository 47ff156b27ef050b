"""The history: every finished match, newest first, with who it was against,
the result and score, its length and date; a filter by opponent; each one to
open for a look back (or analysis), to delete or to export; and the wins, draws
and losses against each AI level on each board side."""

from __future__ import annotations

import pygame

from game.i18n import N_, _, ngettext
from game.play import look_back
from game.play.history import Entry, entries, export, opponents, results_lines, results_top
from game.play.history_notes import games_note
from game.play.match import Match, open_record

from .. import text_layout as tl
from .. import theme
from ..focus_row import PRESS, row_step
from ..layout import split
from ..layout_tree import Column, Grid, Node, Row
from ..scene import Scene, Services, pad_buttons
from ..stepper_choice import StepperChoice
from ..widgets import Button, Segments, draw_all, press, update_all
from .analysis_scene import AnalysisScene
from .confirm import ConfirmScene
from .history_filter import opponent_filter, reads_side_by_side
from .history_list import GAP, RowSizes
from .history_notes import STAT_SIZE, Notes, draw_notes, stat_line
from .mosaix_sheet import fits
from .review_scene import ReviewScene

ROW = 34  # a game's row in the smallest window; a taller one has taller rows
#: The widest the column of the list, its filter and its buttons grows: rows
#: across a whole large window were read with the eyes running far, most of it empty.
COLUMN = 900
#: The rows a long list keeps at 640x480 however many results are under it.
LIST_ROWS = 6
#: The most opponents the filter shows side by side, after "All"; more go on a stepper.
SIDE_BY_SIDE = 6
#: The size of the filter's text: the results' under the list, so neither reads smaller.
FILTER_SIZE = 18
#: How tall the filter stands.
FILTER_ROW = 36
#: The band of the title in a tall window (16 less at 640x480), and the gap under the filter.
HEAD = 80
FILTER_GAP = 14
#: The focus on the results, a stop of its own while one opponent's scroll.
RESULTS = -1


class HistoryScene(Scene):
    pad_keys = pad_buttons(
        a=(pygame.K_RETURN, N_("open the game")),
        x=(pygame.K_DELETE, N_("delete the game")),
        y=(pygame.K_a, N_("analyse the game")),
    )

    def __init__(self, app: Services) -> None:
        super().__init__(app)
        #: Lines of results that fit under the list.
        self.stats_room = 3
        #: The first of one opponent's results in view (they scroll).
        self.stats_first = 0
        self.selected = 0
        self.first = 0
        self.filter = "All"
        #: The control the keyboard focus is on (an index of ``controls``),
        #: ``None``: the list of games, its selected row lit as the focus, or
        #: :data:`RESULTS`.
        self.focus: int | None = None
        #: A game's row, and its text size: grown with the window, as the other
        #: lists' rows are (set as laid out).
        self.row = ROW
        self.sizes = RowSizes(20, ROW)
        self.head_h = HEAD
        self.row_size = 20
        self.stat_size = STAT_SIZE
        self.open_button = Button(N_("Open"), self.open, key=pygame.K_RETURN, size=22)
        self.analyse_button = Button(N_("Analyse"), self.analyse, key=pygame.K_a, size=22)
        self.delete_button = Button(N_("Delete"), self.ask_to_delete, key=pygame.K_DELETE, size=22)
        self.export_button = Button(N_("Export all"), self.export, size=22)
        self.back_button = Button(N_("Back"), self.app.scenes.pop, key=pygame.K_ESCAPE, size=22)
        self.games: list[Entry] = []
        self.filter_choice: Segments | None = None
        #: The filter's text size and height: grown with the window, as the rows are.
        self.filter_size = FILTER_SIZE
        self.filter_row = FILTER_ROW
        self.reload()

    def reload(self) -> None:
        self.games, problems = entries(self.app.data)
        for problem in problems[:3]:
            self.app.toast(
                _("A game in the history could not be read: {problem}").format(problem=problem)
            )
        against = opponents(self.games)
        if self.filter not in against:
            self.filter = "All"
        self.against = against
        self.filter_choice = self.make_filter(len(against) <= SIDE_BY_SIDE)
        self.controls = [
            self.filter_choice,
            self.open_button,
            self.analyse_button,
            self.delete_button,
            self.export_button,
            self.back_button,
        ]
        self.selected = min(self.selected, max(0, len(self.shown) - 1))
        self.set_focus(self.focus)

    def make_filter(self, side_by_side: bool) -> Segments:
        """The choice of opponent (:mod:`.history_filter`)."""
        return opponent_filter(
            self.against,
            self.filter,
            self.choose_filter,
            size=self.filter_size,
            side_by_side=side_by_side,
            old=self.filter_choice,
        )

    def fit_filter(self, width: int, resized: bool = False) -> None:
        """Side by side only while the options read at their own size in ``width``,
        else on a stepper; made again at a new size (``resized``)."""
        side_by_side = len(self.against) <= SIDE_BY_SIDE
        if side_by_side:
            probe = self.make_filter(True)
            side_by_side = reads_side_by_side(probe, width, self.filter_row, self.filter_size)
        if resized or side_by_side == isinstance(self.filter_choice, StepperChoice):
            self.filter_choice = self.make_filter(side_by_side)
            self.controls[0] = self.filter_choice
            self.set_focus(self.focus)

    @property
    def shown(self) -> list[Entry]:
        return [g for g in self.games if self.filter in ("All", g.opponent)]

    def choose_filter(self, value: str) -> None:
        self.filter = value
        self.selected = self.first = self.stats_first = 0
        self.resize(self.app.size)  # fewer games shown: more room for the results

    def enter(self) -> None:
        self.resize(self.app.size)

    def resume(self) -> None:
        """Back from a game or its analysis: the same game stays selected, in view."""
        game = self.current()
        self.reload()
        self.resize(self.app.size)
        paths = [g.path for g in self.shown]
        if game is not None and game.path in paths:
            self.select(paths.index(game.path))

    def layout(self, size: tuple[int, int]) -> Node:
        """The heading, the choice of opponent, the list of games and the results
        under it, and the buttons at the foot: in one row where the labels fit it
        (a language's long words), else two."""
        w, h = size
        # The screen's size sets the rows' and the results' text, as the other
        # lists do: 20 and 18 at 640x480, growing to 26 and 22 in a tall window;
        # a row is as tall as its text needs at either text size.
        grow = max(0.0, min(1.0, (h - 480) / 320))
        self.row_size = round(20 + 6 * grow)
        self.stat_size = round(STAT_SIZE + 4 * grow)
        self.row = max(round(ROW + 16 * grow), theme.font(self.row_size).get_linesize() + 12)
        self.sizes = RowSizes(self.row_size, self.row)
        # The filter grows as the rows do: at 1280x800 its labels read far
        # smaller than the rows under them.
        filter_size = round(FILTER_SIZE + 4 * grow)
        self.filter_row = round(FILTER_ROW + 10 * grow)
        resized, self.filter_size = filter_size != self.filter_size, filter_size
        cw = min(COLUMN, w - 60)  # the column, in the middle of the window
        self.fit_filter(min(760, cw), resized)
        buttons = (
            self.open_button,
            self.analyse_button,
            self.delete_button,
            self.export_button,
            self.back_button,
        )
        across = len(buttons)
        bw = min(180, cw // across - 10)
        if not all(fits(b, bw) for b in buttons):
            across = 3
            bw = min(240, cw // across - 10)
        rows = -(-len(buttons) // across)
        foot = rows * 44 + (rows - 1) * 8 + 16
        # The title's band and the filter's gap are tighter in a small window: the room
        # goes to the list (two rows of buttons, in Large text or a language with long
        # labels, left it four rows at 640x480).
        self.head_h = round(HEAD - 16 * (1 - grow))
        gap = round(FILTER_GAP - 6 * (1 - grow))
        under_stats = round(10 - 4 * (1 - grow))
        body = h - self.head_h - self.filter_row - gap - foot - under_stats
        # The list and the results under it share the room above the buttons: the
        # list takes what its games need, the results the rest, so a short list
        # leaves no half-empty screen over cut results. A long list keeps six
        # rows (a play-test found three under two dozen results a squint), as
        # long as the results keep two lines and the line saying there are more
        # games has its room; never fewer than three.
        line = stat_line(self.stat_size)
        row = self.row
        results = len(self.stats_lines(room=None))
        wanted = results * line + 8
        # A row too long for one line at the list's size takes two (that row only).
        games = max(row, self.sizes.used(self.shown, cw))
        beside = body - min(2, results) * line - 8
        if games > beside:
            beside -= line + 4
        keep = max(min(games, 3 * row), min(games, LIST_ROWS * row, beside // row * row))
        spare = body - wanted  # what every result leaves the list
        if games > spare:
            spare -= line + 4
        tall = max(keep, spare)
        listed = max(row, min(games, tall))
        stats = body - listed - 8
        # Games past the room are there to scroll to: the line under the list says
        # so, in what the rows leave of the list's box, else above the results.
        seen = self.sizes.fitting(self.shown, cw, listed)
        used = self.sizes.used(self.shown[:seen], cw) if self.shown else row
        more = len(self.shown) > seen
        inside = more and listed - used >= line
        if more and not inside:
            stats -= line + 4
        self.stats_room = max(1, int(stats) // line)
        # At the list's foot, the rows' room above it the same at every scroll
        # (play-test: the rows scrolled to ran over it, or left a row's room empty).
        in_list = [Node(height=listed - line), Node("more", height=line)] if inside else []
        under = [Node("more", height=line, margin=(0, 0, 4, 0))] if more and not inside else []
        return Column(
            padding=(0, (w - cw) // 2),
            justify="start",
            children=[
                Node("head", height=self.head_h),
                Row(
                    height=self.filter_row,
                    margin=(0, 0, gap, 0),
                    justify="start",
                    children=[Node(self.filter_choice, width=min(760, cw))],
                ),
                Column(
                    key="list",
                    height=listed,
                    margin=(0, 0, 8, 0),
                    justify="start",
                    children=in_list,
                ),
                Column(
                    justify="start", margin=(0, 0, under_stats, 0), children=[*under, Node("stats")]
                ),
                Grid(
                    dock="bottom",
                    height=foot,
                    width=across * (bw + 10) - 10,
                    anchor="left",
                    columns=across,
                    rows=44,
                    gap=10,
                    row_gap=8,
                    children=[Node(b) for b in buttons],
                ),
            ],
        )

    @property
    def head(self) -> pygame.FRect:
        return self.boxes["head"]

    @property
    def list_rect(self) -> pygame.FRect:
        return self.boxes["list"]

    @property
    def rows_rect(self) -> pygame.FRect:
        """The list's room for rows: above the line saying which are in view, when in it."""
        more = self.more_rect
        if more and self.list_rect.contains(more):
            return split(self.list_rect, more.top - GAP - self.list_rect.top)[0]
        return self.list_rect

    @property
    def stats_rect(self) -> pygame.FRect:
        return self.boxes["stats"]

    @property
    def more_rect(self) -> pygame.FRect:
        """Where the list says which of its games are in view, when not all are."""
        return self.boxes["more"] if "more" in self.boxes else pygame.FRect()

    # -- actions -----------------------------------------------------------------------
    def current(self) -> Entry | None:
        shown = self.shown
        return shown[self.selected] if shown else None

    def open_current(self) -> tuple[Entry | None, Match | None]:
        """The selected game, read back as a match (``None`` if it cannot be)."""
        game = self.current()
        if game is None:
            return None, None
        what = _("archived game {name}").format(name=game.path.name)
        match, message = open_record(game.path, what)
        if message:
            self.app.toast(message)
        return game, match

    def open(self) -> None:
        game, match = self.open_current()
        if game is not None and match is not None:
            match.goto(look_back.opening_turn(match))
            self.app.scenes.push(ReviewScene(self.app, match, game.path))

    def analyse(self) -> None:
        game, match = self.open_current()
        if game is not None and match is not None:
            start = look_back.analysis_turn(match)
            self.app.scenes.push(AnalysisScene(self.app, match, game.path, start))

    def ask_to_delete(self) -> None:
        game = self.current()
        if game is None:
            return
        self.app.scenes.push(
            ConfirmScene(
                self.app,
                _("Delete this game?"),
                game.line(),
                N_("Delete"),
                lambda: self.delete(game),
            )
        )

    def delete(self, game: Entry) -> None:
        try:
            game.path.unlink()
        except OSError as e:
            self.app.toast(
                _("The game could not be deleted: {error}").format(error=e.strerror or e)
            )
        self.reload()

    def export(self) -> None:
        if not self.games:
            return
        try:
            path = export(self.shown, self.app.data)
        except OSError as e:
            self.app.toast(
                _("The games could not be exported: {error}").format(error=e.strerror or e)
            )
            return
        n = len(self.shown)
        said = ngettext("{n} game exported to {path}", "{n} games exported to {path}", n)
        self.app.toast(said.format(n=n, path=path), 8.0)

    # -- the keyboard focus -------------------------------------------------------------------
    def set_focus(self, index: int | None) -> None:
        self.focus = index
        for i, c in enumerate(self.controls):
            c.focused = i == index

    def stops(self) -> list[tuple[int | None, pygame.Rect | pygame.FRect]]:
        """Where the focus can go, as read: the filter, the list, the buttons."""
        usable = [(i, c.rect) for i, c in enumerate(self.controls) if getattr(c, "enabled", True)]
        results = [(RESULTS, self.stats_rect)] if self.results_scroll() else []
        return [*usable[:1], (None, self.list_rect), *results, *usable[1:]]

    def step_focus(self, by: int) -> None:
        """Tab (1) or Shift+Tab (-1): the next stop in reading order, round."""
        keys = [k for k, _r in self.stops()]
        at = keys.index(self.focus) if self.focus in keys else 0
        self.set_focus(keys[(at + by) % len(keys)])

    def focus_key(self, key: int, mod: int) -> bool:
        """Tab, the arrows and Enter on the focus; True if taken. On the list, Up
        and Down choose a game, past its first or last game to the filter or the
        buttons; on a control they go to the row above or below, Left and Right to
        the next control in the row (on the filter: the next opponent)."""
        if key == pygame.K_TAB:
            self.step_focus(-1 if mod & pygame.KMOD_SHIFT else 1)
            return True
        if key in (pygame.K_UP, pygame.K_DOWN):
            by = -1 if key == pygame.K_UP else 1
            if self.focus is None and 0 <= self.selected + by < len(self.shown):
                self.select(self.selected + by)
            elif not (self.focus == RESULTS and self.scroll_results(by)):
                # Out of the list at its left edge: to the first button, as read.
                edge = split(self.list_rect, 0, "left")[0]  # the list's left edge, no wider
                at = edge if self.focus is None else self.focus_rect()
                self.set_focus(row_step(self.stops(), at, by))
            return True
        if self.focus is None or self.focus == RESULTS:
            return False  # Enter opens the selected game: Open's own key
        widget = self.controls[self.focus]
        if key in PRESS:
            if widget.activate():
                self.app.click()
            return True
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            by = 1 if key == pygame.K_RIGHT else -1
            if widget.nudge(by):
                self.app.click()
            else:  # a button: the next usable one, round the buttons
                buttons = [k for k, _r in self.stops()[2:]]
                n = buttons.index(self.focus) if self.focus in buttons else 0
                self.set_focus(buttons[(n + by) % len(buttons)])
            return True
        return False

    def focus_rect(self) -> pygame.Rect | pygame.FRect:
        """Where the focus is, off the list."""
        return self.stats_rect if self.focus == RESULTS else self.controls[self.focus or 0].rect

    def results_scroll(self) -> int:
        """How far the results under the list scroll (0: they do not)."""
        return results_top(self.games, self.filter, self.stats_room)

    def scroll_results(self, by: int) -> bool:
        """The results ``by`` lines on (up: < 0); False at their end."""
        first = max(0, min(self.results_scroll(), self.stats_first + by))
        moved, self.stats_first = first != self.stats_first, first
        return moved

    def select(self, index: int) -> None:
        """Choose the game at ``index`` of the list, scrolled into view."""
        self.selected = index
        if self.selected < self.first:
            self.first = self.selected
        elif self.selected >= self.first + self.visible():
            # It shows last, as many rows above it as fit.
            up = self.shown[max(0, index + 1 - self.most_rows()) : index + 1][::-1]
            self.first = index + 1 - self.sizes.fitting(up, *self.rows_rect.size)

    # -- input ---------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        over_results = self.stats_rect.collidepoint(self.app.pointer or (-1, -1))
        if event.type == pygame.KEYDOWN and self.focus_key(event.key, getattr(event, "mod", 0)):
            return
        if press(self.controls, event, self.app.click):
            return
        rows = self.rows()
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i, r in rows:
                if r.collidepoint(event.pos):
                    if i == self.selected:
                        self.open()
                    self.selected = i
                    self.set_focus(None)  # the list has the keys now
                    return
        elif event.type == pygame.MOUSEWHEEL and self.results_scroll() and over_results:
            self.scroll_results(-event.y)  # over the results, the wheel is theirs
        elif event.type == pygame.MOUSEWHEEL:
            # No further than the oldest game at the bottom: the list stays full.
            n = len(self.shown)
            tail = self.shown[max(0, n - self.most_rows()) :][::-1]
            last = max(0, n - self.sizes.fitting(tail, *self.rows_rect.size))
            self.first = max(0, min(last, self.first - event.y))

    def visible(self) -> int:
        """How many games the list has room for, from the first in view."""
        return len(self.rows()) or 1

    def most_rows(self) -> int:
        """The most rows the list's box can hold (each of one line)."""
        return int(self.rows_rect.height) // self.row + 1

    def rows(self) -> list[tuple[int, pygame.FRect]]:
        games = self.shown[self.first : self.first + self.most_rows()]
        return list(enumerate(self.sizes.boxes(games, self.rows_rect), start=self.first))

    def update(self, dt: float) -> bool:
        return update_all(self.controls, dt)

    # -- drawing ---------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        # The title's 56 pixels, 8 under them in a tall window, none in the smallest.
        over = max(8, self.head.height - 64)
        title = split(split(self.head, over)[1], 56)[0]
        tl.label(surface, _("History"), title, size=44, bold=True, align="center")
        shown = self.shown
        if not self.games:
            none = _("No finished matches yet: they are kept here as you play.")
            tl.block(surface, none, self.list_rect, size=22, color=theme.MUTED)
        for i, r in self.rows():
            self.sizes.draw(surface, shown[i], r, lit=i == self.selected)
        lines = self.stats_lines(self.stats_room)
        more = ""
        if self.more_rect:
            last = min(len(shown), self.first + self.visible())
            more = games_note(self.first + 1, last, len(shown))
        notes = Notes(lines, self.stats_rect, more, self.more_rect, self.stat_size)
        draw_notes(surface, notes, self.app.pointer, lit=self.focus == RESULTS)
        draw_all(self.controls, surface)

    def stats_lines(self, room: int | None = 3) -> list[str]:
        """The results under the list, the filter's (:func:`.results_lines`), in
        ``room`` lines (None: every one), from the first in view."""
        return results_lines(self.games, self.filter, room, self.stats_first)
