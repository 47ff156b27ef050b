"""The tournaments' screen through the real scenes, against a server hosted by
the game: the list, a tournament's standings and time left, Join, and the game
it pairs you in opening over it."""

from __future__ import annotations

import time

from game.client.scenes.online_match import OnlineMatchScene
from game.client.scenes.title import TitleScene
from game.client.scenes.tournament_scene import TournamentScene
from game.online import tournament_cli
from game.online.host import LocalServer
from game.online.link import Link

from .test_online import news, until
from .test_scenes import button


def test_join_a_tournament_from_the_lobby_and_play_its_game(app, drive, tmp_path):
    db = tmp_path / "server.db"
    host = LocalServer(db, host="127.0.0.1", port=0)
    port = host.start()
    url = f"ws://127.0.0.1:{port}"
    argv = ["--db", str(db), "create", "--name", "Club Swiss", "--kind", "swiss", "--rounds",
            "1", "--side", "4", "--base", "60", "--inc", "0", "--in", "0.1"]  # fmt: skip
    assert tournament_cli.main(argv) == 0
    cat = Link(url, "Cat").start()
    try:
        news(cat, "welcome")
        app.scenes.reset(TitleScene(app))
        drive.click(button(app.scenes.top, "Play online").rect.center)
        lobby = app.scenes.top
        lobby.server_field.value = f"127.0.0.1:{port}"
        lobby.name_field.value = "Dan"
        drive.click(button(lobby, "Connect").rect.center)
        until(drive, lambda: any(getattr(c, "label", "") == "Tournaments" for c in lobby.controls))
        drive.click(button(lobby, "Tournaments").rect.center)
        scene = app.scenes.top
        assert isinstance(scene, TournamentScene)
        until(drive, lambda: any("Club Swiss" in getattr(c, "label", "") for c in scene.controls))
        entry = button(scene, "Club Swiss")
        assert "Swiss, 1 round, side 4, 1+0" in entry.label and "starts in" in entry.label
        drive.click(entry.rect.center)
        until(drive, lambda: any(getattr(c, "label", "") == "Join" for c in scene.controls))
        assert scene.model.pairing_line() == "You have not joined."
        assert scene.model.state_line().startswith("Starts in 0:0")
        drive.click(button(scene, "Join").rect.center)
        until(drive, lambda: any(getattr(c, "label", "") == "Pause" for c in scene.controls))
        assert scene.model.pairing_line() == "Waiting for your next pairing."
        tid = scene.model.current["id"]
        cat.send("enter", tournament=tid)
        # The round starts by itself: the game opens over the tournament's screen.
        until(drive, lambda: isinstance(app.scenes.top, OnlineMatchScene), seconds=20)
        game = app.scenes.top
        assert game.match.names[game.match.you.other] == "Cat"
        assert [r[1] for r in scene.model.rows()] in (["Dan", "Cat"], ["Cat", "Dan"])
        drive.frames(3)
    finally:
        cat.close()
        host.stop()
        time.sleep(0.05)
