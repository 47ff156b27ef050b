"""What a search finds: :class:`SearchResult`, and the turns it may play from a
depth it searched only in part."""

from __future__ import annotations

from dataclasses import dataclass, field

from game.rules import Turn

from .fastsearch import Root


@dataclass
class SearchResult:
    turn: Turn | None
    score: int
    depth: int
    nodes: int
    exact: bool = False
    #: The root turns' scores at the last full depth, or those searched of the
    #: next (``part``).
    scores: dict[Turn, int] = field(default_factory=dict)
    #: The root turns exactly as good as ``turn`` (searched with ``ties``, or
    #: ``all_scores``), in the order they were searched; ``turn`` is the first.
    ties: list[Turn] = field(default_factory=list)
    #: ``turn`` is the best of the depth after ``depth``, searched in part.
    part: bool = False


def in_part(result: SearchResult, found: Root | None, ties: bool) -> SearchResult | None:
    """The best turn of a depth searched in part, where it searched ``result``'s
    turn (the depth before's best) first: what it found is then at least as
    good at the deeper depth. ``None`` where it has nothing to add."""
    if found is None or not found[2] or result.depth < 1 or next(iter(found[2])) != result.turn:
        return None
    turn, score, scores = found
    out = SearchResult(turn, score, result.depth, result.nodes, scores=scores, part=True)
    out.ties = equal_best(scores, score, ties)
    return out


def equal_best(scores: dict[Turn, int], best: int, known: bool) -> list[Turn]:
    """The turns scored exactly ``best`` (when the search made their scores exact)."""
    return [t for t, v in scores.items() if v == best] if known else []
