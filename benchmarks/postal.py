"""Many correspondence games on one server process, on the loopback address only.

    python benchmarks/postal.py [--games 100000] [--players 2000] [--seconds 10] [--pings 300]
                                [--before COMMIT]

Writes ``--games`` correspondence games in play (3 days a turn, none near its
flag) between ``--players`` players straight into a fresh SQLite store, then
starts ``mosaic-server`` on it, and on an empty store beside it, in the same
run, and measures each:

- the start: from launching the process to its "listening" line (every stored
  game is put back first);
- the idle server: its CPU over ``--seconds`` with one connection open and no
  message, from /proc (Linux), in % of one core;
- ``ping`` round trips, one every 60 ms on one connection (within its rate
  limit), p50 and p99.

``--before COMMIT`` also measures the server as it was at that commit (from
this repository's history) on the same games, as the baseline.

Goals (issue 41): the idle server under 2% of a core, ping p99 within 1.5x of
the empty server's in the same run, and listening within 5 s.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.online import earlier, server_cpu_seconds, start_server
from benchmarks.v01 import ROOT
from game.online.session import Session
from game.online.store import Store, StoredGame

GOALS = {"idle_cpu": 2.0, "p99_ratio": 1.5, "listen_s": 5.0}


async def fill(db: Path, games: int, players: int) -> None:
    """The games, written straight into the store, 5,000 a commit."""
    store = await Store.open(db)
    try:
        ids = [(await store.new_player(f"p{i}"))[0] for i in range(players)]
        now = time.time()
        batch = []
        for i in range(games):
            red, blue = ids[i % players], ids[(i * 7 + 1) % players]
            if red.id == blue.id:
                blue = ids[(i + 1) % players]
            batch.append(
                StoredGame(
                    f"c{i}", 5, 0, 0, True, (red.id, blue.id), (red.name, blue.name),
                    (1500.0, 1500.0), (10, 10), [], now, days=3, since=now,
                )
            )  # fmt: skip
            if len(batch) == 5000:
                await store.new_games(batch)
                batch = []
        if batch:
            await store.new_games(batch)
    finally:
        await store.close()


async def measure(code: Path, db: Path, seconds: float, pings: int) -> dict[str, float]:
    began = time.monotonic()
    proc, url = await asyncio.to_thread(start_server, code, str(db), False)
    try:
        listen = time.monotonic() - began
        s = Session(url, f"Bench {time.time_ns() % 10**9}")  # a name no earlier run took
        await s.connect()
        await asyncio.sleep(1.0)  # the hello's own work is done
        cpu0, t0 = server_cpu_seconds(proc.pid) or 0.0, time.monotonic()
        await asyncio.sleep(seconds)
        cpu = (server_cpu_seconds(proc.pid) or 0.0) - cpu0
        idle = 100 * cpu / (time.monotonic() - t0)
        rtts = []
        for _ in range(pings):
            t = time.perf_counter()
            await s.send("ping")
            await s.expect("pong", timeout=30)
            rtts.append((time.perf_counter() - t) * 1000)
            await asyncio.sleep(0.06)  # within the 20 messages a second a connection may send
        await s.close()
    finally:
        proc.terminate()
        proc.wait(10)
    rtts.sort()
    return {
        "listen_s": listen,
        "idle_cpu": idle,
        "p50": rtts[len(rtts) // 2],
        "p99": rtts[min(len(rtts) - 1, int(len(rtts) * 0.99))],
    }


async def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=100_000)
    ap.add_argument("--players", type=int, default=2000)
    ap.add_argument("--seconds", type=float, default=10.0)
    ap.add_argument("--pings", type=int, default=300)
    ap.add_argument("--before", metavar="COMMIT", help="also measure the server at this commit")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="mosaic-postal-") as tmp:
        empty, full = Path(tmp) / "empty.db", Path(tmp) / "full.db"
        t = time.monotonic()
        await fill(full, args.games, args.players)
        print(f"wrote {args.games} correspondence games in {time.monotonic() - t:.1f} s")
        await fill(empty, 0, 2)
        print(f"load before: {os.getloadavg()[0]:.2f}; {os.cpu_count()} cores")
        rows = {
            "empty": await measure(ROOT, empty, args.seconds, args.pings),
            f"{args.games}": await measure(ROOT, full, args.seconds, args.pings),
        }
        if args.before:
            old = earlier(Path(tmp), args.before)
            if old is None:
                return 2
            again = Path(tmp) / "again.db"  # the same games, not yet put back by anyone
            shutil.copy(full, again)
            rows[f"{args.games}, {args.before}"] = await measure(
                old, again, args.seconds, args.pings
            )
    print(f"{'games':>16} {'listening':>10} {'idle CPU':>9} {'ping p50':>9} {'ping p99':>9}")
    for name, r in rows.items():
        print(
            f"{name:>16} {r['listen_s']:>9.2f}s {r['idle_cpu']:>8.2f}% {r['p50']:>7.2f}ms"
            f" {r['p99']:>7.2f}ms"
        )
    base, big = rows["empty"], rows[f"{args.games}"]
    ratio = big["p99"] / base["p99"]
    checks = [
        (f"idle CPU {big['idle_cpu']:.2f}% < {GOALS['idle_cpu']}%", big["idle_cpu"] < 2.0),
        (f"ping p99 {ratio:.2f}x the empty server's <= {GOALS['p99_ratio']}x", ratio <= 1.5),
        (f"listening in {big['listen_s']:.2f} s < {GOALS['listen_s']} s", big["listen_s"] < 5.0),
    ]
    for text, ok in checks:
        print(f"{'met' if ok else 'MISSED'}: {text}")
    return 0 if all(ok for _, ok in checks) else 1


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
