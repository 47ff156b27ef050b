"""Settings: volume, board markers, colour-blind marks, coordinates, the AI thinking on
the player's turn, fullscreen, animation speed."""

from __future__ import annotations

from game.play.settings import TEXT_SIZES

from .. import theme
from ..scene import Services
from ..widgets import Button, Choice, Slider, Widget
from .menu import MenuScene

SPEEDS = {"Slow": 0.5, "Normal": 1.0, "Fast": 2.0}
ON_OFF = ("Off", "On")
MASTER = ("Quick", "Long")


class SettingsScene(MenuScene):
    title = "Settings"

    def header(self, h: int) -> int:
        # A little less title than other menus, so that at 640x480 the settings
        # stay one column: the sliders need the width.
        return min(190, max(120, h * 25 // 100))

    def __init__(self, app: Services) -> None:
        super().__init__(app)
        on = ON_OFF[app.settings.fullscreen]
        self.fullscreen = Choice("Fullscreen (F11)", ON_OFF, on, self._fullscreen)
        self.volume = Slider("Game sounds", app.settings.volume, self._volume)

    def build(self) -> list[Widget]:
        s = self.app.settings
        speed = next((k for k, v in SPEEDS.items() if v == s.speed), "Normal")
        self.volume.value = s.volume
        return [
            self.volume,
            Slider("Button clicks", s.click_volume, self._clicks),
            Choice("Legal-move markers", ON_OFF, ON_OFF[s.legal_markers], self._markers),
            Choice("Colour-blind shapes", ON_OFF, ON_OFF[s.colour_blind], self._shapes),
            Choice("Coordinates", ON_OFF, ON_OFF[s.coordinates], self._coordinates),
            Choice("AI thinks on your turn", ON_OFF, ON_OFF[s.ponder], self._ponder),
            Choice("Master thinks", MASTER, MASTER[s.master_long], self._master),
            self.fullscreen,
            Choice("Animation", list(SPEEDS), speed, self._speed),
            Choice("Text size", list(TEXT_SIZES), s.text_size, self._text_size),
            Button("Back", self.back),
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

    def _speed(self, value: str) -> None:
        self.app.settings.speed = SPEEDS[value]
        self.app.save_settings()

    def update(self, dt: float) -> bool:
        moving = super().update(dt)
        fullscreen = self.fullscreen  # F11 can change it behind the menu's back
        if fullscreen.index != int(self.app.settings.fullscreen):
            fullscreen.index = int(self.app.settings.fullscreen)
            fullscreen.refresh()
            moving = True
        note = "off (M)" if self.app.settings.muted else ""  # and M the sound
        if self.volume.note != note:
            self.volume.note = note
            moving = True
        return moving
