"""An online game is kept in the history only once the server says how it ended,
and a record that cannot be read is set aside (pygame-free)."""

from __future__ import annotations

import json
import random
from pathlib import Path

from game.play.history import entries
from game.play.online_game import OnlineController, OnlineMatch
from game.rules import RED, Board

from .test_control import Sent, online_state


def game_red_ends(seed: int = 0) -> list[str]:
    """The turns of a random side-3 game whose last turn is Red's, as text."""
    for s in range(seed, seed + 500):
        pick, board, texts = random.Random(s), Board(size=3), []
        last_mover = RED
        while not board.is_game_over():
            turn = pick.choice(board.legal_turns())
            last_mover = board.mover
            texts.append(board.notation(turn))
            board.push(turn)
        if last_mover == RED and texts[-1] != "pass":
            return texts
    raise AssertionError("no side-3 game ending with Red's turn")


def test_the_winning_turn_is_kept_with_the_servers_result(tmp_path: Path) -> None:
    turns = game_red_ends()
    control = OnlineController(OnlineMatch(online_state(turns[:-1])), tmp_path, Sent())
    board = control.match.board
    last = board.parse_turn(turns[-1])
    events = []
    for cell in last.cells:
        events += control.click(cell)
    assert control.match.board.is_game_over()
    # The board has ended, but the result is the server's to say: nothing kept yet.
    assert not any(e.kind == "over" for e in events)
    assert not (tmp_path / "history").exists()

    ratings = {"red": {"before": 1500, "after": 1540}, "blue": {"before": 1500, "after": 1460}}
    winner = control.match.board.winner()
    result = "draw" if winner is None else str(winner)
    over = control.receive(
        {
            "type": "over",
            "game": "g1",
            "result": result,
            "reason": "neither player can move",
            "ratings": ratings,
        }
    )
    assert [e.kind for e in over] == ["over"]
    games, problems = entries(tmp_path)
    assert problems == [] and len(games) == 1
    record = json.loads(games[0].path.read_text(encoding="utf-8"))
    assert record["result"] == result and record["online"]["ratings"] == ratings


def test_a_record_that_cannot_be_read_is_set_aside_once(tmp_path: Path) -> None:
    folder = tmp_path / "history"
    folder.mkdir()
    (folder / "game-20261125-120000.json").write_text('{"result": null}', encoding="utf-8")
    games, problems = entries(tmp_path)
    assert games == [] and len(problems) == 1
    assert "not an archived game" in problems[0] and "kept as" in problems[0]
    assert [p.name.split(".corrupt-")[0] for p in folder.iterdir()] == ["game-20261125-120000.json"]
    assert entries(tmp_path) == ([], [])  # told once, not on every visit
