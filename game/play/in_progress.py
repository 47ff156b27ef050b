"""The match in progress: one file in the data folder, written after every turn
by the match that owns it and offered as Continue on the title screen."""

from __future__ import annotations

from pathlib import Path

CURRENT = "current-match.json"


def match_in_progress(data: Path) -> bool:
    """Is a match kept as the match in progress in the data folder ``data``?"""
    return (Path(data) / CURRENT).exists()
