"""A throw-away PostgreSQL server for the store tests, from Debian's packages
(``postgresql``; ``.ci/run`` installs it where it is missing): a fresh cluster in
a temporary folder, listening only on a Unix socket there, stopped afterwards.
Tests that need it are skipped, saying why, where no server can be started."""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
import time
from pathlib import Path


def bin_dir() -> Path | None:
    """Where PostgreSQL's server programs are (the newest version installed)."""
    env = os.environ.get("MOSAIC_PG_BIN")
    if env:
        return Path(env)
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=lambda p: int(p.split("/")[-2]))
    if found:
        return Path(found[-1])
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


class Postgres:
    """A cluster of our own; :attr:`dsn` connects to it as the user ``mosaic``."""

    _made = 0  # databases made by fresh_database, for their names

    def __init__(self) -> None:
        self.bin = bin_dir()
        self.folder: Path | None = None
        self.dsn = ""
        self.why_not = ""

    def _as_server_user(self) -> list[str]:
        # PostgreSQL refuses to run as root: CI runs as root, so the cluster
        # belongs to the postgres user the Debian package made.
        return ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []

    def start(self) -> bool:
        if self.bin is None or not (self.bin / "initdb").exists():
            self.why_not = "no PostgreSQL server here (Debian's postgresql package)"
            return False
        self.folder = Path(tempfile.mkdtemp(prefix="mosaic-pg-"))
        data, sock = self.folder / "data", self.folder / "sock"
        data.mkdir()
        sock.mkdir()
        if os.geteuid() == 0:
            os.chmod(self.folder, 0o755)
            shutil.chown(data, "postgres", "postgres")
            shutil.chown(sock, "postgres", "postgres")
        run = self._as_server_user()
        try:
            subprocess.run(
                [*run, str(self.bin / "initdb"), "-D", str(data), "-U", "mosaic",
                 "--auth=trust", "-E", "UTF8", "--no-sync"],
                check=True, capture_output=True, text=True, timeout=120,
            )  # fmt: skip
            self._pg_ctl("start")
        except (subprocess.SubprocessError, OSError) as e:
            detail = getattr(e, "stderr", "") or str(e)
            self.why_not = f"PostgreSQL did not start: {detail.strip()[-300:]}"
            self.stop()
            return False
        self.dsn = f"postgresql://mosaic@/postgres?host={sock}&port=5439"
        return True

    def _pg_ctl(self, *what: str) -> None:
        assert self.folder is not None and self.bin is not None
        data, sock = self.folder / "data", self.folder / "sock"
        subprocess.run(
            [*self._as_server_user(), str(self.bin / "pg_ctl"), "-D", str(data), "-w",
             "-t", "60", "-l", str(sock / "log"), "-o",
             f"-k {sock} -c listen_addresses='' -c fsync=off -p 5439", *what],
            check=True, capture_output=True, text=True, timeout=120,
        )  # fmt: skip

    def restart(self) -> None:
        """``pg_ctl restart -m fast``: every connection is cut, the server is back
        at once."""
        self._pg_ctl("-m", "fast", "restart")

    def stop_server(self) -> None:
        """``pg_ctl stop -m fast``: away until :meth:`start_server`."""
        self._pg_ctl("-m", "fast", "stop")

    def start_server(self) -> None:
        self._pg_ctl("start")

    def database(self, name: str) -> str:
        """The address of database ``name`` (made by the caller)."""
        return self.dsn.replace("/postgres?", f"/{name}?")

    def fresh_database(self) -> str:
        """A new, empty database of a name never used before: its address."""
        import asyncio

        import asyncpg

        Postgres._made += 1
        name = f"t{Postgres._made}_{int(time.time() * 1000) % 10**8}"

        async def create() -> None:
            conn = await asyncpg.connect(self.dsn)
            try:
                await conn.execute(f'CREATE DATABASE "{name}"')
            finally:
                await conn.close()

        asyncio.run(create())
        return self.database(name)

    def stop(self) -> None:
        if self.folder is None:
            return
        data = self.folder / "data"
        if (data / "postmaster.pid").exists():
            subprocess.run(
                [*self._as_server_user(), str(self.bin / "pg_ctl"), "-D", str(data), "-m",
                 "immediate", "-w", "stop"],
                check=False, capture_output=True, timeout=60,
            )  # fmt: skip
        shutil.rmtree(self.folder, ignore_errors=True)
        self.folder = None
