"""What counting a limit for the whole cluster costs (game/online/strikes.py):
a check and a strike of a wrong challenge code in PostgreSQL's ``strikes``
table, beside the same in one process's memory (game/online/throttle.py), with
the table holding a full window of other addresses' strikes.

    python benchmarks/strikes.py [--strikes N]

Starts a throw-away PostgreSQL of its own (Debian's postgresql, as the tests
do). Prints the time of a check and of a strike, each way, in the same run."""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.online.sql import PostgresDatabase
from game.online.store import Store
from game.online.strikes import Strikes
from game.online.throttle import Window
from tests.online.postgres import Postgres


def per_call(times: list[float]) -> str:
    p99 = sorted(times)[int(len(times) * 0.99)]
    return f"median {statistics.median(times) * 1e3:.3f} ms, p99 {p99 * 1e3:.3f} ms"


async def measure(dsn: str, strikes: int) -> None:
    store = Store(await PostgresDatabase.connect(dsn))
    await store.setup()
    shared = Strikes(store.db, "join", 10, 60.0)
    # A window's worth of other addresses' strikes, as under a guessing flood.
    for n in range(0, strikes, 500):
        await shared.add([f"address 198.51.{i // 256 % 256}.{i % 256}" for i in range(n, n + 500)])
    checks, adds = [], []
    for n in range(1000):
        keys = [f"player p{n % 50}", f"address 192.0.2.{n % 50}"]
        t = time.perf_counter()
        await shared.full(keys)
        checks.append(time.perf_counter() - t)
        t = time.perf_counter()
        await shared.add(keys)
        adds.append(time.perf_counter() - t)
    await store.close()
    window, local_checks, local_adds = Window(10, 60.0), [], []
    for n in range(1000):
        keys = [f"player p{n % 50}", f"address 192.0.2.{n % 50}"]
        t = time.perf_counter()
        any(window.full(k, time.monotonic()) for k in keys)
        local_checks.append(time.perf_counter() - t)
        t = time.perf_counter()
        for k in keys:
            window.add(k, time.monotonic())
        local_adds.append(time.perf_counter() - t)
    print(f"table: {strikes:,} other strikes in the window")
    print(f"PostgreSQL  check: {per_call(checks)}; strike: {per_call(adds)}")
    print(f"in memory   check: {per_call(local_checks)}; strike: {per_call(local_adds)}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--strikes", type=int, default=20_000)
    args = ap.parse_args()
    pg = Postgres()
    if not pg.start():
        raise SystemExit(pg.why_not)
    try:
        asyncio.run(measure(pg.fresh_database(), args.strikes))
    finally:
        pg.stop()


if __name__ == "__main__":
    main()
