"""Online play without a screen, a server or a network: the session's line and
hosted server, the name check, every message routed (to the lobby, or to the
game open over it with what came after it), and a game's own news."""

from pathlib import Path
from typing import Any

import pytest

from game.play.lobby import Lobby, OpenGame, OpenWatch, ShowLeaderboard
from game.play.online_identity import Identity
from game.play.online_session import NAME_RULE, OnlineGame, OnlineSession
from game.play.watching import WatchControl
from tests.helpers import game_state


class FakeLine:
    """A link that keeps what is sent and hands out what a test queued."""

    site = None

    def __init__(self, url: str, name: str, token: str | None) -> None:
        self.url, self.name, self.token = url, name, token
        self.player: dict[str, Any] = {"name": name, "rating": 1500}
        self.sent: list[tuple[str, dict[str, Any]]] = []
        self.inbox: list[dict[str, Any]] = []
        self.closed = False

    def send(self, kind: str, **fields: Any) -> None:
        self.sent.append((kind, fields))

    def poll(self) -> list[dict[str, Any]]:
        got, self.inbox = self.inbox, []
        return got

    def close(self, timeout: float = 3.0) -> None:
        self.closed = True


class FakeHost:
    def __init__(self, db: Path, fails: str = "") -> None:
        self.db, self.fails = db, fails
        self.port = 0
        self.starts = 0
        self.stopped = False

    def start(self) -> int:
        if self.fails:
            raise OSError(self.fails)
        self.starts += 1
        self.port = 40123
        return self.port

    def stop(self) -> None:
        self.stopped = True


class World:
    """A session with its fakes, and what it made of them."""

    def __init__(self, tmp: Path, host_fails: str = "") -> None:
        self.lines: list[FakeLine] = []
        self.hosts: list[FakeHost] = []
        self.kept = 0
        self.identity = Identity(tokens={"ws://127.0.0.1:40123": "t0k"})
        self.lobby = Lobby(self.identity, self.keep)

        def open_line(url: str, name: str, token: str | None) -> FakeLine:
            self.lines.append(FakeLine(url, name, token))
            return self.lines[-1]

        def open_host(db: Path) -> FakeHost:
            self.hosts.append(FakeHost(db, host_fails))
            return self.hosts[-1]

        self.session = OnlineSession(
            self.lobby,
            self.identity,
            tmp,
            self.keep,
            open_line=open_line,
            open_host=open_host,
            where=lambda: ["192.168.1.5", "10.0.0.2", "172.17.0.1"],
        )

    def keep(self) -> None:
        self.kept += 1

    def online(self) -> FakeLine:
        line = self.lines[-1]
        line.inbox.append({"type": "link", "state": "online"})
        self.session.read()
        line.sent.clear()
        return line


@pytest.fixture
def world(tmp_path: Path) -> World:
    return World(tmp_path)


def test_a_name_that_breaks_the_rule_is_said_under_its_field_and_nothing_connects(world):
    assert not world.session.connect("Emma!", "127.0.0.1:8765")
    assert world.session.name_note == NAME_RULE and world.lines == []
    assert world.session.link is None
    # A good name: the line opens, and the name and the server are kept.
    assert world.session.connect(" Emma ", "127.0.0.1:8765")
    assert world.session.name_note == "" and world.kept == 1
    line = world.lines[0]
    assert (line.url, line.name) == ("ws://127.0.0.1:8765", "Emma")
    assert (world.identity.name, world.identity.server) == ("Emma", "127.0.0.1:8765")
    assert world.session.link is line and world.lobby.url == line.url


def test_a_bad_address_is_said_and_leaves_the_name_alone(world):
    world.session.name_note = "kept"
    assert not world.session.connect("Emma", "ws://")
    assert world.lines == [] and world.lobby.status[1] == "bad" and world.lobby.status[0]
    assert world.session.name_note == "kept"


def test_hosting_starts_one_server_and_connects_to_it_with_the_kept_token(world):
    assert not world.session.host_here("")
    assert world.hosts == [] and "name" in world.lobby.status[0]
    assert world.session.host_here("Emma")
    assert world.session.hosting == "192.168.1.5:40123, 10.0.0.2:40123"
    assert world.hosts[0].db.name == "hosted-server.db"
    line = world.lines[-1]
    assert (line.url, line.token) == ("ws://127.0.0.1:40123", "t0k")
    # Hosting again reuses the server; leaving stops it and closes the line.
    world.session.host_here("Emma")
    assert len(world.hosts) == 1 and world.hosts[0].starts == 1
    world.session.close()
    assert world.hosts[0].stopped and world.lines[-1].closed


def test_a_server_that_cannot_start_here_is_said(tmp_path):
    world = World(tmp_path, host_fails="port taken")
    assert not world.session.host_here("Emma")
    assert world.lobby.status == ("Could not start a server here: port taken", "bad")
    assert world.session.host is None and world.lines == []


