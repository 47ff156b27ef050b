"""The "Master thinks: Quick / Long" setting reaches the AI's request (pygame-free)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from game.ai.levels import LONG_SECONDS
from game.play.match import HUMAN, Match
from game.play.match_controller import MatchController
from game.play.settings import Settings, check


class AskedAI:
    """A line to the AI that keeps what it was asked and never answers."""

    pondering = None

    def __init__(self) -> None:
        self.asked: list[tuple[str, str, Any]] = []

    def request(self, mfen: str, level: str = "Master", seconds: float | None = None) -> int:
        self.asked.append((mfen, level, seconds))
        return len(self.asked)

    def poll(self) -> list[Any]:
        return []

    def serving(self, rid: int) -> bool:
        return True

    def cancel(self) -> None:
        pass

    def ponder(self, mfen: str) -> bool:
        return False


def asked_seconds(tmp_path: Path, red: str, long: bool) -> Any:
    ai = AskedAI()
    control = MatchController(Match(5, red, HUMAN), tmp_path, ai)
    control.master_long = long
    control.poll(0.0, True)
    assert len(ai.asked) == 1 and ai.asked[0][1] == red
    return ai.asked[0][2]


def test_master_thinks_long_only_when_asked(tmp_path: Path) -> None:
    assert asked_seconds(tmp_path, "Master", long=False) is None  # its own quick budget
    assert asked_seconds(tmp_path, "Master", long=True) == LONG_SECONDS
    assert asked_seconds(tmp_path, "Club", long=True) is None  # other levels keep theirs


def test_the_setting_is_kept_as_true_or_false() -> None:
    assert Settings().master_long is False
    assert check("master_long", True) is True
    with pytest.raises(ValueError, match="master_long should be true or false"):
        check("master_long", "Long")
