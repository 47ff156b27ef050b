"""Every check the project has: ruff lint, ruff format, mypy, then pytest.

python -m tests.run [pytest arguments]

mypy reads what to check, and how strictly, from pyproject.toml's [tool.mypy].
"""

from __future__ import annotations

import subprocess
import sys


def main() -> int:
    steps = [
        [sys.executable, "-m", "ruff", "check", "."],
        [sys.executable, "-m", "ruff", "format", "--check", "."],
        [sys.executable, "-m", "mypy"],
        [sys.executable, "-m", "pytest", *sys.argv[1:]],
    ]
    for step in steps:
        print("$", " ".join(step[2:]), flush=True)
        code = subprocess.call(step)
        if code:
            return code
    return 0


if __name__ == "__main__":
    sys.exit(main())
