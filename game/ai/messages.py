"""What crosses between the client and the AI's process (:mod:`.worker`):
requests, and answers."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypedDict

from .analysis import VerdictData


@dataclass(frozen=True)
class Answer:
    id: int
    mfen: str
    turn: str | None = None  # turn text, None with an error
    error: str | None = None
    #: For a judgement (:meth:`AIWorker.judge`): loss, label, exact and the scores.
    verdict: VerdictData | None = None


class JudgeTerms(TypedDict, total=False):
    """A judgement's terms a caller may set: see :class:`Judging`."""

    exact_seconds: float | None
    depth: int | None


@dataclass(frozen=True)
class Judging:
    """What a judgement asks besides the position: the turn played, the exact
    solver's seconds (``None``: the search's), and the search's depth (``None``:
    the judge's own, see :func:`game.ai.analysis.judge`)."""

    played: str
    exact_seconds: float | None = None
    depth: int | None = None


#: A request to the process: its id, its kind ("turn", "judge" or "ponder"), the
#: position, the level, the seconds, and for a judgement what it judges.
Request = tuple[int, str, str, str, float | None, Judging | None]
#: An answer from it: the request's id and position, the turn text, the error and the
#: verdict (the fields of :class:`Answer`).
Reply = tuple[int, str, str | None, str | None, VerdictData | None]
