"""Starting the game from the command line."""

import os
import subprocess
import sys

import pytest


def run(*args, env=None):
    return subprocess.run(
        [sys.executable, "-m", "game", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )


def test_help_lists_the_options():
    out = run("--help")
    assert out.returncode == 0
    for option in ("--size", "--data-dir", "--screenshots"):
        assert option in out.stdout


@pytest.mark.skipif(sys.platform != "linux", reason="only Linux can be without a display")
def test_no_display_prints_one_clear_line(tmp_path):
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")
    }
    out = run("--data-dir", str(tmp_path), env=env)
    assert out.returncode == 1
    assert "Traceback" not in out.stderr
    assert "mosaic: cannot open a window" in out.stderr


def test_a_bad_size_is_refused_with_a_message():
    out = run("--size", "huge")
    assert out.returncode == 2 and "--size must look like 1280x800" in out.stderr
