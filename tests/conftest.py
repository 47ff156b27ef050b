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
