"""The v0.1 release (commit 52b8ca9) unpacked from this repository's history, as
the fixed baseline the AI's speed and strength are measured against."""

from __future__ import annotations

import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: The v0.1 release.
V01 = "52b8ca9"


def unpack(into: Path, commit: str = V01) -> bool:
    """Write the ``game`` package of v0.1 (or of ``commit``) under ``into``; False if
    the commit is not in this checkout's history (a shallow clone, or a copy
    without ``.git``)."""
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", commit, "game"], capture_output=True, check=False
    )
    if archive.returncode != 0:
        return False
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive.stdout, check=True)
    return True
