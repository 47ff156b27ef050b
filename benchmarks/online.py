"""Load benchmark of the online server, on the loopback address only.

    python benchmarks/online.py [--games 50 100 250 500 1000] [--seconds 20] [--think 1.0]
                                [--durable] [--db postgresql://...] [--before COMMIT]

Starts ``mosaic-server`` in its own process on a fresh database, then for each
number of concurrent games pairs that many couples of simulated players (by
challenge code, not timed) and lets them play random legal side-5 turns, each
player thinking a random 0 to 2 x ``--think`` seconds (1 s on average, a brisk
blitz pace) for ``--seconds``. A game that ends is followed by a new one between
the same two players, so the number of games in play holds.

Figures per step:
- turn round trip: from sending a turn to receiving the server's announcement of
  it on the same connection (checked by the rules core, committed to SQLite,
  sent to both players), p50 and p99;
- the baseline in the same run: ``ping`` round trips on the same connections at
  the same load, which cost the server nothing but the WebSocket and JSON layer;
- the server's CPU, from /proc (Linux), in % of one core.

``--durable`` runs the server with ``--durable`` (every commit synced to disk);
``--db`` points it at a PostgreSQL database instead of a fresh SQLite file;
``--before COMMIT`` also runs the server as it was at that commit (unpacked from
this repository's history), each step on both in turn, as the baseline.

Goal: 250 concurrent games with turn p99 under 50 ms on a 2-core machine.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.v01 import ROOT, unpack
from game.online.session import OnlineError, Session
from game.rules import Board

GOAL_GAMES, GOAL_P99_MS = 250, 50.0


def server_cpu_seconds(pid: int) -> float | None:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@dataclass
class Couple:
    red: Session
    blue: Session
    game: str = ""
    board: Board = field(default_factory=lambda: Board(size=5))
    #: ply -> (colour that sent it, when): a turn's round trip ends on its sender's side.
    waiting: dict[int, tuple[int, float]] = field(default_factory=dict)
    moved: asyncio.Event = field(default_factory=asyncio.Event)
    over: bool = False
    finished: int = 0


class Load:
    def __init__(self, url: str, think: float, rng: random.Random) -> None:
        self.url, self.think, self.rng = url, think, rng
        self.turn_ms: list[float] = []
        self.ping_ms: list[float] = []
        self.pings: dict[Session, float] = {}
        self.measuring = False
        self.errors = 0

    async def couple(self, n: int) -> Couple:
        red, blue = Session(self.url, f"Red {n}"), Session(self.url, f"Blue {n}")
        await red.connect()
        await blue.connect()
        c = Couple(red, blue)
        await self.new_game(c)
        return c

    async def new_game(self, c: Couple) -> None:
        await c.red.send("challenge", side=5, base=600, inc=5, rated=False)
        code = (await c.red.expect("challenge"))["code"]
        await c.blue.send("join", code=code)
        game = (await c.red.expect("game"))["game"]
        await c.blue.expect("game")
        if game["you"] == 1:  # keep "red" the session that plays Red
            c.red, c.blue = c.blue, c.red
        c.game, c.board, c.over = game["id"], Board(size=5), False
        c.waiting.clear()

    async def read(self, c: Couple, s: Session, color: int) -> None:
        """Drain one session; Red's reader keeps the board."""
        while True:
            msg = await s.recv()
            kind = msg["type"]
            now = time.perf_counter()
            if kind == "turn":
                if msg["game"] != c.game:
                    continue
                sender, sent = c.waiting.get(msg["ply"], (-1, 0.0))
                if sender == color:
                    del c.waiting[msg["ply"]]
                    if self.measuring:
                        self.turn_ms.append((now - sent) * 1000)
                if color == 0:
                    c.board.play(msg["turn"])
                    c.moved.set()
            elif kind == "over" and color == 0 and msg["game"] == c.game:
                c.over = True
                c.moved.set()
            elif kind == "pong":
                sent = self.pings.pop(s, None)
                if sent is not None and self.measuring:
                    self.ping_ms.append((now - sent) * 1000)
            elif kind == "error":
                self.errors += 1

    async def play(self, c: Couple, until: float) -> None:
        sessions = (c.red, c.blue)
        while time.perf_counter() < until:
            await asyncio.sleep(self.rng.uniform(0, 2 * self.think))
            if c.over:
                c.finished += 1
                await self.new_game(c)
                continue
            board = c.board
            mover = int(board.mover)
            ply = len(board.turn_stack)
            turn = self.rng.choice(board.legal_turns())
            c.moved.clear()
            c.waiting[ply] = (mover, time.perf_counter())
            await sessions[mover].send("turn", game=c.game, ply=ply, turn=board.notation(turn))
            # Wait for the board to move on (a forced pass comes as a second turn).
            with contextlib.suppress(TimeoutError):
                while len(c.board.turn_stack) <= ply and not c.over:
                    await asyncio.wait_for(c.moved.wait(), 10)
                    c.moved.clear()
                while c.board.must_pass() and not c.over:
                    await asyncio.wait_for(c.moved.wait(), 10)
                    c.moved.clear()

    async def pinger(self, sessions: list[Session], until: float) -> None:
        while time.perf_counter() < until:
            s = self.rng.choice(sessions)
            if s not in self.pings:
                self.pings[s] = time.perf_counter()
                await s.send("ping")
            await asyncio.sleep(0.02)


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


