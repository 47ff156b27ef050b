"""Every run lists its costliest tests by CPU seconds (tests/cputime.py), in one
process and under pytest-xdist, where the figures travel from the workers."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

#: One test burns CPU in its own process, one in a child it waits for, one sleeps.
TESTS = """
import subprocess
import sys
import time

BURN = "import time\\nstart = time.process_time()\\nwhile time.process_time() - start < {}: pass"


def test_burns_here():
    exec(BURN.format(0.3))


def test_burns_in_a_child():
    subprocess.run([sys.executable, "-c", BURN.format(0.5)], check=True)


def test_sleeps():
    time.sleep(0.3)
"""

LINE = re.compile(r"^\s*(\d+\.\d\d) (test_costs\.py::\w+)$", re.MULTILINE)
TOTAL = re.compile(r"^CPU seconds of all 3 tests .*: (\d+\.\d)$", re.MULTILINE)


@pytest.mark.parametrize("workers", ["0", "1"])
def test_a_run_lists_its_tests_by_cpu_seconds_with_their_children(tmp_path: Path, workers: str):
    (tmp_path / "test_costs.py").write_text(TESTS)
    path = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-p",
            "tests.cputime",
            "-p",
            "no:cacheprovider",
            "-n",
            workers,
            "test_costs.py",
        ],
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": path},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "3 costliest tests by CPU seconds" in done.stdout, done.stdout
    listed = {name.split("::")[1]: float(seconds) for seconds, name in LINE.findall(done.stdout)}
    assert set(listed) == {"test_burns_here", "test_burns_in_a_child", "test_sleeps"}, done.stdout
    assert listed["test_burns_here"] >= 0.3
    assert listed["test_burns_in_a_child"] >= 0.5
    assert listed["test_sleeps"] < 0.2
    # Costliest first.
    assert [name for name in listed] == ["test_burns_in_a_child", "test_burns_here", "test_sleeps"]
    total = TOTAL.search(done.stdout)
    assert total is not None, done.stdout
    assert float(total.group(1)) == pytest.approx(sum(listed.values()), abs=0.1)
