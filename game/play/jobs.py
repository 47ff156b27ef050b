"""CPU-bound work off the screen's process: submit, poll, cancel.

    job = jobs.submit(mosaix_ai.place, sheet, formation, random.Random(7))
    ...                                   # every frame, never blocking:
    jobs.poll()                           # the app does this once a frame
    if job.done:
        use(job.value) if job.error is None else say(job.error)

Work that takes more than a frame (the Mosaix AI's plans, proving a position as
a puzzle) would hold the interpreter in a thread and stall the render loop; here
it runs in a process of its own, started with ``spawn`` like the AI's worker (so
it behaves the same on every system and in a frozen build) and only when first
needed. ``fn`` and its arguments must be picklable: a module-level function and
plain values.

Jobs run one at a time, in the order submitted. Each has its own id and its own
owner's handle, so one screen's job never replaces another's. Cancelling a
queued job drops it; cancelling the running one ends the process (the work
stops at once; a fresh process starts for the next job). The process exits with
the game, even if the game is killed outright.
"""

from __future__ import annotations

import multiprocessing as mp
import queue
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from game.ai.worker import exit_with_parent
from game.i18n import _

if TYPE_CHECKING:  # these classes cannot be subscripted at run time
    from multiprocessing.context import SpawnProcess
    from multiprocessing.queues import Queue

#: Failures in a row after which a job is answered with an error, not retried.
MAX_RESTARTS = 3


class JobFailed(Exception):
    """The work raised: the message says what, in the work's own words."""


#: A job for the process: its id, the function, and its positional and keyword arguments.
Request = tuple[int, Callable[..., Any], tuple[Any, ...], dict[str, Any]]
#: The process's answer: the job's id, whether it succeeded, and its value or else the
#: failure's type name, message and traceback.
Reply = tuple[int, bool, Any]


@dataclass(eq=False)
class Job:
    """One piece of work and, once :attr:`done`, its result."""

    id: int
    name: str
    done: bool = False
    cancelled: bool = False
    value: Any = None
    #: What went wrong (the exception's message), or None.
    error: str | None = None
    #: The exception's type name, so callers can tell failures apart.
    error_type: str | None = None
    _message: Request | None = field(default=None, repr=False)

    def result(self) -> Any:
        """The value, or :class:`JobFailed` if the work raised."""
        if not self.done:
            raise RuntimeError(f"job {self.name} is not done")  # i18n: not shown
        if self.error is not None:
            raise JobFailed(self.error)
        return self.value


def _run(requests: Queue[Request | None], answers: Queue[Reply]) -> None:
    """The jobs process's loop (module level, so ``spawn`` can import it)."""
    exit_with_parent()
    while True:
        msg = requests.get()
        if msg is None:
            return
        jid, fn, args, kwargs = msg
        try:
            value = fn(*args, **kwargs)
        except Exception as exc:  # the work's own failure goes back as its answer
            text = str(exc) or type(exc).__name__
            answers.put((jid, False, (type(exc).__name__, text, traceback.format_exc())))
        else:
            answers.put((jid, True, value))


class Jobs:
    """A handle on the jobs process. Use it from one thread (the app's)."""

    def __init__(self) -> None:
        self._ctx = mp.get_context("spawn")
        self._proc: SpawnProcess | None = None
        self._requests: Queue[Request | None] | None = None
        self._answers: Queue[Reply] | None = None
        self._next_id = 0
        self._queue: list[Job] = []  # submitted, not yet handed to the process
        self._running: Job | None = None
        self._failures = 0  # process deaths in a row while running a job

    @property
    def busy(self) -> bool:
        """Some job is queued or running."""
        return self._running is not None or bool(self._queue)

    def submit(self, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Job:
        """Queue ``fn(*args, **kwargs)``; returns at once with its :class:`Job`."""
        self._next_id += 1
        name = getattr(fn, "__qualname__", repr(fn))
        job = Job(self._next_id, name, _message=(self._next_id, fn, args, kwargs))
        self._queue.append(job)
        self._feed()
        return job

    def cancel(self, job: Job | None) -> None:
        """Stop ``job``: queued, it is dropped; running, its process ends. Its
        result never comes. A done or unknown job is left as it is."""
        if job is None or job.done:
            return
        job.cancelled = True
        job.done = True
        job.error = "cancelled"
        job.error_type = "Cancelled"
        if job in self._queue:
            self._queue.remove(job)
        elif job is self._running:
            self._running = None
            self._stop_process()
            self._feed()

    def poll(self) -> list[Job]:
        """Collect finished work (never blocks); returns the jobs that just finished."""
        finished: list[Job] = []
        while self._answers is not None and self._running is not None:
            try:
                jid, ok, payload = self._answers.get_nowait()
            except (queue.Empty, OSError, EOFError):
                break
            job = self._running
            if job.id != jid:
                continue  # from a job cancelled before its process ended
            self._failures = 0
            if ok:
                job.value = payload
            else:
                job.error_type, job.error, _trace = payload
            job.done = True
            self._running = None
            finished.append(job)
            self._feed()
        if self._running is not None and self._proc is not None and not self._proc.is_alive():
            job = self._running
            self._running = None
            self._proc = None
            self._failures += 1
            if self._failures >= MAX_RESTARTS:
                job.done = True
                job.error = _("the process doing this work stopped unexpectedly")
                job.error_type = "ProcessDied"
                finished.append(job)
                self._failures = 0
            else:
                self._queue.insert(0, job)  # once more, in a fresh process
            self._feed()
        return finished

    def wait(self, job: Job, timeout: float) -> bool:
        """Poll until ``job`` is done or ``timeout`` seconds pass (scripts and tests)."""
        end = time.monotonic() + timeout
        while not job.done and time.monotonic() < end:
            self.poll()
            time.sleep(0.01)
        return job.done

    def _feed(self) -> None:
        if self._running is not None or not self._queue:
            return
        if self._proc is None or not self._proc.is_alive():
            self._start()
        job = self._queue.pop(0)
        self._running = job
        assert self._requests is not None  # made with the process
        self._requests.put(job._message)

    def _start(self) -> None:
        self._requests = self._ctx.Queue()
        self._answers = self._ctx.Queue()
        self._proc = self._ctx.Process(
            target=_run, args=(self._requests, self._answers), name="mosaic-jobs", daemon=True
        )
        self._proc.start()

    def _stop_process(self) -> None:
        if self._proc is not None:
            if self._proc.is_alive():
                self._proc.kill()
            self._proc.join(timeout=2)
        self._proc = None

    def close(self) -> None:
        """End the process; queued and running jobs are dropped."""
        for job in [*self._queue, *([self._running] if self._running else [])]:
            job.cancelled = job.done = True
            job.error, job.error_type = "cancelled", "Cancelled"
        self._queue.clear()
        self._running = None
        if self._proc is not None and self._proc.is_alive():
            assert self._requests is not None  # made with the process
            self._requests.put(None)
            self._proc.join(timeout=2)
        self._stop_process()

    def __enter__(self) -> Jobs:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
