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
an older request stale (:meth:`AIWorker.poll` drops it).

While the player thinks in an ending, :meth:`AIWorker.ponder` lets the process
prove what it can for Master's next turn (:mod:`.ponder`): it answers nothing,
and the next request stops it at once.

The process never outlives the game: it watches its parent and exits as soon as
the parent is gone, even if the parent was killed outright. If the process dies,
the pending request is answered with an error and the next request starts a
fresh process, after a pause that doubles with each death in a row; after
:data:`MAX_RESTARTS` deaths in a row the worker gives up and says so.
"""

from __future__ import annotations

import gc
import multiprocessing as mp
import multiprocessing.connection
import os
import queue
import random
import threading
import time
from dataclasses import dataclass

from game.rules import Board, RulesError

from .analysis import judge
from .levels import choose_turn, level
from .ponder import PONDER_SECONDS, ponder
from .search import Searcher


@dataclass(frozen=True)
class Answer:
    id: int
    mfen: str
    turn: str | None = None  # turn text, None with an error
    error: str | None = None
    #: For a judgement (:meth:`AIWorker.judge`): loss, label, exact and the scores.
    verdict: dict | None = None


#: Deaths in a row after which the worker stops restarting its process.
MAX_RESTARTS = 4
#: The pause before the first restart; it doubles with each further death in a row.
FIRST_BACKOFF = 0.25
#: The pause after an answer that lets it leave before garbage is collected.
SEND_PAUSE = 0.002


def exit_with_parent() -> None:
    """In the worker process: exit the moment the parent process is gone. The
    sentinel becomes ready when the parent exits for any reason, SIGKILL included."""
    parent = mp.parent_process()
    if parent is None:
        return

    def watch() -> None:
        multiprocessing.connection.wait([parent.sentinel])
        os._exit(0)

    threading.Thread(target=watch, name="mosaic-ai-lifeline", daemon=True).start()


def _serve(requests, answers, latest) -> None:
    """The worker process's loop (module level, so ``spawn`` can import it)."""
    exit_with_parent()
    searcher = Searcher()
    rng = random.Random()
    # A full collection walks every entry of the search's tables (0.2 s with a
    # few hundred thousand), and one that fell after the search's deadline pushed
    # Master's wait past 2 s. So none runs during a turn: garbage is collected
    # after each answer, and what survives is frozen, so that collection only
    # walks what the last turn made (tens of milliseconds).
    gc.disable()
    while True:
        msg = requests.get()
        if msg is None:
            return
        if latest.value != msg[0]:
            continue  # superseded before it started
        if msg[1] == "ponder":
            _ponder(latest, searcher, msg)
            # No collection: the request that stopped the ponder is waiting. What
            # the ponder made is frozen unwalked (it makes no cycles; the table's
            # dropped entries are freed by their counts), so the collection after
            # the next answer, which a request may wait on, walks only that turn's.
            gc.freeze()
            continue
        _answer(answers, latest, searcher, rng, msg)
        # The queue's own thread sends the answer, and it cannot while a
        # collection holds the interpreter: let it go first.
        time.sleep(SEND_PAUSE)
        gc.collect()
        gc.freeze()


def _ponder(latest, searcher: Searcher, msg: tuple) -> None:
    """Think on the player's time until done, a newer request, or the time limit."""
    rid, _, mfen, _, _, _ = msg
    try:
        board = Board(mfen)
    except RulesError:
        return  # nobody waits on a ponder; the turn request will say what is wrong
    ponder(searcher.endgame, board, seconds=PONDER_SECONDS, stop=lambda: latest.value != rid)


