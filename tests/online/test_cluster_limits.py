"""Two server processes on one PostgreSQL: the limits counted once for the
whole cluster (wrong challenge codes, new players per address) hold across
both, and a limit the docs say is each process's (connections per address) is
each process's. Skipped, saying why, where PostgreSQL cannot be started."""

from __future__ import annotations

import asyncio

import pytest
from websockets.asyncio.client import connect

from game.online.limits import Limits
from game.online.session import OnlineError, Session

from .serving import start_process
from .test_abuse import closed_with
from .test_cluster import run_then_stop

WRONG = "ABCDEFGHJK"  # a code no challenge has (codes are random: 31**10 of them)


async def wrong_join(session: Session) -> str:
    await session.send("join", code=WRONG)
    with pytest.raises(OnlineError) as refused:
        await session.expect("game")
    return str(refused.value)


def test_two_processes_count_wrong_codes_and_sign_ups_once(dsn):
    extra = ("--signups", "3", "--address-connections", "4")
    a, url_a = start_process(dsn, 0, 60.0, *extra)
    b, url_b = start_process(dsn, 0, 60.0, *extra)

    async def go():
        ann, bob = Session(url_a, "Ann"), Session(url_b, "Bob")
        await ann.connect()
        await bob.connect()
        # Every player here connects from 127.0.0.1: one address, two processes.
        half = Limits.join_failures // 2
        for _ in range(half):
            assert "no open challenge" in await wrong_join(ann)
        for _ in range(Limits.join_failures - half):
            assert "no open challenge" in await wrong_join(bob)
        # The address has had its 10 a minute, on the two processes together.
        assert "too many joins by a wrong code" in await wrong_join(bob)
        assert "too many joins by a wrong code" in await wrong_join(ann)

        # New players: Ann and Bob, then Cy on A; the fourth, on B, is one too many.
        cy = Session(url_a, "Cy")
        await cy.connect()
        with pytest.raises(OnlineError, match="Too many new players from your address"):
            await Session(url_b, "Dee").connect()

        # Connections per address are each process's (the proxy counts them for
        # the cluster): A has Ann's and Cy's, so two more fill it; B still has room.
        crowd = [await connect(url_a) for _ in range(2)]
        refused = await connect(url_a)
        assert await closed_with(refused) == 1013
        more = await connect(url_b)
        await asyncio.sleep(0.2)
        assert more.close_code is None  # open: B counts its own
        for ws in (*crowd, more):
            await ws.close()
        for s in (ann, bob, cy):
            await s.close()

    run_then_stop(go(), 90, a, b)
