"""A question over the current scene before anything that cannot be undone:
replacing the match in progress, quitting.

Enter or Y answers yes, Esc or N answers no; so do the two buttons. The scene
pops itself and then runs the chosen action, so the action may push, pop or
replace scenes as if the question had never been there.
"""

from __future__ import annotations

import pygame

from game.play.in_progress import match_in_progress

from .. import theme
from ..layout import grid
from ..scene import ButtonScene, Services
from ..widgets import Action, Button, draw_all


def ask_to_replace(app: Services, start: Action) -> None:
    """Run ``start`` (which begins a new match in progress) at once, or, if a match
    is in progress, once the player agrees to replace it."""
    if not match_in_progress(app.data):
        start()
        return
    app.scenes.push(
        ConfirmScene(
            app,
            "Replace the match in progress?",
            "A new match takes the place of the match you have in progress; "
            "that one cannot be continued afterwards.",
            "Replace",
            start,
        )
    )


FOCUS_KEYS = (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_TAB)


class ConfirmScene(ButtonScene):
    overlay = True

    def __init__(
        self,
        app: Services,
        question: str,
        detail: str,
        yes: str,
        on_yes: Action,
        no: str = "Cancel",
        on_no: Action | None = None,
    ) -> None:
        super().__init__(app)
        self.lines: list[str] = []
        self.box = pygame.Rect(0, 0, 0, 0)
        self.question = question
        self.detail = detail
        self.on_yes = on_yes
        self.on_no = on_no
        self.yes_button = Button(yes, self.yes, key=pygame.K_RETURN, size=24)
        self.no_button = Button(no, self.no, key=pygame.K_ESCAPE, size=24)
        self.controls = [self.yes_button, self.no_button]

    def enter(self) -> None:
        self.resize(self.app.size)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_y, pygame.K_n):
            self.app.click()
            (self.yes if event.key == pygame.K_y else self.no)()
            return
        if event.type == pygame.KEYDOWN and event.key in FOCUS_KEYS:
            # The arrows and Tab move a visible focus between the two answers.
            now = self.yes_button.focused
            self.yes_button.focused, self.no_button.focused = not now, now
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_SPACE):
            focused = next((b for b in self.controls if b.focused), None)
            if focused is not None:  # Enter answers what the focus is on
                self.app.click()
                focused.activate()
                return
        super().handle(event)

    def yes(self) -> None:
        self._close()
        self.on_yes()

    def no(self) -> None:
        self._close()
        if self.on_no is not None:
            self.on_no()

    def _close(self) -> None:
        if self.app.scenes.top is self:
            self.app.scenes.pop()

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        width = min(600, w - 40)
        self.lines = theme.wrap(self.detail, 22, width - 48) if self.detail else []
        height = 160 + 28 * len(self.lines) if self.lines else 140
        self.box = pygame.Rect(0, 0, width, height)
        self.box.center = (w // 2, h // 2)
        bw = (width - 3 * 20) // 2
        grid(self.controls, self.box.left + 20, self.box.bottom - 68, width=bw, height=48, gap=20)

    def draw(self, surface: pygame.Surface) -> None:
        box = self.box
        theme.dialog(surface, box, round(self.t * 900))
        theme.text(
            surface,
            self.question,
            (box.centerx, box.top + 24),
            size=32,
            anchor="midtop",
            bold=True,
        )
        for i, line in enumerate(self.lines):
            theme.text(
                surface,
                line,
                (box.centerx, box.top + 72 + 28 * i),
                size=22,
                color=theme.MUTED,
                anchor="midtop",
            )
        draw_all(self.controls, surface)
