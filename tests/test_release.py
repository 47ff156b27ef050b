"""A release says one version everywhere."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import game

ROOT = Path(__file__).resolve().parent.parent
RELEASE = re.compile(r"^## \[(\d+\.\d+\.\d+)\] - (\d{4}-\d{2}-\d{2})$", re.M)


def changelog() -> str:
    return (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")


def test_the_newest_release_in_the_changelog_is_the_games_version():
    text = changelog()
    releases = RELEASE.findall(text)
    assert releases, "CHANGELOG.md has no release heading such as '## [1.0.0] - 2026-11-29'"
    assert releases[0][0] == game.__version__
    # Newest first, each version and date after the one before it, and the first
    # release kept.
    versions = [tuple(int(n) for n in v.split(".")) for v, _ in releases]
    dates = [d for _, d in releases]
    assert versions == sorted(versions, reverse=True) and len(set(versions)) == len(versions)
    assert dates == sorted(dates, reverse=True)
    assert releases[-1][0] == "0.1.0"
    # Keep a Changelog: Unreleased above the releases, and each release's changes
    # under its kinds of change.
    assert text.index("## [Unreleased]") < text.index(f"## [{game.__version__}]")
    for part in re.split(r"^## ", text, flags=re.M)[2:]:
        kinds = re.findall(r"^### (.+)$", part, flags=re.M)
        assert kinds, part.splitlines()[0]
        assert set(kinds) <= {"Added", "Changed", "Deprecated", "Removed", "Fixed", "Security"}


def test_the_wheel_reads_the_version_where_the_game_does():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert project["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "game.__version__"}
