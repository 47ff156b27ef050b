"""The history: every finished match, newest first, with who it was against,
the result and score, its length and date; a filter by opponent; each one to
open for a look back (or analysis), to delete or to export; and the wins, draws
and losses against each AI level on each board side."""

from __future__ import annotations

import pygame

from game.play.history import Entry, entries, export, statistics
from game.play.match import Match, open_record

from .. import theme
from ..layout import grid
from ..scene import Scene, Services, pad_buttons
from ..widgets import Button, Segments, draw_all, press, update_all
from .analysis_scene import AnalysisScene
from .confirm import ConfirmScene
from .match_scene import MatchScene

ROW = 34
STAT_LINE = 22  # a line of the results against each opponent


class HistoryScene(Scene):
    pad_keys = pad_buttons(
        a=(pygame.K_RETURN, "open the game"),
        x=(pygame.K_DELETE, "delete the game"),
        y=(pygame.K_a, "analyse the game"),
    )

    def __init__(self, app: Services) -> None:
        super().__init__(app)
        self.list_rect = pygame.Rect(0, 0, 0, 0)
        #: Lines of results that fit under the list.
        self.stats_room = 3
        self.selected = 0
        self.first = 0
        self.filter = "All"
        self.open_button = Button("Open", self.open, key=pygame.K_RETURN, size=22)
        self.analyse_button = Button("Analyse", self.analyse, key=pygame.K_a, size=22)
        self.delete_button = Button("Delete", self.ask_to_delete, key=pygame.K_DELETE, size=22)
        self.export_button = Button("Export all", self.export, size=22)
        self.back_button = Button("Back", self.app.scenes.pop, key=pygame.K_ESCAPE, size=22)
        self.reload()

    def reload(self) -> None:
        self.games, problems = entries(self.app.data)
        for problem in problems[:3]:
            self.app.toast(f"A game in the history could not be read: {problem}")
        opponents = sorted({g.opponent for g in self.games})
        if self.filter not in opponents:
            self.filter = "All"
        self.filter_choice = Segments(
            "Against", ["All", *opponents][:7], self.filter, self.choose_filter, size=18
        )
        self.controls = [
            self.filter_choice,
            self.open_button,
            self.analyse_button,
            self.delete_button,
            self.export_button,
            self.back_button,
        ]
        self.selected = min(self.selected, max(0, len(self.shown) - 1))

    @property
    def shown(self) -> list[Entry]:
        return [g for g in self.games if self.filter in ("All", g.opponent)]

    def choose_filter(self, value: str) -> None:
        self.filter = value
        self.selected = self.first = 0
        self.resize(self.app.size)  # fewer games shown: more room for the results

    def enter(self) -> None:
        self.resize(self.app.size)

    def resume(self) -> None:
        self.reload()
        self.resize(self.app.size)

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        self.filter_choice.rect = pygame.Rect(30, 80, min(760, w - 60), 36)
        # The list and the results under it share the room above the buttons: the
        # list takes what its games need (three rows at least), the results the
        # rest, so a short list leaves no half-empty screen over cut results.
        room = h - 130 - 80
        wanted = len(self.stats_lines(room=None)) * STAT_LINE + 8
        rows = max(1, len(self.shown)) * ROW
        tall = max(min(rows, 3 * ROW), room - wanted)
        self.list_rect = pygame.Rect(30, 130, w - 60, max(ROW, min(rows, tall)))
        self.stats_room = max(1, (room - self.list_rect.height - 8) // STAT_LINE)
        buttons = (
            self.open_button,
            self.analyse_button,
            self.delete_button,
            self.export_button,
            self.back_button,
        )
        bw = min(180, (w - 60) // len(buttons) - 10)
        grid(buttons, 30, h - 60, width=bw, height=44, gap=10)

    # -- actions -----------------------------------------------------------------------
    def current(self) -> Entry | None:
        shown = self.shown
        return shown[self.selected] if shown else None

    def open_current(self) -> tuple[Entry | None, Match | None]:
        """The selected game, read back as a match (``None`` if it cannot be)."""
        game = self.current()
        if game is None:
            return None, None
        match, message = open_record(game.path, f"archived game {game.path.name}")
        if message:
            self.app.toast(message)
        return game, match

    def open(self) -> None:
        _, match = self.open_current()
        if match is not None:
            match.goto(0)  # a look back starts at the first turn
            self.app.scenes.push(MatchScene(self.app, match, current=False))

    def analyse(self) -> None:
        game, match = self.open_current()
        if game is not None and match is not None:
            self.app.scenes.push(AnalysisScene(self.app, match, game.path))

    def ask_to_delete(self) -> None:
        game = self.current()
        if game is None:
            return
        self.app.scenes.push(
            ConfirmScene(
                self.app, "Delete this game?", game.line(), "Delete", lambda: self.delete(game)
            )
        )

    def delete(self, game: Entry) -> None:
        try:
            game.path.unlink()
        except OSError as e:
            self.app.toast(f"The game could not be deleted: {e.strerror or e}")
        self.reload()

    def export(self) -> None:
        if not self.games:
            return
        try:
            path = export(self.shown, self.app.data)
        except OSError as e:
            self.app.toast(f"The games could not be exported: {e.strerror or e}")
            return
        self.app.toast(f"{len(self.shown)} games exported to {path}", 8.0)

    # -- input ---------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if press(self.controls, event, self.app.click):
            return
        rows = self.rows()
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i, r in rows:
                if r.collidepoint(event.pos):
                    if i == self.selected:
                        self.open()
                    self.selected = i
                    return
        elif event.type == pygame.MOUSEWHEEL:
            self.first = max(0, min(len(self.shown) - 1, self.first - event.y))
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN):
            step = -1 if event.key == pygame.K_UP else 1
            self.selected = max(0, min(len(self.shown) - 1, self.selected + step))
            visible = max(1, self.list_rect.height // ROW)
            if self.selected < self.first:
                self.first = self.selected
            elif self.selected >= self.first + visible:
                self.first = self.selected - visible + 1

    def rows(self) -> list[tuple[int, pygame.Rect]]:
        visible = max(1, self.list_rect.height // ROW)
        out = []
        for k, i in enumerate(range(self.first, min(len(self.shown), self.first + visible))):
            out.append(
                (
                    i,
                    pygame.Rect(
                        self.list_rect.left,
                        self.list_rect.top + k * ROW,
                        self.list_rect.width,
                        ROW - 4,
                    ),
                )
            )
        return out

    def update(self, dt: float) -> bool:
        return update_all(self.controls, dt)

    # -- drawing ---------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        w = surface.get_width()
        theme.text(surface, "History", (w // 2, 16), size=44, anchor="midtop", bold=True)
        shown = self.shown
        if not self.games:
            theme.text(
                surface,
                "No finished matches yet: they are kept here as you play.",
                (30, 140),
                size=22,
                color=theme.MUTED,
            )
        for i, r in self.rows():
            game = shown[i]
            pygame.draw.rect(
                surface, theme.BG_LIGHT if i != self.selected else theme.CELL, r, border_radius=6
            )
            if i == self.selected:
                pygame.draw.rect(surface, theme.ACCENT, r, 2, border_radius=6)
            color = {"won": theme.GOOD, "lost": theme.BAD}.get(game.outcome, theme.TEXT)
            theme.text(
                surface,
                game.line(),
                (r.left + 10, r.centery),
                size=theme.fit(game.line(), 20, r.width - 20),
                color=color,
                anchor="midleft",
            )
        y = self.list_rect.bottom + 8
        for line in self.stats_lines(self.stats_room):
            theme.text(surface, line, (30, y), size=theme.fit(line, 18, w - 60), color=theme.MUTED)
            y += STAT_LINE
        draw_all(self.controls, surface)

    def stats_lines(self, room: int | None = 3) -> list[str]:
        """The results against each opponent on each side, one to a line (entries
        run together read as one); what does not fit in ``room`` lines (None: no
        limit) is counted on the last."""
        stats = statistics(self.games)
        lines = [
            f"v {opp} on side {side}: {row['won']} won, {row['drawn']} drawn, {row['lost']} lost"
            for (opp, side), row in sorted(stats.items())
        ]
        if not lines:
            return ["Your results against each AI level show here."]
        if room is not None and len(lines) > room:
            more = len(lines) - room + 1
            lines = [*lines[: room - 1], f"and {more} more (Export has every game)"]
        return lines
