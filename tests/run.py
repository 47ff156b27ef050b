"""Every check the project has: ruff lint, ruff format, mypy, then pytest.

python -m tests.run [pytest arguments]

pytest runs on every core with pytest-xdist (PARALLEL below).

mypy reads what to check, and how strictly, from pyproject.toml's [tool.mypy].
"""

from __future__ import annotations

import os
import subprocess
import sys

# pytest-xdist: one worker per core (at most four), the slow tests handed out first
# (tests/conftest.py) so no worker is left with a long one at the end, and each
# screenshot tour's checks on the worker that runs it (tests/client/tours.py).
# Arguments given to this command come after these and win: -n 0 runs in one process.
PARALLEL = ["-n", "auto", "--maxprocesses", "4", "--dist", "loadgroup"]
# The 25 slowest tests, listed at the end of every run: where the time goes shows
# before a slow test makes the whole command slow.
SLOWEST = ["--durations=25"]
#: Python's bytecode caches are written for this run even where the machine asks
#: for none (PYTHONDONTWRITEBYTECODE): otherwise every pytest process (each xdist
#: worker, each child run of the AI's or the play tests) compiles the game's
#: modules and rewrites the ~300 test modules' asserts afresh, about 11
#: CPU-seconds a collection, and every AI or server process compiles what it
#: imports. The caches are in __pycache__ folders, which git ignores.
NO_CACHE = "PYTHONDONTWRITEBYTECODE"


def main() -> int:
    steps = [
        [sys.executable, "-m", "ruff", "check", "."],
        [sys.executable, "-m", "ruff", "format", "--check", "."],
        [sys.executable, "-m", "mypy"],
        [sys.executable, "-m", "pytest", *PARALLEL, *SLOWEST, *sys.argv[1:]],
    ]
    env = {name: value for name, value in os.environ.items() if name != NO_CACHE}
    for step in steps:
        print("$", " ".join(step[2:]), flush=True)
        code = subprocess.call(step, env=env)
        if code:
            return code
    return 0


if __name__ == "__main__":
    sys.exit(main())
