"""The bot's side of a game, against a scripted server that answers at the worst
moment: while the bot's own turn is still being sent."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from typing import Any, ClassVar

from game.ai.levels import level
from game.online.bot import Bot
from game.rules import Board

# A side-3 game in which Red, to move, has four turns, and each of them leaves Blue
# no turn: the server then plays Blue's pass and it is Red's turn again.
BEFORE = [
    "a1", "a2", "a3", "d4", "e1", "b4", "c5", "b1", "xa2", "b3", "xb4", "d2",
    "e3", "d1", "c2", "e2", "d3", "xd3", "c4", "xc2", "xd4", "xc4", "c1", "b2",
]  # fmt: skip


class SlowServer:
    """Plays the server's part of one game for a bot: it echoes each turn, and any
    pass the opponent is forced into, *before* the bot's send returns."""

    def __init__(self) -> None:
        self.inbox: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.player = {"name": "Beginner bot"}
        self.board = Board(size=3)
        for text in BEFORE:
            self.board.play(text)
        self.turns: list[tuple[int, str]] = []

    def start(self) -> None:
        self.inbox.put_nowait(
            {
                "type": "game",
                "game": {
                    "id": "g1",
                    "you": 0,
                    "side": 3,
                    "turns": list(BEFORE),
                    "clocks": [60_000, 60_000],
                    "inc": 0,
                    "result": None,
                },
            }
        )

    async def send(self, kind: str, **fields: Any) -> None:
        if kind != "turn":
            return
        ply, text = fields["ply"], fields["turn"]
        self.turns.append((ply, text))
        if ply != len(self.board.turn_stack):
            self.inbox.put_nowait({"type": "error", "reason": "not the next turn", "about": "turn"})
            return
        self.board.play(text)
        played = [text]
        while self.board.must_pass():
            self.board.play("pass")
            played.append("pass")
        for i, t in enumerate(played):
            self.inbox.put_nowait(
                {"type": "turn", "game": "g1", "ply": ply + i, "turn": t, "clocks": [1, 1]}
            )
        if len(self.turns) == 2:
            self.inbox.put_nowait(
                {"type": "over", "game": "g1", "result": "red", "reason": "test over"}
            )
        # A slow network: the bot reads the echo before this send returns.
        for _ in range(20):
            await asyncio.sleep(0)

    async def recv(self, timeout: float | None = None) -> dict[str, Any]:
        return await self.inbox.get()


def test_the_bot_moves_again_when_its_turn_made_the_opponent_pass():
    async def go():
        server = SlowServer()
        bot = Bot(server, level("Beginner"), side=3, base=60, inc=0)  # type: ignore[arg-type]
        server.start()
        await asyncio.wait_for(bot.play(stop_after=1), 20)
        return server

    server = asyncio.run(go())
    plies = [ply for ply, _ in server.turns]
    # One turn, Blue's forced pass, and the bot's next turn: each sent once.
    assert plies == [len(BEFORE), len(BEFORE) + 2], server.turns
    # Both were legal where they were played: the server's board took them.
    assert len(server.board.turn_stack) >= len(BEFORE) + 3


def test_the_bot_keeps_one_searcher_for_a_game_between_its_turns(monkeypatch):
    import game.online.bot as bot_module

    used = []
    real = bot_module.choose_turn

    def spy(*args, **kwargs):
        used.append(kwargs["searcher"])
        return real(*args, **kwargs)

    monkeypatch.setattr(bot_module, "choose_turn", spy)

    async def go():
        server = SlowServer()
        # Club searches (Beginner may pick at random without one).
        bot = Bot(server, level("Club"), side=3, base=60, inc=0)  # type: ignore[arg-type]
        server.start()
        await asyncio.wait_for(bot.play(stop_after=1), 20)

    asyncio.run(go())
    assert len(used) == 2, used
    assert used[0] is used[1]
    # The table the first turn filled was there for the second.
    assert used[1].nodes > 0


def test_a_thought_stops_when_its_game_ends():
    # A side-5 middle game Master would think about for a long time.
    import random

    board = Board()
    rng = random.Random(5)
    for _ in range(8):
        board.push(rng.choice(board.legal_turns()))

    class Quiet:
        player: ClassVar = {"name": "Master bot"}

        async def send(self, kind: str, **fields: Any) -> None:
            self.sent = (kind, fields)

    async def go():
        # Master given a minute and a half a turn, and the clock to afford it, with
        # no cap: capped at its own 0.85 s, the thought was sometimes over before
        # the half-second wait below ended.
        slow = replace(level("Master"), seconds=90.0, max_seconds=None)
        bot = Bot(Quiet(), slow)  # type: ignore[arg-type]
        state = {
            "id": "g1",
            "you": int(board.mover),
            "side": 5,
            "turns": [board.notation(t) for t in board.turn_stack],
            "clocks": [3_600_000, 3_600_000],
            "inc": 600,
            "result": None,
        }
        bot._game(state)
        bot._think()
        (task,) = bot.tasks
        await asyncio.sleep(0.5)
        assert not task.done()  # thinking for a minute and a half
        await bot.on({"type": "over", "game": "g1", "result": "red", "reason": "resigned"})
        # The thought gives up at once: the game it was for is over.
        await asyncio.wait_for(task, 20)
        return bot

    bot = asyncio.run(go())
    assert not bot.games and bot.finished == 1


