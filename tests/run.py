"""Every check the project has: ruff lint, ruff format, then pytest with mypy beside it.

python -m tests.run [pytest arguments]

pytest runs on every core with pytest-xdist (PARALLEL below).

mypy reads what to check, and how strictly, from pyproject.toml's [tool.mypy].
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile

# pytest-xdist: one worker more than the cores (at most four), as a sixth of the
# tests' time goes in waiting (on servers, the AI's process, a database started or
# stopped) and the extra worker fills it (on 2 cores the client and online tests
# took 230 s instead of 250); the slow tests handed out first (tests/conftest.py)
# so no worker is left with a long one at the end, and each screenshot tour's checks
# on the worker that runs it (tests/client/tours.py). Arguments given to this
# command come after these and win: -n 0 runs in one process.
WORKERS = min(4, (os.cpu_count() or 1) + 1)
PARALLEL = ["-n", str(WORKERS), "--dist", "loadgroup"]
# The 25 slowest tests, listed at the end of every run: where the time goes shows
# before a slow test makes the whole command slow.
SLOWEST = ["--durations=25"]
#: Collecting the tests in one process (last, so these win over the arguments):
#: it writes the caches every worker then reads (see main). What it finds is
#: the run's business, so its output is not shown.
WARM = ["--collect-only", "-q", "-n", "0", "-p", "no:cacheprovider"]
#: Python's bytecode caches are written for this run even where the machine asks
#: for none (PYTHONDONTWRITEBYTECODE): otherwise every pytest process (each xdist
#: worker, each child run of the AI's or the play tests) compiles the game's
#: modules and rewrites the ~300 test modules' asserts afresh, about 11
#: CPU-seconds a collection, and every AI or server process compiles what it
#: imports. The caches are in __pycache__ folders, which git ignores.
NO_CACHE = "PYTHONDONTWRITEBYTECODE"


def main() -> int:
    lint = [
        [sys.executable, "-m", "ruff", "check", "."],
        [sys.executable, "-m", "ruff", "format", "--check", "."],
    ]
    types = [sys.executable, "-m", "mypy"]
    tests = [sys.executable, "-m", "pytest", *PARALLEL, *SLOWEST, *sys.argv[1:]]
    env = {name: value for name, value in os.environ.items() if name != NO_CACHE}
    for step in lint:
        print("$", " ".join(step[2:]), flush=True)
        code = subprocess.call(step, env=env)
        if code:
            return code
    # mypy runs beside pytest, its report printed after pytest's: its quarter of a
    # minute on one core fits in the time pytest's workers spend waiting.
    with tempfile.TemporaryFile("w+") as report:
        checking = subprocess.Popen(types, stdout=report, stderr=subprocess.STDOUT, env=env)
        # One collection first, beside mypy: from a fresh clone every pytest-xdist
        # worker would otherwise compile the game and the packages it imports and
        # rewrite the test modules' asserts for itself, all at once (15.6 CPU-seconds
        # each, 4.6 once the caches are written).
        subprocess.call([*tests, *WARM], env=env, stdout=subprocess.DEVNULL)
        print("$", " ".join(tests[2:]), flush=True)
        code = subprocess.call(tests, env=env)
        typed = checking.wait()
        report.seek(0)
        print("$", " ".join(types[2:]), flush=True)
        print(report.read(), end="", flush=True)
    return code or typed


if __name__ == "__main__":
    sys.exit(main())
