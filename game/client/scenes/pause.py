"""The pause menu of a match: resume, settings, save the game, resign, or leave
for the title screen (the match in progress is kept).

The menu is given what it offers (a :class:`Paused`) by the match's screen and
calls back into it; it never reaches into that screen or counts the scenes
under it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.i18n import N_
from game.play.called_off import ResignWords, resigning
from game.play.match_menu import PAUSE, MenuWords
from game.rules import Color

from .. import text_layout, theme
from ..layout_tree import Node
from ..scene import Services
from ..widgets import Button, Widget
from .confirm import ConfirmScene
from .menu import MenuScene
from .settings_scene import SettingsScene


@dataclass(frozen=True)
class Paused:
    """What the pause menu of a match offers, and what each choice does."""

    #: How the match stands, for the menu's subtitle.
    status: Callable[[], str]
    #: Look at the position on the analysis board.
    analyse: Callable[[], None]
    #: Leave the match for the title screen (the match in progress is kept).
    leave: Callable[[], None]
    #: Resign for ``side`` (the menu has asked first).
    resign: Callable[[Color], None]
    #: The side a resignation is for; None when nobody may resign now.
    resigner: Color | None = None
    #: How resigning is put for :attr:`resigner` now (Call off before the
    #: person's first turn); plain Resign when not given.
    resign_words: ResignWords | None = None
    #: Save the game to a file: (done, what to say).
    save: Callable[[], tuple[bool, str]] | None = None
    #: Go through the finished game with the engine (a finished game only).
    analyse_game: Callable[[], None] | None = None
    #: The game is over: nothing to resign, however the position shown looks.
    finished: bool = False
    #: The menu's title and first choice (game/play's words: a finished game's
    #: menu pauses nothing).
    words: MenuWords = PAUSE


#: The size of the line saying what Call off means.
NOTE_SIZE = 18


class PauseScene(MenuScene):
    overlay = True
    title = N_("Paused")
    button_width = 360

    def __init__(self, app: Services, paused: Paused) -> None:
        self.paused = paused
        self.title = paused.words.title
        self.note = ""
        #: The height of the line saying what Call off means (none for Resign).
        self.note_room = 0
        self.note_size = NOTE_SIZE
        super().__init__(app)

    @property
    def subtitle(self) -> str:
        """What saving said, else how the match stands."""
        return self.note or self.paused.status()

    def meaning(self) -> str:
        """What the menu's way to give up means, where it is Call off (game/play's words)."""
        words = self.paused.resign_words
        return "" if words is None or self.paused.finished else words.note

    def note_width(self, w: int) -> int:
        """As wide as two columns of buttons: a line across 1280 pixels is not read as one."""
        return min(2 * self.button_width + 20, w - 60)

    def layout(self, size: tuple[int, int]) -> Node:
        # The line takes what it needs, wrapped, between the header and the buttons.
        meaning = self.meaning()
        width = self.note_width(size[0])
        # As the title screen's note: larger in a large window, beside larger
        # buttons (play-test at 1280x800: it read small under the subtitle).
        self.note_size = round(NOTE_SIZE * theme.window_scale(size))
        self.note_room = (
            text_layout.block_height(meaning, self.note_size, width) + 8 if meaning else 0
        )
        return super().layout(size)

    def build(self) -> list[Widget]:
        p = self.paused
        buttons = [
            Button(p.words.back, self.back, key=pygame.K_ESCAPE),
            Button(N_("Settings"), lambda: self.app.scenes.push(SettingsScene(self.app))),
        ]
        if p.save is not None:
            buttons.append(Button(N_("Save game"), self.save, key=pygame.K_s))
        if p.analyse_game is not None:
            buttons.append(Button(N_("Analyse the game"), p.analyse_game, key=pygame.K_g))
        buttons.append(Button(N_("Analyse this position"), p.analyse, key=pygame.K_a))
        if not p.finished:  # a finished game offers no Resign at all
            label = N_("Resign") if p.resign_words is None else p.resign_words.button
            resign = Button(label, self.ask_to_resign, enabled=p.resigner is not None)
            buttons.append(resign)
        return [*buttons, Button(N_("Leave to the title screen"), p.leave)]

    def save(self) -> None:
        if self.paused.save is not None:
            self.note = self.paused.save()[1]

    def ask_to_resign(self) -> None:
        side = self.paused.resigner
        if side is None:
            return
        words = self.paused.resign_words or resigning(side)
        self.app.scenes.push(
            ConfirmScene(
                self.app, words.question, words.detail, words.yes, lambda: self.resign(side)
            )
        )

    def resign(self, side: Color) -> None:
        if self.app.scenes.top is self:
            self.app.scenes.pop()  # this menu
        self.paused.resign(side)

    def draw(self, surface: pygame.Surface) -> None:
        # The menu covers the whole window: in a veiled margin round it, the
        # match's top line peeked over its edge, cut in half.
        surface.fill(theme.PANEL)
        pygame.draw.rect(surface, theme.ACCENT, surface.get_rect(), 3)
        super().draw(surface)
        meaning = self.meaning()
        if meaning and "note" in self.boxes:
            text_layout.block(
                surface,
                meaning,
                self.boxes["note"],
                size=self.note_size,
                color=theme.MUTED,
                align="center",
            )
