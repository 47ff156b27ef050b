"""Two server processes on one PostgreSQL database, as one server to the players:
one lobby, a game whose players (and a watcher) are on different processes, and
a SIGKILL of either process in the middle of a game with no announced turn lost.

PostgreSQL is started by the tests (see :mod:`.postgres`); where it cannot be,
the tests are skipped, saying why."""

from __future__ import annotations

import asyncio
import random
import signal

import pytest

from game.online.session import OnlineError, Session
from game.rules import Board
from tests.helpers import run

from .serving import Follower, ask_now, start_process


def run_then_stop(coro, seconds: float, *procs) -> None:
    """Run a test's coroutine, then stop the server processes, whatever happened."""
    try:
        run(coro, seconds)
    finally:
        for p in procs:
            p.kill()
            p.wait()


def two_servers(dsn: str):
    a, url_a = start_process(dsn, grace=60.0)
    b, url_b = start_process(dsn, grace=60.0)
    return (a, url_a), (b, url_b)


async def seek_across(url_a: str, url_b: str, names=("Ann", "Bob")):
    """Ann, on process A, seeks; Bob, on B, sees the seek in his lobby and takes it.
    Returns {color: session}, the game's state, and who is where."""
    ann, bob = Session(url_a, names[0]), Session(url_b, names[1])
    await ann.connect()
    await bob.connect()
    await bob.send("lobby")
    seeks = (await bob.expect("lobby"))["seeks"]
    await ann.send("seek", side=4, base=300, inc=0, rated=True)
    mine = (await ann.expect("seeking"))["seek"]
    while all(s["id"] != mine["id"] for s in seeks):
        seeks = (await bob.expect("seeks", timeout=5))["added"]
    await bob.send("accept", seek=mine["id"])
    ga = (await ann.expect("game"))["game"]
    gb = (await bob.expect("game"))["game"]
    assert ga["id"] == gb["id"]
    return {ga["you"]: ann, gb["you"]: bob}, ga, {ann: url_a, bob: url_b}


async def play(sessions, followers, gid: str, turns: int | None, rng: random.Random):
    """Random turns, each sent by its mover; both players must hear each one.
    ``followers`` holds the game as each colour's messages tell it."""
    played = 0
    while followers[0].over is None and (turns is None or played < turns):
        board = followers[0].board
        turn = rng.choice(board.legal_turns())
        mover = sessions[int(board.mover)]
        await mover.send("turn", game=gid, ply=len(board.turn_stack), turn=board.notation(turn))
        for color in (0, 1):
            await followers[color].follow(sessions[color])
        assert followers[0].board.turn_stack == followers[1].board.turn_stack
        played += 1
    return followers[0].over


def texts(board: Board) -> list[str]:
    """The turns of a game, as the server announced them."""
    replay, out = Board(size=board.size), []
    for turn in board.turn_stack:
        out.append(replay.notation(turn))
        replay.push(turn)
    return out


def test_two_processes_share_one_lobby_and_play_one_game_with_a_watcher(dsn):
    (a, url_a), (b, url_b) = two_servers(dsn)

    async def go():
        sessions, game, _ = await seek_across(url_a, url_b)
        gid = game["id"]
        carol = Session(url_b, "Carol")  # watches, on the process that does not play it
        await carol.connect()
        # The games in play are one list too: the game played by A is listed on B.
        await carol.send("games")
        listed = (await carol.expect("games"))["games"]
        while gid not in [g["id"] for g in listed]:
            listed = (await carol.expect("games", timeout=5))["added"]
        # A seek closes everywhere: Dan's, on A, leaves B's lobby when he leaves.
        dan = Session(url_a, "Dan")
        await dan.connect()
        await dan.send("seek", side=5, base=60, inc=0, rated=False)
        sid = (await dan.expect("seeking"))["seek"]["id"]
        await carol.send("lobby")
        seeks = (await carol.expect("lobby"))["seeks"]
        while sid not in [s["id"] for s in seeks]:
            seeks = (await carol.expect("seeks", timeout=5))["added"]
        await dan.close()
        while sid not in (await carol.expect("seeks", timeout=5))["removed"]:
            pass
        await carol.send("watch", game=gid)
        watched = await carol.expect("watching")
        assert watched["game"]["id"] == gid
        followers = {c: Follower(Board(size=4)) for c in (0, 1)}
        over = await play(sessions, followers, gid, None, random.Random(3))
        assert over is not None and over["result"] in ("red", "blue", "draw")
        # The watcher on the other process saw every turn and the end.
        seen = []
        while True:
            msg = await carol.recv(5)
            if msg["type"] == "turn":
                seen.append(msg["turn"])
            elif msg["type"] == "over":
                break
        assert seen == texts(followers[0].board)
        # One store: the ratings moved, whichever process is asked.
        for url in (url_a, url_b):
            port = int(url.rsplit(":", 1)[1])
            for name in ("Ann", "Bob"):
                page = await asyncio.to_thread(ask_now, port, f"/players/{name}")
                assert "1 rated game." in page.text

    run_then_stop(go(), 90, a, b)


