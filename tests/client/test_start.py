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


def test_help_lists_the_options(capsys):
    from game.__main__ import main

    with pytest.raises(SystemExit) as done:
        main(["--help"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    for option in ("--size", "--data-dir", "--screenshots"):
        assert option in out


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


def test_a_bad_size_is_refused_with_a_message(capsys):
    from game.__main__ import main

    with pytest.raises(SystemExit) as done:
        main(["--size", "huge"])
    assert done.value.code == 2 and "--size must look like 1280x800" in capsys.readouterr().err


def test_a_bug_in_play_gives_a_plain_message_and_keeps_the_details(tmp_path, monkeypatch, capsys):
    import pygame

    from game.__main__ import main
    from game.client.scenes.title import TitleScene

    kept = tmp_path / "current-match.json"
    kept.write_text('{"a": "match in progress"}')

    def bug(self, dt):
        raise RuntimeError("a bug in the title screen")

    def play_into_the_bug() -> str:
        monkeypatch.setattr(TitleScene, "update", bug)
        try:
            assert main(["--data-dir", str(tmp_path)]) == 1
        finally:
            pygame.quit()
        return capsys.readouterr().err

    err = play_into_the_bug()
    assert "Traceback" not in err
    assert "Mosaic stopped because of a bug" in err and "Continue" in err
    logs = list(tmp_path.glob("crash-*.log"))
    assert len(logs) == 1 and str(logs[0]) in err
    log = logs[0].read_text()
    assert log.startswith("Mosaic ") and "Traceback" in log
    assert "RuntimeError: a bug in the title screen" in log
    assert kept.read_text() == '{"a": "match in progress"}'

    kept.unlink()  # with no match to go back to, the message does not offer one
    err = play_into_the_bug()
    assert "progress are saved" in err and "Continue" not in err
    assert len(list(tmp_path.glob("crash-*.log"))) == 2, "a second log, the first kept"
