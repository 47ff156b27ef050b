"""What tests in several folders share, in one place and free of pygame: running a
coroutine, the shipped puzzle packs, a small pack of one known puzzle, and a
stand-in for the client's line to a server with a game state to open."""

from __future__ import annotations

import asyncio
import functools
import json
from collections.abc import Coroutine
from pathlib import Path
from typing import Any, TypeVar

from game import paths
from game.puzzles import Pack, load_packs

#: A side-4 position whose best flip turn, xc1xc2xd3xd4, takes 4 tiles; other orders
#: and first flips take 3 or fewer.
CHAIN = "BBRR/RBBBR/BBRBBB/RRBBRBB/2RBBB/BBBBR/RBRB r"
CHAIN_ANSWER = "xc1xc2xd3xd4"

T = TypeVar("T")


def run(coro: Coroutine[Any, Any, T], timeout: float = 60) -> T:
    """Run ``coro`` to its end on a fresh event loop; a hang fails after ``timeout`` s
    rather than stalling the whole run."""
    return asyncio.run(asyncio.wait_for(coro, timeout))


@functools.cache
def shipped_packs() -> tuple[Pack, ...]:
    """The packs the game ships, read once: loading them takes a while and no test
    changes them."""
    packs, problems = load_packs(paths.puzzles(), prove=False)
    assert problems == []
    return tuple(packs)


def write_packs(folder: Path) -> Path:
    """A good pack of two copies of the CHAIN puzzle, and a broken pack, in ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    puzzle = {
        "id": "p1",
        "fen": CHAIN,
        "goal": "most",
        "solution": CHAIN_ANSWER,
        "rating": 900,
        "themes": [],
        "source": "a test",
    }
    pack = {
        "format": 1,
        "id": "test",
        "title": "Test Pack",
        "description": "For tests.",
        "puzzles": [puzzle, {**puzzle, "id": "p2"}],
    }
    (folder / "01-test.json").write_text(json.dumps(pack))
    (folder / "02-broken.json").write_text('{"format": 1, "id": "x"')
    return folder


class QuietLink:
    """A line to a server that keeps what is sent and never hears anything back."""

    url = "ws://192.168.1.5:8765"
    site = None  # a server that gives no public address: the page is where it is

    def __init__(self) -> None:
        self.sent: list[tuple[str, dict[str, Any]]] = []

    def send(self, kind: str, **fields: Any) -> None:
        self.sent.append((kind, fields))

    def poll(self) -> list[dict[str, Any]]:
        return []


def game_state(side: int = 3) -> dict[str, Any]:
    """A server's state of a new unrated game between Ann (Red, you) and Bob."""
    players = [
        {"name": "Ann", "rating": 1500, "connected": True},
        {"name": "Bob", "rating": 1500, "connected": True},
    ]
    return {
        "id": "g1", "side": side, "you": 0, "players": players, "base": 60, "inc": 0,
        "rated": False, "turns": [], "clocks": [60_000, 60_000], "running": 0,
    }  # fmt: skip


def write_golden(path: Path, text: str) -> None:
    """Write a golden file of tests/golden whole or not at all: a generator stopped
    half-way (they take minutes) leaves the file it was replacing."""
    path.parent.mkdir(exist_ok=True)
    temporary = path.with_suffix(".tmp")
    temporary.write_text(text)
    temporary.replace(path)
