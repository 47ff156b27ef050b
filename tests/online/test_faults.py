"""Faults: the server killed with SIGKILL in the middle of 50 games and started
again on the same database, by the test or by a supervisor acting on the
systemd unit of docs/deploy. Every game resumes, no announced turn is lost, and
the time the server was down is charged to nobody."""

from __future__ import annotations

import asyncio
import os
import random
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from functools import partial
from pathlib import Path

import pytest

from game.online.session import OnlineError, Session
from game.rules import Board
from tests.helpers import run

from .serving import Follower, ask_now, pair, start_process

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
        games, followers, tasks = await games_in_play(url, GAMES)
        await asyncio.sleep(1.0)
        proc.kill()  # SIGKILL: no chance to tidy up
        proc.wait()
        await cut_short(tasks, followers)
        # Down a while, longer than a start takes: were that time charged to the
        # movers, it would show beside the time since the restart.
        await asyncio.sleep(5.0)

        port = int(url.rsplit(":", 1)[1])
        restarted = time.monotonic()  # before the new process reads a stored clock
        proc, url2 = start_process(db, port=port)
        assert url2 == url
        checked = await take_up(url, games, followers, restarted)
        assert checked > GAMES // 2  # most games had no turn in flight: their clocks were checked
        await play_on(games, followers)

    try:
        run(go())
    finally:
        proc.kill()
        proc.wait()


async def games_in_play(url: str, count: int):
    """``count`` games of two new players each, on side 5, playing random turns
    until each is over or cut: the games, their followers and the players' tasks."""
    games = [await pair(url, side=5, base=600, inc=0) for _ in range(count)]
    followers = [Follower(Board(size=5)) for _ in games]
    rngs = [random.Random(i) for i in range(count)]
    tasks = [
        asyncio.create_task(play_until_cut(s, g, f, r))
        for (s, g), f, r in zip(games, followers, rngs, strict=True)
    ]
    return games, followers, tasks


async def cut_short(tasks, followers: list[Follower]) -> None:
    """The players' tasks after the server was killed: every game was cut mid-way."""
    await asyncio.gather(*tasks)
    assert all(f.over is None for f in followers), "games must be cut mid-way"
    assert sum(len(f.board.turn_stack) for f in followers) > len(followers)


async def take_up(url: str, games, followers: list[Follower], restarted: float) -> int:
    """Both players of every game reconnect to the restarted server: every
    announced turn is there, and the time it was down cost nobody: the mover
    lost no more than the time since ``restarted`` (the test's monotonic time
    just before the new process started), whatever the machine's load. Returns
    how many games' clocks were checked (those with no turn in flight)."""
    checked = 0
    for (sessions, game), f in zip(games, followers, strict=True):
        acked = [f.board.notation(t) for t in f.board.turn_stack]
        states = {}
        for color in (0, 1):
            s = Session(url, token=sessions[color].token)
            await s.connect()
            states[color] = (await s.expect("game"))["game"]
            sessions[color] = s
        since_restart = (time.monotonic() - restarted) * 1000
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
            # The mover's time resumed where the last turn left it: the outage
            # was free, and only the restarted process's own time ran (1 ms for
            # the rounding of each clock to the millisecond).
            assert state["clocks"][1 - mover] == f.clocks[1 - mover]
            lost = f.clocks[mover] - state["clocks"][mover]
            assert -1 <= lost <= since_restart + 1, (lost, since_restart)
        f.board = Board(size=5)
        for text in restored:
            f.board.play(text)
    return checked


async def play_on(games, followers: list[Follower]) -> None:
    """Both players came back: every game plays on to its end."""
    rngs = [random.Random(100 + i) for i in range(len(games))]
    await asyncio.gather(
        *(play_until_cut(s, g, f, r) for (s, g), f, r in zip(games, followers, rngs, strict=True))
    )
    for f in followers:
        assert f.over is not None and f.over["result"] == f.board.result()


UNIT = Path(__file__).parents[2] / "docs" / "deploy" / "mosaic-server.service"


def service_settings() -> dict[str, list[str]]:
    """The ``[Service]`` settings of the example unit, each key's values in order."""
    settings: dict[str, list[str]] = {}
    section = ""
    for line in (raw.strip() for raw in UNIT.read_text().splitlines()):
        if line.startswith("["):
            section = line
        elif section == "[Service]" and line and not line.startswith("#"):
            key, _, value = line.partition("=")
            settings.setdefault(key, []).append(value)
    return settings


