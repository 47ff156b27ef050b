"""The online lobby without a screen or a server: the server's messages applied
to the lobby model, and its actions as the messages they send."""

from typing import Any

import pytest

from game.online.protocol import CODE_LENGTH
from game.play.lobby import (
    Lobby,
    OpenGame,
    OpenWatch,
    ShowLeaderboard,
    ShowPostal,
    game_line,
    seek_line,
)
from game.play.online_identity import Identity, server_words

URL = "ws://127.0.0.1:8765"


class FakeLine:
    """The link's side the lobby uses, keeping what was sent."""

    def __init__(self, name: str = "Emma", token: str | None = "t0k") -> None:
        self.name, self.token = name, token
        self.player: dict[str, Any] = {"name": name, "rating": 1500}
        self.sent: list[tuple[str, dict[str, Any]]] = []

    def send(self, kind: str, **fields: Any) -> None:
        self.sent.append((kind, fields))


def seek(sid: str, name: str = "Bob", **more: Any) -> dict[str, Any]:
    return {"id": sid, "name": name, "rating": 1500, "side": 5, "rated": True} | (
        more or {"base": 300, "inc": 3}
    )


def game(gid: str, red: str = "Ann", blue: str = "Bob") -> dict[str, Any]:
    return {"id": gid, "red": red, "blue": blue, "side": 5, "time": "3+2"}


@pytest.fixture
def kept() -> list[Identity]:
    return []


@pytest.fixture
def lobby(kept: list[Identity]) -> Lobby:
    identity = Identity()
    lobby = Lobby(identity, lambda: kept.append(identity))
    lobby.attach(FakeLine(), URL)
    lobby.apply({"type": "link", "state": "online"})
    return lobby


def sent(lobby: Lobby) -> list[tuple[str, dict[str, Any]]]:
    assert isinstance(lobby.line, FakeLine)
    return lobby.line.sent


def test_going_online_asks_for_every_list(lobby):
    assert lobby.connected and lobby.status == ("Connected as Emma.", "good")
    assert [kind for kind, _ in sent(lobby)] == ["lobby", "games", "correspondence"]


def test_seek_deltas_replace_and_remove(lobby):
    lobby.apply({"type": "lobby", "seeks": [seek("a"), seek("b")]})
    before = lobby.revision
    lobby.apply({"type": "seeks", "added": [seek("b", "Cat"), seek("c")], "removed": ["a"]})
    assert [(s["id"], s["name"]) for s in lobby.seeks] == [("b", "Cat"), ("c", "Bob")]
    assert lobby.revision > before  # the screen builds its list again


def test_game_list_whole_then_deltas(lobby):
    lobby.apply({"type": "games", "games": [game("g1"), game("g2")]})
    lobby.apply({"type": "games", "added": [game("g3")], "removed": ["g1"]})
    assert [g["id"] for g in lobby.games] == ["g2", "g3"]
    assert lobby.games_heading() == "Games in play: click one to watch"
    lobby.apply({"type": "games", "games": []})
    assert lobby.games_heading() == "No games in play"


def test_our_own_seek_is_not_offered_to_us_and_goes_when_removed(lobby):
    lobby.seek()
    assert sent(lobby)[-1] == ("seek", {"side": 5, "rated": True, "base": 300, "inc": 3})
    lobby.apply({"type": "seeking", "seek": seek("mine", "Emma")})
    lobby.apply({"type": "lobby", "seeks": [seek("mine", "Emma"), seek("b")]})
    assert lobby.my_seek == "mine" and [s["id"] for s in lobby.shown_seeks()] == ["b"]
    lobby.apply({"type": "seeks", "added": [], "removed": ["b"]})
    assert lobby.seeks_heading() == "Your seek is open: waiting for someone"
    lobby.cancel_seek()
    assert sent(lobby)[-1] == ("cancel", {"seek": "mine"})
    lobby.apply({"type": "seeks", "added": [], "removed": ["mine"]})
    assert lobby.my_seek is None and lobby.seeks_heading() == "No open seeks: open one"


def test_a_correspondence_seek_sends_days_and_says_it_stays_open(lobby, kept):
    lobby.choose_pace("Correspondence")
    lobby.choose_days("7 days")
    lobby.rated = "Casual"
    lobby.seek()
    assert sent(lobby)[-1] == ("seek", {"side": 5, "rated": False, "days": 7})
    assert "stays open" in lobby.status[0]
    assert kept and kept[-1].pace == "Correspondence" and kept[-1].days == "7 days"


