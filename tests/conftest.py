"""Fixtures for every test folder (helpers that are plain functions are in
tests/helpers.py). Nothing here imports pygame: tests/play runs without it."""

import pytest

from game.puzzles import Pack
from tests.helpers import shipped_packs


@pytest.fixture
def shipped() -> list[Pack]:
    """The shipped packs, read once for the session (a fresh list for each test,
    so slicing or sorting it in one test cannot reach another)."""
    return list(shipped_packs())


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Under pytest-xdist, the slow tests first: the workers start on the long ones and
    fill in with the short ones, instead of one worker running a long test alone at the
    end. (Run in one process, the order stays the files' order.)"""
    # Collection happens on the workers, which pytest-xdist marks with workerinput
    # (and whose own -n it clears).
    if hasattr(config, "workerinput"):
        items.sort(key=lambda item: item.get_closest_marker("slow") is None)
