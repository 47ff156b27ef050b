"""The AI in its own process, so the client's render loop never waits on a search.

    worker = AIWorker()
    rid = worker.request(board.mfen(), "Club")     # returns at once
    ...                                            # every frame:
    for answer in worker.poll():                   # never blocks
        if answer.error: show(answer.error) else: play(answer.turn)

One long-lived process, started with the ``spawn`` method so it behaves the same
on every system and in a frozen build (whose entry point must call
``multiprocessing.freeze_support()`` first). Each screen asks through a line of
its own (:meth:`AIWorker.line`): requests of different lines are answered in
turn, never dropped for one another. Every request has an id; the id of the one
the process works on lives in shared memory, so the line's newer request or its
:meth:`AILine.cancel` both stops the search under way and makes any answer to
the older request stale (:meth:`AILine.poll` drops it).

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
from typing import TYPE_CHECKING, Unpack

from game.i18n import _
from game.rules import Board, RulesError

from .analysis import VerdictData, judge
from .levels import choose_turn, level
from .messages import Answer, JudgeTerms, Judging, Reply, Request
from .ponder import PONDER_SECONDS, ponder
from .search import Searcher

if TYPE_CHECKING:  # these classes cannot be subscripted at run time
    from multiprocessing.context import SpawnProcess
    from multiprocessing.queues import Queue
    from multiprocessing.sharedctypes import Synchronized

    #: The request the process should work on (0: none), shared with it.
    Latest = Synchronized[int]


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


def _serve(requests: Queue[Request | None], answers: Queue[Reply], latest: Latest) -> None:
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


def _ponder(latest: Latest, searcher: Searcher, msg: Request) -> None:
    """Think on the player's time until done, a newer request, or the time limit."""
    rid, _, mfen, _, _, _ = msg
    try:
        board = Board(mfen)
    except RulesError:
        return  # nobody waits on a ponder; the turn request will say what is wrong
    ponder(searcher.endgame, board, seconds=PONDER_SECONDS, stop=lambda: latest.value != rid)


def _answer(
    answers: Queue[Reply], latest: Latest, searcher: Searcher, rng: random.Random, msg: Request
) -> None:
    """Answer one request, unless a newer one has superseded it by then."""
    rid, _, mfen, level_name, seconds, judging = msg
    try:
        board = Board(mfen)
        if judging is not None:  # a judgement of the turn played here
            v = judge(
                board,
                board.parse_turn(judging.played),
                seconds=seconds or 1.0,
                endgame=searcher.endgame,
                stop=lambda: latest.value != rid,
                depth=judging.depth,
                exact_seconds=judging.exact_seconds,
            )
            data: VerdictData = {
                "loss": v.loss,
                "label": v.label,
                "exact": v.exact,
                "best_score": v.best_score,
                "played_score": v.played_score,
                "depth": v.depth,
                "unsure": v.unsure,
            }
            answer: Reply = (rid, mfen, board.notation(v.best), None, data)
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


