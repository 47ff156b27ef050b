"""The puzzle browser: packs with progress, a grid of each pack's puzzles, and
the packs that failed to load with the reason."""

from __future__ import annotations

import pygame

from game.i18n import N_, _
from game.play.progress import MAX_STARS
from game.play.puzzle_card import card_words
from game.play.puzzle_score import Answer, count_answer
from game.play.puzzle_shelf import ALL_THEMES, Pack, PuzzleShelf, after, puzzle_title, themes

from .. import text_layout as tl
from .. import theme
from ..button_label import LABEL_PAD
from ..foot_row import button_rows
from ..layout import split, whole_rows
from ..layout_tree import Column, Fit, Grid, Node, Row, Stack
from ..margin import pads
from ..scene import Scene, Services, pad_buttons
from ..widgets import Button, draw_all, press, update_all
from .arcade_scene import ArcadeScene
from .daily import daily_scene
from .puzzle_cards import GOALS, PackFit, card, pack_fit, pack_row, scrollbar
from .puzzle_scene import PuzzleScene

CELL_W, CELL_H, GAP = 112, 64, 10
#: Text sizes (and the heading's place) in a large window and in a small one.
SIZES = {"top": (24, 14), "heading": (52, 40), "about": (20, 16), "pack": (22, 16)}