async def step(url: str, games: int, seconds: float, think: float, pid: int) -> dict:
    load = Load(url, think, random.Random(games))
    couples = []
    for i in range(games):
        couples.append(await load.couple(i))
    readers = [
        asyncio.create_task(load.read(c, s, color))
        for c in couples
        for color, s in enumerate((c.red, c.blue))
    ]
    warm = time.perf_counter() + 3
    until = warm + seconds
    players = [asyncio.create_task(load.play(c, until)) for c in couples]
    everyone = [s for c in couples for s in (c.red, c.blue)]
    pinger = asyncio.create_task(load.pinger(everyone, until))
    await asyncio.sleep(3)
    load.measuring = True
    cpu0, t0 = server_cpu_seconds(pid), time.perf_counter()
    await asyncio.gather(*players, pinger)
    cpu1, t1 = server_cpu_seconds(pid), time.perf_counter()
    load.measuring = False
    for task in readers:
        task.cancel()
    for s in everyone:
        with contextlib.suppress(OnlineError):
            await s.close()
    cpu = None if cpu0 is None or cpu1 is None else 100 * (cpu1 - cpu0) / (t1 - t0)
    return {
        "games": games,
        "turns": len(load.turn_ms),
        "turns_per_s": len(load.turn_ms) / (t1 - t0),
        "p50": pct(load.turn_ms, 0.5),
        "p99": pct(load.turn_ms, 0.99),
        "ping_p50": pct(load.ping_ms, 0.5),
        "ping_p99": pct(load.ping_ms, 0.99),
        "cpu": cpu,
        "finished": sum(c.finished for c in couples),
        "errors": load.errors,
    }


def start_server(code: Path, db: str, durable: bool) -> tuple[subprocess.Popen, str]:
    """``mosaic-server`` from the code under ``code``, in its own process."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "game.online.server", "--port", "0", "--db", db,
         *(["--durable"] if durable else [])],
        cwd=code, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
    )  # fmt: skip
    line = proc.stdout.readline() if proc.stdout else ""
    return proc, line.rsplit(" ", 1)[-1].strip()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, nargs="+", default=[50, 100, 250, 500, 1000])
    ap.add_argument("--seconds", type=float, default=20.0)
    ap.add_argument("--think", type=float, default=1.0)
    ap.add_argument("--durable", action="store_true", help="the server syncs every commit")
    ap.add_argument("--db", help="a postgresql:// database for the server (default: SQLite)")
    ap.add_argument("--before", help="also run the server of this commit, as the baseline")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        servers = {"now": ROOT}
        if args.before:
            old = Path(tmp) / "before"
            old.mkdir()
            if not unpack(old, args.before):
                print(f"commit {args.before} is not in this checkout's history")
                return 2
            servers[f"at {args.before}"] = old
        print(
            f"{os.cpu_count()} cores; store: {'PostgreSQL' if args.db else 'SQLite'}"
            f"{', durable' if args.durable else ''}"
        )
        print(
            f"{'server':>12} {'games':>6} {'turns/s':>8} {'turn p50':>9} {'turn p99':>9}"
            f" {'ping p50':>9} {'ping p99':>9} {'server CPU':>11} {'errors':>7}"
        )
        results: dict[str, list[dict]] = {name: [] for name in servers}
        for n in args.games:
            for name, code in servers.items():
                db = args.db or str(Path(tmp) / f"{name.replace(' ', '-')}-{n}.db")
                proc, url = start_server(code, db, args.durable)
                try:
                    r = asyncio.run(step(url, n, args.seconds, args.think, proc.pid))
                finally:
                    proc.kill()
                    proc.wait()
                results[name].append(r)
                cpu = "n/a" if r["cpu"] is None else f"{r['cpu']:.0f}%"
                print(
                    f"{name:>12} {n:>6} {r['turns_per_s']:>8.0f} {r['p50']:>7.1f}ms"
                    f" {r['p99']:>7.1f}ms {r['ping_p50']:>7.1f}ms {r['ping_p99']:>7.1f}ms"
                    f" {cpu:>11} {r['errors']:>7}",
                    flush=True,
                )
    goal = [r for r in results["now"] if r["games"] >= GOAL_GAMES]
    if goal:
        r = goal[0]
        verdict = "met" if r["p99"] < GOAL_P99_MS else "NOT met"
        print(f"goal ({GOAL_GAMES} games, turn p99 < {GOAL_P99_MS:.0f} ms): {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