class AILine:
    """One screen's line to the AI's process: its own requests and their answers.

    Every screen that asks the AI (a match, the analysis of a game, the analysis
    board) holds a line of its own, so one screen's request never replaces
    another's: requests from different lines are answered one after another, in
    the order asked; a line's new request replaces only that line's older one.
    Use it from the thread that owns the worker."""

    def __init__(self, worker: AIWorker) -> None:
        self._worker = worker
        self._pending: tuple[int, str] | None = None  # (id, position) awaiting its answer
        self._message: Request | None = None  # the pending request, until it is sent
        self._inbox: list[Answer] = []

    def request(self, mfen: str, level: str = "Master", seconds: float | None = None) -> int:
        """Ask for the turn ``level`` would play in ``mfen`` (also for hints: "what
        would Master play here?"). Replaces this line's earlier request, if any.
        Returns its id."""
        return self._worker._ask(self, "turn", mfen, level, seconds, played=None)

    def judge(
        self, mfen: str, played: str, seconds: float = 1.0, **terms: Unpack[JudgeTerms]
    ) -> int:
        """Ask how good the turn ``played`` is in ``mfen`` (see
        :func:`game.ai.analysis.judge`, which takes the ``exact_seconds`` and
        ``depth`` of ``terms``): the answer's ``turn`` is the best turn and its
        ``verdict`` the rest. Replaces this line's earlier request. Returns its id."""
        judging = Judging(played, terms.get("exact_seconds"), terms.get("depth"))
        return self._worker._ask(self, "judge", mfen, "", seconds, played=judging)

    def ponder(self, mfen: str) -> bool:
        """Think on the player's time about the ending ``mfen``, the position the
        player faces, for Master's next turn (see :mod:`.ponder`). Nothing is
        answered; any request, from any line, or :meth:`cancel` stops it. Refused
        (False) while any request waits for its answer."""
        return self._worker._ponder(self, mfen)

    @property
    def pondering(self) -> str | None:
        """The position the process is thinking over for this line, until the
        next request."""
        w = self._worker
        return w._pondering if w._ponder_line is self else None

    @property
    def busy(self) -> bool:
        """This line's request waits for its answer."""
        return self._pending is not None

    def serving(self, rid: int) -> bool:
        """Is this line's request ``rid`` still under way: not answered, not
        replaced by the line's later request, not cancelled?"""
        return self._pending is not None and self._pending[0] == rid

    def cancel(self) -> None:
        """Drop this line's request (its search stops and its answer never comes)
        and its ponder."""
        self._worker._cancel(self)

    def poll(self) -> list[Answer]:
        """Answers that arrived for this line's current request (never blocks)."""
        self._worker._pump()
        out, self._inbox = self._inbox, []
        return out

    def wait(self, timeout: float) -> list[Answer]:
        """Poll until an answer comes or ``timeout`` seconds pass (for scripts and tests)."""
        end = time.monotonic() + timeout
        while True:
            got = self.poll()
            if got or self._pending is None or time.monotonic() > end:
                return got
            time.sleep(0.01)


