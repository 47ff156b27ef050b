"""The Windows installer (dist/Mosaic-Setup.exe, tools/windows/installer.nsi) under Wine:
a silent install for one player, the installed game's smoke test, a silent uninstall
that leaves the player's saved games where they were."""

from __future__ import annotations

import hashlib
import json
import time
from pathlib import Path

import pytest

from tests.windows.wine import EXE, PATIENCE, SETUP, Prefix, need

pytestmark = pytest.mark.slow

KEY = r"HKCU\Software\Microsoft\Windows\CurrentVersion\Uninstall\Mosaic"


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_the_installer_installs_for_one_player_and_its_uninstaller_keeps_saved_games(
    prefix: Prefix,
) -> None:
    need(SETUP)
    installed = prefix.user() / "AppData" / "Local" / "Programs" / "Mosaic"
    start_menu = prefix.user() / "AppData/Roaming/Microsoft/Windows/Start Menu/Programs"
    shortcut = start_menu / "Mosaic by Mark Steere.lnk"

    # Not there before (the prefix may have been booted before this session).
    assert not installed.exists() and not shortcut.exists()
    done = prefix.run(SETUP, "/S")
    assert done.returncode == 0, done.stdout
    assert digest(installed / "Mosaic.exe") == digest(EXE)
    assert (installed / "Uninstall.exe").is_file()
    assert shortcut.is_file()
    key = prefix.run("reg", "query", KEY)
    assert key.returncode == 0, key.stdout
    assert "Mosaic by Mark Steere" in key.stdout
    assert r"AppData\Local\Programs\Mosaic\Uninstall.exe" in key.stdout

    smoke = prefix.run(installed / "Mosaic.exe", "--smoke-test", timeout=3 * PATIENCE)
    assert smoke.returncode == 0 and "smoke test passed" in smoke.stdout, smoke.stdout
    # Speech's modules are in the exe: pyttsx3 and its SAPI driver's comtypes and
    # pythoncom (whether the system has a voice, the rest of the line says).
    assert "speech: pyttsx3, comtypes.client, pythoncom load;" in smoke.stdout, smoke.stdout

    # A player's saved game and settings, where the game keeps them.
    saved = prefix.data() / "games" / "mosaic-20261129-120000.json"
    saved.parent.mkdir(parents=True, exist_ok=True)
    record = {"format": 1, "game": "Mosaic by Mark Steere", "side": 5, "red": "Human",
              "blue": "Club", "turns": ["e5", "i1"], "result": None}  # fmt: skip
    saved.write_text(json.dumps(record), encoding="utf-8")
    settings = prefix.data() / "settings.json"
    settings.write_text('{"muted": true}\n', encoding="utf-8")

    # The uninstaller copies itself out of the folder it removes and goes on from there:
    # its first process ends at once.
    done = prefix.run(installed / "Uninstall.exe", "/S")
    assert done.returncode == 0, done.stdout
    end = time.monotonic() + PATIENCE
    while installed.exists() and time.monotonic() < end:
        time.sleep(0.5)
    prefix.wait()
    assert not installed.exists(), sorted(p.name for p in installed.iterdir())
    assert not shortcut.exists()
    assert prefix.run("reg", "query", KEY).returncode != 0
    assert json.loads(saved.read_text(encoding="utf-8")) == record
    assert settings.read_text(encoding="utf-8") == '{"muted": true}\n'
