"""The panel beside a match's board: who plays each side with their tiles and
groups, whose turn it is (or that the AI is thinking), the moves so far, and the
match's buttons, each by name."""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from game.play.match import Match
from game.rules import BLUE, RED, Color

from . import theme
from .layout import grid
from .widgets import Action, Button, draw_all, press, update_all

PANEL_WIDTH = 330


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
        menu_label: str = "Menu",
    ) -> None:
        def button(label: str, action: Action | None, key: int | None = None) -> Button | None:
            return None if action is None else Button(label, action, key=key, size=24)

        self.undo = button("Undo", undo, pygame.K_u)
        self.redo = button("Redo", redo, pygame.K_r)
        self.hint = button("Hint", hint, pygame.K_h)
        self.take_back = button("Take back", take_back)
        self.save = button("Save game", save)
        self.resign = button("Resign", resign)
        self.share = button("Share", share)
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

    def layout(self, window: tuple[int, int]) -> pygame.Rect:
        """Take the right-hand side of the window; returns the panel's rectangle."""
        w, h = window
        width = min(PANEL_WIDTH, w // 3)
        self.rect = pygame.Rect(w - width, 0, width, h)
        # A small window gets the compact panel: smaller text, lower boxes and
        # buttons, so the moves keep their room.
        self.compact = width < 300 or h < 620
        bw = (width - 36) // 2
        bh, step = (34, 40) if self.compact else (44, 52)
        controls = self.controls
        y = h - (len(controls) + 1) // 2 * step - 10
        grid(controls, self.rect.left + 12, y, width=bw, height=bh, columns=2, row_gap=step - bh)
        for b in controls:
            b.size = 18 if self.compact or bw < 130 else b.base_size
        return self.rect

    def refresh(self, match: Match) -> None:
        """Buttons that can do nothing now look it."""
        if self.undo is not None:
            self.undo.enabled = bool(match.board.turn_stack) or match.chain is not None
        if self.redo is not None:
            self.redo.enabled = bool(match.redo_stack) and match.chain is None
        if self.take_back is not None:
            self.take_back.enabled = match.chain is not None
        if self.hint is not None:
            self.hint.enabled = match.human_to_move and match.chain is None and not match.finished
        if self.resign is not None:
            self.resign.enabled = not match.over
            # Before the first turn a game is called off, not lost.
            self.resign.label = "Resign" if match.board.turn_stack else "Abort"

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
        theme.text(
            surface,
            "Mosaic by Mark Steere",
            (p.centerx, y),
            size=16 if small else 20,
            color=theme.MUTED,
            anchor="midtop",
        )
        y += 24 if small else 34
        for color in (RED, BLUE):
            y = self._side(surface, match, color, y)
        line, col = turn_line
        size = 18 if small else 24
        # One line a little smaller before two ("Red wins, 12 tiles to" / "7."),
        # and two smaller still before any is cut.
        one = theme.fit(line, size, p.width - 50, smallest=size - 4)
        if theme.font(one).size(line)[0] <= p.width - 50:
            theme.text(surface, line, (p.left + 16, y + 6), size=one, color=col)
            y += size + 6
        else:
            box = pygame.Rect(p.left + 16, y + 6, p.width - 50, 2 * (size + 6) - 6)
            theme.block(surface, line, box, size=size, smallest=12, color=col, align="left")
            y += 2 * (size + 6)
        if spinning:
            spinner(surface, (p.right - 24, y - 10), clock)
        y += 10 if small else 14
        line_h = 18 if small else 22
        theme.text(surface, "Moves", (p.left + 16, y), size=16 if small else 20, color=theme.MUTED)
        y += line_h + 2
        self.draw_moves(surface, match, y, line_h, 16 if small else 20)
        draw_all(self.controls, surface)

    def draw_moves(
        self, surface: pygame.Surface, match: Match, top: int, line_h: int, size: int
    ) -> None:
        """The moves, a pair a row (one, where a move is too long for half a row),
        the one that led to the position shown marked;
        the list scrolls (the wheel) and keeps that move in view. Each move is a
        place to click: the board goes back (or on) to just after it."""
        moves = match.all_moves()
        face = theme.font(size)
        line_h = max(line_h, face.get_linesize())
        number_w = face.size("000... ")[0]
        half = (self.rect.width - 32 - number_w) // 2
        # A pair of moves a row while every move fits its half; else one a row,
        # each given the whole width (a long chain is not cut).
        pairs = all(face.size(m)[0] <= half - 10 for m in moves)
        per_row = 2 if pairs else 1
        rows = max(1, (self.controls[0].rect.top - top - 8) // line_h)
        count = (len(moves) + 1) // 2 if pairs else len(moves)
        current = match.ply - 1  # the move just played on the board shown
        if current >= 0 and match.ply != self._shown_ply:
            row = current // per_row  # a new position: bring its move into view
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
                number = (
                    f"{row + 1:>3}." if pairs else f"{i // 2 + 1}{'.' if i % 2 == 0 else '...'}"
                )
                if k == 0:
                    theme.text(
                        surface, number, (self.rect.left + 16, y), size=size, color=theme.MUTED
                    )
                width = half - 4 if pairs else 2 * half - 4
                r = pygame.Rect(self.rect.left + 16 + number_w + k * half, y - 1, width, line_h)
                if i == current:
                    pygame.draw.rect(surface, theme.BG_LIGHT, r, border_radius=4)
                    pygame.draw.rect(surface, theme.ACCENT, r, 1, border_radius=4)
                color = theme.TEXT if i < match.ply else theme.MUTED  # later moves, greyed
                theme.text(surface, moves[i], (r.left + 3, y), size=size, color=color, box=r)
                self.move_rects.append((i + 1, r))
            y += line_h

    def move_at(self, pos: tuple[int, int]) -> int | None:
        """The position (turns on the board) a click on the move list asks for."""
        return next((ply for ply, r in self.move_rects if r.collidepoint(pos)), None)

    def scroll(self, rows: int) -> None:
        self.first_row = max(0, self.first_row + rows)

    def _side(self, surface: pygame.Surface, match: Match, color: Color, y: int) -> int:
        p = self.rect
        shown = match.shown()
        small = self.compact
        box = pygame.Rect(p.left + 10, y, p.width - 20, 52 if small else 72)
        active = match.board.mover == color and not match.over
        pygame.draw.rect(surface, theme.BG_LIGHT, box, border_radius=10)
        if active:
            pygame.draw.rect(surface, theme.TILE[color], box, 3, border_radius=10)
        r = 9 if small else 13
        pygame.draw.circle(surface, theme.TILE[color], (box.left + 8 + 2 * r, box.top + 2 * r), r)
        left = box.left + 16 + 4 * r
        badge = self.badges.get(color)
        # Beside a clock the name stands alone: the disc already says the colour.
        full = match.player(color) if badge is not None else f"{color.title}: {match.player(color)}"
        size = 18 if small else 24
        room = box.right - 10 - left
        if badge is not None:  # the clock keeps its place; a long name gives way
            room -= theme.font(22 if small else 30, True).size(badge[0])[0] + 8
        size = theme.fit(full, size, room, bold=True, smallest=14)
        name, kept = full, len(full)
        while kept > 1 and theme.font(size, True).size(name)[0] > room:
            kept -= 1  # still too long at the smallest size: cut it, and say so
            name = full[:kept].rstrip() + "..."
        theme.text(surface, name, (left, box.top + (6 if small else 12)), size=size, bold=True)
        counts = (
            f"{plural(shown.count(color), 'tile')}   {plural(match.group_count(color), 'group')}"
        )
        theme.text(
            surface,
            counts,
            (left, box.top + (30 if small else 42)),
            size=16 if small else 20,
            color=theme.MUTED,
        )
        # The clock on the name's line, large; the connection on the counts' line.
        corner = (
            (badge, 4 if small else 8, 22 if small else 30, True),
            (self.notes.get(color), 30 if small else 42, 16 if small else 20, False),
        )
        for note, dy, size, bold in corner:
            if note is not None:
                theme.text(
                    surface,
                    note[0],
                    (box.right - 10, box.top + dy),
                    size=size,
                    color=note[1],
                    anchor="topright",
                    bold=bold,
                )
        return box.bottom + (6 if small else 10)


def spinner(surface: pygame.Surface, centre: tuple[int, int], clock: float) -> None:
    for k in range(8):
        a = clock * 6 + k * math.pi / 4
        shade = 80 + 20 * k
        pos = (centre[0] + 10 * math.cos(a), centre[1] + 10 * math.sin(a))
        pygame.draw.circle(surface, (shade, shade, shade), pos, 3)


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"