def test_a_challenge_gives_a_code_and_is_cancelled_by_its_id(lobby):
    lobby.challenge()
    assert sent(lobby)[-1][0] == "challenge"
    lobby.apply({"type": "challenge", "code": "ABCDEFGHJK", "seek": "s9"})
    assert lobby.code == "ABCDEFGHJK" and lobby.status == (
        "Give your friend this code: ABCDEFGHJK",
        "accent",
    )
    lobby.cancel_challenge()
    assert sent(lobby)[-1] == ("cancel", {"seek": "s9"})
    lobby.apply({"type": "cancelled", "seek": "s9"})
    assert lobby.code == "" and lobby.status[0] == "Challenge cancelled."


def test_a_short_code_is_refused_before_it_is_sent(lobby):
    count = len(sent(lobby))
    lobby.join("ABC")
    assert len(sent(lobby)) == count and lobby.status[1] == "bad"
    assert f"{CODE_LENGTH} characters" in lobby.status[0]
    lobby.join("A" * CODE_LENGTH)
    assert sent(lobby)[-1] == ("join", {"code": "A" * CODE_LENGTH})


def test_an_action_without_a_line_says_so(kept):
    lobby = Lobby(Identity(), lambda: None)
    lobby.seek()
    assert lobby.status == ("Not connected: connect to a server first.", "bad")


def test_a_game_opens_once_and_clears_our_seek_and_code(lobby):
    lobby.apply({"type": "seeking", "seek": seek("mine", "Emma")})
    lobby.apply({"type": "challenge", "code": "ABCDEFGHJK", "seek": "s9"})
    state = {"id": "g1", "seek": "mine"}
    assert lobby.apply({"type": "game", "game": state}) == OpenGame(state)
    assert lobby.my_seek is None and lobby.code == "" and lobby.in_game
    # While a game is open over the lobby, its messages are the game's.
    assert lobby.apply({"type": "game", "game": state}) is None
    assert lobby.apply({"type": "watching", "game": state, "watchers": 2}) is None


def test_watching_someone_else_and_going_back_to_our_own_game(lobby):
    lobby.watch(game("g1"))
    assert sent(lobby)[-1] == ("watch", {"game": "g1"})
    lobby.watch(game("g2", red="Emma"))
    assert sent(lobby)[-1] == ("state", {"game": "g2"})
    opened = lobby.apply({"type": "watching", "game": {"id": "g1"}, "watchers": 3})
    assert opened == OpenWatch({"id": "g1"}, 3)


def test_coming_back_from_a_game_asks_for_the_lists_again(lobby):
    lobby.apply({"type": "games", "games": [game("g1")]})
    lobby.apply({"type": "game", "game": {"id": "g1"}})
    count = len(sent(lobby))
    lobby.came_back(None)
    assert not lobby.in_game and lobby.games == [] and lobby.seeks == []
    assert [k for k, _ in sent(lobby)[count:]] == ["lobby", "games", "correspondence"]


def test_the_leaderboard_of_the_pace_chosen(lobby):
    lobby.choose_pace("Correspondence")
    lobby.leaderboard()
    assert sent(lobby)[-1] == ("leaderboard", {"pace": "correspondence"})
    shown = lobby.apply({"type": "leaderboard", "players": [{"name": "Bob"}]})
    assert shown == ShowLeaderboard([{"name": "Bob"}], "live")


def test_correspondence_games_are_remembered_and_opened_when_asked(kept):
    identity = Identity(tokens={URL: "t0k"})
    lobby = Lobby(identity, lambda: kept.append(identity), to_postal=True)
    lobby.attach(FakeLine(), URL)
    postal = [{"id": "p1", "yours": True, "you": 0, "opponent": "Bob"}]
    assert lobby.apply({"type": "correspondence", "games": postal}) == ShowPostal()
    assert identity.postal == [URL] and kept
    assert lobby.postal_label() == "Your correspondence game: your turn"
    # Only once: the next list does not open it again.
    assert lobby.apply({"type": "correspondence", "games": postal}) is None
    lobby.apply({"type": "over", "game": "p1", "result": "blue"})
    assert lobby.status == (
        "Your correspondence game against Bob is over: you lost.",
        "accent",
    )
    lobby.apply({"type": "correspondence", "games": []})
    assert identity.postal == []


