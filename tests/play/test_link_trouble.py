"""Why a line to a server is down, as a player reads it: the reasons the
connection gives (the exact texts seen on Linux, macOS and Windows) turned
into the player's words, with the server as they typed it."""

from __future__ import annotations

from game.i18n import set_language
from game.play.link_trouble import trouble


def test_a_port_nobody_listens_on_is_nothing_answering_there():
    for raw in (
        "cannot reach ws://localhost:1: [Errno 111] Connect call failed ('127.0.0.1', 1)",
        "cannot reach ws://localhost:1: Multiple exceptions: [Errno 61] Connect call failed",
        "cannot reach ws://localhost:1: [WinError 1225] The remote computer refused it",
    ):
        assert trouble(raw, "ws://localhost:1") == "nothing answers at localhost:1"


def test_each_other_reason_is_said_in_its_own_words():
    url = "ws://no-such-host.invalid:8765"
    unknown = "cannot reach ws://no-such-host.invalid:8765: [Errno -2] Name or service not known"
    assert trouble(unknown, url) == "no computer is known by the name no-such-host.invalid"
    assert trouble(f"cannot reach {url}: timed out during opening handshake", url) == (
        "no-such-host.invalid:8765 does not answer"
    )
    page = f"{url} is not a Mosaic server: server rejected WebSocket connection: HTTP 404"
    assert trouble(page, url) == (
        "no-such-host.invalid:8765 answers, but it is not a Mosaic server"
    )
    assert trouble("connection closed: no close frame received or sent", url) == (
        "the line to no-such-host.invalid:8765 was cut"
    )
    assert trouble("", url) == ""  # nothing known: the plain line stays


def test_the_words_come_in_the_players_language():
    set_language("de")
    try:
        said = trouble("cannot reach ws://localhost:1: [Errno 111] refused", "ws://localhost:1")
    finally:
        set_language("en")
    assert "localhost:1" in said and said != "nothing answers at localhost:1"
