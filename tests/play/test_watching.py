"""A spectator's game without pygame: the server's news comes in, nothing that
could touch the game goes out, and the finished game is not kept."""

from __future__ import annotations

from typing import Any

from game.play.control import abilities
from game.play.history import entries
from game.play.online_game import OnlineMatch
from game.play.watching import WATCHING, WatchControl
from game.rules import Board


class Line:
    def __init__(self) -> None:
        self.sent: list[tuple[str, dict[str, Any]]] = []

    def send(self, kind: str, **fields: Any) -> None:
        self.sent.append((kind, fields))


def state(turns: list[str]) -> dict[str, Any]:
    return {
        "id": "g1", "side": 3, "base": 60, "inc": 0, "rated": True,
        "players": [{"name": n, "rating": 1500, "connected": True} for n in ("Ann", "Bob")],
        "turns": turns, "clocks": [60_000, 60_000], "running": 0, "result": None, "reason": "",
    }  # fmt: skip


def test_a_watched_game_takes_the_servers_news_and_sends_nothing_that_plays(tmp_path):
    line = Line()
    match = OnlineMatch(state([]))
    control = WatchControl(match, tmp_path, line, clock=lambda: 0.0)
    assert match.watching and not match.human_to_move
    assert abilities(control).undo is False and abilities(control).save is False
    board = Board(size=3)
    first = board.notation(board.legal_turns()[0])
    cell = next(iter(board.legal_turns()[0].cells))
    assert not control.wants_change(cell)
    [refused] = control.click(cell)
    assert refused.kind == "refused" and refused.text == WATCHING
    assert control.resign(match.you) == [] and line.sent == []
    control.receive(
        {"type": "turn", "game": "g1", "ply": 0, "turn": first, "clocks": [59_000, 60_000]}
    )
    assert match.all_moves() == [first] and control.running == 1
    # A gap is filled by watching again: a spectator may not ask for a state.
    control.receive({"type": "turn", "game": "g1", "ply": 5, "turn": "a1", "clocks": [1, 1]})
    assert line.sent == [("watch", {"game": "g1"})]
    control.receive({"type": "watching", "game": state([first]), "watchers": 3})
    assert control.watchers == 3 and match.all_moves() == [first]
    # Red's lost connection is news to a watcher, as Blue's is.
    [presence] = control.receive({"type": "presence", "game": "g1", "color": 0, "connected": False})
    assert "Ann" in presence.text
    events = control.receive(
        {"type": "over", "game": "g1", "result": "blue", "reason": "red resigned"}
    )
    assert [e.kind for e in events] == ["over"] and match.result_text() == "Bob wins: Ann resigned."
    assert entries(tmp_path)[0] == [] and control.archive_path is None
    assert control.leave() is None and line.sent[-1] == ("unwatch", {"game": "g1"})
