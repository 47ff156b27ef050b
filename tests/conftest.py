"""Fixtures for every test folder (helpers that are plain functions are in
tests/helpers.py). Nothing here imports pygame: tests/play runs without it."""

from collections.abc import Iterator

import pytest

from game.i18n import set_language
from game.puzzles import Pack
from tests import cputime, watchdog
from tests.helpers import shipped_packs


def pytest_configure(config: pytest.Config) -> None:
    """Every run lists its costliest tests by CPU seconds (tests/cputime.py), and a
    test that hangs ends its process with its threads' tracebacks (tests/watchdog.py)."""
    for plugin, name in ((cputime, "tests.cputime"), (watchdog, "tests.watchdog")):
        if not config.pluginmanager.is_registered(plugin):
            config.pluginmanager.register(plugin, name)


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    """Every test starts and ends speaking English: one that spoke another
    language and did not switch back (or failed first) once left Italian to
    the AI worker's tests, whose messages they read in English."""
    set_language("en")
    yield
    set_language("en")


@pytest.fixture
def shipped() -> list[Pack]:
    """The shipped packs, read once for the session (a fresh list for each test,
    so slicing or sorting it in one test cannot reach another)."""
    return list(shipped_packs())


#: The test that runs tests/play in a child where pygame cannot be imported.
WITHOUT_PYGAME = "tests/test_play_without_pygame.py::test_tests_play_pass_with_pygame_unimportable"


@pytest.hookimpl(trylast=True)  # after -m and -k have chosen
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """tests/play runs once: in a run that has the child running it without
    pygame, only there (the child's summary names any test that fails); a run of
    tests/play alone, or one without the slow tests, runs it here.

    Under pytest-xdist, the slow tests first: the workers start on the long ones and
    fill in with the short ones, instead of one worker running a long test alone at the
    end. (Run in one process, the order stays the files' order.)"""
    if any(item.nodeid == WITHOUT_PYGAME for item in items):
        played = [item for item in items if item.nodeid.startswith("tests/play/")]
        config.hook.pytest_deselected(items=played)
        items[:] = [item for item in items if not item.nodeid.startswith("tests/play/")]
    # Collection happens on the workers, which pytest-xdist marks with workerinput
    # (and whose own -n it clears).
    if hasattr(config, "workerinput"):
        items.sort(key=lambda item: item.get_closest_marker("slow") is None)
