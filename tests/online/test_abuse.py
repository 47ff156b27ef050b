"""Abuse below the messages: binary frames. Each is closed or refused, and the
server goes on serving everyone else."""

from __future__ import annotations

import asyncio
import json

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from game.online.session import Session

from .serving import serving


def run(coro):
    return asyncio.run(asyncio.wait_for(coro, 60))


async def closed_with(ws, timeout: float = 5.0) -> int:
    """Read until the server closes the connection; returns the close code."""
    with pytest.raises(ConnectionClosed) as info:
        while True:
            await asyncio.wait_for(ws.recv(), timeout)
    return info.value.rcvd.code if info.value.rcvd else -1


def test_a_binary_frame_is_refused_whatever_it_holds(tmp_path):
    async def go():
        async with serving(tmp_path / "s.db") as (_server, url):
            ann = Session(url, "Ann")
            await ann.connect()
            await ann.ws.send(b'{"type":"ping"}')  # valid JSON, but not text
            answer = await ann.recv(5)
            assert answer["type"] == "error" and "text frame" in answer["reason"], answer
            await ann.send("ping")
            assert (await ann.recv(5))["type"] == "pong"  # the connection stays open
            async with connect(url) as ws:  # nor is a hello said in binary
                await ws.send(json.dumps({"type": "hello", "v": 1, "name": "Bin"}).encode())
                assert "text frame" in json.loads(await ws.recv())["reason"]
                assert await closed_with(ws) == 1008

    run(go())
