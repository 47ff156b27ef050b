"""The panel beside a match's board: who plays each side with their tiles and
groups, whose turn it is (or that the AI is thinking), the moves so far, and the
match's buttons, each by name."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable

import pygame

from game.i18n import N_, _, ngettext, pgettext
from game.play.match import Match, player_name
from game.play.notation_note import notation_note
from game.play.offers import offers
from game.rules import BLUE, RED, Color

from . import text_layout, theme
from .button_rows import Rows, label_rows, place_rows
from .layout import split, whole
from .widgets import Action, Button, draw_all, press, update_all

#: A side's card as measured (:meth:`SidePanel._rows`): its box, its name and the
#: name's row, its counts and their row, and the two texts' sizes.
Card = tuple[pygame.Rect, str, pygame.FRect, str, pygame.FRect, int, int]

PANEL_WIDTH = 330
#: The fewest rows of moves the notation's whole legend leaves in view.
LIST_LEAST = 3


class SidePanel:
    """The buttons are those of what the game behind the screen can do: a button
    whose action is not given is not there (no Undo against a person online)."""

    def __init__(
        self,
        *,
        take_back: Action | None,
        menu: Action,
        undo: Action | None = None,
        redo: Action | None = None,
        hint: Action | None = None,
        save: Action | None = None,
        resign: Action | None = None,
        share: Action | None = None,
        menu_label: str = N_("Pause"),
    ) -> None:
        def button(label: str, action: Action | None, key: int | None = None) -> Button | None:
            return None if action is None else Button(label, action, key=key, size=24)

        self.undo = button(N_("Undo"), undo, pygame.K_u)
        self.redo = button(N_("Redo"), redo, pygame.K_r)
        self.hint = button(N_("Hint"), hint, pygame.K_h)
        # Named for what it takes back: greyed, the name says why (no chain under way).
        self.take_back = button(N_("Take back chain"), take_back)
        self.save = button(N_("Save game"), save)
        self.resign = button(N_("Resign"), resign)
        self.share = button(N_("Share"), share)
        self.menu = Button(menu_label, menu, key=pygame.K_ESCAPE, size=24)
        self.rect = pygame.Rect(0, 0, PANEL_WIDTH, 600)
        self.compact = False
        self.first_row = 0  # the first row of moves in view
        self.rows_shown = 1
        self._shown_ply = -1
        self.move_rects: list[tuple[int, pygame.Rect]] = []
        #: Beside a side's name (an online game's clock) and under it (its
        #: player's connection): text and colour, by side.
        self.badges: dict[Color, tuple[str, theme.Color]] = {}
        self.notes: dict[Color, tuple[str, theme.Color]] = {}

    @property
    def controls(self) -> list[Button]:
        every = (
            self.undo,
            self.redo,
            self.hint,
            self.take_back,
            self.save,
            self.resign,
            self.share,
        )
        return [b for b in (*every, self.menu) if b is not None]

    def layout(self, box: pygame.Rect | pygame.FRect) -> None:
        """Take ``box`` (the right-hand side of the window) and place the buttons."""
        self.rect = whole(box)
        # A small window gets the compact panel: smaller text, lower boxes and
        # buttons, so the moves keep their room.
        self.compact = self.rect.width < 300 or self.rect.height < 620
        for b in self.controls:
            b.size = 18 if self.compact else b.base_size
        place_rows(self.button_rows(), self.rect.inflate(-24, -20), gap=6 if self.compact else 8)

    def small_px(self) -> int:
        """The pixel size of the panel's small text ("Moves", the move list): no
        button's label is drawn smaller."""
        return theme.px(16 if self.compact else 20)

    def button_rows(self) -> Rows:
        """Two a row where both labels fit at :meth:`small_px`, else one."""
        least = 34 if self.compact else 44
        return label_rows(self.controls, self.rect.width - 24, self.small_px(), least)

    def refresh(self, match: Match) -> None:
        """Buttons that can do nothing now look it."""
        if self.undo is not None:
            self.undo.enabled = offers(match).undo
        if self.redo is not None:
            self.redo.enabled = bool(match.redo_stack) and match.chain is None
        if self.take_back is not None:
            self.take_back.enabled = match.chain is not None
        if self.hint is not None:
            # Once the game is over, no hint is wanted, and the result card,
            # put away to look at the board, comes back from here.
            self.hint.label = N_("Result") if match.finished else N_("Hint")
            self.hint.enabled = match.finished or (match.human_to_move and match.chain is None)
        can = offers(match)
        if self.save is not None:
            self.save.enabled = can.save
        if self.resign is not None:
            self.resign.enabled = can.give_up
            self.resign.label = can.give_up_label

    def handle(self, event: pygame.event.Event, click: Callable[[], None]) -> bool:
        return press(self.controls, event, click)

    def update(self, dt: float) -> bool:
        """Advance the buttons' glow; True while any of them is still easing."""
        return update_all(self.controls, dt)

    def draw(
        self,
        surface: pygame.Surface,
        match: Match,
        turn_line: tuple[str, theme.Color],
        clock: float,
        spinning: bool,
    ) -> None:
        p = self.rect
        small = self.compact
        pygame.draw.rect(surface, theme.PANEL, p)
        y = 10 if small else 18
        credit = pygame.Rect(p.left + 10, y, p.width - 20, 24 if small else 34)
        credit.height = theme.font(16 if small else 20).get_height()
        text_layout.label(
            surface,
            _("Mosaic by {designer}").format(designer="Mark Steere"),
            credit,
            size=16 if small else 20,
            color=theme.MUTED,
            align="center",
        )
        y += 24 if small else 34
        # The two sides' names, and their counts, are read as one: one size each.
        # Where "Blue: Apprentice" would read smaller than the counts under it
        # (640x480 in Large), that name stands alone (the disc says the side);
        # the other keeps its side where it fits (play-test: "Red: Human" fitted,
        # yet read "Human" beside "Apprentice").
        measured = {c: self._rows(match, c, 0) for c in (RED, BLUE)}
        counts = self.counts_px(match, measured.values())
        bare = {
            c: text_layout.label_px(r[1], r[2], r[5], bold=True) < counts
            for c, r in measured.items()
        }
        measured = {c: self._rows(match, c, 0, bare[c]) for c in (RED, BLUE)}
        names = min(text_layout.label_px(r[1], r[2], r[5], bold=True) for r in measured.values())
        # The counts under a name never larger than it: a long name (French at
        # 640x480 in Large) would read as a footnote to its own counts.
        most = (names, min(counts, names))
        for color in (RED, BLUE):
            y = self._side(surface, match, color, y, most, bare[color])
        line, col = turn_line
        size = 18 if small else 24
        # One line where it fits, else two (a box the same in both text sizes:
        # Large fits it at Normal's size or larger).
        width = p.width - 50
        two = text_layout.block_height(line, size, width) > theme.font(size).get_linesize()
        box = pygame.Rect(p.left + 16, y + 6, width, text_layout.room(size) * (2 if two else 1))
        text_layout.block(surface, line, box, size=size, color=col)
        y = box.bottom + 6
        if spinning:
            spinner(surface, (p.right - 24, y - 10), clock)
        y += 4 if small else 8
        size = 16 if small else 20
        moves = pygame.Rect(p.left + 16, y, p.width - 32, theme.font(size).get_height())
        heading = _("Moves")
        text_layout.label(surface, heading, moves, size=size, color=theme.MUTED)
        y = moves.bottom + 4
        line_h = theme.font(size).get_linesize() + 2
        bottom = min(c.rect.top for c in self.controls) - 8
        # The legend of "xa2xb2" once a flip is listed: whole over the buttons,
        # wrapped in the list's width, where the moves keep LIST_LEAST rows; else
        # its first words on the heading's row (German at 640x480 in Large).
        whole, short = notation_note(match.all_moves())
        high = text_layout.block_height(whole, size, moves.width) if whole else 0
        if whole and (bottom - high - 6 - y) // line_h >= LIST_LEAST:
            box = pygame.Rect(moves.left, bottom - high, moves.width, high)
            text_layout.block(surface, whole, box, size=size, color=theme.MUTED)
            bottom = box.top - 6
        elif short:
            beside = split(moves, theme.font(size).size(heading)[0] + 12, "left")[1]
            text_layout.label(surface, short, beside, size=size, color=theme.MUTED, align="right")
        self.draw_moves(surface, match, y, line_h, size, bottom)
        # One label size for every button, in rows of one line or two.
        draw_all(self.controls, surface, any_height=True)

    def draw_moves(
        self, surface: pygame.Surface, match: Match, top: int, line_h: int, size: int, bottom: int
    ) -> None:
        """The moves, a pair a row (one, where a move is too long for half a row),
        the one that led to the position shown marked;
        the list scrolls (the wheel) and keeps that move in view. Each move is a
        place to click: the board goes back (or on) to just after it."""
        played = match.all_moves()
        moves = [shown_move(m) for m in played]
        face = theme.font(size)
        line_h = max(line_h, face.get_linesize())
        number_w = face.size("000... ")[0]
        half = (self.rect.width - 32 - number_w) // 2
        # A pair of moves a row while every move fits its half; else one a row,
        # each given the whole width (a long chain is not cut).
        pairs = all(face.size(m)[0] <= half - 10 for m in moves)
        per_row = 2 if pairs else 1
        rows = max(1, (bottom - top) // line_h)
        count = (len(moves) + 1) // 2 if pairs else len(moves)
        current = match.ply - 1  # the move just played on the board shown
        if match.ply != self._shown_ply:
            # A new position: bring its move into view; the start, the first
            # move's (play-test: at Home the list stayed on the last moves).
            row = max(0, current) // per_row
            self.first_row = min(max(self.first_row, row - rows + 1), row)
        self._shown_ply = match.ply
        self.first_row = max(0, min(self.first_row, count - rows))
        self.rows_shown = rows
        self.move_rects = []
        y = top
        for row in range(self.first_row, min(count, self.first_row + rows)):
            for k in range(per_row):
                i = 2 * row + k if pairs else row
                if i >= len(moves):
                    break
                if k == 0:
                    number = pygame.Rect(self.rect.left + 16, y, number_w, line_h)
                    said = (
                        f"{row + 1:>3}." if pairs else f"{i // 2 + 1}{'.' if i % 2 == 0 else '...'}"
                    )
                    text_layout.label(surface, said, number, size=size, color=theme.MUTED)
                width = half - 4 if pairs else 2 * half - 4
                r = pygame.Rect(self.rect.left + 16 + number_w + k * half, y - 1, width, line_h)
                if i == current:
                    pygame.draw.rect(surface, theme.BG_LIGHT, r, border_radius=4)
                    pygame.draw.rect(surface, theme.ACCENT, r, 1, border_radius=4)
                color = theme.TEXT if i < match.ply else theme.MUTED  # later moves, greyed
                if played[i] == "pass" and i < match.ply:
                    color = theme.ACCENT  # a pass is easy to miss among the cells
                # Given the room it needs (above), a long chain stays in its highlight.
                text_layout.label(surface, moves[i], r.inflate(-6, 0), size=size, color=color)
                self.move_rects.append((i + 1, r))
            y += line_h

    def move_at(self, pos: tuple[int, int]) -> int | None:
        """The position (turns on the board) a click on the move list asks for."""
        return next((ply for ply, r in self.move_rects if r.collidepoint(pos)), None)

    def scroll(self, rows: int) -> None:
        self.first_row = max(0, self.first_row + rows)

    def counts_px(self, match: Match, rows: Iterable[Card] | None = None) -> int:
        """The counts' size: where the longest counts the board holds fit, so
        the line keeps its size all game (play-test: German's "1 Stein  1
        Gruppe" shrank as it became "4 Steine  1 Gruppe"). ``rows``: the two
        sides' :meth:`_rows`, where the caller has them."""
        most = min(99, match.board.geometry.cells)  # two figures: three are rare
        said = counts_said(most, most)
        if rows is None:
            rows = [self._rows(match, c, 0) for c in (RED, BLUE)]
        return min(text_layout.label_px(said, r[4], r[6]) for r in rows)

    def _rows(self, match: Match, color: Color, y: int, bare: bool = False) -> Card:
        """A side's box, its name and the name's row, its counts and their row,
        and the two texts' sizes. ``bare``: the player's name without the side's."""
        p = self.rect
        small = self.compact
        box = pygame.Rect(p.left + 10, y, p.width - 20, 52 if small else 72)
        rows = pygame.Rect(0, box.top + 4, 0, box.height - 8)
        # A note ("offline") has a line of its own under the counts: beside
        # them it was drawn over German's and Spanish's at 640x480 in Large.
        box.height += self.note_height(color)
        r, pad = disc(small)
        left = box.left + pad + 3 * r
        badge = self.badges.get(color)
        # Beside a clock the name stands alone: the disc already says the colour.
        full = (
            player_name(match.player(color))
            if badge is not None or bare
            else _("{side}: {player}").format(
                side=_(color.title), player=player_name(match.player(color))
            )
        )
        room = box.right - pad - left
        if badge is not None:  # the clock keeps its place; a long name gives way
            room -= theme.font(22 if small else 30, True).size(badge[0])[0] + 8
        # The name and the counts share the box's height: Large fits them at
        # Normal's size or larger, and a long name is cut, whole under the pointer.
        rows.update(left, rows.top, room, rows.height)
        name_row, count_row = split(rows, 0.55, "top")
        counts = counts_said(match.shown().count(color), match.group_count(color))
        # The counts' row sits below the disc, so a compact card gives it the
        # card's width from the disc's edge: German's "61 Steine   61 Gruppen" was
        # drawn at 15 px at 640x480 in Large beside the name's 26.
        count_row.left = box.left + pad if small else left
        count_row.width = box.right - pad - count_row.left
        return box, full, name_row, counts, count_row, 18 if small else 24, 16 if small else 20

    def _side(
        self,
        surface: pygame.Surface,
        match: Match,
        color: Color,
        y: int,
        most: tuple[int, int],
        bare: bool,
    ) -> int:
        small = self.compact
        box, full, name_row, counts, count_row, name_size, count_size = self._rows(
            match, color, y, bare
        )
        active = match.board.mover == color and not match.over
        pygame.draw.rect(surface, theme.BG_LIGHT, box, border_radius=10)
        if active:
            pygame.draw.rect(surface, theme.TILE[color], box, 3, border_radius=10)
        r, pad = disc(small)
        pygame.draw.circle(surface, theme.TILE[color], (box.left + pad + r, box.top + 2 * r), r)
        left = box.left + pad + 3 * r
        badge = self.badges.get(color)
        text_layout.label(surface, full, name_row, size=name_size, bold=True, most=most[0])
        text_layout.label(
            surface, counts, count_row, size=count_size, color=theme.MUTED, most=most[1]
        )
        # The clock on the name's line, large; the connection under the counts.
        clock_row = pygame.Rect(left, name_row.top, box.right - pad - left, name_row.height)
        if badge is not None:
            text_layout.label(
                surface,
                badge[0],
                clock_row,
                size=22 if small else 30,
                color=badge[1],
                align="right",
                bold=True,
            )
        note = self.notes.get(color)
        if note is not None:
            below = pygame.Rect(count_row.left, count_row.bottom, count_row.width, 0)
            below.height = box.bottom - 4 - below.top
            # Under the counts, no larger than they are: one column, one size.
            drawn = min(text_layout.label_px(counts, count_row, count_size), most[1])
            text_layout.label(surface, note[0], below, size=count_size, color=note[1], most=drawn)
        return box.bottom + (6 if small else 10)

    def note_height(self, color: Color) -> int:
        """The room a side's note takes under its counts: a line, or none."""
        if color not in self.notes:
            return 0
        return theme.font(16 if self.compact else 20).get_linesize()


def disc(small: bool) -> tuple[int, int]:
    """A side's disc's radius, and the card's padding: the disc's from the card's
    left edge, and the name's and the clock's from its right one (10 there, a
    long name nearly touched the edge at 640x480 in Large text)."""
    r = 9 if small else 13
    return r, 8 + r


def spinner(surface: pygame.Surface, centre: tuple[int, int], clock: float) -> None:
    for k in range(8):
        a = clock * 6 + k * math.pi / 4
        shade = 80 + 20 * k
        pos = (centre[0] + 10 * math.cos(a), centre[1] + 10 * math.sin(a))
        pygame.draw.circle(surface, (shade, shade, shade), pos, 3)


def shown_move(notation: str) -> str:
    """A move as the move list shows it: cells in notation, the same in every
    language (GLOSSARY.md); a pass in the player's words, being no cell."""
    return pgettext("move list", "pass") if notation == "pass" else notation


def counts_said(tiles: int, groups: int) -> str:
    """A side's counts, as its card says them."""
    return "{}   {}".format(
        ngettext("{n} tile", "{n} tiles", tiles).format(n=tiles),
        ngettext("{n} group", "{n} groups", groups).format(n=groups),
    )