def test_every_message_goes_to_the_lobby_until_a_game_opens_and_the_rest_is_the_games(world):
    world.session.connect("Emma", "127.0.0.1:8765")
    line = world.online()
    state = game_state()
    turn = {"type": "turn", "game": "g1", "ply": 0, "turn": "b2", "clocks": [60_000, 60_000]}
    line.inbox += [
        {"type": "leaderboard", "players": [], "pace": "live"},
        {"type": "lobby", "seeks": []},
        {"type": "game", "game": state},
        turn,
        {"type": "lobby", "seeks": [{"id": "s9"}]},
    ]
    revision = world.lobby.revision
    openings, news = world.session.read()
    assert news and [type(o) for o in openings] == [ShowLeaderboard, OpenGame]
    assert world.lobby.revision > revision and world.lobby.seeks == []  # not the last list
    game = world.session.game
    assert game is not None and game.match.id == "g1" and not game.match.watching
    assert game.backlog == [turn, {"type": "lobby", "seeks": [{"id": "s9"}]}]
    # The game reads its backlog first, even before its screen polls the line.
    line.inbox.append({"type": "presence", "game": "g1", "color": 1, "connected": False})
    events, news = game.read(poll=False)
    assert news and game.backlog == [] and game.match.all_moves() == ["b2"]
    assert line.inbox  # not read: the screen was not on top
    events, news = game.read(poll=True)
    assert [e.kind for e in events] == ["presence"]
    assert not game.match.connected[game.match.you.other]
    # Back in the lobby: it asks for the lists again.
    world.session.came_back()
    assert world.session.game is None and ("lobby", {}) in line.sent


def test_a_game_to_watch_opens_with_its_watchers_and_a_watchers_control(world):
    world.session.connect("Emma", "127.0.0.1:8765")
    line = world.online()
    state = {k: v for k, v in game_state().items() if k != "you"}
    line.inbox.append({"type": "watching", "game": state, "watchers": 4})
    openings, _news = world.session.read()
    game = world.session.game
    assert isinstance(openings[0], OpenWatch) and game is not None
    assert isinstance(game.control, WatchControl) and game.control.watchers == 4


def test_a_games_news_the_line_the_servers_refusals_and_the_page(tmp_path):
    line = FakeLine("ws://192.168.1.5:8765", "Ann", None)
    game = OnlineGame.open(game_state(), tmp_path, line)
    assert game.control.running == 0 and game.page() == "http://192.168.1.5:8765/games/g1"
    line.inbox += [
        {"type": "link", "state": "offline"},
        {"type": "link", "state": "online"},
        {"type": "error", "about": "turn", "reason": "not your turn"},
        {"type": "error", "reason": "too many requests"},
        {"type": "error"},
    ]
    events, news = game.read(poll=True)
    assert news and game.link_state == "online"
    assert [(e.kind, e.text) for e in events] == [
        ("link", "offline"),
        ("link", "online"),
        ("error", "The server refused that: not your turn"),
        ("error", "too many requests"),
        ("error", "The server refused that."),
    ]
    # Back online, and after a refused turn, the game asks for the server's state.
    assert line.sent == [("state", {"game": "g1"}), ("state", {"game": "g1"})]
    assert game.read(poll=True) == ([], False)


def test_a_correspondence_game_says_its_last_turn_played_and_a_live_one_does_not(tmp_path):
    line = FakeLine("ws://h:1", "Ann", None)
    live = game_state() | {"turns": ["b2"]}
    assert OnlineGame.open(live, tmp_path, line).last_turn() is None
    postal = live | {"days": 3, "reserve": [7, 7]}
    said = OnlineGame.open(postal, tmp_path, line).last_turn()
    assert said is not None and said.startswith("Last turn: You ") and "b2" in said
    said = OnlineGame.open(postal | {"turns": ["b2", "a1"]}, tmp_path, line).last_turn()
    assert said is not None and said.startswith("Last turn: Bob ") and "a1" in said
    assert OnlineGame.open(postal | {"turns": []}, tmp_path, line).last_turn() is None


def test_a_screen_over_the_lobby_reads_its_own_messages_first(world):
    """The tournaments' screen takes its messages; the rest are the lobby's."""
    world.session.connect("Emma", "127.0.0.1:8765")
    line = world.online()
    mine = {"type": "tournaments", "tournaments": []}
    line.inbox += [mine, {"type": "challenge", "code": "ABCDEFGHJK", "seek": "c1"}]
    taken: list[dict[str, Any]] = []

    def take(msg: dict[str, Any]) -> bool:
        if msg.get("type") == "tournaments":
            taken.append(msg)
            return True
        return False

    openings, news = world.session.read(take)
    assert news and openings == [] and taken == [mine]
    assert world.lobby.code == "ABCDEFGHJK"
