"""The player's settings, kept in ``settings.json`` in the data directory.

Each setting is checked as data on its own: a value of the wrong type, out of
range, not a finite number or not a name the game knows (a level renamed in a
later version, say) falls back to its default with a note, and the rest of the
file still counts. A file with anything wrong in it is kept aside for the
player, and the settings in use are written back whole.
"""

from __future__ import annotations

import contextlib
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

from game.files import finite
from game.i18n import LANGUAGES, N_, _
from game.rules.errors import clip
from game.wholes import Whole

from .ai_rating import NEWCOMER_LEVEL
from .match import PLAYERS
from .storage import data_dir, read_json, set_aside, write_json

FILE = "settings.json"
TEXT_SIZES = (N_("Normal"), N_("Large"))
SIDES = range(3, 9)
SIDE = Whole(SIDES[0], SIDES[-1])


@dataclass
class Settings:
    volume: float = 0.7
    #: Sound off (the M key), keeping the volume for when it comes back.
    muted: bool = False
    #: How loud the buttons' clicks are, apart from the game's own sounds.
    click_volume: float = 0.5
    #: Mark every legal placement and first flip on the board (on for new players).
    legal_markers: bool = True
    #: Row letters and cell numbers on the board.
    coordinates: bool = True
    #: Draw shapes on tiles as well as colours (a circle for Red, a diamond for Blue).
    colour_blind: bool = False
    #: Master works on an ending while the player thinks (game.ai.ponder): off
    #: spares a laptop's battery and fan, at some of Master's strength.
    ponder: bool = True
    #: "Master thinks: Long": Master takes the time a turn it had before its search was
    #: compiled (about twice as long, growing with the board) for a little more strength.
    master_long: bool = False
    fullscreen: bool = False
    #: Animation speed: 0.5 slow, 1 normal, 2 fast.
    speed: float = 1.0
    #: Every text in the game, "Normal" or "Large" (for reading from further off).
    text_size: str = "Normal"
    board_side: int = 5
    red_player: str = "Human"
    #: A new player's AI side is what "Match my level" picks before any result
    #: (:data:`~.ai_rating.NEWCOMER_LEVEL`); a returning player's choice is in
    #: their file and stays.
    blue_player: str = NEWCOMER_LEVEL
    #: The AI level each side's stepper shows while a person plays the side: the
    #: one last chosen, so a step back from Human comes back to it, next time too.
    red_level: str = NEWCOMER_LEVEL
    blue_level: str = NEWCOMER_LEVEL
    #: The language the game speaks (a code of game.i18n.LANGUAGES); "" follows the
    #: system's language.
    language: str = ""
    #: Say aloud each control the focus moves to, each screen, each turn, the cell
    #: under the board cursor and the result (game.play.speech): play by ear.
    speech: bool = False

    def voice_failed(self) -> None:
        """The voice cannot speak: Speech goes back off, so that its switch says
        what the player gets (and a voice mended later is asked for again)."""
        self.speech = False

    def choose_player(self, side: str, player: str) -> None:
        """``player`` plays ``side`` ("red" or "blue"); a level is the one the
        side's stepper shows from now on, a person too."""
        setattr(self, f"{side}_player", player)
        if player in PLAYERS[1:]:
            setattr(self, f"{side}_level", player)

    def shown_level(self, side: str) -> str:
        """The level ``side``'s stepper shows: its player's, or under a person the
        one last chosen."""
        player = getattr(self, f"{side}_player")
        return str(player if player in PLAYERS[1:] else getattr(self, f"{side}_level"))

    def clamp(self) -> Settings:
        self.volume = min(1.0, max(0.0, float(self.volume)))
        self.click_volume = min(1.0, max(0.0, float(self.click_volume)))
        self.speed = min(2.0, max(0.5, float(self.speed)))
        self.board_side = min(SIDES[-1], max(SIDES[0], int(self.board_side)))
        return self


def check(name: str, value: Any) -> Any:
    """``value`` as setting ``name``; raises :class:`ValueError` saying what is wrong."""
    default = getattr(Settings, name)
    if isinstance(default, bool):
        if not isinstance(value, bool):
            # i18n: a file's words
            raise ValueError(f"{name} should be true or false")
        return value
    if isinstance(default, float):
        if not finite(value):
            # i18n: a file's words
            raise ValueError(f"{name} should be float")
        return float(value)
    if isinstance(default, int):
        if not finite(value) or value != int(value):
            # i18n: a file's words
            raise ValueError(f"{name} should be a whole number")
        # 5.0 is taken as the side 5, as settings always took it; the range is the shared one.
        if not SIDE(int(value)):
            # i18n: a file's words
            raise ValueError(f"{name} should be from {SIDES[0]} to {SIDES[-1]}")
        return int(value)
    if not isinstance(value, str):
        # i18n: a file's words
        raise ValueError(f"{name} should be text")
    if name.endswith("_player") and value not in PLAYERS:
        # i18n: a file's words
        raise ValueError(f"{name} {clip(value, 20)} is not a player this version knows")
    if name.endswith("_level") and value not in PLAYERS[1:]:
        # i18n: a file's words
        raise ValueError(f"{name} {clip(value, 20)} is not a level this version knows")
    if name == "language" and value and value not in LANGUAGES:
        raise ValueError(
            _(
                "language {code} is not one the game speaks ({codes}, or empty for the system's)"
            ).format(code=clip(value, 20), codes=", ".join(LANGUAGES))
        )
    if name == "text_size" and value not in TEXT_SIZES:
        # i18n: a file's words
        raise ValueError(f"text_size should be {' or '.join(TEXT_SIZES)}")
    return value


def load(directory: Path | None = None) -> tuple[Settings, str | None]:
    """The saved settings, or the defaults; the message is for the player if the
    file was bad, or had bad values, and had to be moved aside."""
    path = (directory or data_dir()) / FILE
    data, message = read_json(path, N_("settings"))
    if data is None:
        return Settings(), message
    if not isinstance(data, dict):
        return Settings(), set_aside(path, N_("settings"), _("not a JSON object"))
    known = {f.name for f in fields(Settings)}
    values: dict[str, Any] = {}
    wrong: list[str] = []
    for name, raw in data.items():
        if name not in known:
            continue  # a setting from another version: ignore it
        try:
            values[name] = check(name, raw)
        except ValueError as e:
            wrong.append(str(e))
    settings = Settings(**values).clamp()
    if not wrong:
        return settings, None
    note = "; ".join(wrong[:3]) + ("; ..." if len(wrong) > 3 else "")
    note = _("{problems}; the defaults are used for those").format(problems=note)
    message = set_aside(path, N_("settings"), note)
    with contextlib.suppress(OSError):  # the settings in use hold; a later change writes them
        save(settings, path.parent)
    return settings, message


def save(settings: Settings, directory: Path | None = None) -> None:
    write_json((directory or data_dir()) / FILE, asdict(settings))
