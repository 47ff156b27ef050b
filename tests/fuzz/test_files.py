"""Fuzz every file the game reads (issue 12). The only outcomes allowed: the data
is used, or the file is set aside with a message and defaults are used; never an
exception, and the game goes on."""

from __future__ import annotations

import json
import math
import os
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.play.match import PLAYERS, Match, open_record
from game.play.progress import load as load_progress
from game.play.settings import SIDES, Settings
from game.play.settings import load as load_settings
from game.puzzles import load_pack

from .mutate import hostile

#: FUZZ_EXAMPLES=5000 for a deeper run than the test command's.
EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "120"))
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

CHAIN = "BBRR/RBBBR/BBRBBB/RRBBRBB/2RBBB/BBBBR/RBRB r"
VALID_SETTINGS = {
    "volume": 0.5,
    "legal_markers": True,
    "colour_blind": False,
    "fullscreen": False,
    "speed": 1.0,
    "board_side": 6,
    "red_player": "Human",
    "blue_player": "Master",
}
VALID_PROGRESS = {
    "format": 1,
    "stars": {"first-chains/p1": 3, "test/p2": 1},
    "tried": ["first-chains/p1"],
    "rating": {"rating": 1480.5, "rd": 120.0, "volatility": 0.06},
    "best": {"rush": 12},
    "daily": {"2026-11-22": 2},
}
VALID_RECORD = {
    "format": 1,
    "game": "Mosaic by Mark Steere",
    "side": 3,
    "red": "Human",
    "blue": "Club",
    "turns": ["c3", "b2", "a1"],
    "result": None,
}
VALID_PACK = {
    "format": 1,
    "id": "test",
    "title": "Test",
    "description": "For the fuzz tests.",
    "puzzles": [
        {
            "id": "p1",
            "fen": CHAIN,
            "goal": "most",
            "solution": "xc1xc2xd3xd4",
            "rating": 900,
            "themes": ["chain"],
            "source": "a test",
        }
    ],
}


def test_the_valid_documents_are_valid():
    """The fuzz starts from files the game accepts whole, so its mutations matter."""
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        (folder / "settings.json").write_text(json.dumps(VALID_SETTINGS))
        assert load_settings(folder) == (Settings(**VALID_SETTINGS), None)
        (folder / "puzzles.json").write_text(json.dumps(VALID_PROGRESS))
        progress, message = load_progress(folder)
        assert message is None and progress.best == {"rush": 12}
        (folder / "match.json").write_text(json.dumps(VALID_RECORD))
        match, message = open_record(folder / "match.json", "match")
        assert message is None and len(match.board.turn_stack) == 3
        (folder / "pack.json").write_text(json.dumps(VALID_PACK))
        pack, problems = load_pack(folder / "pack.json")
        assert problems == [] and len(pack.puzzles) == 1


def write(data: bytes, name: str) -> tuple[tempfile.TemporaryDirectory, Path]:
    tmp = tempfile.TemporaryDirectory()
    path = Path(tmp.name) / name
    path.write_bytes(data)
    return tmp, path


def set_aside_or_kept(path: Path, message: str | None) -> None:
    """A message means the file was moved aside, whole; no message, it stays."""
    kept = list(path.parent.glob(path.name + ".corrupt-*"))
    if message is None:
        assert path.exists() and not kept
    else:
        assert isinstance(message, str) and message
        assert len(kept) == 1


@FUZZ
@given(hostile(VALID_SETTINGS))
def test_settings(data):
    tmp, path = write(data, "settings.json")
    with tmp:
        settings_, message = load_settings(path.parent)
        assert isinstance(settings_, Settings)
        assert 0 <= settings_.volume <= 1 and 0.5 <= settings_.speed <= 2
        assert math.isfinite(settings_.volume) and math.isfinite(settings_.speed)
        assert settings_.board_side in SIDES
        assert {settings_.red_player, settings_.blue_player} <= set(PLAYERS)
        assert all(
            isinstance(getattr(settings_, f), bool)
            for f in ("legal_markers", "colour_blind", "fullscreen")
        )
        set_aside_or_kept(path, message)
        if message is not None:  # what is in use was written back, and reads clean
            assert load_settings(path.parent) == (settings_, None)


@FUZZ
@given(hostile(VALID_PROGRESS))
def test_puzzle_progress(data):
    tmp, path = write(data, "puzzles.json")
    with tmp:
        progress, message = load_progress(path.parent)
        r = progress.rating
        assert all(math.isfinite(v) for v in (r.rating, r.rd, r.volatility))
        assert all(1 <= v <= 3 for v in progress.stars.values())
        if message is not None:
            assert "indices" not in message and "object has no attribute" not in message
        set_aside_or_kept(path, message)
        json.dumps(progress.to_json(), allow_nan=False)  # it can always be saved again


@FUZZ
@given(hostile(VALID_RECORD))
def test_the_match_in_progress_and_saved_games(data):
    tmp, path = write(data, "current-match.json")
    with tmp:
        match, message = open_record(path, "match in progress")
        if match is None:
            assert message and len(list(path.parent.glob("*.corrupt-*"))) == 1
        else:
            assert isinstance(match, Match) and set(match.players.values()) <= set(PLAYERS)
            assert path.exists()
            json.dumps(match.record(), allow_nan=False)


@FUZZ
@given(hostile(VALID_PACK))
def test_puzzle_packs(data):
    tmp, path = write(data, "pack.json")
    with tmp:
        pack, problems = load_pack(path, prove=False)
        assert pack is not None or problems
        for p in problems:
            assert str(p).startswith(str(path)) and len(str(p)) < 600
            assert "Traceback" not in str(p) and "indices" not in str(p)


@pytest.mark.parametrize("goal", ["most", "win"])
@settings(max_examples=25, deadline=None)
@given(st.data())
def test_puzzle_packs_are_proved_without_surprises(goal, data):
    """Re-proving a mutated puzzle (the slow path) also ends in problems or a pack."""
    valid = json.loads(json.dumps(VALID_PACK))
    valid["puzzles"][0]["goal"] = goal
    raw = data.draw(hostile(valid))
    tmp, path = write(raw, "pack.json")
    with tmp:
        pack, problems = load_pack(path, prove=True)
        assert pack is not None or problems


VALID_MOSAIX = {"format": 1, "best": 118, "games": 4, "daily": {"2026-11-22": 97}}


@FUZZ
@given(hostile(VALID_MOSAIX))
def test_mosaix_results(data):
    from game.play.mosaix_records import load as load_mosaix

    tmp, path = write(data, "mosaix.json")
    with tmp:
        records, message = load_mosaix(path.parent)
        assert 0 <= records.best <= 1000 and records.games >= 0
        set_aside_or_kept(path, message)
        json.dumps(records.to_json(), allow_nan=False)
