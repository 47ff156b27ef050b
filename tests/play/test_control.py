"""The seam between a match screen and the game behind it: both controllers are
:class:`MatchControl`, and each says truly what else it can do."""

import json

from game.play.control import (
    Abilities,
    Hints,
    MatchControl,
    Saves,
    TakeBacks,
    Thinks,
    abilities,
)
from game.play.in_progress import CURRENT
from game.play.match import Match
from game.play.match_controller import MatchController
from game.play.online_game import OnlineController, OnlineMatch
from game.rules import BLUE


class Sent:
    def __init__(self):
        self.sent = []

    def send(self, kind, **fields):
        self.sent.append((kind, fields))


class NoAI:
    """A line to an AI that is never asked (two people at one screen)."""

    pondering = None

    def request(self, mfen, level="", seconds=None):
        raise AssertionError("nobody asked the AI")

    def poll(self):
        return []

    def serving(self, rid):
        return False

    def cancel(self):
        pass

    def ponder(self, mfen):
        return False


def online_state(turns=()):
    players = [
        {"name": "Ann", "rating": 1500, "connected": True},
        {"name": "Bob", "rating": 1500, "connected": True},
    ]
    return {
        "id": "g1",
        "side": 3,
        "you": 0,
        "players": players,
        "base": 60,
        "inc": 0,
        "rated": False,
        "turns": list(turns),
        "clocks": [60_000, 60_000],
    }


def test_a_match_at_this_screen_can_do_everything(tmp_path):
    control = MatchController(Match(3, "Human", "Human"), tmp_path, NoAI())
    assert isinstance(control, MatchControl)
    assert abilities(control) == Abilities(undo=True, hint=True, save=True, think=True)


def test_an_online_game_offers_no_take_backs_hints_files_or_ai(tmp_path):
    control = OnlineController(OnlineMatch(online_state()), tmp_path, Sent())
    assert isinstance(control, MatchControl)
    assert abilities(control) == Abilities(undo=False, hint=False, save=False, think=False)
    # Not stubs that pretend: the methods are not there at all.
    for protocol in (TakeBacks, Hints, Saves, Thinks):
        assert not isinstance(control, protocol), protocol
    for name in ("undo", "redo", "ask_hint", "save_game", "autosave", "cancel_ai"):
        assert not hasattr(control, name), name


def test_playing_on_from_an_earlier_position_goes_through_the_controller(tmp_path):
    match = Match(3, "Human", "Human")
    control = MatchController(match, tmp_path, NoAI())
    for cell in ("a1", "e1"):
        control.click(match.board.geometry.index(cell))
    assert control.goto(1) and control.browsing and control.later == 1
    control.play_on_from_here()
    assert control.later == 0 and not control.browsing and match.plies == 1


def test_an_online_game_goes_back_to_its_end_rather_than_drop_turns(tmp_path):
    control = OnlineController(OnlineMatch(online_state(["a1", "e1"])), tmp_path, Sent())
    assert control.goto(0) and control.browsing
    assert control.later == 0  # nothing would be dropped: a click goes to the end
    control.play_on_from_here()
    assert control.match.ply == 2 and not control.browsing


def test_claiming_a_saved_game_makes_it_the_match_in_progress(tmp_path):
    kept = tmp_path / CURRENT
    kept.write_text('{"another": "match"}')  # a match is in progress already
    saved = Match(3, "Human", "Human")
    saved.click(saved.board.geometry.index("a1"))
    control = MatchController(saved, tmp_path, NoAI(), current=False)
    # Before the player agrees, the saved game may not change, and is not kept.
    assert not control.may_change()
    assert control.resign(BLUE) == [] and not saved.over
    assert control.autosave() is None and kept.read_text() == '{"another": "match"}'
    control.claim()
    assert control.may_change()
    control.click(saved.board.geometry.index("e1"))  # the next turn keeps it
    assert json.loads(kept.read_text()) == saved.record() and saved.plies == 2


def test_an_online_game_stops_its_clocks_where_they_stood_when_it_ends(tmp_path):
    now = [100.0]
    control = OnlineController(
        OnlineMatch(online_state(["a1"])), tmp_path, Sent(), clock=lambda: now[0]
    )
    control.set_clocks([250_000, 255_000], 1)  # Blue to move, 4:15 left
    now[0] += 9.0  # Blue thinks for nine seconds, then resigns
    control.receive({"type": "over", "game": "g1", "result": "red", "reason": "blue resigned"})
    assert control.left(BLUE) == 246_000  # 4:06, not back to 4:15
    now[0] += 30.0
    assert control.left(BLUE) == 246_000 and control.running is None


def test_a_correspondence_game_names_its_players_reserve_days():
    """Issue 54: "Reserve days: red 10, blue 10" named colours, in lower case."""
    state = online_state() | {"days": 1, "reserve": [10, 9]}
    assert OnlineMatch(state).reserve_text() == "Reserve days: Ann 10, Bob 9"
