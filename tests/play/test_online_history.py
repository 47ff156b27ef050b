"""An online game is kept in the history only once the server says how it ended,
and a record that cannot be read is set aside (pygame-free)."""

from __future__ import annotations

import json
import random
from pathlib import Path

from game.play.history import entries
from game.play.match import Match
from game.play.online_game import OnlineController, OnlineMatch
from game.rules import BLUE, RED, Board

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


def test_a_rated_online_game_reopens_with_its_players_and_its_rating(tmp_path: Path) -> None:
    """Issue 54: History's row showed no rating change, and Open (and the pause
    menu's line) said "Red: Human, Blue: Human" though the record names them."""
    from game.play.match import open_record

    turns = game_red_ends()
    match = OnlineMatch(online_state(turns))
    match.rated = True
    control = OnlineController(match, tmp_path, Sent())
    ratings = {"red": {"before": 1500, "after": 1516}, "blue": {"before": 1500, "after": 1484}}
    winner = match.board.winner()
    result = "draw" if winner is None else str(winner)
    over = {"type": "over", "game": "g1", "result": result, "reason": "", "ratings": ratings}
    control.receive(over)
    games, problems = entries(tmp_path)
    assert problems == [] and len(games) == 1
    assert "rating +16" in games[0].line()  # Ann played Red

    opened, message = open_record(games[0].path, "archived game")
    assert opened is not None and message is None
    assert opened.player(RED) == "Ann" and opened.player(BLUE) == "Bob"
    assert opened.players_text() == "Red: Ann, Blue: Bob"
    # Both are played by hand at this screen: neither is an AI to ask.
    assert opened.is_human(RED) and opened.is_human(BLUE) and opened.ai_to_move is None
    # Kept again (a saved copy), it is still the online game it was.
    again = Match.from_record(opened.record())
    assert again.player(BLUE) == "Bob" and again.online == opened.online
    assert again.online is not None and again.online["ratings"] == ratings


def test_an_archived_record_with_bad_ratings_lists_without_one(tmp_path: Path) -> None:
    from game.play.history import rating_change

    assert rating_change({"ratings": {"red": {"before": 1500, "after": 1516}}}, "red") == (
        1500,
        1516,
    )
    assert rating_change({"ratings": {"red": {"before": "x", "after": 1}}}, "red") is None
    assert rating_change({"ratings": [1]}, "red") is None
    assert rating_change({"ratings": {"red": {"before": 1, "after": 2}}}, None) is None


def test_the_opponents_come_in_the_ladders_order_then_by_name():
    """History's filter steps through them in this order."""
    from game.play.history import Entry, opponents

    def game(red: str, blue: str, you: str | None = None) -> Entry:
        return Entry(Path("g.json"), red, blue, 5, "red", 30, 31, 40, "2026-11-01", you)

    games = [
        game("Human", "Virtuoso"),
        game("Zoe", "Human", you="blue"),
        game("Master", "Human"),
        game("Human", "Human"),
        game("Human", "Beginner"),
        game("Club", "Expert"),
        game("Human", "Virtuoso"),
        game("Human", "Amy", you="red"),
    ]
    assert opponents(games) == [
        "Human", "Beginner", "Virtuoso", "Master", "Amy online", "Club v Expert", "Zoe online",
    ]  # fmt: skip
