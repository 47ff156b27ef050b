"""Play online, through the real scenes, against a real server hosted by the
game itself: typed names, a challenge by code, a rated game with clocks played
by clicks, a lost connection that comes back, the result with the rating
change, and the game in the history."""

from __future__ import annotations

import time

import pygame

from game.client.scenes.game_over import DEAF
from game.client.scenes.online_lobby import OnlineScene
from game.client.scenes.online_match import OnlineMatchScene, OnlineOverScene
from game.client.scenes.title import TitleScene
from game.online.clock import clock_text
from game.online.host import LocalServer
from game.online.link import Link
from game.play.history import entries
from game.play.online_identity import load as load_identity

from .drawn import drawn
from .test_scenes import button


def until(drive, cond, seconds: float = 10.0) -> None:
    """Run frames (the network works in real time) until ``cond()`` holds."""
    end = time.monotonic() + seconds
    while not cond():
        if time.monotonic() > end:
            raise AssertionError(f"timed out waiting for {cond.__doc__ or cond}")
        drive.frames(1)
        time.sleep(0.005)


def type_text(drive, text: str) -> None:
    for c in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=c))
    drive.frames()


def news(link: Link, kind: str, seconds: float = 10.0) -> dict:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        for msg in link.poll():
            if msg.get("type") == kind:
                return msg
        time.sleep(0.01)
    raise AssertionError(f"no {kind} message")


def test_a_rated_online_game_hosted_here_played_by_clicks(app, drive):
    app.scenes.reset(TitleScene(app))
    drive.frames(2)
    drive.click(button(app.scenes.top, "Play online").rect.center)
    lobby = app.scenes.top
    assert isinstance(lobby, OnlineScene)
    # A name is needed first, and the M key types an "m" rather than muting.
    drive.click(button(lobby, "Host on this computer").rect.center)
    assert "name" in lobby.status[0] and lobby.host is None
    drive.click(lobby.name_field.rect.center)
    type_text(drive, "Emma!")  # the "!" is not allowed in a name
    drive.key(pygame.K_m)
    assert lobby.name_field.value == "Emma" and not app.settings.muted
    drive.click(button(lobby, "Host on this computer").rect.center)
    until(drive, lambda: lobby.connected)
    assert lobby.host is not None and f":{lobby.host.port}" in lobby.hosting
    # At the smallest window the address is shown whole, over nothing.
    from game.client.scripted.tour import text_problems

    until(drive, lambda: any(getattr(c, "title", "") == "Side" for c in lobby.controls))
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=640, h=480, size=(640, 480)))
    drive.frames(2)
    assert text_problems(app) == []
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1280, h=800, size=(1280, 800)))
    drive.frames(2)
    url = lobby.url
    # The token is remembered for this server.
    assert load_identity(app.data)[0].tokens.get(url)

    # Side 3, 1+0, rated; challenge a friend, who joins by the code.
    until(drive, lambda: any(getattr(c, "title", "") == "Side" for c in lobby.controls))
    side = next(c for c in lobby.controls if getattr(c, "title", "") == "Side")
    drive.click(side.parts()[0].center)
    times = next(c for c in lobby.controls if getattr(c, "title", "") == "Time")
    drive.click(times.parts()[0].center)
    drive.click(button(lobby, "Challenge a friend").rect.center)
    until(drive, lambda: bool(lobby.code))
    assert lobby.code in lobby.status[0]
    bob = Link(url, "Bob").start()
    try:
        news(bob, "welcome")
        bob.send("join", code=lobby.code)
        state = news(bob, "game")["game"]
        until(drive, lambda: isinstance(app.scenes.top, OnlineMatchScene))
        scene = app.scenes.top
        assert state["side"] == 3 and state["base"] == 60 and state["rated"]
        names = [p["name"] for p in state["players"]]
        assert list(scene.match.names.values()) == names and "Emma" in names
        you = scene.match.you
        drop_done = False
        last = (0, time.monotonic())
        while not scene.match.over:
            board = scene.match.board
            plies = len(board.turn_stack)
            assert time.monotonic() - last[1] < 10 or plies > last[0], scene.match.all_moves()
            last = (plies, time.monotonic()) if plies > last[0] else last
            if board.mover == you:
                turn = board.legal_turns()[0]
                for cell in turn.cells:
                    drive.click_cell(cell)
                until(drive, lambda: scene.control.sent is None)
            else:
                turn = board.legal_turns()[-1]
                bob.send(
                    "turn", game=state["id"], ply=len(board.turn_stack), turn=board.notation(turn)
                )
                before = len(board.turn_stack)
                until(
                    drive,
                    lambda n=before: len(scene.match.board.turn_stack) > n or scene.match.over,
                )
            if not drop_done and len(scene.match.board.turn_stack) >= 2 and not scene.match.over:
                drop_done = True
                # The server goes away and comes back: the game picks up where it was.
                port = lobby.host.port
                lobby.host.stop()
                until(drive, lambda: scene.link_state == "offline")
                assert "Connection lost" in scene.status[0]
                lobby.host = LocalServer(app.data / "hosted-server.db", port=port)
                lobby.host.start()
                until(drive, lambda: scene.link_state == "online", 20)
                assert lobby.host.port == port
                until(drive, lambda: scene.control.running is not None)
        assert drop_done, "the game ended before the server could go away in it"
        drive.settle(2.5)
        over = app.scenes.top
        assert isinstance(over, OnlineOverScene)
        change = scene.match.rating_change[str(you)]
        if scene.match.reason == "neither player can move" and scene.match.winner() is not None:
            assert scene.match.result_text().startswith(scene.match.names[scene.match.winner()])
        assert change["before"] == 1500 and change["after"] != 1500
        assert scene.panel.badges[you][0] == clock_text(scene.control.left(you))
        # The game is in the history, as an online game against Bob.
        games, problems = entries(app.data)
        assert not problems and games[0].opponent == "Bob online"
        assert games[0].outcome in ("won", "lost", "drawn")
        drive.settle(DEAF + 0.1)  # a player reads the result before pressing a button
        drive.click(button(over, "Lobby").rect.center)
        assert app.scenes.top is lobby
        # The lobby's header says the rating the game left, not the one before it,
        # marked provisional after a single game.
        assert f"rated {change['after']}?," in lobby.subtitle
    finally:
        bob.close()


