"""The Windows build in a real window: Mosaic.exe under Wine on an Xvfb screen, played
with keys typed through xdotool, seen through screenshots (tests/windows/looks.py), its
files kept in the Wine prefix's %APPDATA% across a restart."""

from __future__ import annotations

import json
import shutil
import time
from pathlib import Path
from typing import Any

import pytest

from game.play.ai_rating import NEWCOMER_LEVEL
from tests.windows import looks
from tests.windows.wine import PATIENCE, Game, Prefix, screen

pytestmark = pytest.mark.slow


def settle(path: Path, check: Any) -> Any:
    """The JSON in ``path`` once ``check`` says yes to it (the game writes it a frame or two
    after the key); the last reading otherwise, for the assertion to show."""
    end = time.monotonic() + PATIENCE
    data = None
    while time.monotonic() < end:
        if path.is_file():
            data = json.loads(path.read_text(encoding="utf-8"))
            if check(data):
                break
        time.sleep(0.1)
    return data


def play_a_turn(game: Game, size: str, shots: Path) -> None:
    """From the title: Play, Start (Red: you, Blue: a newcomer's level, Beginner), the
    middle cell by the keyboard's cursor (Up shows it there, Enter plays it), and the
    AI's answer."""
    game.window()
    game.until(looks.title_shown, "the title screen", shots / f"title-{size}.png")
    game.keys("p", "Return")
    game.until(
        lambda px: looks.board_shown(px, red=False, blue=False),
        "an empty board",
        shots / f"match-start-{size}.png",
    )
    game.keys("Up", "Return")
    game.until(
        lambda px: looks.board_shown(px, red=True, blue=True),
        "the board with Red's tile and the AI's answer",
        shots / f"match-{size}.png",
    )


def test_a_turn_in_a_real_window_is_kept_in_appdata_across_a_restart(
    prefix: Prefix, shots: Path
) -> None:
    data = prefix.data()
    shutil.rmtree(data, ignore_errors=True)
    with screen((1280, 800)) as s:
        game = Game(prefix, s)
        try:
            play_a_turn(game, "1280x800", shots)
            game.keys("m")  # sound off: written to settings.json at once
            settings = settle(data / "settings.json", lambda d: d.get("muted") is True)
            assert settings is not None and settings["muted"] is True, settings
            assert game.close(shots / "closing-1280x800.png") == 0, "".join(game.output)
        finally:
            game.kill()
        match = json.loads((data / "current-match.json").read_text(encoding="utf-8"))
        assert match["game"] == "Mosaic by Mark Steere"
        assert match["red"] == "Human" and match["blue"] == NEWCOMER_LEVEL == "Beginner"
        assert match["turns"][0] == "e5" and len(match["turns"]) == 2, match

        # Started again: Continue brings the same match back from %APPDATA%, and the sound
        # setting read from there is what M turns back on.
        game = Game(prefix, s)
        try:
            game.window()
            game.until(looks.title_shown, "the title screen again", shots / "title-again.png")
            game.keys("c")
            game.until(
                lambda px: looks.board_shown(px, red=True, blue=True),
                "the match continued, with both tiles",
                shots / "match-continued-1280x800.png",
            )
            game.keys("m")
            settings = settle(data / "settings.json", lambda d: d.get("muted") is False)
            assert settings is not None and settings["muted"] is False, settings
            assert game.close(shots / "closing-again.png") == 0, "".join(game.output)
        finally:
            game.kill()
    again = json.loads((data / "current-match.json").read_text(encoding="utf-8"))
    assert again["turns"] == match["turns"]


def test_the_smallest_window_shows_the_title_and_a_match(prefix: Prefix, shots: Path) -> None:
    shutil.rmtree(prefix.data(), ignore_errors=True)
    with screen((640, 480)) as s:
        game = Game(prefix, s)
        try:
            play_a_turn(game, "640x480", shots)
            assert game.close(shots / "closing-640x480.png") == 0, "".join(game.output)
        finally:
            game.kill()
