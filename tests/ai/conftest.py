"""The AI tests' own marker (tests/ai/scale.py)."""

import pytest


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "python_only: runs only the Python solver or search, as in the run without the "
        "compiled code, which leaves it out (tests/ai/test_no_compiled.py)",
    )