def test_the_lobby_lists_seeks_and_a_click_accepts_one(app, drive, tmp_path):
    host = LocalServer(tmp_path / "server.db", host="127.0.0.1", port=0)
    port = host.start()
    url = f"ws://127.0.0.1:{port}"
    cat = Link(url, "Cat").start()
    try:
        news(cat, "welcome")
        cat.send("seek", side=4, base=180, inc=2, rated=False)
        news(cat, "seeking")
        app.scenes.reset(TitleScene(app))
        drive.click(button(app.scenes.top, "Play online").rect.center)
        lobby = app.scenes.top
        # A bad address is refused with a reason, and nothing is tried.
        lobby.server_field.value = "http://nowhere"
        lobby.name_field.value = "Dan"
        drive.click(button(lobby, "Connect").rect.center)
        assert lobby.link is None and "ws://" in lobby.status[0]
        lobby.server_field.value = f"127.0.0.1:{port}"
        drive.click(button(lobby, "Connect").rect.center)
        until(drive, lambda: any(getattr(c, "label", "").startswith("Cat") for c in lobby.controls))
        seek = button(lobby, "Cat")
        assert "side 4" in seek.label and "3+2" in seek.label and "casual" in seek.label
        drive.click(button(lobby, "Leaderboard").rect.center)
        until(drive, lambda: type(app.scenes.top).__name__ == "LeaderboardScene")
        drive.key(pygame.K_ESCAPE)
        assert app.scenes.top is lobby
        until(drive, lambda: any(getattr(c, "label", "").startswith("Cat") for c in lobby.controls))
        drive.click(button(lobby, "Cat").rect.center)
        until(drive, lambda: isinstance(app.scenes.top, OnlineMatchScene))
        scene = app.scenes.top
        assert scene.match.names[scene.match.you.other] == "Cat" and not scene.match.rated
        # Abort before the first turn: no rating changes, nothing in the history.
        drive.click(scene.panel.resign.rect.center)
        until(drive, lambda: scene.match.result == "aborted")
        drive.settle(2.0)
        assert isinstance(app.scenes.top, OnlineOverScene)
        assert app.scenes.top.headline()[0] == "Aborted"
        assert entries(app.data)[0] == []
        # The address is remembered for next time.
        assert load_identity(app.data)[0].server == f"127.0.0.1:{port}"
    finally:
        cat.close()
        host.stop()


