"""Exact endings: the final tile margin under best play, by null-window search.

The heuristic search (:mod:`game.ai.search`) deepens with an evaluation; this
module only ever stores what is proved. A position's value is the mover's tiles
minus the opponent's at the end of the game under best play by both sides, an
integer between minus and plus the number of cells, so it can be found with a
few *null-window* probes ("is the value at least g?"), each far cheaper than a
search with a full window, starting from the guess "a draw" (the first probe
settles who wins). What a probe proves is kept as a lower and an upper bound
per position in :class:`Endgame`'s table, which outlives one search: the next
turn's solve, or a probe with another window, starts from every bound already
proved. Only proved bounds go in, so the table can be shared by any search of
the same game without mixing in a guess.

Turns are tried in the order most likely to cut: the table's best turn, then by
history (how often a turn has refuted a position before, a cheap and strong
hint in endings where the same few cells decide everything), bigger flips
before smaller and flips before placements.

With ``symmetric`` the table is keyed by the position's class under the board's
12 symmetries, which shrinks a solve from the empty board (where most positions
have mirror images) several times over at the price of a slower key.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from game.rules import BLUE, PASS, RED, Board, Turn, TurnKind

FLIP = TurnKind.FLIP


class OutOfBudget(Exception):
    """The solve ran past its node count or deadline, or was stopped."""


class Endgame:
    """An exact solver with a table of proved bounds that persists between solves.

    ``table_limit`` bounds the table: when it is full, the entries proved with
    the least work are dropped first (a replacement by effort, so the costly
    results near the root of a solve survive)."""

    def __init__(self, table_limit: int = 2_000_000, symmetric: bool = False) -> None:
        #: key -> (lower, upper, best turn, nodes spent proving it)
        self.table: dict[object, tuple[int, int, Turn | None, int]] = {}
        self.history: dict[Turn, int] = {}
        self.table_limit = table_limit
        self.symmetric = symmetric
        self.nodes = 0
        self._limit: int | None = None
        self._deadline: float | None = None
        self._stop: Callable[[], bool] | None = None
        self._clock: Callable[[], float] = time.perf_counter
        self._maps: list[list[list[int]]] | None = None

    # -- keys -------------------------------------------------------------

    def key(self, board: Board) -> object:
        """The table's key for ``board``: the exact position, or with ``symmetric``
        the smallest image of it under the board's symmetries."""
        red, blue, mover = board.transposition_key()
        # The rules treat both colours alike, so only whose tiles are whose matters.
        me, op = (red, blue) if mover == int(RED) else (blue, red)
        if not self.symmetric:
            return me, op
        maps = self._maps
        if maps is None:
            maps = self._maps = _byte_maps(board)
        best = None
        for sym in maps:
            r = b = 0
            x, shift = me, 0
            while x:
                r |= sym[shift][x & 255]
                x >>= 8
                shift += 1
            x, shift = op, 0
            while x:
                b |= sym[shift][x & 255]
                x >>= 8
                shift += 1
            image = (r, b)
            if best is None or image < best:
                best = image
        return best

    # -- the search -----------------------------------------------------------

    def _tick(self) -> None:
        self.nodes += 1
        if self._limit is not None and self.nodes > self._limit:
            raise OutOfBudget
        if self.nodes & 255 == 0:
            if self._deadline is not None and self._clock() > self._deadline:
                raise OutOfBudget
            if self._stop is not None and self._stop():
                raise OutOfBudget

    def value(self, board: Board, alpha: int, beta: int) -> int:
        """The mover's final margin if it lies strictly between ``alpha`` and
        ``beta``; otherwise a bound on the same side of the window (fail-soft)."""
        self._tick()
        key = self.key(board)
        entry = self.table.get(key)
        first = None
        if entry is not None:
            lower, upper, first, _ = entry
            if lower >= beta:
                return lower
            if upper <= alpha:
                return upper
            if lower == upper:
                return lower
            alpha = max(alpha, lower)
            beta = min(beta, upper)
        turns = board.legal_turns()
        if not turns:
            red, blue, mover = board.transposition_key()
            diff = red.bit_count() - blue.bit_count()
            return diff if mover == int(RED) else -diff
        start = self.nodes
        if turns[0] is PASS:
            board.push(PASS)
            try:
                best = -self.value(board, -beta, -alpha)
            finally:
                board.pop()
            best_turn = PASS
        else:
            best, best_turn = -(1 << 30), None
            a = alpha
            history = self.history
            for t in self._ordered(turns, first):
                board.push(t)
                try:
                    score = -self.value(board, -beta, -a)
                finally:
                    board.pop()
                if score > best:
                    best, best_turn = score, t
                    if score > a:
                        a = score
                        if a >= beta:
                            history[t] = history.get(t, 0) + 1
                            break
        lower, upper = entry[:2] if entry is not None else (-(1 << 30), 1 << 30)
        if best <= alpha:
            upper = min(upper, best)
        elif best >= beta:
            lower = max(lower, best)
        else:
            lower = upper = best
        if entry is None and len(self.table) >= self.table_limit:
            self._shrink()
        effort = self.nodes - start + (entry[3] if entry is not None else 0)
        self.table[key] = (lower, upper, best_turn, effort)
        return best

    def _ordered(self, turns: list[Turn], first: Turn | None) -> list[Turn]:
        history = self.history
        # Flips first and bigger first, then by how often a turn refuted before.
        turns = sorted(
            turns,
            key=lambda t: (t[0] is FLIP, len(t[1]), history.get(t, 0)),
            reverse=True,
        )
        if first is not None and first in turns:
            turns.remove(first)
            turns.insert(0, first)
        return turns

    def _shrink(self) -> None:
        """Drop the cheaper half of the table."""
        efforts = sorted(e[3] for e in self.table.values())
        cut = efforts[len(efforts) // 2]
        self.table = {k: e for k, e in self.table.items() if e[3] > cut}
        self.history.clear()

    # -- driving it -----------------------------------------------------------

    def solve(
        self,
        board: Board,
        *,
        nodes: int | None = None,
        seconds: float | None = None,
        stop: Callable[[], bool] | None = None,
        clock: Callable[[], float] = time.perf_counter,
        guess: int | None = None,
    ) -> int:
        """The exact final margin for the mover of ``board`` (a copy is searched).
        The first probe asks about ``guess``: by default a bound the table already
        holds for this position (from an earlier try), else a draw. Raises
        :class:`OutOfBudget` when ``nodes`` or ``seconds`` run out first; what was
        proved stays in the table for the next try."""
        board = board.copy()
        self._limits(board, nodes=nodes, seconds=seconds, stop=stop, clock=clock)
        n = board.geometry.cells
        if guess is None:
            entry = self.table.get(self.key(board))
            guess = 0 if entry is None else max(-n, min(n, entry[0] if entry[0] > -n else entry[1]))
        lower, upper, g = -n - 1, n + 1, guess
        while lower < upper:
            beta = g + 1 if g == lower else g
            g = self.value(board, beta - 1, beta)
            if g < beta:
                upper = g
            else:
                lower = g
        return g

    def _limits(
        self,
        board: Board,
        *,
        nodes: int | None = None,
        seconds: float | None = None,
        stop: Callable[[], bool] | None = None,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        self._limit = None if nodes is None else self.nodes + nodes
        self._clock = clock
        self._deadline = None if seconds is None else clock() + seconds
        self._stop = stop

    def best_turns(
        self, board: Board, value: int, *, first_only: bool = False, **budget
    ) -> list[Turn]:
        """The legal turns that keep the mover's margin at ``value`` (the position's
        solved value), the table's choice first; with ``first_only`` just one.
        Each costs one null-window probe: "is the reply's value at most -value?"."""
        board = board.copy()
        entry = self.table.get(self.key(board))
        out = []
        self._limits(board, **budget)
        for t in self._ordered(board.legal_turns(), entry[2] if entry else None):
            board.push(t)
            try:
                if -self.value(board, -value - 1, -value + 1) == value:
                    out.append(t)
                    if first_only:
                        break
            finally:
                board.pop()
        return out


def _byte_maps(board: Board) -> list[list[list[int]]]:
    """For each symmetry and each byte of a bitboard, the image of all 256 values
    of that byte, so a bitboard maps with one lookup a byte."""
    geo = board.geometry
    bit_of = geo.bit_of
    top = max(bit_of) + 1
    maps = []
    for perm in geo.symmetries:
        dest = [0] * top
        for cell, bit in enumerate(bit_of):
            dest[bit] = 1 << bit_of[int(perm[cell])]
        tables = []
        for byte in range((top + 7) // 8):
            row = [0] * 256
            for v in range(256):
                m = 0
                for i in range(8):
                    if v >> i & 1 and byte * 8 + i < top:
                        m |= dest[byte * 8 + i]
                row[v] = m
            tables.append(row)
        maps.append(tables)
    return maps


def empty_cells(board: Board) -> int:
    return board.geometry.cells - board.count(RED) - board.count(BLUE)
