"""The player's settings, kept in ``settings.json`` in the data directory."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from pathlib import Path

from .storage import data_dir, read_json, set_aside, write_json

FILE = "settings.json"


@dataclass
class Settings:
    volume: float = 0.7
    #: Mark every legal placement and first flip on the board.
    legal_markers: bool = False
    #: Draw shapes on tiles as well as colours (a circle for Red, a diamond for Blue).
    colour_blind: bool = False
    fullscreen: bool = False
    #: Animation speed: 0.5 slow, 1 normal, 2 fast.
    speed: float = 1.0
    board_side: int = 5
    red_player: str = "Human"
    blue_player: str = "Club"

    def clamp(self) -> Settings:
        self.volume = min(1.0, max(0.0, float(self.volume)))
        self.speed = min(2.0, max(0.5, float(self.speed)))
        self.board_side = min(8, max(3, int(self.board_side)))
        return self


def load(directory: Path | None = None) -> tuple[Settings, str | None]:
    """The saved settings, or the defaults; the message is for the player if the
    file was bad and had to be moved aside."""
    path = (directory or data_dir()) / FILE
    data, message = read_json(path, "settings")
    if data is None:
        return Settings(), message
    try:
        if not isinstance(data, dict):
            raise TypeError("not a JSON object")
        known = {f.name: f for f in fields(Settings)}
        values = {}
        for name, raw in data.items():
            if name not in known:
                continue  # a setting from another version: ignore it
            default = getattr(Settings, name)
            value = raw
            if type(default) is float and isinstance(raw, int) and not isinstance(raw, bool):
                value = float(raw)
            if type(value) is not type(default):
                raise TypeError(f"{name} should be {type(default).__name__}")
            values[name] = value
        return Settings(**values).clamp(), None
    except (TypeError, ValueError) as e:
        return Settings(), set_aside(path, "settings", str(e))


def save(settings: Settings, directory: Path | None = None) -> None:
    write_json((directory or data_dir()) / FILE, asdict(settings))
