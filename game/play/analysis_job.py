"""A game's analysis as a job, without pygame: it asks the AI's worker to judge
the game's turns one after another (:class:`~.game_analysis.GameAnalysis`
says which and how), takes the answers that match its request, and keeps the
finished analysis with the game's record, written atomically, so that it opens
at once next time. The analysis screen draws what it holds and steps it once
a frame; the job never waits.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Protocol

from game.files import BadFile, read_json, write_json
from game.i18n import _

from .engine_look import Answer
from .game_analysis import GameAnalysis
from .match import Match


class Line(Protocol):
    """What the job needs of its line to the AI (:class:`game.ai.worker.AILine`)."""

    def judge(
        self,
        mfen: str,
        played: str,
        seconds: float = ...,
        *,
        exact_seconds: float | None = ...,
        depth: int | None = ...,
    ) -> int: ...
    # A sequence: the worker's own answer class stands in for the protocol's.
    def poll(self) -> Sequence[Answer]: ...
    def cancel(self) -> None: ...


class AnalysisJob:
    """The analysis of ``match`` through ``line``, kept in ``record_path`` (the
    game's record, if it has one) when done, and as far as it got when the
    screen is left. A kept analysis that fits the game is taken from the
    record instead: nothing is asked if it was finished, and an unfinished one
    goes on from where it was left (a play-test: an analysis left at 71% began
    again from nothing each time, its labels changing from visit to visit)."""

    def __init__(
        self,
        match: Match,
        line: Line,
        record_path: Path | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.analysis = GameAnalysis(match, clock)
        self.line = line
        self.record_path = record_path
        #: The analysis came whole from the record.
        self.loaded = self._load_kept() and self.analysis.done
        #: Verdicts taken since the analysis was last kept.
        self._unkept = False
        #: The request under way, and the turn it judges.
        self.request: int | None = None
        self.asking: int | None = None
        #: Why the analysis stopped before the end (the AI failed), if it did.
        self.stopped: str | None = None
        self._said: list[str] = []

    def _load_kept(self) -> bool:
        if self.record_path is None:
            return False
        try:
            data = read_json(self.record_path)
        except (BadFile, FileNotFoundError):
            return False
        return isinstance(data, dict) and self.analysis.load(data.get("analysis"))

    @property
    def running(self) -> bool:
        """A request is under way or about to be made: the turns' verdicts, then
        the deeper looks at the unsure ones, while the screen is open."""
        return self.stopped is None and not self.analysis.settled

    def step(self) -> bool:
        """Ask for the next turn, or take the answer to the one asked: never
        waits. True while the turns' verdicts come (the screen shows its
        progress) or when this step changed what it shows: the deeper looks at
        the unsure labels may take a minute, and a still screen is not drawn
        again for each frame of it."""
        if not self.running:
            return False
        if self.request is None:
            ask = self.analysis.next_turn()
            if ask is None:
                return False
            self.request = self.line.judge(
                ask.mfen, ask.played, ask.seconds, exact_seconds=ask.exact_seconds, depth=ask.depth
            )
            self.asking = ask.at
            return True
        changed = False
        for answer in self.line.poll():
            if answer.id != self.request:
                continue  # an older request's, replaced since
            changed = True
            self.request, asking, self.asking = None, self.asking, None
            if asking is None:  # every request is made with the turn it judges
                continue
            if answer.error or answer.verdict is None or answer.turn is None:
                self.stopped = str(answer.error)  # as the worker says it
                self._said.append(_("The analysis stopped: {error}").format(error=self.stopped))
                return True
            was_done = self.analysis.done
            self.analysis.record(asking, answer.turn, answer.verdict)
            self._unkept = True
            # Kept when every turn has its verdict, and again once the unsure
            # ones have settled (not on every deeper look between).
            if (self.analysis.done and not was_done) or self.analysis.settled:
                self.keep()
        return changed or not self.analysis.done

    def stop(self) -> None:
        """Drop the request under way, and keep what was found since the last
        keep (the screen is left)."""
        if self.request is not None:
            self.line.cancel()
            self.request = self.asking = None
        if self._unkept:
            self.keep()

    def keep(self) -> None:
        """Write the analysis into the game record it came from: only a record of
        these very turns (a game played on after its end is not its record's)."""
        if self.record_path is None:
            return
        try:
            data = read_json(self.record_path)
            if isinstance(data, dict) and not self._fits(data):
                self._said.append(_("The analysis is not kept: the record holds another game."))
            elif isinstance(data, dict):
                data["analysis"] = self.analysis.to_json()
                write_json(self.record_path, data)
                self._unkept = False
        except (BadFile, FileNotFoundError, OSError) as e:
            self._said.append(
                _("The analysis could not be kept with the game: {error}").format(error=e)
            )

    def _fits(self, data: dict[str, object]) -> bool:
        return data.get("turns") == [played for _mfen, played, _mover in self.analysis.turns]

    def news(self) -> list[str]:
        """What the player should be told since the last call (each once)."""
        said, self._said = self._said, []
        return said
