"""A bot that plays on a Mosaic server with our AI, so a lone player always finds
a game: ``python -m game.online.bot --server ws://HOST:PORT --level Club``.

The bot keeps one seek of its own in the lobby, accepts other players' seeks
while it has room, and plays each game with the AI level asked for, thinking for
the level's own time or less when its clock runs low. The search runs in a
thread, so the connection keeps answering while the bot thinks. A lost
connection is retried with a growing pause; the bot's identity (its token) is
kept in a file so its rating carries over from one run to the next.

With ``--tournament ID`` the bot plays in that tournament instead of the lobby:
it joins (again, after a reconnection: a player who left is paused) and plays
every game the tournament pairs it in.

With ``--days N`` the bot plays correspondence games instead (N days a turn): its
seek and the seeks it accepts are correspondence ones, and whenever the server
lists its correspondence games it takes up each one it does not hold yet, so a
bot that was stopped for a while goes on with all of them when it comes back.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import random
import sys
import threading
from dataclasses import dataclass, field
from pathlib import Path

from game.ai.levels import Level, choose_turn, level
from game.ai.search import Searcher
from game.files import write_text
from game.rules import Board, RulesError

from .link import PING_EVERY
from .server_messages import GameState, ServerMessage
from .session import OnlineError, Session

log = logging.getLogger("mosaic.bot")


@dataclass
class BotGame:
    id: str
    color: int
    board: Board
    clocks: list[int]
    inc: int
    turns: list[str] = field(default_factory=list)
    thinking: bool = False
    # The number of turns the game had when the bot last sent one: until the server
    # echoes it, the board still shows the bot to move, and must not start a thought.
    answered: int = -1
    # One searcher for the whole game, as a player's AI keeps one: its tables (and
    # the compiled solver's, 16 MB to allocate) carry proofs from one turn to the next.
    # Each game has its own, because thoughts for different games run at once.
    searcher: Searcher = field(default_factory=Searcher, repr=False)
    # Set when the game ends or the bot stops: a thought still running gives up.
    ended: threading.Event = field(default_factory=threading.Event, repr=False)


def think_time(lvl: Level, board: Board, left_ms: int, inc_s: int) -> float:
    """Seconds to think: the level's own time, but never more than a thirtieth of
    the clock plus most of the increment, so the bot does not lose on time."""
    own = lvl.budget(board)
    return max(0.05, min(own, left_ms / 1000 / 30 + 0.8 * inc_s))


@dataclass
class Bot:
    session: Session
    lvl: Level
    side: int = 5
    base: int = 300
    inc: int = 3
    rated: bool = True
    most: int = 4  # games at once
    days: int | None = None  # correspondence games, this many days a turn
    tournament: str | None = None  # plays there, not in the lobby
    rng: random.Random = field(default_factory=random.Random)
    games: dict[str, BotGame] = field(default_factory=dict)
    seek: str | None = None
    finished: int = 0
    tasks: set[asyncio.Task[None]] = field(default_factory=set)  # thoughts in progress

    async def play(self, stop_after: int | None = None) -> None:
        """Play until the connection drops (raises :class:`OnlineError`) or until
        ``stop_after`` games have finished."""
        if self.tournament is not None:
            await self.session.send("enter", tournament=self.tournament)
        else:
            await self.session.send("lobby")  # the answer opens the bot's seek
        # The server closes a connection silent for two minutes; a bot waiting for
        # an opponent must say it is there.
        pinger = asyncio.create_task(self._ping())
        try:
            while stop_after is None or self.finished < stop_after:
                msg = await self.session.recv()
                await self.on(msg)
        finally:
            pinger.cancel()
            for g in self.games.values():
                g.ended.set()

    async def _ping(self) -> None:
        while True:
            await asyncio.sleep(PING_EVERY)
            await self.session.send("ping")

    async def _seek(self) -> None:
        if self.tournament is None and self.seek is None and len(self.games) < self.most:
            self.seek = ""  # asked for; the id arrives in "seeking"
            pace = {"days": self.days} if self.days else {"base": self.base, "inc": self.inc}
            await self.session.send("seek", side=self.side, rated=self.rated, **pace)

    async def on(self, msg: ServerMessage) -> None:
        if msg["type"] == "seeking":
            self.seek = msg["seek"]["id"]
        elif msg["type"] == "lobby" or msg["type"] == "seeks":
            lobby = msg["type"] == "lobby"
            listed = msg["seeks"] if msg["type"] == "lobby" else msg["added"]
            if lobby and self.seek is None:
                # A correspondence seek stays in the lobby while its player is away:
                # one of ours from before is taken up again, not doubled.
                name = self.session.player.get("name")
                own = [s for s in listed if s["name"] == name and ("days" in s) == bool(self.days)]
                if own:
                    self.seek = own[0]["id"]
            for s in listed:
                mine = s["id"] == self.seek or s["name"] == self.session.player.get("name")
                ours = ("days" in s) == (self.days is not None)  # the pace it plays
                if ours and not mine and len(self.games) + 1 < self.most:
                    await self.session.send("accept", seek=s["id"])
                    break
            if lobby:
                await self._seek()
        elif msg["type"] == "game":
            self._game(msg["game"])
        elif msg["type"] == "correspondence":
            for postal in msg["games"]:
                if postal["id"] not in self.games:  # its whole state comes in a "game"
                    await self.session.send("state", game=postal["id"])
        elif msg["type"] == "turn":
            g = self.games.get(msg["game"])
            if g is not None and msg["ply"] == len(g.turns):
                g.board.play(msg["turn"])
                g.turns.append(msg["turn"])
                g.clocks = msg["clocks"]
        elif msg["type"] == "over":
            if (over := self.games.pop(msg["game"], None)) is not None:
                over.ended.set()
                self.finished += 1
                log.info("game %s over: %s (%s)", msg["game"], msg["result"], msg["reason"])
            await self._seek()
        elif msg["type"] == "error":
            log.warning("server said: %s", msg.get("reason"))
            if msg.get("about") == "turn":
                # A turn the server did not take (it could not save it, or the game
                # moved on without us): the error names no game, so each game is
                # asked for again and played on from the server's board. Thinking
                # again from our own would send once more a turn whose echo may be
                # on its way, out of turn.
                for g in list(self.games.values()):
                    await self.session.send("state", game=g.id)
        self._think()

    def _think(self) -> None:
        """Start a thought for every game that waits for the bot and has none."""
        for g in list(self.games.values()):
            # A pass owed is the server's to play (its message follows the turn that
            # forced it): one sent here would come after it, out of turn.
            waiting = int(g.board.mover) == g.color and not g.board.is_game_over()
            waiting = waiting and not g.board.must_pass()
            if waiting and not g.thinking and g.answered != len(g.turns):
                g.thinking = True
                self.tasks.add(task := asyncio.create_task(self._move(g)))
                task.add_done_callback(self.tasks.discard)

    def _game(self, state: GameState) -> None:
        if state.get("result") is not None:
            return
        board = Board(size=state["side"])
        try:
            for text in state["turns"]:
                board.play(text)
        except RulesError as e:
            log.warning("game %s does not replay here: %s", state["id"], e)
            return
        old = self.games.get(state["id"])
        if old is not None and old.thinking and len(old.turns) == len(state["turns"]):
            return  # the same game again (after a reconnection): the thought goes on
        if self.seek and state.get("seek") == self.seek:
            self.seek = None  # our seek was taken
        game = BotGame(
            state["id"], state["you"], board, state["clocks"], state.get("inc", 0),
            list(state["turns"]),
        )  # fmt: skip
        if old is not None:
            old.ended.set()  # its thought, if any, is for a board that is gone
            # The tables go on with the game, unless that thought still holds them:
            # a searcher serves one search at a time (the compiled solver refuses a
            # second), so the new board starts a fresh one.
            if not old.thinking:
                game.searcher = old.searcher
        self.games[state["id"]] = game

    async def _move(self, g: BotGame) -> None:
        try:
            ply = len(g.turns)
            seconds = think_time(self.lvl, g.board, g.clocks[g.color], g.inc)
            board = g.board.copy()
            turn = await asyncio.to_thread(
                choose_turn,
                board,
                self.lvl,
                self.rng,
                searcher=g.searcher,
                seconds=seconds,
                stop=g.ended.is_set,
            )
            if turn is not None and self.games.get(g.id) is g and len(g.turns) == ply:
                g.answered = ply
                await self.session.send("turn", game=g.id, ply=ply, turn=board.notation(turn))
        finally:
            g.thinking = False
        # The answer to our turn can arrive while the send above is still draining;
        # if the opponent had to pass, the game already waits for us again, and no
        # message is coming to say so.
        self._think()
        await self._seek()


def load_token(path: Path) -> str | None:
    try:
        token = path.read_text(encoding="utf-8").strip()
    except OSError:
        return None
    return token or None


async def run(args: argparse.Namespace) -> int:
    lvl = level(args.level)
    token_file = Path(args.token_file or f"mosaic-bot-{lvl.name.lower()}.token")
    name = args.name or f"{lvl.name} bot"
    pause = 1.0
    played = 0
    for _attempt in range(args.retries + 1):
        session = Session(args.server, name, load_token(token_file))
        try:
            await session.connect()
            if session.token:
                write_text(token_file, session.token + "\n")
            log.info("connected as %s (rating %s)", name, session.player.get("rating"))
            pause = 1.0
            bot = Bot(
                session, lvl, args.side, args.base, args.inc, not args.casual, args.games,
                days=args.days, tournament=args.tournament,
            )  # fmt: skip
            await bot.play(None if args.stop_after is None else args.stop_after - played)
            played += bot.finished
            await session.close()
            return 0
        except OnlineError as e:
            log.warning("%s; trying again in %.0f s", e, pause)
        finally:
            with contextlib.suppress(Exception):
                await session.close()
        await asyncio.sleep(pause)
        pause = min(60.0, pause * 2)
    print(f"mosaic bot: gave up after {args.retries} retries", file=sys.stderr)
    return 1


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        prog="python -m game.online.bot", description=__doc__.split("\n\n")[0]
    )
    ap.add_argument("--server", required=True, help="ws://host:port of the server")
    ap.add_argument("--level", default="Club", help="AI level (Beginner ... Master)")
    ap.add_argument("--name", help="display name (default: '<Level> bot')")
    ap.add_argument("--token-file", help="where the bot keeps its identity")
    ap.add_argument("--side", type=int, default=5, help="board side of its own seek")
    ap.add_argument("--base", type=int, default=300, help="its seek's base time, seconds")
    ap.add_argument("--inc", type=int, default=3, help="its seek's increment, seconds")
    ap.add_argument("--casual", action="store_true", help="seek unrated games")
    ap.add_argument(
        "--days", type=int, choices=(1, 3, 7), help="play correspondence games, days a turn"
    )
    ap.add_argument("--tournament", help="play in this tournament (its id), not the lobby")
    ap.add_argument("--games", type=int, default=4, help="games at once")
    ap.add_argument("--stop-after", type=int, help="stop after this many finished games")
    ap.add_argument("--retries", type=int, default=1000, help="reconnections before giving up")
    args = ap.parse_args(argv)
    try:
        level(args.level)
    except ValueError as e:
        ap.error(str(e))
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    try:
        return asyncio.run(run(args))
    except KeyboardInterrupt:
        return 0


if __name__ == "__main__":
    sys.exit(main())
