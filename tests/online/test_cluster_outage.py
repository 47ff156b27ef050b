"""Two server processes on one PostgreSQL that restarts, then goes away for
:data:`OUTAGE` seconds, with games in play across them: every game ends with
one history, every announced turn is in it, each player is told of every turn,
afterwards the lobby and the games-in-play list agree on both processes, no
game changed hands, and a third process started then takes none.

Before, neither process opened its channel again: each took the other's games
every second, both copies of a game played on, and relayed turns were lost.

The outage lasts until each channel's backoff (:data:`.channel.BACKOFF`) waits
its longest between tries, and a little more: the database then comes back
while a process may wait out a whole longest wait before it tries again, which
is what :data:`.watchdog.SETTLE` must cover so that no process takes the other's
games. A longer outage only repeats the same longest wait (once 30 s, which
cost the test 22 s more and proved nothing more)."""

from __future__ import annotations

import asyncio
import contextlib
import random
import time

import pytest

from game.online.channel import BACKOFF
from game.online.server import Server
from game.online.session import OnlineError, Session
from game.online.store import Store
from game.rules import Board
from tests.helpers import run

from .serving import start_process
from .test_cluster import run_then_stop, seek_across


def backoff_at_its_longest() -> float:
    """Seconds of failed tries after which the channel waits its longest (6.3 s)."""
    wait, spent = BACKOFF[0], 0.0
    while wait < BACKOFF[1]:
        spent += wait
        wait = min(wait * 2, BACKOFF[1])
    return spent


#: How long the database is away: past the backoff's growth, so that the next
#: try may come a whole longest wait after the database is back.
OUTAGE = backoff_at_its_longest() + 2.0


class Seen:
    """A game as one player's messages tell it (read in the background)."""

    def __init__(self, session: Session, gid: str) -> None:
        self.session, self.gid = session, gid
        self.turns: list[str] = []
        self.over: dict | None = None
        self.errors: list[str] = []
        self.changed = asyncio.Event()
        self.task = asyncio.create_task(self._read())

    async def _read(self) -> None:
        with contextlib.suppress(OnlineError):
            while True:
                msg = await self.session.recv()
                kind = msg["type"]
                if kind == "turn" and msg["game"] == self.gid:
                    if msg["ply"] == len(self.turns):
                        self.turns.append(msg["turn"])
                    else:  # a gap: the whole state that follows fills it
                        assert msg["ply"] < len(self.turns), msg
                elif kind == "game" and msg["game"]["id"] == self.gid:
                    turns = msg["game"]["turns"]
                    assert turns[: len(self.turns)] == self.turns, "a told turn was undone"
                    self.turns = list(turns)
                elif kind == "over" and msg["game"] == self.gid:
                    self.over = msg
                elif kind == "error":
                    self.errors.append(msg["reason"])
                self.changed.set()

    async def wait(self, test, seconds: float) -> bool:
        end = time.monotonic() + seconds
        while not test():
            self.changed.clear()
            left = end - time.monotonic()
            if left <= 0:
                return False
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), left)
        return True


async def play_turns(sessions, seen, gid: str, n: int, rng: random.Random) -> None:
    """``n`` turns, each sent by its mover until both players have heard it;
    while the database is away a turn is refused and sent again."""
    for _ in range(n):
        while True:
            board = Board(size=4)
            for t in seen[0].turns:
                board.play(t)
            if board.is_game_over():
                return
            ply = len(seen[0].turns)
            mover = int(board.mover)
            turn = board.notation(rng.choice(board.legal_turns()))
            await sessions[mover].send("turn", game=gid, ply=ply, turn=turn)
            if await seen[0].wait(lambda p=ply: len(seen[0].turns) > p, 3.0):
                break
            # Refused (the store is away) or lost on the way: the mover asks
            # for the game as it stands, and tries again.
            await asyncio.sleep(0.5)
            await sessions[mover].send("state", game=gid)
            await seen[mover].wait(lambda: False, 1.0)
        for view in seen.values():
            assert await view.wait(lambda v=view, p=ply: len(v.turns) > p, 20.0), (
                f"{view.session.name} was not told of turn {ply}"
            )