def _answer(answers, latest, searcher: Searcher, rng: random.Random, msg: tuple) -> None:
    """Answer one request, unless a newer one has superseded it by then."""
    rid, _, mfen, level_name, seconds, played = msg
    try:
        board = Board(mfen)
        if played is not None:  # a judgement of the turn played here
            v = judge(
                board,
                board.parse_turn(played),
                seconds=seconds or 1.0,
                endgame=searcher.endgame,
                stop=lambda: latest.value != rid,
            )
            data = {
                "loss": v.loss,
                "label": v.label,
                "exact": v.exact,
                "best_score": v.best_score,
                "played_score": v.played_score,
            }
            answer = (rid, mfen, board.notation(v.best), None, data)
        else:
            turn = choose_turn(
                board,
                level(level_name),
                rng,
                searcher=searcher,
                seconds=seconds,
                stop=lambda: latest.value != rid,
            )
            answer = (rid, mfen, None if turn is None else board.notation(turn), None, None)
            if turn is None:
                answer = (rid, mfen, None, "the game is over", None)
    except RulesError as exc:
        answer = (rid, mfen, None, str(exc), None)
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
        self._message: tuple | None = None  # the pending request, until a process is up
        self._pondering: str | None = None
        self._deaths = 0  # in a row: an answer resets it
        self._restart_at = 0.0

    @property
    def alive(self) -> bool:
        return self._proc is not None and self._proc.is_alive()

    @property
    def busy(self) -> bool:
        """A request is waiting for its answer."""
        return self._pending is not None

    @property
    def failed(self) -> bool:
        """The process died :data:`MAX_RESTARTS` times in a row; no more restarts."""
        return self._deaths >= MAX_RESTARTS

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
        return self._ask("turn", mfen, level, seconds, None)

    def judge(self, mfen: str, played: str, seconds: float = 1.0) -> int:
        """Ask how good the turn ``played`` is in ``mfen`` (see
        :func:`game.ai.analysis.judge`): the answer's ``turn`` is the best turn and
        its ``verdict`` the rest. Supersedes any earlier request. Returns its id."""
        return self._ask("judge", mfen, "", seconds, played)

    def ponder(self, mfen: str) -> bool:
        """Think on the player's time about the ending ``mfen``, the position the
        player faces, for Master's next turn (see :mod:`.ponder`). Nothing is
        answered; the next request or :meth:`cancel` stops it. Refused (False)
        while a request waits for its answer."""
        if self._pending is not None:
            return False
        self._ask("ponder", mfen, "", None, None)
        self._pending = None
        self._pondering = mfen
        return True

    @property
    def pondering(self) -> str | None:
        """The position the process is thinking over, until the next request."""
        return self._pondering

    def _ask(self, kind: str, mfen: str, level: str, seconds: float | None, played) -> int:
        self._next_id += 1
        rid = self._next_id
        self._latest.value = rid
        self._pending = (rid, mfen)
        self._pondering = None
        self._message = (rid, kind, mfen, level, seconds, played)
        self._send()
        return rid

    def _send(self) -> None:
        """Hand the pending request to the process, starting one if it is time."""
        if self._message is None or self.failed:
            return
        if not self.alive:
            if time.monotonic() < self._restart_at:
                return  # backing off after a death; poll() tries again
            self.start()
        self._requests.put(self._message)
        self._message = None

    def serving(self, rid: int) -> bool:
        """Is request ``rid`` still under way: not answered, not superseded by a
        later request (another screen may share this worker), not cancelled?"""
        return self._pending is not None and self._pending[0] == rid

    def cancel(self) -> None:
        """Drop the pending request: its search stops and its answer never comes."""
        self._latest.value = 0
        self._pending = None
        self._pondering = None
        self._message = None

    def poll(self) -> list[Answer]:
        """Answers that arrived for the current request (never blocks)."""
        out = []
        while self._answers is not None:
            try:
                rid, mfen, turn, error, verdict = self._answers.get_nowait()
            except (queue.Empty, OSError, EOFError):
                break
            self._deaths = 0
            if self._pending is not None and rid == self._pending[0]:
                out.append(Answer(rid, mfen, turn, error, verdict))
                self._pending = None
        if self._proc is not None and not self._proc.is_alive():
            self._proc = None
            self._pondering = None
            self._deaths += 1
            self._restart_at = time.monotonic() + FIRST_BACKOFF * 2 ** (self._deaths - 1)
            if self._pending is not None:
                rid, mfen = self._pending
                self._pending = None
                self._message = None
                out.append(Answer(rid, mfen, None, self._death_message()))
        elif self._pending is not None and self.failed:
            rid, mfen = self._pending
            self._pending = None
            self._message = None
            out.append(Answer(rid, mfen, None, self._death_message()))
        self._send()
        return out

    def _death_message(self) -> str:
        if self.failed:
            return (
                f"the AI process stopped {self._deaths} times in a row, so it is not "
                "started again; restart the game to play against the AI"
            )
        return "the AI process stopped unexpectedly; try again"

    def wait(self, timeout: float) -> list[Answer]:
        """Poll until an answer comes or ``timeout`` seconds pass (for scripts and tests)."""
        end = time.monotonic() + timeout
        while True:
            got = self.poll()
            if got or self._pending is None or time.monotonic() > end:
                return got
            time.sleep(0.01)

    def close(self) -> None:
        self._latest.value = 0  # stops a search or a ponder under way
        self._pondering = None
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
