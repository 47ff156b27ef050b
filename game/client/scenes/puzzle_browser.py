"""The puzzle browser: packs with progress, a grid of each pack's puzzles, and
the packs that failed to load with the reason."""

from __future__ import annotations

import math

import pygame

from game.puzzles import Pack

from .. import theme
from ..progress import MAX_STARS
from ..scene import Scene
from ..widgets import Button, draw_all, press, update_all
from .arcade_scene import ArcadeScene, daily_scene
from .puzzle_scene import PuzzleScene

CELL_W, CELL_H, GAP = 112, 64, 10


class PuzzleBrowserScene(Scene):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.selected = 0
        self.hover: int | None = None
        self.controls = [
            Button("Back", self.back, key=pygame.K_ESCAPE, size=24),
            Button("Flip Rush", lambda: self.arcade("rush"), size=24),
            Button("Streak", lambda: self.arcade("streak"), size=24),
            Button("Daily puzzle", self.daily, size=24),
        ]
        self.pack_rects: list[pygame.Rect] = []
        self.cells: list[pygame.Rect] = []

    @property
    def packs(self) -> list[Pack]:
        return self.app.puzzles.packs

    def enter(self) -> None:
        self.app.puzzles.load()
        self.resize(self.app.size)

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        self.left = pygame.Rect(30, 150, min(380, w // 3), h - 240)
        self.pack_rects = [
            pygame.Rect(self.left.left, self.left.top + i * 78, self.left.width, 68)
            for i in range(len(self.packs))
        ]
        self.grid = pygame.Rect(self.left.right + 30, 150, w - self.left.right - 60, h - 240)
        cols = max(1, (self.grid.width + GAP) // (CELL_W + GAP))
        count = len(self.packs[self.selected].puzzles) if self.packs else 0
        self.cells = [
            pygame.Rect(
                self.grid.left + (i % cols) * (CELL_W + GAP),
                self.grid.top + (i // cols) * (CELL_H + GAP),
                CELL_W,
                CELL_H,
            )
            for i in range(count)
        ]
        for i, b in enumerate(self.controls):
            b.rect = pygame.Rect(30 + i * 215, h - 76, 200, 54)

    def back(self) -> None:
        self.app.scenes.pop()

    def arcade(self, mode: str) -> None:
        if not self.packs:
            self.app.toast("No puzzle packs could be loaded, so the arcade modes are closed.")
            return
        self.app.scenes.push(ArcadeScene(self.app, mode))

    def daily(self) -> None:
        scene = daily_scene(self.app)
        if scene is None:
            self.app.toast("No puzzle packs could be loaded.")
            return
        scene.on_next = self.next_unsolved  # after today's puzzle, go on with the packs
        self.app.scenes.push(scene)

    def next_unsolved(self) -> None:
        """Open the first puzzle not solved yet, pack by pack (or say all are)."""
        progress = self.app.puzzles.progress
        for p, pack in enumerate(self.packs):
            for i, puzzle in enumerate(pack.puzzles):
                if not progress.solved(pack.id, puzzle.id):
                    self.selected = p
                    self.app.scenes.replace(self.puzzle_scene(pack, i))
                    return
        self.app.scenes.pop()
        self.app.toast("You have solved every puzzle in the packs.")

    def handle(self, event: pygame.event.Event) -> None:
        if press(self.controls, event, self.app.click):
            return
        if event.type == pygame.MOUSEMOTION:
            self.hover = next(
                (i for i, r in enumerate(self.cells) if r.collidepoint(event.pos)), None
            )
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i, r in enumerate(self.pack_rects):
                if r.collidepoint(event.pos):
                    self.select(i)
                    return
            for i, r in enumerate(self.cells):
                if r.collidepoint(event.pos):
                    self.open(i)
                    return
        elif event.type == pygame.KEYDOWN and self.packs:
            self.key(event.key)

    def select(self, pack: int) -> None:
        self.selected = pack
        self.hover = None
        self.app.click()
        self.resize(self.app.size)

    def key(self, key: int) -> None:
        """Up/Down choose the pack, Left/Right a puzzle in it, Enter opens it."""
        if key in (pygame.K_UP, pygame.K_DOWN):
            self.select((self.selected + (-1 if key == pygame.K_UP else 1)) % len(self.packs))
        elif key in (pygame.K_LEFT, pygame.K_RIGHT) and self.cells:
            step = -1 if key == pygame.K_LEFT else 1
            if self.hover is None:
                self.hover = 0 if step > 0 else len(self.cells) - 1
            else:
                self.hover = (self.hover + step) % len(self.cells)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and self.hover is not None:
            self.open(self.hover)

    def open(self, index: int) -> None:
        pack = self.packs[self.selected]
        self.app.click()
        self.app.scenes.push(self.puzzle_scene(pack, index))

    def puzzle_scene(self, pack: Pack, index: int) -> PuzzleScene:
        puzzle = pack.puzzles[index]

        def result(right: bool, first_try: bool) -> None:
            if first_try:
                self.app.puzzles.progress.first_try(pack.id, puzzle, right)
            if right:
                self.app.puzzles.progress.record(pack.id, puzzle.id, scene.stars)
            self.app.puzzles.save()

        def next_puzzle() -> None:
            if index + 1 < len(pack.puzzles):
                self.app.scenes.replace(self.puzzle_scene(pack, index + 1))
            else:
                self.app.scenes.pop()
                self.app.toast(f"You reached the end of {pack.title}.")

        scene = PuzzleScene(
            self.app,
            puzzle,
            title=f"{pack.title} {index + 1}/{len(pack.puzzles)}",
            on_result=result,
            on_next=next_puzzle,
        )
        return scene

    def update(self, dt: float) -> bool:
        return update_all(self.controls, dt)

    def draw(self, surface: pygame.Surface) -> None:
        w = surface.get_width()
        theme.text(surface, "Puzzles", (w // 2, 24), size=52, anchor="midtop", bold=True)
        progress = self.app.puzzles.progress
        r = progress.rating
        line = (
            f"Find the best multi-flip.   Your puzzle rating {r.rating:.0f}   "
            f"Flip Rush best {progress.best.get('rush', 0)}   "
            f"Streak best {progress.best.get('streak', 0)}"
        )
        theme.text(surface, line, (w // 2, 80), size=22, color=theme.MUTED, anchor="midtop")
        for i, (pack, r) in enumerate(zip(self.packs, self.pack_rects, strict=True)):
            solved = sum(1 for p in pack.puzzles if progress.solved(pack.id, p.id))
            stars = sum(progress.solved(pack.id, p.id) for p in pack.puzzles)
            pygame.draw.rect(surface, theme.BG_LIGHT, r, border_radius=10)
            if i == self.selected:
                pygame.draw.rect(surface, theme.ACCENT, r, 3, border_radius=10)
            theme.text(surface, pack.title, (r.left + 14, r.top + 10), size=26, bold=True)
            line = f"{solved}/{len(pack.puzzles)} solved   {stars}/{MAX_STARS * len(pack.puzzles)}"
            theme.text(
                surface, line + " stars", (r.left + 14, r.top + 40), size=20, color=theme.MUTED
            )
        y = self.left.top + 78 * len(self.packs) + 10
        for problem in self.app.puzzles.problems:
            if problem.puzzle is not None:
                continue
            name = problem.file.replace("\\", "/").rsplit("/", 1)[-1]
            for line in theme.wrap(f"{name} did not load: {problem.reason}", 20, self.left.width):
                theme.text(surface, line, (self.left.left, y), size=20, color=theme.BAD)
                y += 24
            y += 8
        if not self.packs:
            theme.text(surface, "No puzzle packs were found.", self.grid.topleft, size=26)
        else:
            pack = self.packs[self.selected]
            theme.text(
                surface,
                pack.description,
                (self.grid.left, self.grid.top - 32),
                size=22,
                color=theme.MUTED,
            )
            for i, (p, r) in enumerate(zip(pack.puzzles, self.cells, strict=True)):
                got = progress.solved(pack.id, p.id)
                base = theme.BG_LIGHT if not got else (40, 70, 55)
                pygame.draw.rect(surface, base, r, border_radius=8)
                edge = theme.ACCENT if i == self.hover else theme.CELL_EDGE
                pygame.draw.rect(surface, edge, r, 2, border_radius=8)
                theme.text(surface, str(i + 1), (r.left + 8, r.top + 6), size=24, bold=True)
                theme.text(
                    surface,
                    str(p.rating),
                    (r.right - 8, r.top + 8),
                    size=16,
                    color=theme.MUTED,
                    anchor="topright",
                )
                for k in range(MAX_STARS):
                    color = theme.ACCENT if k < got else theme.CELL_EDGE
                    star(surface, (r.left + 14 + 18 * k, r.bottom - 16), 8, color)
                goal = "win" if p.goal == "win" else "most"
                theme.text(
                    surface,
                    goal,
                    (r.right - 8, r.bottom - 8),
                    size=16,
                    color=theme.MUTED,
                    anchor="bottomright",
                )
        draw_all(self.controls, surface)


def star(surface: pygame.Surface, centre: tuple[int, int], r: float, color) -> None:
    """A five-pointed star."""
    cx, cy = centre
    pts = []
    for k in range(10):
        radius = r if k % 2 == 0 else r * 0.45
        a = math.pi / 2 + k * math.pi / 5
        pts.append((cx + radius * math.cos(a), cy - radius * math.sin(a)))
    pygame.draw.polygon(surface, color, pts)
