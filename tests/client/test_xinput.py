"""game/client/xinput.py off Windows: nothing is loaded and the smoke test gets no
line; under Wine the smoke test of the built exe checks the real thing."""

from __future__ import annotations

import sys

import pytest

from game.client import xinput


@pytest.mark.skipif(sys.platform == "win32", reason="the other systems' answer")
def test_other_systems_keep_no_xinput_and_report_nothing() -> None:
    assert xinput.keep() is None
    assert xinput.check() is None
    assert not xinput.loaded("xinput1_4")
