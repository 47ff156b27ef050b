"""The AI in its own process, so the client's render loop never waits on a search.

    worker = AIWorker()
    rid = worker.request(board.mfen(), "Club")     # returns at once
    ...                                            # every frame:
    for answer in worker.poll():                   # never blocks
        if answer.error: show(answer.error) else: play(answer.turn)

One long-lived process, started with the ``spawn`` method so it behaves the same
on every system and in a frozen build (whose entry point must call
``multiprocessing.freeze_support()`` first). Every request has an id; the id of
the newest request lives in shared memory, so a newer request or a
:meth:`AIWorker.cancel` both stops the search under way and makes any answer to
an older request stale (:meth:`AIWorker.poll` drops it). If the process dies,
the pending request is answered with an error and the next request starts a
fresh process.
"""

from __future__ import annotations

import multiprocessing as mp
import queue
import random
import time
from dataclasses import dataclass

from game.rules import Board, RulesError

from .levels import choose_turn, level
from .search import Searcher


@dataclass(frozen=True)
class Answer:
    id: int
    mfen: str
    turn: str | None = None  # turn text, None with an error
    error: str | None = None


def _serve(requests, answers, latest) -> None:
    """The worker process's loop (module level, so ``spawn`` can import it)."""
    searcher = Searcher()
    rng = random.Random()
    while True:
        msg = requests.get()
        if msg is None:
            return
        rid, mfen, level_name, seconds = msg
        if latest.value != rid:
            continue  # superseded before it started
        try:
            board = Board(mfen)
            turn = choose_turn(
                board,
                level(level_name),
                rng,
                searcher=searcher,
                seconds=seconds,
                stop=lambda rid=rid: latest.value != rid,
            )
            answer = (rid, mfen, None if turn is None else board.notation(turn), None)
            if turn is None:
                answer = (rid, mfen, None, "the game is over")
        except RulesError as exc:
            answer = (rid, mfen, None, str(exc))
        if latest.value == rid:
            answers.put(answer)


class AIWorker:
    """A handle on the AI process. Not thread-safe: use it from one thread."""

    def __init__(self) -> None:
        self._ctx = mp.get_context("spawn")
        self._latest = self._ctx.Value("q", 0, lock=False)
        self._proc = None
        self._requests = None
        self._answers = None
        self._next_id = 0
        self._pending: tuple[int, str] | None = None

    @property
    def alive(self) -> bool:
        return self._proc is not None and self._proc.is_alive()

    @property
    def busy(self) -> bool:
        """A request is waiting for its answer."""
        return self._pending is not None

    def start(self) -> None:
        if self.alive:
            return
        self._requests = self._ctx.Queue()
        self._answers = self._ctx.Queue()
        self._proc = self._ctx.Process(
            target=_serve,
            args=(self._requests, self._answers, self._latest),
            name="mosaic-ai",
            daemon=True,
        )
        self._proc.start()

    def request(self, mfen: str, level: str = "Master", seconds: float | None = None) -> int:
        """Ask for the turn ``level`` would play in ``mfen`` (also for hints: "what
        would Master play here?"). Supersedes any earlier request. Returns its id."""
        self.start()
        self._next_id += 1
        rid = self._next_id
        self._latest.value = rid
        self._pending = (rid, mfen)
        self._requests.put((rid, mfen, level, seconds))
        return rid

    def cancel(self) -> None:
        """Drop the pending request: its search stops and its answer never comes."""
        self._latest.value = 0
        self._pending = None

    def poll(self) -> list[Answer]:
        """Answers that arrived for the current request (never blocks)."""
        out = []
        while self._answers is not None:
            try:
                rid, mfen, turn, error = self._answers.get_nowait()
            except queue.Empty:
                break
            if self._pending is not None and rid == self._pending[0]:
                out.append(Answer(rid, mfen, turn, error))
                self._pending = None
        if self._pending is not None and self._proc is not None and not self._proc.is_alive():
            rid, mfen = self._pending
            self._pending = None
            self._proc = None
            out.append(Answer(rid, mfen, None, "the AI process stopped unexpectedly; try again"))
        return out

    def wait(self, timeout: float) -> list[Answer]:
        """Poll until an answer comes or ``timeout`` seconds pass (for scripts and tests)."""
        end = time.monotonic() + timeout
        while True:
            got = self.poll()
            if got or self._pending is None or time.monotonic() > end:
                return got
            time.sleep(0.01)

    def close(self) -> None:
        if self._proc is not None:
            if self._proc.is_alive():
                self._requests.put(None)
                self._proc.join(timeout=2)
                if self._proc.is_alive():
                    self._proc.kill()
            self._proc = None
        self._pending = None

    def __enter__(self) -> AIWorker:
        return self

    def __exit__(self, *exc) -> None:
        self.close()
