"""The online part of the screenshot tour, and the smoke test's online check.

The tour hosts a server inside the game (on the loopback address), connects
the real lobby to it, has a second player (a :class:`~game.online.link.Link`,
as another copy of the game would) open a seek, accepts it by a click, plays
a few turns by clicks, and lets the other side resign: the connect form, the
lobby, a game with both clocks, the result with the rating change. Then a
correspondence game by challenge code: the lobby with days a turn, the game
with its days and reserves, and the list of correspondence games.
"""

from __future__ import annotations

import random
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from game.online.host import LocalServer
from game.online.link import Heard, Link
from game.rules import Board

from ..app import App
from ..scenes.correspondence import CorrespondenceScene
from ..scenes.online_lobby import OnlineScene
from ..scenes.online_match import OnlineMatchScene, OnlineOverScene
from ..widgets import Segments, Widget
from .driver import Driver, on_top

WAIT = 20.0  # seconds any one step may take before the tour gives up


def wait_for(step: Callable[[], None], done: Callable[[], bool], what: str) -> None:
    end = time.monotonic() + WAIT
    while not done():
        if time.monotonic() > end:
            raise RuntimeError(f"online tour: no {what} within {WAIT:.0f} s")
        step()
        time.sleep(0.02)  # a frame a 20 ms is quick enough to see an answer come


def news(link: Link, kind: str) -> Heard:
    found: list[Heard] = []

    def look() -> None:
        found.extend(m for m in link.poll() if m["type"] == kind)

    wait_for(look, lambda: bool(found), f"{kind} message")
    return found[0]


def played_past(scene: OnlineMatchScene, plies: int) -> Callable[[], bool]:
    """Whether the game went past ``plies`` turns and the server has ours."""
    return lambda: scene.match.plies > plies and scene.online.sent is None


def labelled(controls: list[Widget], start: str) -> Widget | None:
    """The control whose label starts with ``start``, if any (after the marks the
    pseudo-language puts round each translated word)."""
    return next(
        (c for c in controls if str(getattr(c, "label", "")).lstrip("«").startswith(start)), None
    )


def online_tour(app: App, d: Driver, shot: Callable[[str], None]) -> str:
    """Screens of online play; returns a line on the game played."""
    with tempfile.TemporaryDirectory() as tmp:
        # Seated by a seeded chance: every run (a Normal and a Large one are
        # compared text by text) plays the same colours, so the same games.
        host = LocalServer(Path(tmp) / "tour.db", host="127.0.0.1", port=0, rng=random.Random(5))
        port = host.start()
        url = f"ws://127.0.0.1:{port}"
        bob = Link(url, "Bob").start()
        try:
            return _tour(app, d, shot, url, bob)
        finally:
            bob.close()
            app.scenes.reset(None)
            host.stop()


def _tour(app: App, d: Driver, shot: Callable[[str], None], url: str, bob: Link) -> str:
    lobby = OnlineScene(app)
    app.scenes.reset(lobby)
    lobby.name_field.value = "Emma"
    lobby.server_field.value = url.removeprefix("ws://")
    d.settle(0.3)
    shot("online-connect")
    news(bob, "welcome")
    bob.send("seek", side=5, base=300, inc=3, rated=True)
    news(bob, "seeking")
    d.click(next(c for c in lobby.controls if getattr(c, "label", "") == "Connect").rect.center)

    wait_for(d.frames, lambda: labelled(lobby.controls, "Bob") is not None, "seek in the lobby")
    d.settle(0.3)
    shot("online-lobby")
    seek = labelled(lobby.controls, "Bob")
    assert seek is not None
    d.click(seek.rect.center)
    wait_for(d.frames, lambda: isinstance(app.scenes.top, OnlineMatchScene), "game")
    scene = on_top(app, OnlineMatchScene)
    game = scene.match.id
    rng = random.Random(4)
    for _ in range(12):
        board: Board = scene.match.board
        turns = [t for t in board.legal_turns() if not t.is_pass]
        if scene.match.over or not turns:
            break
        turn = rng.choice(turns)
        plies = len(board.turn_stack)
        if board.mover == scene.match.you:
            for cell in turn.cells:
                d.click_cell(cell)
        else:
            bob.send("turn", game=game, ply=plies, turn=board.notation(turn))
        what = f"answer to {board.notation(turn)} after {' '.join(scene.match.all_moves())}"
        # Until the server has it: the other side answers only what it has seen.
        wait_for(d.frames, played_past(scene, plies), what)
        d.settle(0.3)
    shot("online-match")
    bob.send("resign", game=game)
    wait_for(d.frames, lambda: isinstance(app.scenes.top, OnlineOverScene), "result")
    d.settle(0.5)
    shot("online-result")
    change = scene.match.rating_change.get(str(scene.match.you))
    if not change or change["after"] <= change["before"]:
        raise RuntimeError(f"online tour: the winner's rating did not rise ({change})")
    _correspondence(app, d, shot, lobby, bob)
    return (
        f"online: a rated 5+3 game through a server hosted in the game, "
        f"{scene.match.plies} turns; rating {change['before']} to {change['after']}"
    )