def test_a_first_turn_that_comes_with_the_game_is_not_lost(app, drive, tmp_path):
    """The other side may move before the game's screen opens: the lobby reads the
    game and that turn together, and the turn must reach the game."""
    host = LocalServer(tmp_path / "server.db", host="127.0.0.1", port=0)
    url = f"ws://127.0.0.1:{host.start()}"
    bob = Link(url, "Bob").start()
    try:
        news(bob, "welcome")
        app.scenes.reset(TitleScene(app))
        drive.click(button(app.scenes.top, "Play online").rect.center)
        lobby = app.scenes.top
        lobby.name_field.value = "Emma"
        lobby.connect(url)
        until(drive, lambda: lobby.connected)
        for _ in range(20):  # until Bob has Red and so the first turn
            bob.send("seek", side=4, base=60, inc=0, rated=False)
            news(bob, "seeking")
            until(
                drive,
                lambda: any(getattr(c, "label", "").startswith("Bob") for c in lobby.controls),
            )
            drive.click(button(lobby, "Bob").rect.center)  # the window then waits
            game = news(bob, "game")["game"]
            if game["you"] == 0:
                break
            bob.send("abort", game=game["id"])
            news(bob, "over")
            until(drive, lambda: isinstance(app.scenes.top, OnlineOverScene))
            drive.settle(DEAF + 0.1)  # as a player reads the result first
            drive.click(button(app.scenes.top, "Lobby").rect.center)
        assert game["you"] == 0
        bob.send("turn", game=game["id"], ply=0, turn="d4")
        news(bob, "turn")
        time.sleep(0.3)  # both messages are waiting for the window's next frame
        until(drive, lambda: isinstance(app.scenes.top, OnlineMatchScene))
        scene = app.scenes.top
        drive.frames(2)
        assert scene.match.all_moves() == ["d4"] and scene.match.human_to_move
    finally:
        bob.close()
        host.stop()


def test_an_online_game_shows_only_the_buttons_that_work(app, drive):
    """No Undo, Redo, Hint or Save against a person: the buttons are not there,
    and Ctrl+Z says why."""
    from game.play.online_session import OnlineGame
    from tests.helpers import QuietLink, game_state

    state = game_state()
    link = QuietLink()
    scene = OnlineMatchScene(app, OnlineGame.open(state, app.data, link))
    app.scenes.reset(scene)
    drive.frames(2)
    assert [b.label for b in scene.panel.controls] == ["Take back chain", "Abort", "Share", "Lobby"]
    drive.key(pygame.K_z, pygame.KMOD_CTRL)
    assert scene.status[0] == "No take-backs in a game against a person."
    # The game's web page, to send to anyone.
    drive.click(scene.panel.share.rect.center)
    assert scene.status[0].endswith(": http://192.168.1.5:8765/games/g1")
    drive.click(scene.panel.resign.rect.center)  # before the first turn: abort at once
    assert link.sent == [("abort", {"game": "g1"})]


def test_a_challenge_is_cancelled_by_a_click_and_a_taken_name_is_said(app, drive, tmp_path):
    host = LocalServer(tmp_path / "server.db", host="127.0.0.1", port=0)
    url = f"ws://127.0.0.1:{host.start()}"
    cat = Link(url, "Cat").start()
    try:
        news(cat, "welcome")
        app.scenes.reset(TitleScene(app))
        drive.click(button(app.scenes.top, "Play online").rect.center)
        lobby = app.scenes.top
        # Cat's name is Cat's: the server says so, and the link stops trying.
        lobby.name_field.value = "CAT"
        lobby.connect(url)
        until(drive, lambda: lobby.link is None)
        assert "Another player has the name" in lobby.status[0]
        lobby.name_field.value = "Dan"
        lobby.connect(url)
        until(drive, lambda: lobby.connected)
        drive.click(button(lobby, "Challenge a friend").rect.center)
        until(drive, lambda: bool(lobby.code))
        assert len(lobby.code) == 10
        drive.click(button(lobby, "Cancel my challenge").rect.center)
        until(drive, lambda: not lobby.code)
        assert "cancelled" in lobby.status[0]
        cat.send("join", code="ABCDEFGHJK")
        assert "no open challenge" in news(cat, "error")["reason"]
        assert button(lobby, "Challenge a friend") is not None
    finally:
        cat.close()
        host.stop()


