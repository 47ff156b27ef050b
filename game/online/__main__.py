"""``mosaic-server`` / ``python -m game.online``: run the game server
(``--host H --port P --db PATH``; see docs/online-server.md).

Settings an operator keeps in a service's environment may be given there
instead: ``MOSAIC_PUBLIC_URL`` for ``--public``, ``MOSAIC_METRICS`` for
``--metrics``."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import os
import signal
import sys
from urllib.parse import urlsplit

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
        "--address-connections",
        type=int,
        default=Limits.address_connections,
        help="connections one address may have open to this process (a school shares one)",
    )
    ap.add_argument(
        "--durable", action="store_true", help="sync every commit to disk (survives power loss)"
    )
    ap.add_argument(
        "--public",
        metavar="URL",
        type=public_url,
        default=os.environ.get("MOSAIC_PUBLIC_URL") or None,
        help="where players reach this server, such as https://mosaic.example.org: "
        "every link it gives out starts with it ($MOSAIC_PUBLIC_URL)",
    )
    ap.add_argument(
        "--metrics",
        metavar="HOST:PORT",
        type=metrics_address,
        default=os.environ.get("MOSAIC_METRICS") or None,
        help="serve Prometheus counters at http://HOST:PORT/metrics; off by default, "
        "keep it on 127.0.0.1 ($MOSAIC_METRICS; needs the server extra)",
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
        limits = Limits(
            grace=args.grace,
            signups=args.signups,
            address_connections=max(1, args.address_connections),
        )
        server = Server(store, limits, public=args.public)
        exposed = None
        if args.metrics is not None:
            try:
                # The server extra: imported only for an operator who asks for it.
                from . import metrics  # noqa: PLC0415
            except ImportError:
                print(NO_METRICS, file=sys.stderr)
                raise SystemExit(2) from None
            try:
                exposed = metrics.expose(server, *args.metrics)
            except OSError as e:
                host, port = args.metrics
                print(f"mosaic-server: cannot serve the counters on {host}:{port}: {e}",
                      file=sys.stderr)  # fmt: skip
                raise SystemExit(2) from None
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
            if args.public:
                print(f"Its pages and links at {args.public}", flush=True)
            if exposed is not None:
                where = f"http://{args.metrics[0]}:{exposed.port}/metrics"
                print(f"Counters for Prometheus at {where}", flush=True)
        try:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        finally:
            if exposed is not None:
                exposed.close()

    try:
        return asyncio.run(go())
    except KeyboardInterrupt:
        return 0
    except OSError as e:
        print(f"mosaic-server: cannot listen on {args.host}:{args.port}: {e}", file=sys.stderr)
        return 2


NO_METRICS = (
    "mosaic-server: --metrics needs the prometheus-client library: "
    'pip install "mosaic-steere[server]"'
)


def public_url(text: str) -> str:
    """``--public``: an http(s) address with a host and no query, kept without
    its trailing slash.

    >>> public_url("https://mosaic.example.org/")
    'https://mosaic.example.org'
    >>> public_url("mosaic.example.org")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: 'mosaic.example.org' is not a web address: give one such as https://mosaic.example.org
    """
    try:
        parts = urlsplit(text)
        parts.port  # noqa: B018 (reading it checks it is a number)
        ok = parts.scheme in ("http", "https") and bool(parts.hostname)
    except ValueError:
        ok = False
    if not ok or parts.query or parts.fragment:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a web address: give one such as https://mosaic.example.org"
        )
    return text.rstrip("/")


def metrics_address(text: str) -> tuple[str, int]:
    """``--metrics``: ``HOST:PORT``, or a port alone for ``127.0.0.1``.

    >>> metrics_address("9108"), metrics_address("127.0.0.1:0")
    (('127.0.0.1', 9108), ('127.0.0.1', 0))
    """
    host, _, port = text.rpartition(":")
    if not port.isascii() or not port.isdigit() or int(port) > 65535:
        raise argparse.ArgumentTypeError(f"{text!r}: give HOST:PORT, such as 127.0.0.1:9108")
    return host.strip("[]") or "127.0.0.1", int(port)


if __name__ == "__main__":
    sys.exit(main())
