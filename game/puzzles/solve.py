"""Exact answers to the two puzzle goals.

``"most"``: of every flip turn the mover could make, which flips the most tiles,
and is it the only one that large? Every first flip is followed down every
chain it can start; because the position in a chain depends only on the set of
tiles flipped so far, each set is visited once per first flip. Besides the
answer this records what makes a chain hard to find (see :mod:`.grade`).

``"win"``: which legal turns win with best play, by the AI's exact endgame
search; a puzzle needs exactly one winner.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from game.ai.evaluate import WIN
from game.ai.ordering import ordered
from game.ai.search import INF, Budget, OutOfBudget, Searcher
from game.rules import Board, Turn, format_turn
from game.rules.movegen import chains_from, first_flips, flip_one, owed


def _bits(mask: int) -> Iterator[int]:
    while mask:
        b = mask & -mask
        mask ^= b
        yield b


@dataclass(frozen=True)
class FlipAnalysis:
    """Every flip turn from a position, grouped by the tile flipped first.

    Sets are of cell numbers. ``ends[first]`` maps each complete set reachable
    from ``first`` to one legal order that flips it.
    """

    ends: dict[int, dict[frozenset[int], tuple[int, ...]]]
    greedy: tuple[int, ...]

    @property
    def outcomes(self) -> dict[frozenset[int], tuple[int, ...]]:
        """Every distinct complete set, with one legal order for it."""
        out: dict[frozenset[int], tuple[int, ...]] = {}
        for by_set in self.ends.values():
            for s, order in by_set.items():
                out.setdefault(s, order)
        return out

    @property
    def sizes(self) -> list[int]:
        """Distinct tile counts a flip turn can take, largest first."""
        return sorted({len(s) for s in self.outcomes}, reverse=True)

    @property
    def best(self) -> int:
        return self.sizes[0] if self.ends else 0

    @property
    def runner_up(self) -> int:
        """The largest count short of the best (0 if every turn takes the best)."""
        return self.sizes[1] if len(self.sizes) > 1 else 0

    def largest(self) -> list[frozenset[int]]:
        return [s for s in self.outcomes if len(s) == self.best]

    def good_firsts(self) -> list[int]:
        """First flips from which the best set can still be reached."""
        top = set(self.largest())
        return [f for f, by_set in self.ends.items() if top & set(by_set)]

    def order_matters(self) -> bool:
        """Whether some legal way on from a correct first flip ends with fewer tiles."""
        return any(min(len(s) for s in self.ends[f]) < self.best for f in self.good_firsts())


def analyse_flips(board: Board) -> FlipAnalysis:
    """Follow every flip chain the mover could start on ``board``."""
    geo = board.geometry
    me, op, gm, go = board.mover_view()
    ends: dict[int, dict[frozenset[int], tuple[int, ...]]] = {}
    for t in _bits(first_flips(geo, me, op, gm, go)):
        by_set: dict[frozenset[int], tuple[int, ...]] = {}
        for order in chains_from(geo, t, me, op, gm, go, {t}):
            cells = tuple(geo.cell_of_bit[b.bit_length() - 1] for b in order)
            by_set.setdefault(frozenset(cells), cells)
        ends[geo.cell_of_bit[t.bit_length() - 1]] = by_set
    return FlipAnalysis(ends, _greedy(board))


def _greedy(board: Board) -> tuple[int, ...]:
    """The chain a greedy player flips: every time, the tile that leaves the most
    flips open next (ties to the lowest cell), starting with the same rule."""
    geo = board.geometry
    me, op, gm, go = board.mover_view()
    s = 0
    order: list[int] = []
    targets = first_flips(geo, me, op, gm, go)
    while targets:
        options = []
        for c in _bits(targets):
            after = flip_one(geo, c, me, op, gm, go)
            opens = owed(geo, s | c, after[1], after[2], after[3]).bit_count()
            options.append((-opens, geo.cell_of_bit[c.bit_length() - 1], c, after))
        _, cell, c, (me, op, gm, go) = min(options, key=lambda o: o[:2])
        order.append(cell)
        s |= c
        targets = owed(geo, s, op, gm, go)
    return tuple(order)


class Unsolved(Exception):
    """The exact solver ran out of its budget."""


def winning_turns(board: Board, nodes: int | None = None, limit: int | None = None) -> list[Turn]:
    """The legal turns after which the mover wins with best play (all of them, or
    the first ``limit`` found). Each turn is a null-window exact search around a
    win, far cheaper than its exact margin. Raises :class:`Unsolved` past ``nodes``."""
    searcher = Searcher(budget=Budget(nodes=nodes))
    board = board.copy()
    winners: list[Turn] = []
    try:
        for t in ordered(board, board.legal_turns(), None):
            board.push(t)
            try:
                # The reply's score is at most -WIN exactly when this turn wins.
                won = -searcher.negamax(board, 0, -WIN, -WIN + 1, True) >= WIN
            finally:
                board.pop()
            if won:
                winners.append(t)
                if limit is not None and len(winners) >= limit:
                    break
    except OutOfBudget:
        raise Unsolved(f"no exact result within {nodes} nodes") from None
    return winners


def exact_score(board: Board, turn: Turn, nodes: int | None = None) -> int:
    """The exact score for the mover of playing ``turn`` (see :func:`game.ai.solver.margin`)."""
    searcher = Searcher(budget=Budget(nodes=nodes))
    board = board.copy()
    board.push(turn)
    try:
        return -searcher.negamax(board, 0, -INF, INF, True)
    except OutOfBudget:
        raise Unsolved(f"no exact result within {nodes} nodes") from None


def turn_text(board: Board, cells: tuple[int, ...]) -> str:
    return format_turn(Turn.flip(cells), board.geometry)
