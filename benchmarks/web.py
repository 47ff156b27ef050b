"""The server's HTTP face under the two loads of issue 41, on the loopback address only.

    python benchmarks/web.py [--seconds 5] [--threads 3] [--followers 15]

Starts ``mosaic-server`` in its own process on a fresh database, seats two
players in a game and plays a few turns, then measures:

- **a record flood**: ``--threads`` threads asking for the game's record as
  fast as they can for ``--seconds``, once with ``Upgrade: websocket`` (which
  used to skip the per-address limit: 4,337 records in 5 s, the server at 92%
  of a core) and once without, the baseline in the same run. Printed: answers
  by status, records sent, and the server's CPU in % of one core (from /proc);
- **followers behind one address**: ``--followers`` game pages following the
  game as ``game.js`` does (every 3 s, with the record's ``ETag``) while a turn
  is played every 5 s, for 30 s. Printed: answers by status; a 429 means the
  followers were refused.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.online.session import Session
from game.rules import Board
from tests.online.serving import ask_now


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def flood(port: int, path: str, headers: dict[str, str], threads: int, seconds: float):
    """Statuses and records sent while ``threads`` threads ask without pause."""
    counts: collections.Counter[int] = collections.Counter()
    records = 0
    lock = threading.Lock()
    end = time.monotonic() + seconds

    def run() -> None:
        nonlocal records
        while time.monotonic() < end:
            got = ask_now(port, path, **headers)
            with lock:
                counts[got.status] += 1
                records += b'"turns"' in got.body

    pool = [threading.Thread(target=run) for _ in range(threads)]
    for t in pool:
        t.start()
    for t in pool:
        t.join()
    return counts, records


async def seat(url: str) -> tuple[dict[int, Session], dict, Board]:
    a, b = Session(url, "Ann"), Session(url, "Bob")
    await a.connect()
    await b.connect()
    await a.send("challenge", side=5, base=600, inc=5, rated=False)
    code = (await a.expect("challenge"))["code"]
    await b.send("join", code=code)
    game = (await a.expect("game"))["game"]
    await b.expect("game")
    return {game["you"]: a, 1 - game["you"]: b}, game, Board(size=5)


async def play(sessions: dict[int, Session], game: dict, board: Board) -> None:
    """The mover plays its first legal turn, and both hear of it."""
    turn = board.legal_turns()[0]
    mover = sessions[int(board.mover)]
    await mover.send("turn", game=game["id"], ply=len(board.turn_stack), turn=board.notation(turn))
    while True:
        msg = await sessions[0].recv(10)
        if msg["type"] == "turn":
            board.play(msg["turn"])
            if not board.must_pass():
                return


async def follow(
    port: int, path: str, followers: int, played: tuple[dict[int, Session], dict, Board]
) -> collections.Counter:
    sessions, game, board = played
    counts: collections.Counter[int] = collections.Counter()
    tags: list[str] = [""] * followers
    end = time.monotonic() + 30

    async def one(i: int) -> None:
        await asyncio.sleep(3 * i / followers)  # the pages were opened at different times
        while time.monotonic() < end:
            headers = {"If_None_Match": tags[i]} if tags[i] else {}
            got = await asyncio.to_thread(ask_now, port, path, **headers)
            counts[got.status] += 1
            tags[i] = got.headers.get("etag", tags[i])
            await asyncio.sleep(3)

    async def turns() -> None:
        while time.monotonic() < end:
            await asyncio.sleep(5)
            await play(sessions, game, board)

    await asyncio.gather(turns(), *(one(i) for i in range(followers)))
    return counts


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=5.0)
    ap.add_argument("--threads", type=int, default=3)
    ap.add_argument("--followers", type=int, default=15)
    args = ap.parse_args()
    server = shutil.which("mosaic-server", path=str(Path(sys.executable).parent)) or "mosaic-server"
    with tempfile.TemporaryDirectory() as tmp:
        proc = subprocess.Popen(
            [server, "--port", "0", "--db", str(Path(tmp) / "s.db")],
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
        try:
            line = proc.stdout.readline() if proc.stdout else ""
            url = line.rsplit(" ", 1)[1].strip()
            port = int(url.rsplit(":", 1)[1])

            async def go() -> None:
                sessions, game, board = await seat(url)
                for _ in range(4):
                    await play(sessions, game, board)
                path = f"/games/{game['id']}.json"
                print(f"record flood, {args.threads} threads, {args.seconds:g} s each:")
                for label, headers in (
                    ("plain (baseline)", {}),
                    ("Upgrade: websocket", {"Upgrade": "websocket"}),
                ):
                    await asyncio.sleep(max(5.0, 100 / 50))  # the address's buckets refill
                    before, t0 = cpu_seconds(proc.pid), time.monotonic()
                    counts, records = await asyncio.to_thread(
                        flood, port, path, headers, args.threads, args.seconds
                    )
                    cpu = (cpu_seconds(proc.pid) - before) / (time.monotonic() - t0) * 100
                    shown = ", ".join(f"{k}: {v}" for k, v in sorted(counts.items()))
                    print(f"  {label:<20} {shown}; {records} records sent; server CPU {cpu:.0f}%")
                await asyncio.sleep(5)
                counts = await follow(port, path, args.followers, (sessions, game, board))
                shown = ", ".join(f"{k}: {v}" for k, v in sorted(counts.items()))
                print(f"{args.followers} followers behind one address, 30 s,", end=" ")
                print(f"a turn every 5 s: {shown}")

            asyncio.run(go())
        finally:
            proc.terminate()
            proc.wait(10)


if __name__ == "__main__":
    main()
