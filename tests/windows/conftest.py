"""The Wine prefix the tests of the built Windows executable share (see wine.py)."""

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.windows.wine import Prefix, need


@pytest.fixture(scope="session")
def prefix(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Prefix]:
    """A fresh Wine prefix: a new C: drive, registry and %APPDATA%. Or the one named by
    $MOSAIC_WINDOWS_PREFIX, booted already: tools/windows/build.sh boots one for these
    tests beside the build's while it downloads (a boot takes 20 s and more), and ends
    what runs in it itself."""
    need()
    shared = os.environ.get("MOSAIC_WINDOWS_PREFIX")
    if shared:
        yield Prefix(Path(shared))
        return
    p = Prefix(tmp_path_factory.mktemp("wine") / "prefix")
    p.boot()
    yield p
    p.stop()


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    """Where the screenshots go: $MOSAIC_WINDOWS_SHOTS (tools/windows/build.sh keeps them in
    build/windows/shots for a person to look at), or the test's own folder."""
    folder = Path(os.environ.get("MOSAIC_WINDOWS_SHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder
