"""Abuse below the messages: floods of control frames or of a message's pieces,
binary frames, and more connections than the process has file descriptors for.
Each is closed or refused, and the server goes on serving everyone else."""

from __future__ import annotations

import asyncio
import json
import os
import socket
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from game.online.protocol import VERSION
from game.online.session import Session
from tests.helpers import run

from .serving import serving

ROOT = Path(__file__).resolve().parents[2]
PING, PONG = 0x9, 0xA


async def closed_with(ws, timeout: float = 5.0) -> int:
    """Read until the server closes the connection; returns the close code."""
    with pytest.raises(ConnectionClosed) as info:
        while True:
            await asyncio.wait_for(ws.recv(), timeout)
    return info.value.rcvd.code if info.value.rcvd else -1


def frame(opcode: int, payload: bytes, fin: bool = True) -> bytes:
    """One client frame, masked with a zero key (the payload goes as it is)."""
    assert len(payload) < 126
    return bytes([(0x80 if fin else 0) | opcode, 0x80 | len(payload)]) + bytes(4) + payload


def raw_player(port: int, name: str) -> socket.socket:
    """A WebSocket connection by hand, hello said: free to send any frame at all."""
    s = socket.create_connection(("127.0.0.1", port), timeout=10)
    s.sendall(
        f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
        "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
        "Sec-WebSocket-Version: 13\r\n\r\n".encode()
    )
    head = b""
    while b"\r\n\r\n" not in head:
        head += s.recv(1)
    assert b" 101 " in head.split(b"\r\n")[0], head
    s.sendall(frame(0x1, json.dumps({"type": "hello", "v": VERSION, "name": name}).encode()))
    welcome = b""
    while b'"welcome"' not in welcome:  # a refused hello would close it for another reason
        welcome += s.recv(4096)
    return s


class Flooder:
    """Sends one kind of control frame as fast as the socket takes them, on a
    thread, and counts the bytes the server sends back until it hangs up."""

    def __init__(self, port: int, opcode: int) -> None:
        self.sock = raw_player(port, f"Flood{opcode}")
        self.back = bytearray()
        self.hung_up = threading.Event()
        self.burst = frame(opcode, b"x" * 125) * 1000
        threading.Thread(target=self._send, daemon=True).start()
        threading.Thread(target=self._read, daemon=True).start()

    def _send(self) -> None:
        try:
            while not self.hung_up.is_set():
                self.sock.sendall(self.burst)
        except OSError:
            pass

    def _read(self) -> None:
        try:
            while data := self.sock.recv(65536):
                self.back += data
        except OSError:
            pass
        self.hung_up.set()

    def close_code(self) -> int | None:
        """The code of the close frame among what came back (a close frame is
        0x88, its length, then the code)."""
        at = self.back.rfind(b"\x88")
        while at >= 0:
            if at + 4 <= len(self.back) and 2 <= self.back[at + 1] <= 125:
                return int.from_bytes(self.back[at + 2 : at + 4], "big")
            at = self.back.rfind(b"\x88", 0, at)
        return None


async def ping_times(session: Session, count: int) -> list[float]:
    """Round trips of ``ping`` messages, in seconds, within the message rate."""
    times = []
    for _ in range(count):
        start = time.perf_counter()
        await session.send("ping")
        await session.expect("pong", timeout=5)
        times.append(time.perf_counter() - start)
        await asyncio.sleep(0.06)
    return times


