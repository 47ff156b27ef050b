"""A client's message another process passes on while the database is away is
refused, as on the process the client is connected to, with one log line and no
traceback: the client hears the database's refusal (and tries again), and the
passing process hears the message is done with, so it does not send it again.
Before, the player's look-up raised out of the channel's handler: a traceback
in the log, and no answer to the client at all."""

from __future__ import annotations

import json

import pytest

from game.online.server import Server
from game.online.sql import PostgresDatabase, SqliteDatabase, Unreachable
from game.online.store import Store
from tests.helpers import run


def test_a_passed_on_message_while_the_database_is_away_is_refused(tmp_path, caplog):
    async def go():
        store = Store(SqliteDatabase(tmp_path / "s.db"))
        await store.setup()
        try:
            server = Server(store)
            cluster = server.join_cluster("postgresql://nowhere/none")  # never connected
            published: list[tuple[str, str, dict]] = []
            cluster.publish = lambda to, kind, **f: published.append((to, kind, f))

            async def away(pid):
                raise Unreachable("ConnectionDoesNotExistError")

            store.player = away
            note = {
                "conn": "7", "pid": "p1", "address": "127.0.0.1", "seq": 3,
                "msg": {"type": "turn", "game": "g1", "ply": 0, "turn": "a1"},
            }  # fmt: skip
            await cluster._message("other", note)
            replies = [f for to, kind, f in published if kind == "reply" and to == "other"]
            assert len(replies) == 1 and replies[0]["conn"] == "7"
            said = json.loads(replies[0]["text"])
            assert said["type"] == "error" and "cannot reach its database" in said["reason"]
            assert ("other", "done", {"seq": 3}) in published
        finally:
            await store.close()

    run(go(), 30)
    assert not any(r.exc_info for r in caplog.records)


def test_a_connection_broken_mid_query_is_the_database_away():
    """asyncpg's "cannot switch to state ...; another operation is in progress",
    raised when a restart cuts a connection in the middle of a query, was a
    traceback and "the server failed on that message"."""
    asyncpg = pytest.importorskip("asyncpg")

    class Pool:
        async def fetch(self, sql, *args):
            raise asyncpg.InternalClientError(
                "cannot switch to state 15; another operation (2) is in progress"
            )

    with pytest.raises(Unreachable):
        run(PostgresDatabase(Pool()).fetch("SELECT 1"), 10)
