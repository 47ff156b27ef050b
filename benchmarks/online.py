"""Load benchmark of the online server, on the loopback address only.

    python benchmarks/online.py [--games 50 100 250 500 1000] [--seconds 20] [--think 1.0]
                                [--durable] [--db postgresql://...] [--before COMMIT]
                                [--stores sqlite postgresql]

Starts ``mosaic-server`` in its own process on a fresh database, then for each
number of concurrent games pairs that many couples of simulated players (by
challenge code, not timed) and lets them play random legal side-5 turns, each
player thinking a random 0 to 2 x ``--think`` seconds (1 s on average, a brisk
blitz pace) for ``--seconds``. A game that ends is followed by a new one between
the same two players, so the number of games in play holds.

Figures per step:
- turn round trip: from sending a turn to receiving the server's announcement of
  it on the same connection (checked by the rules core, committed to the store,
  sent to both players), p50 and p99;
- the baseline in the same run: ``ping`` round trips on the same connections at
  the same load, which cost the server nothing but the WebSocket and JSON layer;
- the server's CPU, from /proc (Linux), in % of one core; with PostgreSQL also
  the database's (its postmaster and backends), which SQLite spends inside the
  server.

``--durable`` runs the server with ``--durable`` (every commit synced to disk);
``--db`` points it at a PostgreSQL database instead of a fresh SQLite file;
``--before COMMIT`` also runs the server as it was at that commit (unpacked from
this repository's history), each step on both in turn, as the baseline.

``--stores sqlite postgresql`` measures each step on each store in turn, each on
a fresh server with a fresh database, and prints them in one table::

    .venv/bin/python benchmarks/online.py --games 250 1000 --seconds 15 \
        --stores sqlite postgresql

PostgreSQL is then a throwaway cluster the benchmark starts itself (that of the
store tests, ``tests/online/postgres.py``: Debian's ``postgresql`` package, a
Unix socket, ``fsync=off``, run as the ``postgres`` user when we are root), with
a new database for every step, stopped at the end whatever happens; the server
reaches it through asyncpg (``pip install "mosaic-steere[postgres]"``). With
``--db postgresql://...`` the steps use that database instead. The cluster never
syncs, so ``--durable`` changes only SQLite's figures.

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
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.v01 import ROOT, unpack
from game.online.session import OnlineError, Session
from game.rules import Board

GOAL_GAMES, GOAL_P99_MS = 250, 50.0
STORES = {"sqlite": "SQLite", "postgresql": "PostgreSQL"}


def server_cpu_seconds(pid: int) -> float | None:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def cluster_cpu_seconds(postmaster: int) -> float | None:
    """CPU seconds of a PostgreSQL cluster: its postmaster, the children it has
    reaped, and the backends alive now (a backend that exits during a step has
    its whole life counted, which the pool's long-lived connections never do)."""
    try:
        fields = Path(f"/proc/{postmaster}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    ticks = sum(int(f) for f in fields[11:15])  # utime, stime, cutime, cstime
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            child = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:  # gone meanwhile
            continue
        if int(child[1]) == postmaster:
            ticks += int(child[11]) + int(child[12])
    return ticks / os.sysconf("SC_CLK_TCK")


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


async def step(
    url: str, games: int, seconds: float, think: float, pid: int, *, postmaster: int | None = None
) -> dict:
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
    db0 = cluster_cpu_seconds(postmaster) if postmaster else None
    cpu0, t0 = server_cpu_seconds(pid), time.perf_counter()
    await asyncio.gather(*players, pinger)
    cpu1, t1 = server_cpu_seconds(pid), time.perf_counter()
    db1 = cluster_cpu_seconds(postmaster) if postmaster else None
    load.measuring = False
    for task in readers:
        task.cancel()
    for s in everyone:
        with contextlib.suppress(OnlineError):
            await s.close()
    cpu = None if cpu0 is None or cpu1 is None else 100 * (cpu1 - cpu0) / (t1 - t0)
    db_cpu = None if db0 is None or db1 is None else 100 * (db1 - db0) / (t1 - t0)
    return {
        "games": games,
        "turns": len(load.turn_ms),
        "turns_per_s": len(load.turn_ms) / (t1 - t0),
        "p50": pct(load.turn_ms, 0.5),
        "p99": pct(load.turn_ms, 0.99),
        "ping_p50": pct(load.ping_ms, 0.5),
        "ping_p99": pct(load.ping_ms, 0.99),
        "cpu": cpu,
        "db_cpu": db_cpu,
        "finished": sum(c.finished for c in couples),
        "errors": load.errors,
    }


def earlier(tmp: Path, commit: str) -> Path | None:
    """The code as it was at ``commit``, unpacked under ``tmp`` (``None``, said,
    if this checkout's history does not have it)."""
    old = tmp / "before"
    old.mkdir()
    if not unpack(old, commit):
        print(f"commit {commit} is not in this checkout's history")
        return None
    return old


def start_server(code: Path, db: str, durable: bool) -> tuple[subprocess.Popen, str]:
    """``mosaic-server`` from the code under ``code``, in its own process."""
    # Before the command line moved to the package's __main__ it was server.py's.
    module = "game.online" if (code / "game/online/__main__.py").exists() else "game.online.server"
    # Every simulated player comes from this computer: no sign-up limit (an
    # older server compared against has no such setting).
    main = (code / "game/online/__main__.py").read_text() if module == "game.online" else ""
    signups = ["--signups", "0"] if "--signups" in main else []
    proc = subprocess.Popen(
        [sys.executable, "-m", module, "--port", "0", "--db", db,
         *(["--durable"] if durable else []), *signups],
        cwd=code, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
    )  # fmt: skip
    line = proc.stdout.readline() if proc.stdout else ""
    url = line.rsplit(" ", 1)[-1].strip()
    if not url.startswith("ws://"):
        proc.kill()
        proc.wait()
        raise RuntimeError(
            f"the server did not start on {db} (exit {proc.returncode});"
            f" run: python -m {module} --port 0 --db '{db}'"
        )
    return proc, url


class Cluster:
    """Where the PostgreSQL steps' databases are: a throwaway cluster of our own
    (started on first use), or the database ``--db`` names."""

    def __init__(self, dsn: str | None) -> None:
        self.given = dsn
        self.pg: Any = None
        self.made = 0

    def postmaster(self) -> int | None:
        """The cluster's main process, for its CPU (ours only)."""
        if self.pg is None or self.pg.folder is None:
            return None
        try:
            return int((self.pg.folder / "data" / "postmaster.pid").read_text().split()[0])
        except (OSError, ValueError, IndexError):
            return None

    def fresh(self) -> str:
        """A new, empty database (or the one given)."""
        if self.given:
            return self.given
        if self.pg is None:
            from tests.online.postgres import Postgres  # noqa: PLC0415  # only when asked for

            self.pg = Postgres()
            if not self.pg.start():
                raise RuntimeError(f"PostgreSQL: {self.pg.why_not}")
        self.made += 1
        name = f"bench{self.made}"

        async def create() -> None:
            import asyncpg  # type: ignore[import-untyped,import-not-found,unused-ignore]  # noqa: PLC0415

            conn = await asyncpg.connect(self.pg.dsn)
            try:
                await conn.execute(f'CREATE DATABASE "{name}"')
            finally:
                await conn.close()

        asyncio.run(create())
        return self.pg.database(name)

    def stop(self) -> None:
        if self.pg is not None:
            self.pg.stop()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, nargs="+", default=[50, 100, 250, 500, 1000])
    ap.add_argument("--seconds", type=float, default=20.0)
    ap.add_argument("--think", type=float, default=1.0)
    ap.add_argument("--durable", action="store_true", help="the server syncs every commit")
    ap.add_argument("--db", help="a postgresql:// database for the server (default: SQLite)")
    ap.add_argument("--before", help="also run the server of this commit, as the baseline")
    ap.add_argument(
        "--stores",
        nargs="+",
        choices=list(STORES),
        help="measure each step on each of these stores in turn (PostgreSQL: a throwaway"
        " cluster started here, or --db)",
    )
    args = ap.parse_args()
    stores = args.stores or ["postgresql" if args.db else "sqlite"]
    stores = list(dict.fromkeys(stores))
    cluster = Cluster(args.db)
    try:
        return measure(args, stores, cluster)
    finally:
        cluster.stop()


def measure(args: argparse.Namespace, stores: list[str], cluster: Cluster) -> int:
    with tempfile.TemporaryDirectory() as tmp:
        servers = {"now": ROOT}
        if args.before:
            old = earlier(Path(tmp), args.before)
            if old is None:
                return 2
            servers[f"at {args.before}"] = old
        print(
            f"{os.cpu_count()} cores; store: {' and '.join(STORES[s] for s in stores)}"
            f"{', durable' if args.durable else ''}"
        )
        print(
            f"{'server':>12} {'store':>10} {'games':>6} {'turns/s':>8} {'turn p50':>9}"
            f" {'turn p99':>9} {'ping p50':>9} {'ping p99':>9} {'server CPU':>11}"
            f" {'db CPU':>7} {'errors':>7}"
        )
        results: dict[tuple[str, str], list[dict]] = {
            (name, store): [] for name in servers for store in stores
        }
        for n in args.games:
            for name, code in servers.items():
                for store in stores:
                    if store == "postgresql":
                        db = cluster.fresh()
                    else:
                        db = str(Path(tmp) / f"{name.replace(' ', '-')}-{n}.db")
                    proc, url = start_server(code, db, args.durable)
                    pm = cluster.postmaster() if store == "postgresql" else None
                    try:
                        r = asyncio.run(
                            step(url, n, args.seconds, args.think, proc.pid, postmaster=pm)
                        )
                    finally:
                        proc.kill()
                        proc.wait()
                    results[name, store].append(r)
                    cpu = "n/a" if r["cpu"] is None else f"{r['cpu']:.0f}%"
                    db_cpu = "n/a" if r["db_cpu"] is None else f"{r['db_cpu']:.0f}%"
                    print(
                        f"{name:>12} {STORES[store]:>10} {n:>6} {r['turns_per_s']:>8.0f}"
                        f" {r['p50']:>7.1f}ms {r['p99']:>7.1f}ms {r['ping_p50']:>7.1f}ms"
                        f" {r['ping_p99']:>7.1f}ms {cpu:>11} {db_cpu:>7} {r['errors']:>7}",
                        flush=True,
                    )
    for store in stores:
        goal = [r for r in results["now", store] if r["games"] >= GOAL_GAMES]
        if goal:
            r = goal[0]
            verdict = "met" if r["p99"] < GOAL_P99_MS else "NOT met"
            print(
                f"goal ({GOAL_GAMES} games, turn p99 < {GOAL_P99_MS:.0f} ms)"
                f"{' on ' + STORES[store] if len(stores) > 1 else ''}: {verdict}"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
