"""A store that cannot write (a full disk) is the server's fault, not the
player's: a turn gets "the server could not save that turn; try again in a
moment" and costs nothing (more refusals than close a connection for bad
messages leave it open), a hello is closed with 1013 (try again later), never
1011, and takes none of its address's sign-ups, ``/ready`` says 503 from the
failed write until a write succeeds, and no announced turn is lost.

The first test fills a real filesystem: a tmpfs of the test's own, mounted in
a mount namespace of its own (``unshare -m``, as root: CI runs as root). The
second injects the failure at the store's lowest layer, SQLite's commit, and
runs everywhere."""

from __future__ import annotations

import asyncio
import contextlib
import errno
import json
import os
import shutil
import sqlite3
import subprocess
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from game.online import sql
from game.online.limits import Limits
from game.online.protocol import VERSION, request
from game.online.session import OnlineError
from tests.helpers import run

from .serving import pair, play_random, serving
from .test_hostile import raw

ROOT = Path(__file__).resolve().parents[2]


async def ready(port: int) -> int:
    return (await raw(port, ["GET /ready HTTP/1.1", "Host: x"]))[0]


async def new_player(url: str, name: str) -> tuple[str, int]:
    """A new player's hello: the first answer's type (or its error's reason), and
    the close code (0 if the connection stays open)."""
    async with connect(url) as ws:
        await ws.send(request("hello", v=VERSION, name=name))
        first = json.loads(await asyncio.wait_for(ws.recv(), 10))
        said = first.get("reason", first["type"])
        try:
            await asyncio.wait_for(ws.recv(), 2)
        except ConnectionClosed as e:
            return said, e.rcvd.code if e.rcvd else -1
        except TimeoutError:
            pass
        return said, 0


async def scenario(
    url: str,
    fill: Callable[[], None],
    free: Callable[[], None],
    stored_turns: Callable[[str], Awaitable[int]],
) -> None:
    port = int(url.rsplit(":", 1)[1])
    sessions, game = await pair(url, side=4, base=600)
    f = await play_random(sessions, game, seed=5, turns=3)
    assert await ready(port) == 200
    fill()
    board = f.board
    mover = sessions[int(board.mover)]
    turn = board.notation(board.legal_turns()[0])
    ply = len(board.turn_stack)
    for _ in range(Limits.errors + 5):  # more than close a connection for bad messages
        await mover.send("turn", game=game["id"], ply=ply, turn=turn)
        with pytest.raises(OnlineError, match="could not save that turn; try again in a moment"):
            await mover.expect("nothing")  # the turns told before are passed over
    await mover.send("ping")
    await mover.expect("pong")  # still open: none of that was the player's fault
    said, code = await new_player(url, "Cy")
    assert (said, code) == ("the server could not save that; try again in a moment", 1013)
    assert await ready(port) == 503
    free()
    await mover.send("turn", game=game["id"], ply=ply, turn=turn)
    await f.follow(sessions[0])
    assert await ready(port) == 200  # a write succeeded
    # The third of the address's 3 sign-ups: the refused hello took none.
    assert (await new_player(url, "Cy"))[0] == "welcome"
    # Nothing announced is lost: every turn told is a turn kept.
    assert await stored_turns(game["id"]) == len(f.board.turn_stack) == ply + 1
    for s in sessions.values():
        await s.close()


def test_a_full_filesystem_costs_the_player_nothing_and_loses_nothing(tmp_path):
    if os.geteuid() != 0 or shutil.which("unshare") is None:
        pytest.skip("mounting a tmpfs of the test's own needs root and unshare (util-linux)")
    disk = tmp_path / "disk"
    disk.mkdir()
    log = tmp_path / "server.log"
    with log.open("w") as err:
        proc = subprocess.Popen(
            ["unshare", "-m", "--", "sh", "-c", 'mount -t tmpfs -o size=2m tmpfs "$0" && exec "$@"',
             str(disk), sys.executable, "-m", "game.online", "--port", "0",
             "--db", str(disk / "s.db"), "--signups", "3"],
            stdout=subprocess.PIPE, stderr=err, text=True, cwd=ROOT,
            env={**os.environ, "PYTHONUNBUFFERED": "1", "PYTHONPATH": str(ROOT)},
        )  # fmt: skip
    try:
        line = proc.stdout.readline() if proc.stdout else ""
        if "listening on" not in line:
            pytest.skip(f"no tmpfs could be mounted here: {log.read_text()[-300:]}")
        url = line.rsplit(" ", 1)[1].strip()
        # The server's view of its folder: the tmpfs, seen through its own root.
        inside = Path(f"/proc/{proc.pid}/root{disk}")

        def fill() -> None:
            # Unbuffered: a buffered file keeps what the full disk refused and tries
            # it again as it closes, which raised ENOSPC out of the `with` (1 run in 9
            # with three at once).
            with (inside / "filler").open("wb", buffering=0) as out:
                try:
                    while True:
                        out.write(b"\0" * 65536)
                except OSError as e:
                    assert e.errno == errno.ENOSPC

        async def stored_turns(gid: str) -> int:
            for name in ("s.db", "s.db-wal"):
                with contextlib.suppress(FileNotFoundError):
                    shutil.copy(inside / name, tmp_path / name)
            db = sqlite3.connect(tmp_path / "s.db")
            try:
                count = "SELECT COUNT(*) FROM turns WHERE game=?"
                return int(db.execute(count, (gid,)).fetchone()[0])
            finally:
                db.close()

        run(scenario(url, fill, (inside / "filler").unlink, stored_turns), timeout=120)
    finally:
        proc.terminate()
        proc.wait(10)
    said = log.read_text()
    assert "Traceback" not in said, said[-3000:]


def test_a_failed_commit_costs_the_player_nothing_and_loses_nothing(tmp_path, monkeypatch):
    writes = sql._writes

    def full(db, batches):
        raise sqlite3.OperationalError("database or disk is full")

    async def go():
        async with serving(tmp_path / "s.db", Limits(sweep=0.02, signups=3)) as (server, url):

            async def stored_turns(gid: str) -> int:
                return len((await server.store.game_row(gid))["turns"])

            await scenario(
                url,
                lambda: monkeypatch.setattr(sql, "_writes", full),
                lambda: monkeypatch.setattr(sql, "_writes", writes),
                stored_turns,
            )

    run(go(), timeout=120)
