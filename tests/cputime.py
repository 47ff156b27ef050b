"""The CPU seconds of every test, and the 25 costliest at the end of a run.

The machines are shared, so a test's wall time says as much about its
neighbours as about the test: its CPU time says what it costs. Each test is
charged its process's user and system time over setup, call and teardown, with
that of the child processes it waited for (``RUSAGE_CHILDREN``: the AI's child
runs, the builds, a server started and stopped). A fixture shared by several
tests is charged to the first that sets it up.

Under pytest-xdist each worker measures its own tests and puts the figure in the
teardown report's ``user_properties``, which the worker sends to the controller;
the controller (or the one process of ``-n 0``) sums and prints them.
tests/conftest.py registers this plugin; ``-p tests.cputime`` loads it alone.
"""

from __future__ import annotations

import resource
from collections.abc import Generator

import pytest

#: The name of the figure in a teardown report's user_properties.
PROPERTY = "cpu_seconds"
#: How many tests the summary lists.
SHOWN = 25

_started: dict[str, float] = {}
_spent: dict[str, float] = {}


def cpu_seconds() -> float:
    """User and system time of this process and of the children it has reaped."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    _started[item.nodeid] = cpu_seconds()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, None]:
    outcome = yield
    if call.when == "teardown" and item.nodeid in _started:
        spent = cpu_seconds() - _started.pop(item.nodeid)
        outcome.get_result().user_properties.append((PROPERTY, spent))


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if report.when != "teardown":
        return
    for name, value in report.user_properties:
        if name == PROPERTY:
            _spent[report.nodeid] = _spent.get(report.nodeid, 0.0) + float(value)


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if hasattr(terminalreporter.config, "workerinput"):
        return  # the controller prints what every worker sent
    if not _spent:
        terminalreporter.write_sep("=", "no CPU seconds were recorded")
        return
    total = sum(_spent.values())
    costliest = sorted(_spent.items(), key=lambda pair: pair[1], reverse=True)[:SHOWN]
    terminalreporter.write_sep("=", f"{len(costliest)} costliest tests by CPU seconds")
    for nodeid, seconds in costliest:
        terminalreporter.write_line(f"{seconds:8.2f} {nodeid}")
    terminalreporter.write_line(
        f"CPU seconds of all {len(_spent)} tests (setup, call, teardown; with their"
        f" child processes): {total:.1f}"
    )
