"""Faults: the server killed with SIGKILL in the middle of 50 games and started
again on the same database. Every game resumes, no announced turn is lost, and
the time the server was down is charged to nobody."""

from __future__ import annotations

import asyncio
import random
from functools import partial

import pytest

from game.online.session import OnlineError, Session
from game.rules import Board
from tests.helpers import run

from .serving import Follower, pair, start_process

GAMES = 50


run = partial(run, timeout=120)  # a whole game against faults takes longer


async def play_until_cut(sessions, game, f: Follower, rng: random.Random) -> None:
    """Random legal turns until the game ends or the connection is cut."""
    try:
        while f.over is None:
            board = f.board
            turn = rng.choice(board.legal_turns())
            await sessions[int(board.mover)].send(
                "turn", game=game["id"], ply=len(board.turn_stack), turn=board.notation(turn)
            )
            await f.follow(sessions[0])
            await asyncio.sleep(rng.random() * 0.05)
    except (OnlineError, TimeoutError):
        pass


@pytest.mark.slow
def test_sigkill_during_fifty_games_loses_no_announced_turn(tmp_path):
    db = tmp_path / "server.db"
    proc, url = start_process(db)

    async def go():
        nonlocal proc
        games = [await pair(url, side=5, base=600, inc=0) for _ in range(GAMES)]
        followers = [Follower(Board(size=5)) for _ in games]
        rngs = [random.Random(i) for i in range(GAMES)]
        tasks = [
            asyncio.create_task(play_until_cut(s, g, f, r))
            for (s, g), f, r in zip(games, followers, rngs, strict=True)
        ]
        await asyncio.sleep(1.0)
        proc.kill()  # SIGKILL: no chance to tidy up
        proc.wait()
        await asyncio.gather(*tasks)
        assert all(f.over is None for f in followers), "games must be cut mid-way"
        assert sum(len(f.board.turn_stack) for f in followers) > GAMES

        checked = 0
        port = int(url.rsplit(":", 1)[1])
        proc, url2 = start_process(db, port=port)
        assert url2 == url
        for (sessions, game), f in zip(games, followers, strict=True):
            acked = [f.board.notation(t) for t in f.board.turn_stack]
            states = {}
            for color in (0, 1):
                s = Session(url, token=sessions[color].token)
                await s.connect()
                states[color] = (await s.expect("game"))["game"]
                sessions[color] = s
            state = states[0]
            assert state["id"] == game["id"] and state["result"] is None
            restored = state["turns"]
            # Every announced turn is there; at most the one in flight was kept besides.
            assert restored[: len(acked)] == acked
            extra = restored[len(acked) :]
            assert len(extra) <= 2 and (len(extra) < 2 or extra[1] == "pass"), extra
            if not extra and f.clocks is not None:
                mover = state["running"]
                checked += 1
                # The mover's time resumed where the last turn left it: the outage was free.
                assert state["clocks"][1 - mover] == f.clocks[1 - mover]
                assert f.clocks[mover] - state["clocks"][mover] < 1000
            f.board = Board(size=5)
            for text in restored:
                f.board.play(text)
        assert checked > GAMES // 2  # most games had no turn in flight: their clocks were checked
        # Both players came back: every game plays on to its end.
        rngs = [random.Random(100 + i) for i in range(GAMES)]
        await asyncio.gather(
            *(
                play_until_cut(s, g, f, r)
                for (s, g), f, r in zip(games, followers, rngs, strict=True)
            )
        )
        for f in followers:
            assert f.over is not None and f.over["result"] == f.board.result()

    try:
        run(go())
    finally:
        proc.kill()
        proc.wait()