def look(app, drive, name: str) -> None:
    """The top scene at 640x480 and at 1280x800: nothing sticks out or overlaps
    (kept as pictures when SHOTS names a folder)."""
    import os

    from game.client.scripted.tour import layout_problems, text_problems

    app.notices.clear("toast")  # a notice of an earlier screen
    for w, h in ((640, 480), (1280, 800)):
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=w, h=h, size=(w, h)))
        drive.frames(2)
        assert text_problems(app) == [], (name, w)
        assert layout_problems(app) == [], (name, w)
        if os.environ.get("SHOTS"):
            pygame.image.save(app.screen, f"{os.environ['SHOTS']}/{name}-{w}.png")


def test_watching_a_game_in_play_from_the_lobby(app, drive, tmp_path):
    """Two players play through a server while this screen watches: the lobby
    lists the game, a click opens it, turns and clocks arrive, a click on the
    board changes nothing, the players are told of the watcher, and leaving
    drops the count."""
    from game.client.scenes.watch_scene import WatchOverScene, WatchScene
    from game.play.watching import WATCHING
    from game.rules import Board

    host = LocalServer(tmp_path / "server.db", host="127.0.0.1", port=0)
    port = host.start()
    url = f"ws://127.0.0.1:{port}"
    ann, bob = Link(url, "Ann").start(), Link(url, "Bob").start()
    try:
        news(ann, "welcome")
        news(bob, "welcome")
        app.scenes.reset(TitleScene(app))
        drive.click(button(app.scenes.top, "Play online").rect.center)
        lobby = app.scenes.top
        lobby.server_field.value = f"127.0.0.1:{port}"
        lobby.name_field.value = "Dan"
        drive.click(button(lobby, "Connect").rect.center)
        until(drive, lambda: any(getattr(c, "title", "") == "Side" for c in lobby.controls))
        ann.send("challenge", side=5, base=180, inc=2, rated=True)
        bob.send("join", code=news(ann, "challenge")["code"])
        state = news(ann, "game")["game"]
        players = {state["you"]: ann, 1 - state["you"]: bob}
        news(bob, "game")
        red, blue = (p["name"] for p in state["players"])
        line = f"{red} v {blue}, side 5, 3+2"
        until(drive, lambda: any(getattr(c, "label", "") == line for c in lobby.controls))
        look(app, drive, "lobby")
        drive.click(button(lobby, line).rect.center)
        until(drive, lambda: isinstance(app.scenes.top, WatchScene))
        scene = app.scenes.top
        assert scene.match.watching and scene.online.watchers == 1
        assert scene.panel.resign is None and scene.panel.take_back is None
        assert scene.panel.menu.label == "Leave"
        assert news(ann, "watchers")["count"] == 1 and news(bob, "watchers")["count"] == 1
        # Turns arrive and are shown, with both clocks.
        board = Board(size=5)
        for _ in range(4):
            turn = board.legal_turns()[0]
            players[int(board.mover)].send(
                "turn", game=state["id"], ply=len(board.turn_stack), turn=board.notation(turn)
            )
            board.push(turn)
            while board.must_pass():
                board.play("pass")
            until(drive, lambda: scene.match.board.turn_stack == board.turn_stack)
        assert scene.match.all_moves() == [board.notation(t) for t in board.turn_stack]
        mover = scene.match.board.mover
        assert scene.online.running == int(mover)
        left = scene.online.left(mover)
        time.sleep(0.3)
        drive.frames(1)
        assert scene.online.left(mover) < left  # its clock counts down here
        assert scene.panel.badges[mover][0] == clock_text(scene.online.left(mover))
        assert scene.turn_line()[0].startswith("Watching: ")
        # A click on the board plays nothing, and says so.
        cell = next(iter(scene.match.board.legal_turns()[0].cells))
        drive.click_cell(cell)
        assert scene.match.board.turn_stack == board.turn_stack
        assert scene.status[0] == WATCHING
        look(app, drive, "watch")
        # Leaving drops the count the players see.
        drive.click(scene.panel.menu.rect.center)
        assert app.scenes.top is lobby
        assert news(ann, "watchers")["count"] == 0
        # Watched again, to the end: the result says it was only watched.
        until(drive, lambda: any(getattr(c, "label", "") == line for c in lobby.controls))
        drive.click(button(lobby, line).rect.center)
        until(drive, lambda: isinstance(app.scenes.top, WatchScene))
        scene = app.scenes.top
        until(drive, lambda: scene.match.board.turn_stack == board.turn_stack)
        players[int(board.mover)].send("resign", game=state["id"])
        until(drive, lambda: scene.match.over)
        drive.settle(2.5)
        over = app.scenes.top
        assert isinstance(over, WatchOverScene)
        assert over.headline()[0].endswith("wins") and "watched" in over.rating_line()[0]
        # The line under the headline says how, not again who.
        assert over.detail().endswith("resigned.") and not over.detail().startswith(
            over.headline()[0]
        )
        look(app, drive, "watched-over")
        assert entries(app.data)[0] == []  # not the player's game: not in the history
        drive.click(button(over, "Leave").rect.center)
        assert app.scenes.top is lobby
        until(drive, lambda: not lobby.games)
    finally:
        ann.close()
        bob.close()
        host.stop()


