"""What a hostile crowd tried (issue 52): one address opening every connection
the server has, every header the server reads sent twice, and a database that
restarts under a pool. Each is refused or said in one line of the log, and the
server goes on serving everyone else."""

from __future__ import annotations

import asyncio
import logging

import pytest

from game.online.sql import PostgresDatabase, Unreachable
from tests.helpers import run


def test_a_database_restart_logs_one_line_an_error_and_no_traceback(dsn, postgres, caplog):
    """asyncpg's pool reconnects the connections it keeps, and logs a traceback
    for each try that fails while the database is away: one line each instead."""
    caplog.set_level(logging.INFO)

    async def go():
        db = await PostgresDatabase.connect(dsn, size=2)
        try:
            await db.fetch("SELECT 1")
            postgres.stop_server()
            try:
                with pytest.raises(Unreachable):
                    await db.fetch("SELECT 1")
                await asyncio.sleep(2.5)  # the pool tries again after 1 s, then 2 s
            finally:
                postgres.start_server()
            for _ in range(50):
                try:
                    await db.fetch("SELECT 1")
                    break
                except Unreachable:
                    await asyncio.sleep(0.1)
        finally:
            await db.close()

    run(go())
    pool = [r for r in caplog.records if r.name.startswith("asyncpg")]
    assert pool, "the pool said nothing of the database being away"
    for r in pool:
        assert r.exc_info is None and "\n" not in r.getMessage(), r.getMessage()
    assert "Traceback" not in caplog.text
