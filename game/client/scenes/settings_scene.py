"""Settings: volume, board markers, colour-blind marks, coordinates, the AI thinking on
the player's turn, fullscreen, animation speed, text size, language and speech.

Captions are given in English, marked ``N_``: the widgets translate what they draw
(:mod:`game.client.widgets`), so a change of language shows on the next frame."""

from __future__ import annotations

import pygame

from game.i18n import LANGUAGES, N_, set_language
from game.play.settings import TEXT_SIZES

from .. import text_layout, theme
from ..layout_tree import Node
from ..scene import Services
from ..slider import Slider
from ..widgets import Button, Choice, Widget
from .menu import MenuScene

SPEEDS = {N_("Slow"): 0.5, N_("Normal"): 1.0, N_("Fast"): 2.0}
ON_OFF = (N_("Off"), N_("On"))
#: The size of the note under the title (a voice that cannot speak).
NOTE_SIZE = 16
MASTER = (N_("Quick"), N_("Long"))
# Each language named in its own words (never translated: a player who cannot read
# the current language must still find theirs); "System" follows the computer's.
SYSTEM = N_("System")
LANGUAGE_CHOICES = {SYSTEM: "", **{name: code for code, name in LANGUAGES.items()}}


class SettingsScene(MenuScene):
    title = N_("Settings")
    one_size = True  # a list of settings is read as one: one label size for all

    def header(self, h: int) -> int:
        # A little less title than other menus, so that at 640x480 the settings
        # stay one column: the sliders need the width.
        return min(190, max(120, h * 25 // 100))

    def __init__(self, app: Services) -> None:
        super().__init__(app)
        on = ON_OFF[app.settings.fullscreen]
        self.fullscreen = Choice(N_("Fullscreen (F11)"), ON_OFF, on, self._fullscreen)
        self.volume = Slider(N_("Game sounds"), app.settings.volume, self._volume)
        self.speech = Choice(N_("Speech"), ON_OFF, ON_OFF[app.settings.speech], self._speech)
        #: What the game has to tell here (a voice that cannot speak), under the title.
        self.note = ""
        #: The note's height, wrapped (:meth:`layout`): none without a note.
        self.note_room = 0

    def note_width(self, w: int) -> int:
        """The note's lines are as wide as the rows, not the window (a line across
        1280 pixels is not read as one)."""
        return min(self.button_width, w - 60)

    def layout(self, size: tuple[int, int]) -> Node:
        # The note takes the lines it needs, wrapped, between the title and the
        # rows, which move down for it: squeezed into the subtitle's one line it
        # was drawn far below the text floor.
        width = self.note_width(size[0])
        self.note_room = (
            text_layout.block_height(self.note, NOTE_SIZE, width) + 8 if self.note else 0
        )
        return super().layout(size)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.note and "note" in self.boxes:
            box = self.boxes["note"]
            text_layout.block(
                surface, self.note, box, size=NOTE_SIZE, color=theme.MUTED, align="center"
            )

    def build(self) -> list[Widget]:
        s = self.app.settings
        speed = next((k for k, v in SPEEDS.items() if v == s.speed), "Normal")
        language = LANGUAGES.get(s.language, SYSTEM)
        self.volume.value = s.volume
        clicks = Slider(N_("Button clicks"), s.click_volume, self._clicks)
        self.volume.peers = clicks.peers = (self.volume, clicks)
        return [
            self.volume,
            clicks,
            Choice(N_("Legal-move markers"), ON_OFF, ON_OFF[s.legal_markers], self._markers),
            Choice(N_("Colour-blind shapes"), ON_OFF, ON_OFF[s.colour_blind], self._shapes),
            Choice(N_("Coordinates"), ON_OFF, ON_OFF[s.coordinates], self._coordinates),
            Choice(N_("AI thinks on your turn"), ON_OFF, ON_OFF[s.ponder], self._ponder),
            Choice(N_("Master thinks"), MASTER, MASTER[s.master_long], self._master),
            self.fullscreen,
            Choice(N_("Animation"), list(SPEEDS), speed, self._speed),
            Choice(N_("Text size"), list(TEXT_SIZES), s.text_size, self._text_size),
            Choice(N_("Language"), list(LANGUAGE_CHOICES), language, self._language),
            self.speech,
            Button(N_("Back"), self.back),
        ]

    def _volume(self, value: float) -> None:
        self.app.settings.volume = round(value, 2)
        self.app.settings.muted = False  # moving the sound's slider means sound wanted
        self.app.save_settings()

    def _clicks(self, value: float) -> None:
        self.app.settings.click_volume = round(value, 2)
        self.app.save_settings()

    def _markers(self, value: str) -> None:
        self.app.settings.legal_markers = value == "On"
        self.app.save_settings()

    def _coordinates(self, value: str) -> None:
        self.app.settings.coordinates = value == "On"
        self.app.save_settings()

    def _ponder(self, value: str) -> None:
        self.app.settings.ponder = value == "On"
        self.app.save_settings()

    def _master(self, value: str) -> None:
        self.app.settings.master_long = value == "Long"
        self.app.save_settings()

    def _shapes(self, value: str) -> None:
        self.app.settings.colour_blind = value == "On"
        self.app.save_settings()

    def _fullscreen(self, value: str) -> None:
        self.app.set_fullscreen(value == "On")

    def _text_size(self, value: str) -> None:
        self.app.settings.text_size = value
        self.app.save_settings()
        theme.set_text_size(value)
        self.resize(self.app.size)  # every label measured again; the scenes below on return

    def _language(self, value: str) -> None:
        self.app.settings.language = LANGUAGE_CHOICES[value]
        self.app.save_settings()
        set_language(self.app.settings.language)
        # Every caption is translated as drawn; the menu is built and measured again
        # for the new words' widths (the scenes below measure theirs on return).
        focus = self.focus
        for kept in (self.fullscreen, self.speech):  # kept across builds: in the old words
            kept.refresh()
        self.controls = self.build()
        if focus is not None:
            self.set_focus(min(focus, len(self.controls) - 1))
        self.resize(self.app.size)

    def _speech(self, value: str) -> None:
        self.app.settings.speech = value == "On"
        self.app.save_settings()
        if self.note:
            self.note = ""
            self.resize(self.app.size)  # the rows take back the note's room

    def tell(self, message: str) -> bool:
        self.note = message
        self.resize(self.app.size)
        return True

    def _speed(self, value: str) -> None:
        self.app.settings.speed = SPEEDS[value]
        self.app.save_settings()

    def update(self, dt: float) -> bool:
        moving = super().update(dt)
        # F11 can change fullscreen behind the menu's back, and a voice that cannot
        # speak turns Speech off: each switch says what holds.
        for choice, on in (
            (self.fullscreen, self.app.settings.fullscreen),
            (self.speech, self.app.settings.speech),
        ):
            if choice.index != int(on):
                choice.index = int(on)
                choice.refresh()
                moving = True
        note = N_("off (M)") if self.app.settings.muted else ""  # and M the sound
        if self.volume.note != note:
            self.volume.note = note
            moving = True
        return moving