@pytest.mark.parametrize("victim", ["host", "other"])
def test_a_process_killed_mid_game_loses_no_announced_turn(dsn, victim):
    (a, url_a), (b, url_b) = two_servers(dsn)
    procs = {url_a: a, url_b: b}

    async def go():
        sessions, game, where = await seek_across(url_a, url_b)
        gid = game["id"]
        followers = {c: Follower(Board(size=4)) for c in (0, 1)}
        rng = random.Random(5)
        assert await play(sessions, followers, gid, 5, rng) is None  # still in play
        announced = texts(followers[0].board)
        assert len(announced) >= 5
        # The game is played by A, where the seek was; kill A or B.
        dead_url = url_a if victim == "host" else url_b
        live_url = url_b if victim == "host" else url_a
        procs[dead_url].send_signal(signal.SIGKILL)
        procs[dead_url].wait()
        for color, s in list(sessions.items()):
            if where[s] == dead_url:
                with pytest.raises(OnlineError):
                    await s.recv(5)
                again = Session(live_url, token=s.token)
                await again.connect()
                sessions[color] = again
        # Whoever was cut off reconnects to the living process and gets the game
        # back (at once, or once its process has taken the game over).
        for s in sessions.values():
            if where.get(s) is None:
                state = (await s.expect("game", timeout=15))["game"]
                assert state["id"] == gid
                assert state["turns"][: len(announced)] == announced
                assert len(state["turns"]) == len(announced)
        over = await play(sessions, followers, gid, None, rng)
        assert over is not None and over["reason"] == "neither player can move"
        assert texts(followers[1].board)[: len(announced)] == announced

    run_then_stop(go(), 120, a, b)


def test_correspondence_games_are_listed_whichever_process_plays_them(dsn):
    (a, url_a), (b, url_b) = two_servers(dsn)

    async def go():
        ann, bob = Session(url_a, "Ann"), Session(url_b, "Bob")
        await ann.connect()
        await bob.connect()
        games = []
        # One game played by each process: each is started where its challenge was made.
        for maker, taker in ((ann, bob), (bob, ann)):
            await maker.send("challenge", side=4, days=3, rated=False)
            code = (await maker.expect("challenge"))["code"]
            await taker.send("join", code=code)
            games.append((await maker.expect("game"))["game"]["id"])
            await taker.expect("game")
        for s in (ann, bob):
            await s.send("correspondence")
            listed = (await s.expect("correspondence"))["games"]
            while len(listed) < 2:  # a list told of a change may come first
                listed = (await s.expect("correspondence"))["games"]
            assert sorted(g["id"] for g in listed) == sorted(games)
            assert all(g["days"] == 3 and g["turns"] == 0 for g in listed)
            assert [g["yours"] for g in listed] == sorted(
                (g["you"] == 0 for g in listed), reverse=True
            )

    run_then_stop(go(), 60, a, b)


def test_a_message_passed_to_another_process_is_refused_there_as_here(dsn):
    """A stranger on the process that does not play the game can no more act in
    it than one on the process that does: the refusals come back to them."""
    (a, url_a), (b, url_b) = two_servers(dsn)

    async def go():
        sessions, game, _ = await seek_across(url_a, url_b)
        gid = game["id"]
        mallory = Session(url_b, "Mallory")
        await mallory.connect()
        for kind, fields in (
            ("turn", {"ply": 0, "turn": "a1"}),
            ("resign", {}),
            ("abort", {}),
            ("state", {}),
        ):
            await mallory.send(kind, game=gid, **fields)
            refused = await mallory.recv(5)
            assert refused["type"] == "error" and refused["about"] == kind, refused
            assert "not yours" in refused["reason"]
        # The players' own messages through the other process still work.
        followers = {c: Follower(Board(size=4)) for c in (0, 1)}
        assert await play(sessions, followers, gid, 2, random.Random(1)) is None

    run_then_stop(go(), 60, a, b)