def test_the_players_screen_says_how_many_watch(app, drive, tmp_path):
    host = LocalServer(tmp_path / "server.db", host="127.0.0.1", port=0)
    port = host.start()
    url = f"ws://127.0.0.1:{port}"
    bob, cat = Link(url, "Bob").start(), Link(url, "Cat").start()
    try:
        news(bob, "welcome")
        news(cat, "welcome")
        bob.send("seek", side=4, base=180, inc=2, rated=False)
        news(bob, "seeking")
        app.scenes.reset(TitleScene(app))
        drive.click(button(app.scenes.top, "Play online").rect.center)
        lobby = app.scenes.top
        lobby.server_field.value = f"127.0.0.1:{port}"
        lobby.name_field.value = "Emma"
        drive.click(button(lobby, "Connect").rect.center)
        until(drive, lambda: any(getattr(c, "label", "").startswith("Bob") for c in lobby.controls))
        drive.click(button(lobby, "Bob").rect.center)
        until(drive, lambda: isinstance(app.scenes.top, OnlineMatchScene))
        scene = app.scenes.top
        you = scene.match.you
        cat.send("watch", game=scene.match.id)
        news(cat, "watching")
        until(drive, lambda: scene.turn_line()[0].endswith("\n1 watching"))
        assert scene.turn_line()[0].startswith("Your turn" if you == 0 else "Bob to move")
        look(app, drive, "player-watched")
        cat.send("unwatch", game=scene.match.id)
        until(drive, lambda: "watching" not in scene.turn_line()[0])
    finally:
        bob.close()
        cat.close()
        host.stop()


def test_the_leaderboard_says_its_order_in_plain_words(app, drive):
    from game.client.scenes.online_match import LeaderboardScene

    from .drawn import words

    players = [{"name": "Alice", "rating": 1620, "games": 3}]
    scene = LeaderboardScene(app, players)
    app.scenes.reset(scene)
    drive.frames(2)
    drawn = words(scene.draw, app.screen)
    # "rating less twice its doubt" was the maths, not an explanation.
    assert "doubt" not in drawn and "a rating from few games ranks lower" in drawn


def test_an_old_game_is_told_to_update_in_the_servers_words(app, drive, tmp_path, monkeypatch):
    from game.online import protocol
    from game.online import session as session_module

    class OldProtocol:
        """The protocol as a game one version behind speaks it."""

        VERSION = protocol.VERSION - 1
        request = staticmethod(protocol.request)

    monkeypatch.setattr(session_module, "protocol", OldProtocol)
    host = LocalServer(tmp_path / "server.db", host="127.0.0.1", port=0)
    url = f"ws://127.0.0.1:{host.start()}"
    try:
        app.scenes.reset(TitleScene(app))
        drive.click(button(app.scenes.top, "Play online").rect.center)
        lobby = app.scenes.top
        lobby.name_field.value = "Dan"
        lobby.connect(url)
        until(drive, lambda: lobby.link is None)  # it stops trying: trying cannot help
        text, _ = lobby.status
        # The server's reason, said as the player's next step, not a lost connection.
        assert text.startswith("This game is older than the server: update the game"), text
        assert "Trying again" not in text
        look(app, drive, "refused-hello")  # whole, at 640x480 as at 1280x800
    finally:
        host.stop()