class AIWorker:
    """A handle on the AI process. Not thread-safe: use it from one thread.

    Each screen takes a :meth:`line` of its own. The worker's own ``request``,
    ``judge``, ``ponder``, ``poll``, ``cancel`` and ``wait`` go through a line it
    keeps for scripts and tests that need only one."""

    def __init__(self) -> None:
        self._ctx = mp.get_context("spawn")
        self._latest: Latest = self._ctx.Value("q", 0, lock=False)
        self._proc: SpawnProcess | None = None
        self._requests: Queue[Request | None] | None = None
        self._answers: Queue[Reply] | None = None
        self._next_id = 0
        self._waiting: list[AILine] = []  # lines whose request is not yet sent
        self._running: AILine | None = None  # the line whose request the process works on
        self._pondering: str | None = None
        self._ponder_line: AILine | None = None
        self._deaths = 0  # in a row: an answer resets it
        self._restart_at = 0.0
        self._own = AILine(self)

    def line(self) -> AILine:
        """A new line to this worker, for one screen."""
        return AILine(self)

    @property
    def alive(self) -> bool:
        return self._proc is not None and self._proc.is_alive()

    @property
    def busy(self) -> bool:
        """A request, from any line, waits for its answer."""
        return self._running is not None or bool(self._waiting)

    @property
    def failed(self) -> bool:
        """The process died :data:`MAX_RESTARTS` times in a row; no more restarts."""
        return self._deaths >= MAX_RESTARTS

    @property
    def pondering(self) -> str | None:
        """The position the process is thinking over, for whichever line."""
        return self._pondering

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

    # The worker's own line, for scripts and tests.
    def request(self, mfen: str, level: str = "Master", seconds: float | None = None) -> int:
        """:meth:`AILine.request` on the worker's own line."""
        return self._own.request(mfen, level, seconds)

    def judge(
        self, mfen: str, played: str, seconds: float = 1.0, **terms: Unpack[JudgeTerms]
    ) -> int:
        """:meth:`AILine.judge` on the worker's own line."""
        return self._own.judge(mfen, played, seconds, **terms)

    def ponder(self, mfen: str) -> bool:
        """:meth:`AILine.ponder` on the worker's own line."""
        return self._own.ponder(mfen)

    def serving(self, rid: int) -> bool:
        return self._own.serving(rid)

    def cancel(self) -> None:
        """:meth:`AILine.cancel` on the worker's own line."""
        self._own.cancel()

    def poll(self) -> list[Answer]:
        """Answers that arrived for the worker's own line (never blocks)."""
        return self._own.poll()

    def wait(self, timeout: float) -> list[Answer]:
        return self._own.wait(timeout)

    # How the lines share the process.
    def _ask(
        self,
        line: AILine,
        kind: str,
        mfen: str,
        level: str,
        seconds: float | None,
        *,
        played: Judging | None,
    ) -> int:
        self._next_id += 1
        rid = self._next_id
        self._stop_ponder()
        line._pending = (rid, mfen)
        line._message = (rid, kind, mfen, level, seconds, played)
        if self._running is line:
            # Its older request is dropped: the search stops, and its answer, if
            # one is on its way, no longer matches the line's pending id.
            self._latest.value = 0
            self._running = None
        if line not in self._waiting:
            self._waiting.append(line)
        self._send()
        return rid

    def _ponder(self, line: AILine, mfen: str) -> bool:
        if self.busy:
            return False
        self._next_id += 1
        rid = self._next_id
        message: Request = (rid, "ponder", mfen, "", None, None)
        if not self._ready():
            return False
        assert self._requests is not None  # _ready() started the process
        self._latest.value = rid
        self._requests.put(message)
        self._pondering = mfen
        self._ponder_line = line
        return True

    def _stop_ponder(self) -> None:
        if self._pondering is not None:
            self._latest.value = 0
            self._pondering = None
            self._ponder_line = None

    def _cancel(self, line: AILine) -> None:
        line._pending = None
        line._message = None
        line._inbox.clear()
        if line in self._waiting:
            self._waiting.remove(line)
        if self._running is line:
            self._latest.value = 0
            self._running = None
        if self._ponder_line is line:
            self._stop_ponder()
        self._send()

    def _ready(self) -> bool:
        """Is a process up to take a message (starting one if it is time)?"""
        if self.failed:
            return False
        if not self.alive:
            if time.monotonic() < self._restart_at:
                return False  # backing off after a death; the next poll tries again
            self.start()
        return True

    def _send(self) -> None:
        """Hand the next waiting line's request to the process, if it is free."""
        if self._running is not None or not self._waiting or not self._ready():
            return
        line = self._waiting.pop(0)
        message, line._message = line._message, None
        assert message is not None  # a waiting line's request is not yet sent
        assert self._requests is not None  # _ready() started the process
        self._latest.value = message[0]
        self._requests.put(message)
        self._running = line

    def _pump(self) -> None:
        """Route what the process answered to the lines, and notice its death."""
        while self._answers is not None:
            try:
                rid, mfen, turn, error, verdict = self._answers.get_nowait()
            except (queue.Empty, OSError, EOFError):
                break
            self._deaths = 0
            line = self._running
            if line is not None and line._pending is not None and line._pending[0] == rid:
                line._inbox.append(Answer(rid, mfen, turn, error, verdict))
                line._pending = None
                self._running = None
        if self._proc is not None and not self._proc.is_alive():
            self._proc = None
            self._pondering = None
            self._ponder_line = None
            self._deaths += 1
            self._restart_at = time.monotonic() + FIRST_BACKOFF * 2 ** (self._deaths - 1)
            line, self._running = self._running, None
            if line is not None and line._pending is not None:
                rid, mfen = line._pending
                line._pending = None
                line._inbox.append(Answer(rid, mfen, None, self._death_message()))
        if self.failed:
            for line in self._waiting:
                if line._pending is not None:
                    rid, mfen = line._pending
                    line._inbox.append(Answer(rid, mfen, None, self._death_message()))
                line._pending = line._message = None
            self._waiting.clear()
        self._send()

    def _death_message(self) -> str:
        """Why a request has no answer, in the player's language: it is shown
        inside "The AI failed (...)". Made here, in the game's own process."""
        if self.failed:
            return _(
                "the AI process stopped {n} times in a row, so it is not "
                "started again; restart the game to play against the AI"
            ).format(n=self._deaths)
        return _("the AI process stopped unexpectedly; try again")

    def forget(self) -> None:
        """Drop every line's request and the ponder under way, but keep the
        process: the tests' screenshot tours hand one process from app to app."""
        self._latest.value = 0  # stops a search or a ponder under way
        self._pondering = None
        self._ponder_line = None
        self._waiting.clear()
        self._running = None

    def close(self) -> None:
        self.forget()
        if self._proc is not None:
            if self._proc.is_alive():
                assert self._requests is not None  # made with the process
                self._requests.put(None)
                self._proc.join(timeout=2)
                if self._proc.is_alive():
                    self._proc.kill()
            self._proc = None

    def __enter__(self) -> AIWorker:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