class PuzzleBrowserScene(Scene):
    pad_keys = pad_buttons(
        a=(pygame.K_RETURN, N_("open the puzzle")),
        x=(pygame.K_t, N_("next theme")),
        lb=(pygame.K_PAGEUP, N_("page up")),
        rb=(pygame.K_PAGEDOWN, N_("page down")),
    )

    def __init__(self, app: Services) -> None:
        super().__init__(app)
        self.compact = False
        #: A pack's row, and a card's row, with the gap under it.
        self.row = 78
        #: The sizes the pack list's rows share (measured with the layout).
        self.pack_fit = PackFit(0, 0, 0, 0)
        self.pitch = CELL_H + GAP
        #: Why each pack that failed to load did not.
        self.problem_lines: list[str] = []
        #: How far the puzzle grid and the pack list are scrolled, in pixels (as
        #: asked: :attr:`scroll` and :attr:`pack_scroll` keep within the lists).
        self.scrolled = self.packs_scrolled = 0
        #: The packs, the one chosen and the theme that filters it.
        self.shelf = PuzzleShelf(app.puzzles)
        self.hover: int | None = None
        self.controls = [
            Button(N_("Back"), self.back, key=pygame.K_ESCAPE, size=24),
            Button(N_("Flip Rush"), lambda: self.arcade("rush"), size=24),
            Button(N_("Streak"), lambda: self.arcade("streak"), size=24),
            Button(N_("Daily puzzle"), self.daily, size=24),
            Button(N_("Trainer"), lambda: self.arcade("trainer"), size=24),
        ]
        self.theme_button = Button(ALL_THEMES, self.next_theme, key=pygame.K_t, size=18)
        #: The pack's puzzles in the grid, by their index in the pack.
        self.visible: list[int] = []
        #: Where the pointer last was: the wheel scrolls the list under it.
        self.pointer = (0, 0)

    @property
    def packs(self) -> list[Pack]:
        return self.shelf.packs

    @property
    def selected(self) -> int:
        return self.shelf.selected

    @property
    def theme(self) -> str | None:
        return self.shelf.theme

    def enter(self) -> None:
        self.app.puzzles.load()
        self.refresh()

    def refresh(self) -> None:
        """The shelf changed (a pack chosen, a theme, the packs loaded): what the
        screen shows of it, and the layout again (the grid has other cards)."""
        self.problem_lines = self.shelf.problem_lines()
        self.shelf.fit_theme()
        self.visible = self.shelf.visible
        self.theme_button.label = self.shelf.theme_label()
        self.theme_button.enabled = self.shelf.can_choose_theme()
        self.resize(self.app.size)

    def layout(self, size: tuple[int, int]) -> Node:
        """The heading and the lines about the rating, measured; under them the
        packs on the left and, on the right, the pack's line beside the theme
        button over the chosen pack's puzzles in a grid that scrolls (the wheel,
        or the keys); the buttons along the bottom. A small window gets smaller
        rows and cells, as large as their words need."""
        w, h = size
        self.compact = compact = h < 700 or w < 900
        foot = button_rows(self.controls, w, 50 if compact else 64)
        self.theme_button.size = 16 if compact else 20
        listed, gap = min(380, w // 3), (16 if compact else 30)
        # A row as tall as its title needs: a long one takes two lines, not a smaller size.
        base = 52 if compact else 78
        self.pack_fit = pack_fit(
            [_(p.title) for p in self.packs],
            [self.shelf.pack_line(p) for p in self.packs],
            listed - 24,
            (base - 8) / 2,
            compact,
        )
        self.row = max(base, self.pack_fit.row + 8)
        heading = theme.font(self.sized("heading"), True).get_linesize()
        about = self.sized("about")
        # The list's left edge: nearer the window's in a small one.
        edge = 20 if compact else 30
        tw, th = (170, 30) if compact else (230, 36)
        tw, th = self.theme_room(w, tw, th)
        cw, ch = self.cell_size()
        self.pitch = ch + GAP
        # As many columns of cards as the grid's width holds, from the list's right.
        cols = max(1, (w - 20 - (edge + listed + gap) + GAP) // (cw + GAP))
        count = len(self.visible)
        tall = max(0, -(-count // cols) * self.pitch - GAP)
        packs = Column(
            key="packs",
            width=listed,
            justify="start",
            gap=8,
            # Each row keeps its height: the list runs on under its foot, and scrolls.
            children=[
                Node(("pack", i), height=self.row - 8, min_height=self.row - 8)
                for i in range(len(self.packs))
            ],
        )
        cards = Grid(
            key="cards",
            anchor="topleft",
            height=tall,
            min_height=tall,  # the whole grid, the part in view is what scrolls
            columns=[cw] * cols,
            rows=ch,
            gap=GAP,
            children=[Node(("cell", i)) for i in range(count)],
        )
        # The pack's line beside the theme button, wrapped whole (a description
        # is a sentence: it is not cut), with a clear gap before the button: the
        # line's last word must not seem to run into it; the grid under both.
        line = Row(
            height=Fit(lambda across: max(th, self.line_room(int(across - tw - 28)))),
            gap=28,
            children=[
                Node(
                    "pack_line", height=Fit(lambda width: self.line_room(int(width))), anchor="top"
                ),
                Node(self.theme_button, width=tw, height=th, anchor="top"),
            ],
        )
        right = Column(gap=8, children=[line, Stack(key="grid", children=[cards])])
        return Column(
            padding=(self.sized("top"), 0, 12, 0),
            children=[
                Node("heading", height=heading),
                # Measured across the window less its margins (a line measures
                # its children in its own width).
                Node(
                    "about",
                    height=Fit(
                        lambda across: tl.block_height(self.about_text(), about, across - 60)
                    ),
                    margin=(0, 30, 8, 30),
                ),
                foot,
                Row(padding=(0, 20, 0, edge), gap=gap, children=[packs, right]),
            ],
        )

    @property
    def left(self) -> pygame.Rect:
        """The pack list in view: whole rows, none cut across at its foot."""
        return whole_rows(self.boxes["packs"], self.row, 8)

    @property
    def grid(self) -> pygame.Rect:
        """The puzzle grid in view: whole rows of cards (one cut by the grid's
        foot would cut its words)."""
        return whole_rows(self.boxes["grid"], self.pitch, GAP)

    @property
    def pack_line(self) -> pygame.Rect:
        return self.boxes.rect("pack_line")

    @property
    def pack_rects(self) -> list[pygame.Rect]:
        return [self.boxes.rect(("pack", i)) for i in range(len(self.packs))]

    @property
    def cells(self) -> list[pygame.Rect]:
        return [self.boxes.rect(("cell", i)) for i in range(len(self.visible))]

    @property
    def max_scroll(self) -> int:
        return max(0, self.boxes.rect("cards").height - self.grid.height)

    @property
    def scroll(self) -> int:
        """How far the grid is scrolled (never past its foot, in a window made taller)."""
        return min(self.scrolled, self.max_scroll)

    @property
    def max_pack_scroll(self) -> int:
        # The packs that failed to load are listed under the others, in the same scroll.
        width = self.left.width
        told = sum(tl.block_height(m, 20, width) + 24 for m in self.problem_lines)
        return max(0, self.row * len(self.packs) + 4 + told - self.left.height)

    @property
    def pack_scroll(self) -> int:
        return min(self.packs_scrolled, self.max_pack_scroll)

    def theme_room(self, w: int, tw: int, th: int) -> tuple[int, int]:
        """The theme button as wide as its longest label needs at the text size (a
        fixed width shrank a long theme's name), up to a third of the window; and
        two lines high (the name under "Theme:") where that is too narrow."""
        face, labels = theme.face(theme.px(self.theme_button.size)), self.shelf.theme_labels()
        pad = 2 * LABEL_PAD + 12
        longest = max((face.size(m)[0] for m in labels), default=0) + pad
        if longest <= w // 3:
            return max(tw, longest), th
        parts = [part.strip() for m in labels for part in m.rpartition(":")[::2]]
        widest = max(face.size(part)[0] for part in parts) + pad
        return max(tw, min(w // 3, widest)), max(th, 2 * face.get_linesize() + 8)

    def sized(self, part: str) -> int:
        """The text size (or, for "top", the place) of a part of the screen, in
        a large window or a small one."""
        return SIZES[part][self.compact]

    @property
    def stars(self) -> tuple[int, int]:
        """A puzzle's stars: the step from one to the next, and their radius."""
        return (12, 5) if self.compact else (18, 8)

    def cell_size(self) -> tuple[int, int]:
        """A puzzle's cell: its number and rating across the top, its stars and
        goal across the foot, each pair side by side with room between."""
        width, height = (84, 52) if self.compact else (CELL_W, CELL_H)
        step, r = self.stars
        goal = max(theme.font(16).size(_(g))[0] for g in GOALS)
        stars = 12 + step * (MAX_STARS - 1) + r
        line = theme.font(16).get_height()
        number = theme.rendered("0", theme.px(24), theme.TEXT, True).get_height()
        return (
            max(width, stars + 6 + goal + 8),
            max(height, 16 + 2 * line, pads(theme.px(24), False)[1] + number + 2 + r + 14),
        )

    def about_text(self) -> str:
        """The player's puzzle rating and bests, over the lists."""
        return self.shelf.about_text()

    def pack_words(self) -> str:
        """The line over the grid: the card under the pointer or the keys in words,
        else :meth:`pack_said`."""
        if self.packs and self.hover is not None and self.hover < len(self.visible):
            return self.shelf.card_said(self.hover)
        return self.pack_said()

    def pack_said(self) -> str:
        return self.shelf.pack_said()

    def line_room(self, width: int) -> int:
        """The height the line over the grid keeps, whatever it says: the pack's
        words, or the longest a card could say, so the grid does not jump."""
        longest = card_words(999, 9999, "most", MAX_STARS)
        size = self.sized("pack")
        return max(tl.block_height(t, size, width) for t in (self.pack_said(), longest))

    @staticmethod
    def themes(pack: Pack) -> list[str]:
        return themes(pack)

    def next_theme(self) -> None:
        """All, then each theme of the pack in turn (the T key does the same)."""
        if not self.packs:
            return
        self.shelf.next_theme()
        self.hover = None
        self.scrolled = 0
        self.refresh()

    def pack_shown(self, i: int) -> pygame.Rect:
        """Where pack ``i``'s row is on screen, with the list scrolled."""
        return self.boxes.rect(("pack", i)).move(0, -self.pack_scroll)

    def scroll_packs_by(self, pixels: int) -> None:
        self.packs_scrolled = max(0, min(self.max_pack_scroll, self.pack_scroll + pixels))

    def shown(self, i: int) -> pygame.Rect:
        """Where puzzle ``i``'s cell is on screen, with the grid scrolled."""
        return self.boxes.rect(("cell", i)).move(0, -self.scroll)

    def scroll_by(self, pixels: int) -> None:
        self.scrolled = max(0, min(self.max_scroll, self.scroll + pixels))

    def scroll_to(self, i: int) -> None:
        """Bring puzzle ``i`` into view."""
        r = self.shown(i)
        if r.top < self.grid.top:
            self.scroll_by(r.top - self.grid.top)
        elif r.bottom > self.grid.bottom:
            self.scroll_by(r.bottom - self.grid.bottom)

    def back(self) -> None:
        self.app.scenes.pop()

    def arcade(self, mode: str) -> None:
        if not self.packs:
            self.app.toast(_("No puzzle packs could be loaded, so the arcade modes are closed."))
            return
        theme = self.shelf.arcade_theme(mode)
        self.app.scenes.push(ArcadeScene(self.app, mode, theme=theme))

    def daily(self) -> None:
        scene = daily_scene(self.app)
        if scene is None:
            self.app.toast(_("No puzzle packs could be loaded."))
            return
        scene.on_next = self.next_unsolved  # after today's puzzle, go on with the packs
        self.app.scenes.push(scene)

    def next_unsolved(self) -> None:
        """Open the first puzzle not solved yet, pack by pack (or say all are)."""
        found = self.shelf.next_unsolved()
        if found is not None:
            p, i = found
            self.app.scenes.replace(self.puzzle_scene(self.packs[p], i))
            return
        self.app.scenes.pop()
        self.app.toast(_("You have solved every puzzle in the packs."))

    def handle(self, event: pygame.event.Event) -> None:
        if press([*self.controls, self.theme_button], event, self.app.click):
            return
        if event.type == pygame.MOUSEWHEEL:
            # The wheel scrolls whichever list the pointer is over.
            if self.left.collidepoint(self.pointer):
                self.scroll_packs_by(-event.y * 40)
            else:
                self.scroll_by(-event.y * 40)
        elif event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
            self.hover = self.cell_at(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i in range(len(self.packs)):
                if self.left.collidepoint(event.pos) and self.pack_shown(i).collidepoint(event.pos):
                    self.select(i)
                    return
            cell = self.cell_at(event.pos)
            if cell is not None:
                self.open(cell)
                return
        elif event.type == pygame.KEYDOWN and self.packs:
            self.key(event.key)

    def cell_at(self, pos: tuple[int, int]) -> int | None:
        """The puzzle under ``pos`` (only where the grid shows it)."""
        if not self.grid.collidepoint(pos):
            return None
        shown = range(len(self.visible))
        return next((i for i in shown if self.shown(i).collidepoint(pos)), None)

    def select(self, pack: int) -> None:
        self.shelf.select(pack)
        self.hover = None
        self.scrolled = 0
        self.app.click()
        self.refresh()
        r = self.pack_shown(pack)  # keep the chosen pack in view
        if r.top < self.left.top:
            self.scroll_packs_by(r.top - self.left.top)
        elif r.bottom > self.left.bottom:
            self.scroll_packs_by(r.bottom - self.left.bottom)

    def key(self, key: int) -> None:
        """Up/Down choose the pack, Left/Right a puzzle in it, Enter opens it;
        Page Up/Down, Home and End page through a long pack."""
        if key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            page = self.grid.height - 20
            self.scroll_by(-page if key == pygame.K_PAGEUP else page)
        elif key in (pygame.K_HOME, pygame.K_END):
            self.scroll_by(-self.max_scroll if key == pygame.K_HOME else self.max_scroll)
        elif key in (pygame.K_UP, pygame.K_DOWN):
            self.select((self.selected + (-1 if key == pygame.K_UP else 1)) % len(self.packs))
        elif key in (pygame.K_LEFT, pygame.K_RIGHT) and self.visible:
            step = -1 if key == pygame.K_LEFT else 1
            if self.hover is None:
                self.hover = 0 if step > 0 else len(self.visible) - 1
            else:
                self.hover = (self.hover + step) % len(self.visible)
            self.scroll_to(self.hover)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and self.hover is not None:
            self.open(self.hover)

    def open(self, cell: int) -> None:
        """Open the puzzle in grid cell ``cell`` (of those the theme lets through)."""
        pack = self.packs[self.selected]
        self.app.click()
        self.app.scenes.push(self.puzzle_scene(pack, self.visible[cell], list(self.visible)))

    def puzzle_scene(self, pack: Pack, index: int, order: list[int] | None = None) -> PuzzleScene:
        """Puzzle ``index`` of ``pack``; Next goes on through ``order`` (the
        puzzles of the theme chosen; all of the pack by default)."""
        puzzle = pack.puzzles[index]
        order = order if order is not None else list(range(len(pack.puzzles)))

        def result(right: bool, first_try: bool) -> None:
            answer = Answer(right, first_try, scene.stars)
            count_answer(self.app.puzzles.progress, pack.id, puzzle, answer)
            self.app.puzzles.save()

        def next_puzzle() -> None:
            later = after(order, index)
            if later is not None:
                self.app.scenes.replace(self.puzzle_scene(pack, later, order))
            else:
                self.app.scenes.pop()
                self.app.toast(_("You reached the end of {pack}.").format(pack=_(pack.title)))

        scene = PuzzleScene(
            self.app,
            puzzle,
            title=puzzle_title(pack, index),
            on_result=result,
            on_next=next_puzzle,
        )
        return scene

    def update(self, dt: float) -> bool:
        return update_all([*self.controls, self.theme_button], dt)

    def draw(self, surface: pygame.Surface) -> None:
        theme.text(
            surface,
            _("Puzzles"),
            self.boxes.rect("heading").midtop,
            size=self.sized("heading"),
            anchor="midtop",
            bold=True,
        )
        progress = self.app.puzzles.progress
        tl.block(surface, self.about_text(), self.boxes["about"], size=self.sized("about"),
                 color=theme.MUTED, align="center")  # fmt: skip
        surface.set_clip(self.left)
        small = self.compact
        # The packs are one list: their titles at one size, their lines at another
        # (every pack's, so a scroll changes neither), measured with the layout.
        fit = self.pack_fit
        for i, pack in enumerate(self.packs):
            r = self.pack_shown(i)
            if r.colliderect(self.left):
                line = self.shelf.pack_line(pack)
                pack_row(surface, r, _(pack.title), line, i == self.selected, small, fit)
        y: float = self.left.top + self.row * len(self.packs) + 4 - self.pack_scroll
        for told in self.problem_lines:
            # Each under the one before, as tall as it is wrapped.
            box = split(
                self.left.move(0, y - self.left.top), tl.block_height(told, 20, self.left.width)
            )[0]
            tl.block(surface, told, box, size=20, color=theme.BAD)
            y = box.bottom + 24
        surface.set_clip(None)
        scrollbar(surface, self.left, self.pack_scroll, self.max_pack_scroll)
        if not self.packs:
            theme.text(surface, _("No puzzle packs were found."), self.grid.topleft, size=26)
        else:
            pack = self.packs[self.selected]
            tl.block(surface, self.pack_words(), self.pack_line, size=self.sized("pack"),
                     color=theme.MUTED)  # fmt: skip
            surface.set_clip(self.grid.inflate(6, 6))
            for i, index in enumerate(self.visible):
                r = self.shown(i)
                if r.colliderect(self.grid):
                    p = pack.puzzles[index]
                    got = progress.solved(pack.id, p.id)
                    card(surface, r, index + 1, p.rating, p.goal, got, i == self.hover, self.stars)
            surface.set_clip(None)
            scrollbar(surface, self.grid, self.scroll, self.max_scroll)
        draw_all([*self.controls, self.theme_button], surface)