def test_systemd_reads_the_unit_without_a_complaint(tmp_path):
    analyze = shutil.which("systemd-analyze")
    if analyze is None:
        pytest.skip("no systemd-analyze here, to check the unit with")
    # Its ExecStart must exist to be verified: this checkout's mosaic-server.
    program = Path(sys.executable).with_name("mosaic-server")
    if not program.exists():
        pytest.skip(f"no {program} to stand for /opt/mosaic/venv/bin/mosaic-server")
    unit = tmp_path / "mosaic-server.service"
    unit.write_text(UNIT.read_text().replace("/opt/mosaic/venv/bin/mosaic-server", str(program)))
    done = subprocess.run(
        [analyze, "verify", str(unit)], check=False, capture_output=True, text=True, timeout=60
    )
    # It ignores what it cannot parse, with a line naming the file, and still exits 0.
    complaints = [line for line in (done.stdout + done.stderr).splitlines() if unit.name in line]
    assert done.returncode == 0 and not complaints, done.stdout + done.stderr


class Supervisor:
    """Does with the example unit what systemd would: runs its ``ExecStart``
    (with this Python, and the test's database and port) in its
    ``Environment``, and starts it again ``RestartSec`` after it fails
    (``Restart=on-failure``: any end but a clean exit, SIGKILL included)."""

    def __init__(self, db: Path, port: int) -> None:
        unit = service_settings()
        assert unit["Restart"] == ["on-failure"], unit["Restart"]
        self.pause = float(unit["RestartSec"][0])
        program, *args = shlex.split(unit["ExecStart"][0])
        assert program.endswith("/mosaic-server"), program
        for flag, value in (("--db", str(db)), ("--port", str(port))):
            args[args.index(flag) + 1] = value
        # Every player of the test comes from this computer: no sign-up limit.
        self.command = [sys.executable, "-m", "game.online", *args, "--signups", "0"]
        self.env = {**os.environ, **dict(e.split("=", 1) for e in unit["Environment"])}
        # Counters on a free port: the unit's fixed one may be taken on a shared machine.
        self.env["MOSAIC_METRICS"] = "127.0.0.1:0"
        self.proc: subprocess.Popen | None = None
        self.starts = 0
        #: The test's monotonic time just before the last start.
        self.started = 0.0
        self.stopping = False
        self.thread = threading.Thread(target=self._supervise, daemon=True)

    def _supervise(self) -> None:
        while not self.stopping:
            self.started = time.monotonic()
            self.proc = subprocess.Popen(
                self.command, env=self.env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
            )
            self.starts += 1
            if self.proc.wait() == 0 or self.stopping:
                return
            time.sleep(self.pause)

    def start(self) -> None:
        self.thread.start()

    def stop(self) -> None:
        """``systemctl stop``: SIGTERM, a clean stop, then no restart."""
        self.stopping = True
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        self.thread.join(20)


async def until_ready(port: int, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if (await asyncio.to_thread(ask_now, port, "/ready")).status == 200:
                return
        except OSError:
            pass  # not listening yet
        await asyncio.sleep(0.1)
    raise AssertionError("the server was not ready in time")


@pytest.mark.slow
def test_a_supervisor_acting_on_the_unit_restarts_the_server_and_loses_no_announced_turn(
    tmp_path,
):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    supervisor = Supervisor(tmp_path / "server.db", port)
    url = f"ws://127.0.0.1:{port}"
    games_count = 8

    async def go():
        supervisor.start()
        await until_ready(port)
        games, followers, tasks = await games_in_play(url, games_count)
        await asyncio.sleep(1.0)
        assert supervisor.proc is not None
        supervisor.proc.send_signal(signal.SIGKILL)
        await cut_short(tasks, followers)

        await until_ready(port)  # the supervisor's restart, not the test's
        assert supervisor.starts == 2
        await take_up(url, games, followers, supervisor.started)
        await play_on(games, followers)
        # The unit's environment reached the server: its links are the public address.
        welcome = await Session(url, "Dee").connect()
        assert welcome["site"] == supervisor.env["MOSAIC_PUBLIC_URL"]

    try:
        run(go())
    finally:
        supervisor.stop()
    assert supervisor.proc is not None and supervisor.proc.returncode == 0  # SIGTERM: clean
    assert supervisor.starts == 2
