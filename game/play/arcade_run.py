"""What the arcade's screen asks of a run, and all it asks: :class:`Run`, with
what an answer does to it (:class:`Result`). The runs themselves, Flip Rush,
Streak and the Trainer, are in :mod:`.arcade`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from game.puzzles import Puzzle

#: How a pop-up is coloured ("accent", "good", "bad"): the screen gives each its colour.
Tone = str


@dataclass
class Result:
    """What one answer did to a run, for the scene's pop-ups."""

    points: int = 0
    seconds: float = 0.0
    combo: int = 0
    over: bool = False


class Run(Protocol):
    """One arcade run as its screen drives it: the puzzle on the board, the answer
    to it, the clock (if any), the score, the next puzzle and the end."""

    @property
    def mode(self) -> str:
        """ "rush", "streak" or "trainer": the key of its records and its card."""

    @property
    def wrong_text(self) -> str:
        """What a wrong answer says at once."""

    @property
    def teaches(self) -> bool:
        """A miss plays the answer out and waits for Next; the rating shows after
        every first try."""

    @property
    def can_skip(self) -> bool:
        """The run has a Skip button, labelled :attr:`skip_label`."""

    @property
    def skip_label(self) -> str:
        """Its Skip button's label, in English (marked with ``N_``)."""

    @property
    def may_skip(self) -> bool:
        """The puzzle on the board may be skipped now."""

    @property
    def skip_is_miss(self) -> bool:
        """A skip counts for the rating as a wrong answer (:func:`.puzzle_score.run_skip`)."""

    @property
    def can_hint(self) -> bool:
        """The run offers a hint, which costs what it costs anywhere
        (:class:`.puzzle_session.PuzzleSession`)."""

    @property
    def puzzle(self) -> Puzzle: ...

    @property
    def over(self) -> bool: ...

    @property
    def clock(self) -> float | None:
        """Seconds left, or None for a run without a clock."""

    @property
    def strikes(self) -> int: ...

    @property
    def combo(self) -> int: ...

    @property
    def score(self) -> int:
        """The number the run is scored (and its best kept) by."""

    @property
    def score_line(self) -> str:
        """The score as the corner of the screen shows it."""

    def summary(self) -> str:
        """What the run did, for its end."""

    def popups(self, result: Result) -> list[tuple[str, Tone]]:
        """The pop-ups an answer makes beside the score."""

    def tick(self, seconds: float) -> None: ...

    def answer(self, right: bool) -> Result: ...

    def skip(self) -> bool:
        """Skip the puzzle on the board, if the run lets it now; whether it did."""

    def touch(self) -> None:
        """The player acted on the puzzle on the board (a click, a hint)."""

    def next_puzzle(self, rating: float) -> Puzzle:
        """The puzzle after this one, for a player now rated ``rating``."""
