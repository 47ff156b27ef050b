"""The application layer is tested without a screen: tests/play passes in a child
process where importing pygame fails, so no test there can lean on the client."""

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

# Run in the child: a finder first on the meta path refuses pygame, the refusal is
# checked, then pytest runs the arguments.
CHILD = """
import sys

class NoPygame:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in ("pygame", "pygame_ce"):
            raise ModuleNotFoundError(f"No module named {name!r} (refused for this test)")
        return None

sys.meta_path.insert(0, NoPygame())
try:
    import pygame
except ModuleNotFoundError:
    pass
else:
    sys.exit("pygame could be imported: the test proves nothing")
import pytest

sys.exit(pytest.main(sys.argv[1:]))
"""


def run_without_pygame(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", CHILD, *args, "-q", "-rfEs", "-p", "no:cacheprovider"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,  # the tests read the outcome
    )


@pytest.mark.slow
def test_tests_play_pass_with_pygame_unimportable():
    done = run_without_pygame("tests/play")
    tail = done.stdout[-3000:] + done.stderr[-2000:]
    assert done.returncode == 0, tail
    passed = re.search(r"(\d+) passed", done.stdout)
    assert passed and int(passed.group(1)) >= 80, tail
    assert not re.search(r"\d+ (failed|errors?)\b", done.stdout), tail
    # A test may skip for its own reasons (another system), never for want of pygame.
    skips = [line for line in done.stdout.splitlines() if line.startswith("SKIPPED")]
    assert not [line for line in skips if "pygame" in line.lower()], tail


def test_the_refusal_reaches_a_test_that_imports_pygame(tmp_path):
    """The same child fails a test that needs pygame: the check above can fail.
    And a test that skips without pygame says so in the line the check above reads.
    (One child runs both files: a child's start costs more than either test.)"""
    needs = tmp_path / "test_needs_pygame.py"
    needs.write_text("def test_draws():\n    import pygame  # noqa: F401\n")
    skips = tmp_path / "test_skips_without_pygame.py"
    skips.write_text("import pytest\n\ndef test_draws():\n    pytest.importorskip('pygame')\n")
    done = run_without_pygame(str(needs), str(skips))
    assert done.returncode == 1 and "1 failed, 1 skipped" in done.stdout, done.stdout[-2000:]
    assert "refused for this test" in done.stdout
    skipped = [line for line in done.stdout.splitlines() if line.startswith("SKIPPED")]
    assert len(skipped) == 1 and "pygame" in skipped[0].lower(), done.stdout[-2000:]
