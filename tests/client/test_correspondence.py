"""A correspondence game through the real scenes, against a real server hosted
here with a calendar the test moves: chosen and challenged by clicks, a turn
played, the game left without resigning, then a restart of the server and of the
game itself, the title screen saying whose turn it is, and the game taken up
from the list where it stood."""

from __future__ import annotations

import pygame

from game.client.app import App
from game.client.scenes.correspondence import CorrespondenceScene
from game.client.scenes.online_lobby import OnlineScene
from game.client.scenes.online_match import OnlineMatchScene
from game.client.scenes.title import TitleScene
from game.client.scripted.tour import Driver, text_problems
from game.online.host import LocalServer
from game.online.link import Link
from game.online.postal import DAY, RESERVE
from game.play.online_identity import load as load_identity
from game.rules import Board, Color

from .test_online import news, type_text, until
from .test_scenes import button


class Calendar:
    """The server's wall clock, moved by the test."""

    def __init__(self) -> None:
        self.now = 1_750_000_000.0

    def __call__(self) -> float:
        return self.now


def segments(scene, title: str):
    return next(c for c in scene.controls if getattr(c, "title", "") == title)


def bob_plays(bob: Link, gid: str, board) -> None:
    """Bob's first legal turn, sent by his own line."""
    bob.send(
        "turn", game=gid, ply=len(board.turn_stack), turn=board.notation(board.legal_turns()[0])
    )


