"""A hung test fails, named, with its stack, and the run goes on (tests/watchdog.py)."""

import os
import subprocess
import sys
from pathlib import Path

from tests.watchdog import LIMIT

ROOT = Path(__file__).resolve().parent.parent

HANGS = """
import threading


def test_hangs():
    threading.Event().wait()  # forever


def test_passes():
    assert True
"""


def test_a_hung_test_fails_with_its_stack_and_the_run_goes_on(tmp_path):
    (tmp_path / "test_stuck.py").write_text(HANGS)
    env = {**os.environ, LIMIT: "1", "PYTHONPATH": str(ROOT)}
    # Two workers, as the test command runs: the one that hangs is ended and
    # replaced, the controller fails its test and runs the other.
    pytest = [sys.executable, "-m", "pytest", "-p", "tests.watchdog", "-p", "no:cacheprovider"]
    done = subprocess.run(
        [*pytest, "-n", "2", "--rootdir", str(tmp_path), str(tmp_path)],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,  # without the watchdog the child never ends
        check=False,
    )
    said = done.stdout + done.stderr
    assert done.returncode == 1, said[-3000:]
    assert "crashed while running 'test_stuck.py::test_hangs'" in said, said[-3000:]
    assert "1 failed, 1 passed" in said, said[-3000:]
    assert "Timeout (0:00:01)!" in said and "in test_hangs" in said, said[-3000:]
