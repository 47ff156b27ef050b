"""A test that hangs ends its process, with every thread's traceback, instead of the run.

CI gives the whole run 90 minutes; a test stuck on a lock, a socket or a child
process once held a run at 2,255 of 2,257 tests until that limit, and said
nothing of where. Here each test (setup, call and teardown) has ``HUNG_AFTER``
seconds, far more than the slowest test takes on a loaded machine. Past them
:mod:`faulthandler` writes every thread's stack to the run's standard error and
ends the process from its own thread, which needs no lock, so a test stuck in C
code holding the interpreter is ended too. Under pytest-xdist the controller
then reports the test as failed ("worker crashed while running ...") and starts
another worker for the rest; in one process the run ends there.

``-o faulthandler_timeout=N`` (pytest's own plugin, which dumps the stacks and
lets the test go on) takes the one timer the process has: this one stands aside.
``MOSAIC_TEST_HUNG_AFTER`` sets another limit (tests/test_watchdog.py uses one second).
tests/conftest.py registers this plugin.
"""

from __future__ import annotations

import faulthandler
import os
from collections.abc import Generator
from typing import IO

import pytest

#: Seconds a test may run. The slowest, the sanitized differential run
#: (tests/ai/test_sanitized.py), takes about 30 s here, twice that on the slower
#: machines, and took over 190 s at a load average of 12. A hang costs CI this.
HUNG_AFTER = 900.0
LIMIT = "MOSAIC_TEST_HUNG_AFTER"

_stream: list[IO[str]] = []


def pytest_configure(config: pytest.Config) -> None:
    # A duplicate of the process's standard error: pytest's capture swaps the
    # stream the test sees, and faulthandler writes to a file descriptor.
    if not config.getini("faulthandler_timeout"):
        _stream.append(os.fdopen(os.dup(2), "w"))


def pytest_unconfigure(config: pytest.Config) -> None:
    while _stream:
        _stream.pop().close()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item) -> Generator[None, None, None]:
    if not _stream:
        yield
        return
    seconds = float(os.environ.get(LIMIT, HUNG_AFTER))
    faulthandler.dump_traceback_later(seconds, exit=True, file=_stream[0])
    try:
        yield
    finally:
        faulthandler.cancel_dump_traceback_later()
