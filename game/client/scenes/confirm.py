"""A question over the current scene before anything that cannot be undone:
replacing the match in progress, quitting.

Y answers yes, Esc or N answers no; so do the two buttons, and Enter answers
the one the focus is on: at first the safe one, so that Enter (a controller's
A) pressed twice never quits the game or throws a match away. The scene
pops itself and then runs the chosen action, so the action may push, pop or
replace scenes as if the question had never been there.
"""

from __future__ import annotations

import pygame

from game.i18n import N_, _
from game.play.in_progress import match_in_progress

from .. import text_layout, theme
from ..layout_tree import Column, Node, Row, Stack
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
            N_("Replace the match in progress?"),
            # What becomes of the replaced match, said plainly (play-test: it
            # went unsaid). It never ends, so it is neither rated nor kept in
            # the history; the new match's first turn, or leaving it, writes
            # over its file.
            N_(
                "A new match replaces the one you have in progress. That one is "
                "dropped: it is not rated, it does not go in your History, and it "
                "cannot be continued."
            ),
            N_("Replace"),
            start,
        )
    )


FOCUS_KEYS = (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_TAB)


class ConfirmScene(ButtonScene):
    """The question, the detail and the two answers are given in English (marked
    with ``N_``, or already translated where they hold a value) and translated as
    drawn. The keyboard focus starts on the safe answer, no (Esc answers no, Y
    yes); the arrows and Tab move it to the other, ringed and lit."""

    overlay = True

    def __init__(
        self,
        app: Services,
        question: str,
        detail: str,
        yes: str,
        on_yes: Action,
        no: str = N_("Cancel"),
        on_no: Action | None = None,
    ) -> None:
        super().__init__(app)
        self.question = question
        self.detail = detail
        self.on_yes = on_yes
        self.on_no = on_no
        self.yes_button = Button(yes, self.yes, key=pygame.K_RETURN, size=24)
        self.no_button = Button(no, self.no, key=pygame.K_ESCAPE, size=24)
        self.controls = [self.yes_button, self.no_button]
        self.no_button.focused = True

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

    def layout(self, size: tuple[int, int]) -> Node:
        """The panel as tall as its words need at their size (it grows, they do
        not shrink), the answers side by side along its bottom."""
        w, h = size
        width = min(600, w - 40)
        inner = width - 48
        ask_h = text_layout.block_height(_(self.question), 32, inner, bold=True)
        tell_h = text_layout.block_height(_(self.detail), 22, inner) if self.detail else 0
        height = min(h - 40, 24 + ask_h + 16 + tell_h + (24 if tell_h else 8) + 48 + 20)
        return Stack(
            children=[
                Column(
                    key="box",
                    width=width,
                    height=height,
                    padding=20,
                    gap=16,
                    justify="start",
                    children=[
                        Node("ask", height=ask_h, margin=(0, 4)),
                        Node("tell", margin=(0, 4)),
                        Row(
                            dock="bottom",
                            height=48,
                            gap=20,
                            children=[Node(self.yes_button), Node(self.no_button)],
                        ),
                    ],
                )
            ]
        )

    @property
    def box(self) -> pygame.Rect:
        """The panel."""
        return self.boxes.rect("box")

    def draw(self, surface: pygame.Surface) -> None:
        theme.dialog(surface, self.box, round(self.t * 900))
        text_layout.block(
            surface, _(self.question), self.boxes["ask"], size=32, bold=True, align="center"
        )
        if self.detail:
            text_layout.block(
                surface,
                _(self.detail),
                self.boxes["tell"],
                size=22,
                color=theme.MUTED,
                align="center",
            )
        draw_all(self.controls, surface)
