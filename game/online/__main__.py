"""``mosaic-server`` / ``python -m game.online``: run the game server
(``--host H --port P --db PATH``; see docs/online-server.md)."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import signal
import sys

from .limits import Limits
from .server import Server
from .store import Store


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        prog="mosaic-server",
        description="The Mosaic game server (see docs/online-server.md).",
    )
    ap.add_argument("--host", default="127.0.0.1", help="address to listen on (0.0.0.0: all)")
    ap.add_argument("--port", type=int, default=8765, help="port (0 picks a free one)")
    ap.add_argument(
        "--db",
        default="mosaic-server.db",
        help="the SQLite database file, or a postgresql:// address (several servers may share one)",
    )
    ap.add_argument("--grace", type=float, default=Limits.grace, help="seconds to reconnect")
    ap.add_argument(
        "--signups",
        type=int,
        default=Limits.signups,
        help="new players an address may make an hour (0: no limit)",
    )
    ap.add_argument(
        "--durable", action="store_true", help="sync every commit to disk (survives power loss)"
    )
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    # The store's writer thread hands each commit back to the loop: with the default
    # 5 ms switch interval a busy loop kept it waiting for the interpreter that long.
    sys.setswitchinterval(0.0005)

    async def go() -> int:
        try:
            store = await Store.open(args.db, durable=args.durable)
        except Exception as e:  # whatever the engine raised, said plainly
            print(f"mosaic-server: cannot open the database {args.db}: {e}", file=sys.stderr)
            return 2
        try:
            await serve_with(store)
        finally:
            await store.close()
        return 0

    async def serve_with(store: Store) -> None:
        server = Server(store, Limits(grace=args.grace, signups=args.signups))
        if str(args.db).startswith(("postgresql://", "postgres://")):
            # Any number of processes may share the database: they act as one server.
            server.join_cluster(args.db)
        started = asyncio.get_running_loop().create_future()
        task = asyncio.create_task(server.run(args.host, args.port, started))
        with contextlib.suppress(NotImplementedError):  # no signal handlers on Windows
            asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, task.cancel)
        await asyncio.wait({task, started}, return_when=asyncio.FIRST_COMPLETED)
        if started.done():
            print(f"Mosaic server listening on ws://{args.host}:{started.result()}", flush=True)
        with contextlib.suppress(asyncio.CancelledError):
            await task

    try:
        return asyncio.run(go())
    except KeyboardInterrupt:
        return 0
    except OSError as e:
        print(f"mosaic-server: cannot listen on {args.host}:{args.port}: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
