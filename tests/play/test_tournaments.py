"""The tournaments' screen model, without pygame: what it asks the server, and
the lines it gives the screen from the server's answers."""

from __future__ import annotations

from game.play.tournaments import Tournaments, kind_text, points_text, time_left_text


class Line:
    def __init__(self) -> None:
        self.sent: list[tuple[str, dict]] = []

    def send(self, kind: str, **fields) -> None:
        self.sent.append((kind, fields))


def standings(**over) -> dict:
    t = {
        "id": "t1", "name": "Friday Swiss", "kind": "swiss", "side": 5, "base": 180, "inc": 2,
        "rated": True, "status": "playing", "starts": 0.0, "left": None, "minutes": 0,
        "rounds": 5, "round": 2, "winner": None,
        "standings": [
            {"rank": 1, "name": "Ann", "points": 1.5, "fire": False},
            {"rank": 2, "name": "Bob", "points": 0.5, "fire": False},
        ],
        "you": {"entered": True, "paused": False, "game": "g1", "opponent": "Bob",
                "color": 1, "bye": False},
    }  # fmt: skip
    return t | over


def test_the_list_then_a_tournament_then_join_and_pause():
    line, now = Line(), [100.0]
    m = Tournaments(line, clock=lambda: now[0])
    m.open()
    assert line.sent[-1] == ("tournaments", {})
    assert m.apply({"type": "tournaments", "tournaments": [standings(status="soon", left=90)]})
    said = "Friday Swiss · Swiss, 5 rounds, side 5, 3+2 · starts in 1:30"
    assert m.list_line(m.listed[0]) == said
    m.choose(m.listed[0])
    assert line.sent[-1] == ("tournament", {"tournament": "t1"})
    assert m.apply({"type": "standings", "tournament": standings()})
    assert m.entered and m.state_line() == "Playing round 2 of 5."
    assert m.pairing_line() == "Your game: against Bob, as Blue."
    assert m.rows() == [("1.", "Ann", "1½", False), ("2.", "Bob", "½", False)]
    m.pause()
    m.enter()
    assert line.sent[-2:] == [("pause", {"tournament": "t1"}), ("enter", {"tournament": "t1"})]
    assert not m.apply({"type": "seeks", "added": [], "removed": []})


def test_the_time_left_counts_down_from_what_the_server_said():
    line, now = Line(), [100.0]
    m = Tournaments(line, clock=lambda: now[0])
    arena = standings(kind="arena", minutes=60, left=125.0, you={"entered": True})
    m.apply({"type": "standings", "tournament": arena})
    assert m.state_line() == "Playing: 2:05 left."
    now[0] += 65
    assert m.state_line() == "Playing: 1:00 left."
    assert m.pairing_line() == "Waiting for your next pairing."
    assert kind_text(arena).startswith("Arena, 60 minutes")
    assert points_text("arena", 12.0) == "12" and time_left_text(7384) == "2 h 03 min"


def test_a_bye_a_pause_and_the_end_are_said():
    m = Tournaments(Line())
    m.apply({"type": "standings", "tournament": standings(you={"entered": True, "bye": True})})
    assert m.pairing_line() == "A bye this round: 1 point."
    m.apply({"type": "standings", "tournament": standings(you={"entered": True, "paused": True})})
    assert m.pairing_line() == "Paused: join again to be paired." and not m.entered
    m.apply({"type": "standings", "tournament": standings(status="over", winner="Ann", you={})})
    assert m.state_line() == "Over: won by Ann." and m.pairing_line() == ""
    # Standings of another tournament, sent as this one was left, change nothing.
    m.apply({"type": "standings", "tournament": standings(id="t2", name="Other")})
    assert m.current is not None and m.current["id"] == "t1"
