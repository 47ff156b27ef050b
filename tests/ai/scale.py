"""How many positions the AI's tests try: all of them, or the few that reach every path.

tests/ai/test_sanitized.py and tests/ai/test_no_compiled.py run the AI's tests
again in a child process to run code paths, not to sample more positions: every
entry point and branch of the compiled code under the sanitizers, every Python
fallback without the compiled code. The normal run has already compared every
position, so those children set ``PATHS_VARIABLE`` and each test takes its
first few positions (enough to reach the same lines and branches of the
compiled code: docs/testing.md says how that was checked)."""

from __future__ import annotations

import os

import pytest

PATHS_VARIABLE = "MOSAIC_TEST_PATHS_ONLY"
PATHS_ONLY = os.environ.get(PATHS_VARIABLE) == "1"


def scaled(full: int, paths: int) -> int:
    """``full`` in the normal run; ``paths`` in a child run for code paths."""
    return paths if PATHS_ONLY else full


def seeds(full: int, paths: list[int]) -> list[int]:
    """Seeds ``0 .. full - 1`` in the normal run; in a child run for code paths,
    ``paths``: those of them that reach the lines and branches the full set
    reaches, at the least cost (docs/testing.md says how each was chosen)."""
    assert all(0 <= seed < full for seed in paths)
    return paths if PATHS_ONLY else list(range(full))


#: A test (or a case) that runs only the Python solver or search whatever is
#: built: the run without the compiled code leaves it out, as it would run
#: there exactly as it already ran in the normal run.
python_only = pytest.mark.python_only