def test_a_finished_correspondence_game_moves_its_rating(lobby):
    lobby.apply({"type": "correspondence", "games": [{"id": "p1", "you": 1, "opponent": "Ann"}]})
    lobby.apply(
        {
            "type": "over",
            "game": "p1",
            "result": "blue",
            "ratings": {"blue": {"before": 1500, "after": 1516}},
        }
    )
    assert lobby.line is not None and lobby.line.player["correspondence_rating"] == 1516
    assert lobby.status[0].endswith("you won. Correspondence rating 1500 to 1516.")


def test_the_welcome_keeps_the_servers_token(lobby, kept):
    lobby.apply({"type": "welcome"})
    assert kept and kept[-1].tokens == {URL: "t0k"}


def test_losing_and_closing_the_line(lobby):
    lobby.apply({"type": "challenge", "code": "ABCDEFGHJK", "seek": "s9"})
    lobby.apply({"type": "link", "state": "offline"})
    assert not lobby.connected and lobby.code == "" and lobby.status[1] == "bad"
    lobby.apply({"type": "link", "state": "closed", "reason": "Another player has the name"})
    assert lobby.line is None and lobby.status == ("Another player has the name.", "bad")


def test_an_error_is_said_with_a_capital(lobby):
    lobby.apply({"type": "error", "reason": "no such seek"})
    assert lobby.status == ("No such seek", "bad")


def test_the_lines_of_the_lists():
    assert game_line(game("g1")) == "Ann v Bob, side 5, 3+2"
    assert seek_line(seek("a")) == "Bob (1500)  side 5  5+3  rated"
    assert seek_line(seek("a", base=30, inc=0)) == "Bob (1500)  side 5  30s+0  rated"
    assert seek_line(seek("a", days=3)) == "Bob (1500)  side 5  3 days a turn  rated"


def test_the_player_line_says_the_rating_of_the_pace(lobby):
    assert lobby.player_line() == "Emma, rated 1500, on 127.0.0.1:8765"
    lobby.choose_pace("Correspondence")
    assert lobby.player_line() == "Emma, rated 1500 by correspondence, on 127.0.0.1:8765"


def test_a_server_is_shown_as_a_player_reads_it_never_as_a_url(kept):
    """Issue 54 (continued), item 1: the raw ws:// URL was shown to players."""
    assert server_words("ws://192.168.1.5:8765") == "192.168.1.5:8765"
    assert server_words("wss://mosaic.example.org:443") == "mosaic.example.org"
    assert server_words("wss://mosaic.example.org:8443/play") == "mosaic.example.org:8443/play"
    assert server_words("ws://[::1]:8765") == "[::1]:8765"
    lobby = Lobby(Identity(), lambda: None)
    lobby.attach(FakeLine(), "ws://192.168.1.5:8765")
    said = [lobby.server_line(), lobby.status[0]]
    assert said[0] == "The server at 192.168.1.5:8765"
    lobby.apply({"type": "link", "state": "offline"})
    said += [lobby.status[0]]
    lobby.apply({"type": "link", "state": "online"})
    said += [lobby.status[0], lobby.player_line()]
    assert not [line for line in said if "ws://" in line]


def test_a_refused_hello_says_the_servers_reason_as_a_sentence(lobby):
    from game.online.protocol import VERSION, version_refused

    lobby.apply({"type": "link", "state": "closed", "reason": version_refused(VERSION - 1)})
    text, tone = lobby.status
    assert text.startswith("This game is older than the server: update the game")
    assert text.endswith(".") and tone == "bad" and lobby.line is None


def test_a_provisional_rating_is_shown_with_a_question_mark(lobby):
    # The server marks a rating from too few games as provisional (issue 41 §2).
    assert seek_line(seek("a", provisional=True, base=300, inc=3)).startswith("Bob (1500?)")
    assert lobby.line is not None
    lobby.line.player |= {"provisional": True, "correspondence_rating": 1620}
    assert lobby.player_line() == "Emma, rated 1500?, on 127.0.0.1:8765"
    lobby.choose_pace("Correspondence")  # that rating is settled: no mark
    assert lobby.player_line() == "Emma, rated 1620 by correspondence, on 127.0.0.1:8765"


def test_the_lobby_lines_go_through_gettext():
    from game import i18n
    from tests.i18n.pseudo import speak_pseudo, untranslated

    speak_pseudo()
    try:
        lines = [seek_line(seek("a")), seek_line(seek("a", days=3))]
        lines.append(game_line({**game("g1"), "time": "3 days"}))
    finally:
        i18n.set_language("en")
    assert [untranslated(line) for line in lines] == [None, None, None]
    assert game_line({**game("g1"), "time": "1 day"}) == "Ann v Bob, side 5, 1 day"