def test_a_name_left_out_is_said_by_its_field_and_nothing_moves(app, drive):
    scene = OnlineScene(app)
    app.scenes.reset(scene)
    drive.frames(2)
    before = [c.rect.copy() for c in scene.controls]
    drive.click(button(scene, "Connect").rect.center)
    assert scene.link is None  # no name: no connection tried
    assert [c.rect for c in scene.controls] == before  # the form stays where it was
    said = [(m, r) for m, r in drawn(scene.draw, app.screen) if m.startswith("Choose a name")]
    assert said, "the name's rule is not shown"
    field = scene.name_field.rect
    for _m, r in said:
        assert field.bottom <= r.top <= field.bottom + 40  # under its field, not far below
        assert r.height >= 19  # larger than the foot's status lines (17 pixels)
        assert not any(r.colliderect(c.rect) for c in scene.controls)


def test_a_failed_connection_says_back_its_server_and_its_trouble_together(app, drive):
    """Issue 54 (continued), item 1: the retry screen offered "Stop trying" where
    every other screen says Back, drew its error at the window's foot far from the
    line it is about, and showed the raw ws:// URL. Back (and Esc) stop trying, to
    the form; the server is named by host and port; the error sits under it."""
    import socket

    from game.i18n import _, set_language

    refusing = socket.socket()  # bound, never listening: every try is refused
    refusing.bind(("127.0.0.1", 0))
    url = f"ws://127.0.0.1:{refusing.getsockname()[1]}"
    try:
        for w, h in ((1280, 800), (640, 480)):
            pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=w, h=h, size=(w, h)))
            scene = OnlineScene(app)
            app.scenes.reset(scene)
            drive.frames(2)
            scene.name_field.value = "Ann"
            scene.connect(url)
            until(drive, lambda scene=scene: scene.status[0].startswith("No connection"))
            drive.frames(2)
            assert [c.label for c in scene.controls] == ["Back"]
            seen = drawn(scene.draw, app.screen)
            assert not [m for m, _r in seen if "ws://" in m], seen
            (server,) = [r for m, r in seen if m.startswith("The server at 127.0.0.1:")]
            (trouble,) = [r for m, r in seen if m.startswith("No connection")]
            back = scene.controls[0].rect
            assert server.bottom <= trouble.top <= server.bottom + 40  # together
            assert trouble.bottom <= back.top  # over the button, not at the foot
            drive.key(pygame.K_ESCAPE)  # as Back does: to the form, still here
            assert app.scenes.top is scene and scene.link is None
            assert button(scene, "Connect") is not None
        set_language("de")
        try:
            scene.connect(url)
            drive.frames(1)
            assert [_(c.label) for c in scene.controls] == ["Zurück"]
        finally:
            set_language("en")
        drive.click(scene.controls[0].rect.center)
        assert scene.link is None
    finally:
        refusing.close()


def test_a_server_that_is_not_there_is_said_why(app, drive):
    """The play-test's Connect to localhost:1 said "No connection to the server.
    Trying again..." for ever, with no reason: it now says that nothing answers
    there, in the player's language."""
    import socket

    from game.i18n import set_language

    refusing = socket.socket()  # bound, never listening: every try is refused
    refusing.bind(("127.0.0.1", 0))
    where = f"127.0.0.1:{refusing.getsockname()[1]}"
    try:
        scene = OnlineScene(app)
        app.scenes.reset(scene)
        drive.frames(2)
        scene.name_field.value = "Ann"
        scene.server_field.value = where
        drive.click(button(scene, "Connect").rect.center)
        until(drive, lambda: scene.status[0].startswith("No connection"))
        assert f"nothing answers at {where}" in scene.status[0]
        assert [m for m, _r in drawn(scene.draw, app.screen) if f"answers at {where}" in m]
        drive.key(pygame.K_ESCAPE)
        set_language("de")
        try:
            drive.click(button(scene, "Connect").rect.center)
            until(drive, lambda: scene.status[0].startswith("Keine Verbindung"))
            assert where in scene.status[0] and "nothing answers" not in scene.status[0]
        finally:
            set_language("en")
    finally:
        refusing.close()