def test_a_game_sent_again_while_a_thought_runs_gets_a_searcher_of_its_own():
    """A searcher serves one search at a time: the game that replaces a game
    still being thought about must not share the thought's searcher."""

    class Quiet:
        player: ClassVar = {"name": "Club bot"}

        async def send(self, kind: str, **fields: Any) -> None:
            pass

    bot = Bot(Quiet(), level("Club"))  # type: ignore[arg-type]
    state = {
        "id": "g1", "you": 0, "side": 3, "turns": [], "clocks": [60_000, 60_000],
        "inc": 0, "result": None,
    }  # fmt: skip
    bot._game(state)
    first = bot.games["g1"]
    first.thinking = True  # a thought is under way for it
    bot._game({**state, "turns": ["a1"]})  # the server says the game moved on
    second = bot.games["g1"]
    assert first.ended.is_set() and second.searcher is not first.searcher
    first.thinking = False
    bot._game({**state, "turns": ["a1", "e1"]})  # no thought now: the tables go on
    assert bot.games["g1"].searcher is second.searcher


def test_the_bot_never_sends_the_pass_the_server_plays_for_it():
    """Issue 54: the bot logged "server said: it is not your turn" around a pass.
    When the opponent's turn leaves the bot no turn, the server plays the bot's
    pass itself and says so in a second message; a bot that read the first alone
    saw itself to move, chose the pass at once and sent it, too late."""

    class Quiet:
        player: ClassVar = {"name": "Beginner bot"}

        def __init__(self) -> None:
            self.sent: list[tuple[str, dict[str, Any]]] = []

        async def send(self, kind: str, **fields: Any) -> None:
            self.sent.append((kind, fields))

    board = Board(size=3)
    for text in BEFORE:
        board.play(text)
    red = board.notation(board.legal_turns()[0])  # each leaves Blue no turn
    board.play(red)
    assert board.must_pass()

    async def go() -> Quiet:
        server = Quiet()
        bot = Bot(server, level("Beginner"), side=3, base=60, inc=0)  # type: ignore[arg-type]
        state = {
            "id": "g1", "you": 1, "side": 3, "turns": list(BEFORE),
            "clocks": [60_000, 60_000], "inc": 0, "result": None,
        }  # fmt: skip
        await bot.on({"type": "game", "game": state})
        ply = len(BEFORE)
        await bot.on({"type": "turn", "game": "g1", "ply": ply, "turn": red, "clocks": [1, 1]})
        for _ in range(50):  # the pass's message is slow to come: any thought ends first
            await asyncio.sleep(0.01)
            if bot.tasks:
                await asyncio.wait(bot.tasks)
        assert [k for k, _ in server.sent if k == "turn"] == []
        turn = {"type": "turn", "game": "g1", "ply": ply + 1, "turn": "pass", "clocks": [1, 1]}
        await bot.on(turn)
        assert int(bot.games["g1"].board.mover) == 0 and not bot.tasks  # Red's turn again
        return server

    assert [k for k, _ in asyncio.run(go()).sent if k == "turn"] == []


def test_a_refused_turn_asks_for_the_games_again_rather_than_playing_twice():
    """An error about a turn names no game: the bot once thought again in every
    game, and sent a second turn where its first was still on its way (the server
    then said "it is not your turn"). It asks the server for each game instead."""

    class Quiet:
        player: ClassVar = {"name": "Beginner bot"}

        def __init__(self) -> None:
            self.sent: list[tuple[str, dict[str, Any]]] = []

        async def send(self, kind: str, **fields: Any) -> None:
            self.sent.append((kind, fields))

    async def go() -> Quiet:
        server = Quiet()
        bot = Bot(server, level("Beginner"), side=3, base=60, inc=0)  # type: ignore[arg-type]
        state = {
            "id": "g1", "you": 0, "side": 3, "turns": [],
            "clocks": [60_000, 60_000], "inc": 0, "result": None,
        }  # fmt: skip
        await bot.on({"type": "game", "game": state})
        await asyncio.wait(bot.tasks)
        assert [k for k, _ in server.sent] == ["turn", "seek"]  # its echo not come yet
        await bot.on({"type": "error", "reason": "it is not your turn", "about": "turn"})
        await asyncio.sleep(0.1)
        if bot.tasks:
            await asyncio.wait(bot.tasks)
        return server

    sent = asyncio.run(go()).sent
    assert [k for k, _ in sent] == ["turn", "seek", "state"]
    assert sent[-1][1] == {"game": "g1"}