@pytest.mark.slow
def test_the_cluster_survives_a_restart_and_an_outage_past_its_longest_backoff(dsn, postgres):
    a, url_a = start_process(dsn, grace=300.0)
    b, url_b = start_process(dsn, grace=300.0)

    async def go():
        rng = random.Random(41)
        games = []
        for names, urls in ((("Ann", "Bob"), (url_a, url_b)), (("Cat", "Dan"), (url_b, url_a))):
            sessions, game, _ = await seek_across(*urls, names=names)
            seen = {c: Seen(sessions[c], game["id"]) for c in (0, 1)}
            games.append((sessions, seen, game["id"]))
        for sessions, seen, gid in games:
            await play_turns(sessions, seen, gid, 2, rng)

        await asyncio.to_thread(postgres.restart)
        for sessions, seen, gid in games:
            await play_turns(sessions, seen, gid, 2, rng)

        await asyncio.to_thread(postgres.stop_server)
        # While it is away, the movers try and are refused; nothing is lost.
        tries = [
            asyncio.create_task(play_turns(sessions, seen, gid, 1, rng))
            for sessions, seen, gid in games
        ]
        await asyncio.sleep(OUTAGE)
        await asyncio.to_thread(postgres.start_server)
        await asyncio.wait_for(asyncio.gather(*tries), 60)
        for sessions, seen, gid in games:
            await play_turns(sessions, seen, gid, 2, rng)

        # The lobby and the games in play agree on both processes again: a seek
        # opened on A after the outage is seen on B.
        eve, fay = Session(url_a, "Eve"), Session(url_b, "Fay")
        await eve.connect()
        await fay.connect()
        await fay.send("lobby")
        seeks = (await fay.expect("lobby"))["seeks"]
        await eve.send("seek", side=4, base=300, inc=0, rated=False)
        sid = (await eve.expect("seeking"))["seek"]["id"]
        while sid not in [s["id"] for s in seeks]:
            seeks = (await fay.expect("seeks", timeout=10))["added"]
        listed = []
        for s in (eve, fay):
            await s.send("games")
            listed.append(sorted(g["id"] for g in (await s.expect("games"))["games"]))
        assert listed[0] == listed[1] == sorted(gid for _, _, gid in games)

        # Each process holds its lock again: one started now takes no game.
        c, _ = await asyncio.to_thread(start_process, dsn, 0, 300.0)
        late.append(c)
        store = await Store.open(dsn)
        try:
            epochs = await store.db.fetch("SELECT epoch FROM games")
        finally:
            await store.close()
        assert [e for (e,) in epochs] == [0, 0], "a game changed hands"

        for sessions, seen, gid in games:
            await sessions[0].send("resign", game=gid)
            for view in seen.values():
                assert await view.wait(lambda v=view: v.over is not None, 20.0)
        store = await Store.open(dsn)
        try:
            for _sessions, seen, gid in games:
                row = await store.game_row(gid)
                assert row["result"] == "blue" and row["reason"]
                # One history, every announced turn in it, each player told of each.
                assert seen[0].turns == seen[1].turns == row["turns"]
                assert len(row["turns"]) >= 7
                board = Board(size=4)
                for t in row["turns"]:
                    board.play(t)
        finally:
            await store.close()

    late: list = []
    try:
        run_then_stop(go(), 240, a, b)
    finally:
        for p in late:
            p.kill()
            p.wait()


def test_a_player_hears_plainly_that_the_database_is_away(dsn, postgres):
    """Before, a message that needed the store while PostgreSQL was away got
    "the server failed on that message" and a traceback in the log."""

    async def go():
        server = Server(await Store.open(dsn))
        started = asyncio.get_running_loop().create_future()
        task = asyncio.create_task(server.run("127.0.0.1", 0, started))
        url = f"ws://127.0.0.1:{await asyncio.wait_for(started, 10)}"
        try:
            ann = Session(url, "Ann")
            await ann.connect()
            await asyncio.to_thread(postgres.stop_server)
            try:
                await ann.send("leaderboard")
                with pytest.raises(OnlineError, match="cannot reach its database"):
                    await ann.expect("leaderboard")
                bob = Session(url, "Bob")
                with pytest.raises(OnlineError, match="cannot reach its database"):
                    await bob.connect()
            finally:
                await asyncio.to_thread(postgres.start_server)
            for _ in range(50):  # the pool's next connection finds it back
                await ann.send("leaderboard")
                with contextlib.suppress(OnlineError):
                    await ann.expect("leaderboard")
                    break
                await asyncio.sleep(0.2)
            else:
                raise AssertionError("the store never came back")
        finally:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
            await server.store.close()

    run(go())
