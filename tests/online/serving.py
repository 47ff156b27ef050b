"""Helpers for the online tests: a real server on the loopback address, in this
process (with a clock the test can move) or in its own process (to kill it)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import socket
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from pathlib import Path

from game.online.server import Limits, Server
from game.online.session import Session
from game.online.sql import SqliteDatabase
from game.online.store import Store
from game.rules import Board


class FakeTime:
    """A monotonic clock that moves only when the test says so."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


#: How many pairs each server has seated: a name is one player's on a server.
_pairs: dict[str, int] = {}


@contextlib.asynccontextmanager
async def serving(
    db: Path, limits: Limits | None = None, clock=None, wall=None
) -> AsyncIterator[tuple[Server, str]]:
    """A server on a free loopback port; yields it and its URL. ``clock`` stands
    for its monotonic time, ``wall`` for its calendar (correspondence games)."""
    store = Store(SqliteDatabase(db))
    await store.setup()
    server = Server(store, limits or Limits(sweep=0.02), clock or time.monotonic, wall or time.time)
    started = asyncio.get_running_loop().create_future()
    task = asyncio.create_task(server.run("127.0.0.1", 0, started))
    port = await asyncio.wait_for(started, 10)
    url = f"ws://127.0.0.1:{port}"
    _pairs.pop(url, None)  # a new server on a port an earlier one had
    try:
        yield server, url
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
        await server.store.close()


async def pair(url: str, side: int = 4, rated: bool = True, base: int = 60, inc: int = 0):
    """Two new players in a game by challenge code: returns {color: session}, the game.
    The first pair on a server is Ann and Bob, the next Ann 2 and Bob 2, ..."""
    n = _pairs[url] = _pairs.get(url, 0) + 1
    suffix = f" {n}" if n > 1 else ""
    a, b = Session(url, "Ann" + suffix), Session(url, "Bob" + suffix)
    await a.connect()
    await b.connect()
    await a.send("challenge", side=side, base=base, inc=inc, rated=rated)
    code = (await a.expect("challenge"))["code"]
    await b.send("join", code=code)
    ga = (await a.expect("game"))["game"]
    gb = (await b.expect("game"))["game"]
    assert ga["id"] == gb["id"] and {ga["you"], gb["you"]} == {0, 1}
    return {ga["you"]: a, gb["you"]: b}, ga


@dataclass
class Follower:
    """The game as one player's messages tell it."""

    board: Board
    over: dict | None = None
    clocks: list[int] | None = None

    async def follow(self, session: Session, timeout: float = 10.0) -> None:
        """Read until the game waits for a turn or is over."""
        while True:
            msg = await session.recv(timeout)
            if msg["type"] == "turn":
                assert msg["ply"] == len(self.board.turn_stack), msg
                self.board.play(msg["turn"])
                self.clocks = msg["clocks"]
                if not self.board.must_pass() and not self.board.is_game_over():
                    return
            elif msg["type"] == "over":
                self.over = msg
                return
            elif msg["type"] == "error":
                raise AssertionError(msg)


async def play_random(
    sessions: dict[int, Session], game: dict, seed: int, turns: int | None = None
):
    """Play random legal turns (all, or ``turns`` of them); returns the follower."""
    rng = random.Random(seed)
    f = Follower(Board(size=game["side"]))
    watcher = sessions[0]
    played = 0
    while f.over is None and (turns is None or played < turns):
        board = f.board
        turn = rng.choice(board.legal_turns())
        await sessions[int(board.mover)].send(
            "turn", game=game["id"], ply=len(board.turn_stack), turn=board.notation(turn)
        )
        await f.follow(watcher)
        played += 1
    return f


def start_process(
    db: Path, port: int = 0, grace: float = 30.0, *extra: str, env: dict[str, str] | None = None
) -> tuple[subprocess.Popen, str]:
    """``mosaic-server`` in its own process (``extra`` added to its command line,
    ``env`` to its environment); returns it and its URL once it listens."""
    proc = subprocess.Popen(
        # Every player of the tests connects from this computer: no sign-up limit.
        [sys.executable, "-m", "game.online", "--port", str(port), "--db", str(db),
         "--grace", str(grace), "--signups", "0", *extra],
        stdout=subprocess.PIPE,
        # SHOW=1: the server's log on the test's own stderr (pytest -s shows it).
        # Never a pipe nobody reads: a full one would stop the server mid-test.
        stderr=None if os.environ.get("SHOW") else subprocess.DEVNULL,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1", **(env or {})},
    )  # fmt: skip
    line = proc.stdout.readline() if proc.stdout else ""
    if "listening on" not in line:
        proc.kill()
        _, err = proc.communicate()
        raise RuntimeError(f"the server did not start: {line!r} {err or ''}")
    return proc, line.rsplit(" ", 1)[1].strip()


def count_reads(server: Server) -> Callable[[], int]:
    """Counts the games the server reads from its store for the web from now on."""
    reads = 0
    game_row = server.store.beside.game_row

    async def counted(gid):
        nonlocal reads
        reads += 1
        return await game_row(gid)

    server.store.beside.game_row = counted  # type: ignore[method-assign]
    return lambda: reads


class Answer:
    def __init__(self, raw: bytes) -> None:
        head, _, self.body = raw.partition(b"\r\n\r\n")
        lines = head.decode("latin-1").split("\r\n")
        self.status = int(lines[0].split(" ")[1])
        self.headers: dict[str, str] = {}
        for line in lines[1:]:
            key, _, value = line.partition(":")
            self.headers[key.strip().lower()] = value.strip()
        self.text = self.body.decode("utf-8", "replace")

    def __repr__(self) -> str:
        return f"<{self.status} {self.headers} {self.body[:80]!r}>"


def ask_now(port: int, path: str, method: str = "GET", **headers: str) -> Answer:
    """One request on its own connection; the server closes it after the answer
    (but for a handshake's 101, read up to the end of its headers)."""
    lines = [f"{method} {path} HTTP/1.1", f"Host: 127.0.0.1:{port}"]
    lines += [f"{k.replace('_', '-')}: {v}" for k, v in headers.items()]
    with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
        s.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
        raw = b""
        while chunk := s.recv(65536):
            raw += chunk
            if b"\r\n\r\n" not in raw:
                continue
            if method == "HEAD" or raw.startswith(b"HTTP/1.1 101 "):
                # A HEAD's answer ends with its headers (anything after is a body
                # sent anyway); a 101 leaves the WebSocket open behind them.
                break
        if method == "HEAD":
            s.settimeout(0.3)
            try:
                while chunk := s.recv(65536):
                    raw += chunk
            except TimeoutError:
                pass
    return Answer(raw)