def _correspondence(
    app: App, d: Driver, shot: Callable[[str], None], lobby: OnlineScene, bob: Link
) -> None:
    """A correspondence game: chosen, challenged, a turn each, then the list."""
    app.scenes.pop_to(lobby)
    wait_for(d.frames, lambda: lobby.connected and lobby.left_count > 0, "lobby again")

    def control(title: str) -> Segments:
        return next(c for c in lobby.controls if isinstance(c, Segments) and c.title == title)

    d.click(control("Play").parts()[1].center)
    d.click(control("A turn").parts()[1].center)
    d.click(
        next(
            c for c in lobby.controls if getattr(c, "label", "") == "Challenge a friend"
        ).rect.center
    )
    wait_for(d.frames, lambda: bool(lobby.code), "challenge code")
    bob.send("join", code=lobby.code)
    wait_for(d.frames, lambda: isinstance(app.scenes.top, OnlineMatchScene), "correspondence game")
    scene = on_top(app, OnlineMatchScene)
    for _ in range(2):
        board = scene.match.board
        turn = board.legal_turns()[0]
        plies = len(board.turn_stack)
        if board.mover == scene.match.you:
            for cell in turn.cells:
                d.click_cell(cell)
        else:
            bob.send("turn", game=scene.match.id, ply=plies, turn=board.notation(turn))
        wait_for(d.frames, played_past(scene, plies), "a correspondence turn")
    if scene.match.board.mover == scene.match.you:  # the list then says it is our turn
        board = scene.match.board
        plies = len(board.turn_stack)
        ours = board.legal_turns()[0]
        for cell in ours.cells:
            d.click_cell(cell)
        # Until the server has it: Bob answers only the turn the server has.
        wait_for(d.frames, played_past(scene, plies), "our turn taken")
    board = scene.match.board
    if not scene.match.human_to_move:  # unless Bob had to pass
        bob.send(
            "turn",
            game=scene.match.id,
            ply=len(board.turn_stack),
            turn=board.notation(board.legal_turns()[0]),
        )
    wait_for(d.frames, lambda: scene.match.human_to_move, "Bob's answer")
    d.settle(0.3)
    shot("online-correspondence-match")
    d.click(scene.panel.menu.rect.center)
    wait_for(d.frames, lambda: bool(lobby.postal) and lobby.postal[0]["yours"], "the list")
    d.settle(0.3)
    shot("online-lobby-correspondence")
    # The label is the lobby's own line, in the language spoken: match it whole.
    said = lobby.lobby.postal_label()
    button = next(c for c in lobby.controls if getattr(c, "label", "") == said)
    d.click(button.rect.center)
    wait_for(d.frames, lambda: isinstance(app.scenes.top, CorrespondenceScene), "the list's screen")
    d.settle(0.3)
    shot("online-correspondence-list")
