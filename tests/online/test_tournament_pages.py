"""The tournament pages in headless Chromium, at a phone's width and a
desktop's: nothing sticks out, and the standings' points keep their column.
``MOSAIC_SCREENSHOTS=folder`` keeps the screenshots."""

from __future__ import annotations

import asyncio
import os
import time
from pathlib import Path

import pytest

from game.online.limits import Limits
from game.online.tournament_rules import ARENA, SWISS
from game.online.tournament_store import Tournament

from .browser import CHROMIUM, SKIP_REASON, chromium
from .serving import serving
from .test_pages import LONG, OVERFLOW, WIDE
from .tourney_checks import until_over
from .tourney_players import Scripted


@pytest.mark.skipif(CHROMIUM is None, reason=SKIP_REASON)
@pytest.mark.slow
def test_the_tournament_pages_fit_a_phone_and_a_desktop(tmp_path):
    async def go():
        async with serving(tmp_path / "s.db", Limits(sweep=0.02, signups=0)) as (server, url):
            server.tournaments.every = 0.05
            db = server.tournaments.db
            swiss = await db.create(
                Tournament("", "Winter Swiss of the Mosaic club", SWISS, 3, 60, 0, True,
                           time.time() + 0.3, rounds=3, provisional=16)
            )  # fmt: skip
            names = [WIDE, LONG] + [f"Player {i}" for i in range(7)]
            players = [Scripted(url, n, swiss.id, seed=i) for i, n in enumerate(names)]
            for p in players:
                await p.start()
            await until_over(server.store, swiss.id)
            arena = await db.create(
                Tournament("", "Hourly arena", ARENA, 4, 180, 2, False, time.time(),
                           minutes=60, provisional=16)
            )  # fmt: skip
            for p in players:
                await p.session.send("enter", tournament=arena.id)
            await asyncio.sleep(2.0)  # a few games played
            await db.create(
                Tournament("", "Sunday Swiss", SWISS, 5, 300, 3, True, time.time() + 86400,
                           rounds=5)
            )  # fmt: skip
            base = url.replace("ws://", "http://")
            shots = os.environ.get("MOSAIC_SCREENSHOTS")
            async with chromium() as tab:
                for width, height in ((390, 844), (1280, 800)):
                    await tab.size(width, height)
                    for page, path in (
                        ("swiss", f"/tournaments/{swiss.id}"),
                        ("arena", f"/tournaments/{arena.id}"),
                        ("list", "/tournaments"),
                    ):
                        await tab.open(base + path)
                        if shots:
                            shot = Path(shots) / f"web-tournament-{page}-{width}.png"
                            await tab.screenshot(shot, None)
                        assert await tab.eval(OVERFLOW) <= 0, (page, width)
                        if page != "list":
                            points = "document.querySelector('.standings th:nth-child(3)')"
                            assert await tab.eval(points + ".textContent") == "Points"
                            right = await tab.eval(points + ".getBoundingClientRect().right")
                            assert right <= width, (page, width, right)
            for p in players:
                await p.stop()

    asyncio.run(asyncio.wait_for(go(), 120))
