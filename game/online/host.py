"""Host a server from inside the game: "Host on this computer".

The same :class:`~.server.Server` as ``mosaic-server``, on a thread of its own
with its own event loop, listening on every address of this computer on a free
port. :func:`addresses` says what a friend on the same network types in, and the
server gives out the first of them in every link (:func:`site_of`), as the
lobby shows it: the game's Share must never give a friend ``127.0.0.1``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import socket
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .limits import Limits
from .server import Server
from .store import Store

log = logging.getLogger("mosaic.host")
DEFAULT_PORT = 8765


class LocalServer:
    def __init__(
        self,
        db: Path,
        host: str = "0.0.0.0",
        port: int = DEFAULT_PORT,
        wall: Callable[[], float] = time.time,
        rng: random.Random | None = None,
    ) -> None:
        self.db, self.host, self.port = Path(db), host, port
        #: Who plays which colour (a scripted tour's, seeded: each run plays the
        #: same games, so its screens can be compared); None: the system's chance.
        self.rng = rng
        #: The server, once it serves.
        self.server: Server | None = None
        #: The calendar of correspondence games (a test's, to let days pass).
        self.wall = wall
        self.error = ""
        self._loop: asyncio.AbstractEventLoop | None = None
        self._task: asyncio.Task[None] | None = None
        self._started = threading.Event()
        self._thread = threading.Thread(target=self._run, name="mosaic-host", daemon=True)

    def start(self, timeout: float = 10.0) -> int:
        """Start serving; returns the port. Raises :class:`OSError` if it cannot."""
        self._thread.start()
        if not self._started.wait(timeout):
            raise OSError("the server did not start in time")
        if self.error:
            raise OSError(self.error)
        return self.port

    def _run(self) -> None:
        try:
            asyncio.run(self._main())
        except Exception as e:  # reported to the window, which shows it
            self.error = self.error or str(e)
            self._started.set()

    async def _main(self) -> None:
        self._loop = asyncio.get_running_loop()
        try:
            store = await Store.open(self.db)
        except Exception as e:
            self.error = f"cannot open {self.db.name}: {e}"
            self._started.set()
            return
        try:
            # The usual port first, so a friend's address stays the same from one
            # evening to the next; any free port if another program has it.
            for port in dict.fromkeys((self.port, 0)):
                rng = self.rng or random.SystemRandom()
                server = Server(store, Limits(), wall=self.wall, rng=rng)
                started: asyncio.Future[int] = self._loop.create_future()
                task = self._task = asyncio.create_task(server.run(self.host, port, started))
                either: set[asyncio.Future[Any]] = {task, started}
                await asyncio.wait(either, return_when=asyncio.FIRST_COMPLETED)
                if started.done():
                    self.port = started.result()
                    server.public = site_of(self.host, self.port)
                    self.server = server
                    self.error = ""
                    break
                self.error = str(task.exception() or "the server stopped")
            self._started.set()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        finally:
            await store.close()

    @property
    def running(self) -> bool:
        return self._thread.is_alive() and not self.error

    def stop(self, timeout: float = 3.0) -> None:
        loop, task = self._loop, self._task
        if loop is not None and task is not None:
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(task.cancel)
        if self._thread.is_alive():
            self._thread.join(timeout)


def site_of(host: str, port: int, found: Callable[[], list[str]] | None = None) -> str:
    """Where friends reach a server hosted here listening on ``host``: its
    pages' address, for the links it gives out. On every address (``0.0.0.0``),
    the best guess of :func:`addresses` (what the lobby tells friends to type).

    >>> site_of("0.0.0.0", 8765, lambda: ["192.0.2.2", "10.0.0.7"])
    'http://192.0.2.2:8765'
    >>> site_of("127.0.0.1", 40001)
    'http://127.0.0.1:40001'
    """
    wildcard = host in ("", "0.0.0.0", "::")
    where = (found or addresses)()[0] if wildcard else host
    return f"http://{f'[{where}]' if ':' in where else where}:{port}"


def addresses() -> list[str]:
    """This computer's addresses on its networks, best guess first (no traffic is
    sent: connecting a UDP socket only picks the outgoing interface)."""
    found: list[str] = []
    for probe in ("10.255.255.255", "192.168.255.255"):
        with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect((probe, 1))
            found.append(s.getsockname()[0])
    with contextlib.suppress(OSError):
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            found.append(str(info[4][0]))
    usable = [a for a in dict.fromkeys(found) if not a.startswith(("127.", "0."))]
    return usable or ["127.0.0.1"]