def test_a_correspondence_game_across_restarts_of_the_server_and_the_game(app, drive, tmp_path):
    calendar = Calendar()
    db = tmp_path / "server.db"
    host = LocalServer(db, host="127.0.0.1", port=0, wall=calendar)
    port = host.start()
    url = f"ws://127.0.0.1:{port}"
    bob = Link(url, "Bob").start()
    news(bob, "welcome")
    try:
        app.scenes.reset(TitleScene(app))
        drive.frames(2)
        assert button(app.scenes.top, "Play online").label == "Play online"
        drive.click(button(app.scenes.top, "Play online").rect.center)
        lobby = app.scenes.top
        drive.click(lobby.name_field.rect.center)
        type_text(drive, "Emma")
        lobby.server_field.value = f"127.0.0.1:{port}"
        drive.click(button(lobby, "Connect").rect.center)
        until(drive, lambda: any(getattr(c, "title", "") == "Play" for c in lobby.controls))
        # Correspondence: the time row becomes days a turn.
        play = segments(lobby, "Play")
        drive.click(play.parts()[1].center)
        days = segments(lobby, "A turn")
        assert days.options == ["1 day", "3 days", "7 days"]
        drive.click(days.parts()[0].center)
        drive.click(button(lobby, "Challenge a friend").rect.center)
        until(drive, lambda: bool(lobby.code))
        bob.send("join", code=lobby.code)
        state = news(bob, "game")["game"]
        gid, bob_color = state["id"], state["you"]
        assert state["days"] == 1 and state["reserve"] == [RESERVE[1]] * 2
        until(drive, lambda: isinstance(app.scenes.top, OnlineMatchScene))
        scene = app.scenes.top
        assert scene.match.days == 1
        drive.frames(2)
        badge = scene.panel.badges[scene.match.you][0]
        # The turn's own day, counting down from the moment the game began.
        assert badge in ("1d", "23h 59m"), badge
        if bob_color == 0:
            bob_plays(bob, gid, scene.match.board)
            until(drive, lambda: len(scene.match.board.turn_stack) == 1)
        # Emma plays her turn by clicks, then leaves: no resignation is asked.
        turn = scene.match.board.legal_turns()[0]
        for cell in turn.cells:
            drive.click_cell(cell)
        until(drive, lambda: scene.control.sent is None)
        plies = len(scene.match.board.turn_stack)
        assert "come back later" in scene.turn_text()[0]
        drive.click(scene.panel.menu.rect.center)
        assert app.scenes.top is lobby
        until(drive, lambda: bool(lobby.postal))
        assert button(lobby, "Your correspondence game").label.endswith("their turn")
        assert url in load_identity(app.data)[0].postal
    finally:
        lobby.leave()
        host.stop()

    # A day and a half later the server starts again, and Bob, back, plays.
    calendar.now += 1.5 * DAY
    host = LocalServer(db, host="127.0.0.1", port=port, wall=calendar)
    assert host.start() == port
    try:
        bob.send("state", game=gid)
        state = news(bob, "game", 15)["game"]
        assert len(state["turns"]) == plies
        board = Board(size=state["side"])
        for text in state["turns"]:
            board.play(text)
        bob_plays(bob, gid, board)
        news(bob, "turn")

        # The game starts again, as after a restart: a new window on the same data.
        app.close()
        pygame.quit()
        pygame.init()
        again = App((640, 480), app.data)
        drive2 = Driver(again)
        try:
            again.scenes.reset(TitleScene(again))
            title = again.scenes.top
            until(drive2, lambda: button(title, "Play online").label != "Play online")
            assert button(title, "Play online").label == "Play online: your turn in 1 game"
            drive2.frames(2)
            assert text_problems(again) == []  # the longer label fits at 640x480
            drive2.click(button(title, "Play online").rect.center)
            until(drive2, lambda: isinstance(again.scenes.top, CorrespondenceScene))
            listing = again.scenes.top
            drive2.frames(2)
            assert text_problems(again) == []
            game_button = listing.controls[0]
            assert game_button.label.startswith("Your turn,") and "v Bob" in game_button.label
            drive2.click(game_button.rect.center)
            until(drive2, lambda: isinstance(again.scenes.top, OnlineMatchScene))
            scene = again.scenes.top
            assert len(scene.match.board.turn_stack) == plies + 1
            assert scene.match.human_to_move
            # Days after it, the game says what Bob's turn was.
            assert scene.status[0].startswith("Last turn: Bob ")
            drive2.frames(2)
            # Bob moved half a day late: one day of his reserve is gone.
            names = scene.match.names
            late = {scene.match.you.other: RESERVE[1] - 1, scene.match.you: RESERVE[1]}
            assert scene.turn_line()[0].split("\n")[1] == (
                f"Reserve days: {names[Color.RED]} {late[Color.RED]}, "
                f"{names[Color.BLUE]} {late[Color.BLUE]}"
            )
            # The clocks show the turn's own day; the reserve is under the turn.
            assert scene.panel.badges[scene.match.you][0] in ("1d", "23h 59m")
            assert names[scene.match.you.other] == "Bob"
            turn = scene.match.board.legal_turns()[0]
            for cell in turn.cells:
                drive2.click_cell(cell)
            until(drive2, lambda: scene.control.sent is None)
            assert len(scene.match.board.turn_stack) >= plies + 2
            drive2.click(scene.panel.menu.rect.center)
            assert isinstance(again.scenes.top, OnlineScene)
            # The kind of play chosen before the restart is still chosen.
            assert again.scenes.top.lobby.pace == "Correspondence"
            assert segments(again.scenes.top, "A turn").value == "1 day"
            # Bob resigns while Emma is in the lobby: she hears of it, and the
            # rating that moves is the correspondence one.
            lobby = again.scenes.top
            bob.send("resign", game=gid)
            until(drive2, lambda: "is over" in lobby.status[0])
            assert lobby.status[0].startswith(
                "Your correspondence game against Bob is over: you won. Correspondence rating"
            )
            player = lobby.link.player
            assert player["correspondence_rating"] > 1500 and player["rating"] == 1500
            until(drive2, lambda: not lobby.postal)
            assert (
                "rated" in lobby.subtitle and str(player["correspondence_rating"]) in lobby.subtitle
            )
        finally:
            again.close()
    finally:
        bob.close()
        host.stop()
