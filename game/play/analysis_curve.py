"""The analysis graph's curve: where a resigned game's line ends, and the
curve's judged points in runs (no pygame)."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Protocol


class TurnVerdict(Protocol):
    """What the curve reads of a judged turn (game_analysis.TurnVerdict, which
    imports this module: named by its shape, not imported back)."""

    @property
    def mover(self) -> str: ...

    @property
    def loss(self) -> float: ...

    def evaluation(self) -> float: ...


def left_after(verdicts: Sequence[TurnVerdict | None], forced: Collection[int]) -> float | None:
    """Red's view of the position a resigned game was left in: the last judged
    turn's position less what that turn gave up, the ``forced`` turns after it
    giving up nothing (play-test: a resigned game's line stopped a turn short of
    the end, a third of the graph in a game of three turns). None until that
    turn is judged."""
    for i in reversed(range(len(verdicts))):
        v = verdicts[i]
        if i in forced:
            continue
        if v is None:
            return None
        return v.evaluation() - (v.loss if v.mover == "red" else -v.loss)
    return None


def runs(curve: Sequence[float | None]) -> list[list[tuple[int, float]]]:
    """The curve's judged points, as (index, value), in runs of neighbours: the
    ending is judged from the back, and a line drawn over the turns not judged
    yet would show a curve nobody worked out."""
    found: list[list[tuple[int, float]]] = []
    last = -2
    for i, v in enumerate(curve):
        if v is None:
            continue
        if i != last + 1:
            found.append([])
        found[-1].append((i, v))
        last = i
    return found
