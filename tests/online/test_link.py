"""The game's own line to a server (a thread with its own event loop), hosting a
server inside the game, and the two command lines."""

from __future__ import annotations

import signal
import subprocess
import sys
import time

from game.online.host import LocalServer, addresses
from game.online.link import Link

from .serving import start_process

_unread: dict[int, list[dict]] = {}


def wait(link: Link, kind: str, seconds: float = 10.0, **match) -> dict:
    """The next ``kind`` message (with fields as in ``match``); earlier ones are
    dropped, later ones kept for the next call."""
    queue = _unread.setdefault(id(link), [])
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        queue += link.poll()
        while queue:
            msg = queue.pop(0)
            if msg.get("type") == kind and all(msg.get(k) == v for k, v in match.items()):
                return msg
        time.sleep(0.01)
    raise AssertionError(f"no {kind} {match}")


def test_the_link_says_when_it_drops_and_comes_back_by_itself(tmp_path):
    host = LocalServer(tmp_path / "s.db", host="127.0.0.1", port=0)
    port = host.start()
    link = Link(f"ws://127.0.0.1:{port}", "Ann").start()
    try:
        token = wait(link, "welcome")["token"]
        wait(link, "link", state="online")
        host.stop()
        assert "closed" in wait(link, "link", state="offline")["reason"]
        link.send("ping")  # waits for the line to come back
        host = LocalServer(tmp_path / "s.db", host="127.0.0.1", port=port)
        assert host.start() == port
        welcome = wait(link, "welcome", seconds=15)
        assert welcome["player"]["name"] == "Ann" and "token" not in welcome  # the same player
        assert link.token == token
        wait(link, "pong")
    finally:
        link.close()
        host.stop()
    assert link.state == "closed"


def test_a_link_to_nowhere_keeps_trying_and_closes_cleanly():
    link = Link("ws://127.0.0.1:9", "Ann").start()  # nothing listens on the discard port
    reason = wait(link, "link", state="offline")["reason"]
    assert "cannot reach" in reason
    started = time.monotonic()
    link.close()
    assert time.monotonic() - started < 3 and link.state == "closed"


def test_hosting_falls_back_to_a_free_port_and_names_this_computer(tmp_path):
    first = LocalServer(tmp_path / "a.db", host="127.0.0.1", port=0)
    taken = first.start()
    second = LocalServer(tmp_path / "b.db", host="127.0.0.1", port=taken)
    try:
        other = second.start()
        assert other != taken and second.error == ""
    finally:
        first.stop()
        second.stop()
    assert addresses() and all(not a.startswith("127.") for a in addresses() if a != "127.0.0.1")


def test_server_command_line_starts_stops_and_names_a_bad_database(tmp_path):
    proc, url = start_process(tmp_path / "s.db")
    assert url.startswith("ws://127.0.0.1:")
    proc.send_signal(signal.SIGTERM)
    assert proc.wait(10) == 0
    bad = subprocess.run(
        [sys.executable, "-m", "game.online", "--db", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=30,
        check=False,
    )
    assert bad.returncode == 2 and "cannot open the database" in bad.stderr


def test_bot_command_line_refuses_an_unknown_level():
    out = subprocess.run(
        [sys.executable, "-m", "game.online.bot", "--server", "ws://x", "--level", "Grandmaster"],
        capture_output=True,
        text=True,
        timeout=30,
        check=False,
    )
    assert out.returncode == 2 and "Grandmaster" in out.stderr and "Club" in out.stderr
