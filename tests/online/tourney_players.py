"""Scripted tournament players for the tests: each joins a tournament, plays
random legal turns in every game it is paired in and resigns some of them
part-way (so that results vary and games are short), and keeps the last
standings it heard."""

from __future__ import annotations

import asyncio
import contextlib
import random
from dataclasses import dataclass, field
from typing import Any

from game.ai.levels import level
from game.online.bot import Bot
from game.online.session import OnlineError, Session
from game.rules import Board


@dataclass
class Scripted:
    url: str
    name: str
    tournament: str
    seed: int
    session: Session | None = None
    boards: dict[str, Board] = field(default_factory=dict)
    colours: dict[str, int] = field(default_factory=dict)
    #: Turns after which this player resigns each game (a few are played out).
    quits: dict[str, int] = field(default_factory=dict)
    standings: dict[str, Any] | None = None
    errors: list[str] = field(default_factory=list)
    games: set[str] = field(default_factory=set)
    task: asyncio.Task[None] | None = None

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)

    async def start(self) -> None:
        self.session = Session(self.url, self.name)
        await self.session.connect()
        await self.session.send("enter", tournament=self.tournament)
        self.task = asyncio.create_task(self._run())
        self.nudger = asyncio.create_task(self._nudge())

    async def stop(self) -> None:
        for task in (self.task, getattr(self, "nudger", None)):
            if task:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, OnlineError):
                    await task
        if self.session:
            with contextlib.suppress(Exception):
                await self.session.close()

    async def _run(self) -> None:
        assert self.session is not None
        while True:
            try:
                msg = await self.session.recv()
            except OnlineError:
                return
            await self.on(msg)

    async def on(self, msg: dict[str, Any]) -> None:
        kind = msg["type"]
        if kind == "standings":
            self.standings = msg["tournament"]
        elif kind == "game":
            g = msg["game"]
            if g.get("result") is not None:
                return
            board = Board(size=g["side"])
            for t in g["turns"]:
                board.play(t)
            self.boards[g["id"]] = board
            self.colours[g["id"]] = g["you"]
            self.games.add(g["id"])
            self.quits.setdefault(g["id"], self.rng.choice([2, 4, 6, 8, 99]))
            await self._move(g["id"])
        elif kind == "turn":
            board = self.boards.get(msg["game"])
            if board is not None and msg["ply"] == len(board.turn_stack):
                board.play(msg["turn"])
                await self._move(msg["game"])
        elif kind == "over":
            self.boards.pop(msg["game"], None)
        elif kind == "error":
            self.errors.append(msg["reason"])

    async def _nudge(self) -> None:
        """A game that has waited for this player a second, its turn sent and
        not heard back (the database restarted, say), is asked for again."""
        seen: dict[str, int] = {}
        while True:
            await asyncio.sleep(1.0)
            for gid, board in list(self.boards.items()):
                ply = len(board.turn_stack)
                ours = int(board.mover) == self.colours.get(gid) and not board.is_game_over()
                if ours and seen.get(gid) == ply:
                    await self.session.send("state", game=gid)  # type: ignore[union-attr]
                seen[gid] = ply

    async def _move(self, gid: str) -> None:
        board = self.boards[gid]
        if board.is_game_over() or int(board.mover) != self.colours[gid] or board.must_pass():
            return  # a pass is the server's to play
        assert self.session is not None
        if len(board.turn_stack) >= self.quits[gid]:
            await self.session.send("resign", game=gid)
            return
        turn = self.rng.choice(board.legal_turns())
        await self.session.send(
            "turn", game=gid, ply=len(board.turn_stack), turn=board.notation(turn)
        )


class Bots:
    """The server's own bot (game/online/bot.py) at its quickest level, a few of
    them, each in the tournament on its own connection."""

    def __init__(self) -> None:
        self.running: list[tuple[Session, asyncio.Task[None]]] = []

    async def start(self, url: str, tid: str, count: int, first: int = 0) -> None:
        for i in range(first, first + count):
            session = Session(url, f"Beginner bot {i}")
            await session.connect()
            bot = Bot(session, level("Beginner"), tournament=tid, rng=random.Random(i))
            self.running.append((session, asyncio.create_task(bot.play())))

    async def stop(self) -> None:
        for session, task in self.running:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, OnlineError):
                await task
            await session.close()