@pytest.mark.parametrize("opcode", [PING, PONG], ids=["pings", "unsolicited pongs"])
def test_a_control_frame_flood_is_closed_and_others_are_served(tmp_path, opcode):
    async def go():
        async with serving(tmp_path / "s.db") as (_server, url):
            healthy = Session(url, "Healthy")
            await healthy.connect()
            idle = statistics.median(await ping_times(healthy, 10))
            # The handshake is by hand, on a thread: the server runs on this loop.
            flooder = await asyncio.to_thread(Flooder, int(url.rsplit(":", 1)[1]), opcode)
            during = await ping_times(healthy, 10)
            # The flooder is cut off within its burst of frames (200): before,
            # it got a pong for each ping (some 10 MB a second) and was never
            # closed.
            hung_up = await asyncio.to_thread(flooder.hung_up.wait, 5)
            assert hung_up, f"not closed; {len(flooder.back)} bytes sent back"
            assert flooder.close_code() == 1008 and b"too many frames" in flooder.back
            assert len(flooder.back) < 64_000
            # Generous bounds for a shared machine: the healthy player is answered
            # as fast as when idle, give or take.
            assert statistics.median(during) < 2 * idle + 0.02, (idle, during)
            assert (await ping_times(healthy, 3))[-1] < 1.0

    run(go())


def test_a_message_in_many_pieces_counts_each_piece(tmp_path):
    async def go():
        async with serving(tmp_path / "s.db") as (_server, url):
            honest = Session(url, "Honest")
            await honest.connect()
            await honest.ws.send(['{"type":', '"ping"}'])  # in two pieces: served
            assert (await honest.recv(5))["type"] == "pong"
            split = Session(url, "Split")
            await split.connect()
            text = '{"type":"ping"' + " " * 380 + "}"
            # Before, 395 one-byte pieces were one message, answered by a pong.
            await split.ws.send(list(text))
            assert await closed_with(split.ws) == 1008
            await honest.send("ping")
            assert (await honest.recv(5))["type"] == "pong"

    run(go())


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
                await ws.send(json.dumps({"type": "hello", "v": VERSION, "name": "Bin"}).encode())
                assert "text frame" in json.loads(await ws.recv())["reason"]
                assert await closed_with(ws) == 1008

    run(go())


#: The server, with its descriptor limit lowered first (in the child: preexec_fn is
#: unsafe once this process has threads).
LOW_LIMIT_SERVER = (
    "import resource, runpy, sys;"
    "resource.setrlimit(resource.RLIMIT_NOFILE, (128, 128));"
    "sys.argv[0] = 'mosaic-server';"
    "runpy.run_module('game.online', run_name='__main__')"
)


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="no descriptor limit to lower")
def test_out_of_descriptors_the_server_refuses_with_1013_and_logs_little(tmp_path):
    """128 descriptors, 64 kept back: 64 connections, and the next are refused
    at once with 1013 (before, the cap of 4000 sat above the limit and a client
    hung). Sockets that never finish the handshake then use up the rest: accept()
    fails many times a second, and the log says so in a line or two, not a
    traceback each. Once they go, a player is served again."""
    log_path = tmp_path / "server.log"
    with open(log_path, "w") as log_file:
        proc = subprocess.Popen(
            [sys.executable, "-c", LOW_LIMIT_SERVER, "--port", "0", "--db", str(tmp_path / "s.db")],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=log_file,
            text=True,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
    try:
        line = proc.stdout.readline() if proc.stdout else ""
        assert "listening on" in line, log_path.read_text()
        url = line.rsplit(" ", 1)[1].strip()
        port = int(url.rsplit(":", 1)[1])

        async def go():
            held = [await connect(url) for _ in range(64)]
            start = time.monotonic()
            for _ in range(4):
                async with connect(url, open_timeout=5) as extra:
                    assert await closed_with(extra, 3) == 1013
            assert time.monotonic() - start < 4
            raw = [socket.create_connection(("127.0.0.1", port)) for _ in range(150)]
            await asyncio.sleep(1.0)
            for s in raw:
                s.close()
            for ws in held:
                await ws.close()
            healthy = Session(url, "Healthy")
            for _ in range(20):  # asyncio pauses accepting for a second after a failure
                try:
                    await healthy.connect(timeout=2)
                    break
                except Exception:
                    await asyncio.sleep(0.5)
            await healthy.send("ping")
            assert (await healthy.recv(5))["type"] == "pong"

        run(go())
    finally:
        proc.terminate()
        proc.wait(10)
    log = log_path.read_text()
    assert "at most 64 connections" in log
    assert "could not accept" in log
    assert "Traceback" not in log, log[:3000]
    assert len(log) < 50_000, len(log)
