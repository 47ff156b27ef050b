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

Turns are tried in the order most likely to cut: the table's best turn, then
the turns that leave the opponent the fewest replies (as Othello's ending
solvers order, "fastest first": a reply-poor position is small to refute or
prove), then flips before placements, bigger flips before smaller, and by
history (how often a turn has refuted a position before). Before searching
any turn, a position also looks up every turn's result in the table
(*enhanced transposition cutoff*): one already proved good enough ends the
position without a search.

With ``symmetric`` the table is keyed by the position's class under the board's
12 symmetries, which shrinks a solve from the empty board (where most positions
have mirror images) several times over at the price of a slower key.

The same search also exists compiled (``game/ai/_endgame.c``), about thirty
times faster, for boards of every side (a 64-bit word a board up to side 5,
two or four words beyond) without ``symmetric``: it searches the positions
this one does, in the same order (a full bucket of its fixed-size table may
cost it one in ten thousand more).
:class:`Endgame` uses it wherever it was built (see :data:`COMPILED`) and falls
back on the Python search elsewhere; both tables hold only proved bounds, so a
solve may move from one to the other without harm.
"""

from __future__ import annotations

import bisect
import time
from collections.abc import Callable
from typing import TypedDict, Unpack

from game.rules import BLUE, PASS, RED, Board, Turn, TurnKind
from game.rules.geometry import Geometry
from game.rules.movegen import (
    Groups,
    flip_outcomes,
    has_turn,
    place,
    placements,
    reach_of,
    touch,
)

from .endgame_fast import COMPILED, NO_COMPILED_VARIABLE, Fast, byte_table, compiled_for

# The compiled solver's switches live with it, and are imported from here too.
__all__ = ["COMPILED", "NO_COMPILED_VARIABLE", "Endgame", "Limits", "OutOfBudget", "compiled_for"]

FLIP = TurnKind.FLIP

#: Turns are ordered by the opponent's replies from this many empty cells up.
#: Below it the count costs more than it saves: with one cell left, the turns
#: are few and the positions after them small.
FEWEST_REPLIES_FROM = 2


class OutOfBudget(Exception):
    """The solve ran past its node count or deadline, or was stopped."""


#: A flip turn's outcome: the tiles it flips, then the mover's and the opponent's
#: tiles and groups after it (as :func:`~game.rules.movegen.flip_outcomes` gives them).
Outcome = tuple[int, int, int, Groups, Groups]
#: A turn as the search tries it: its code, and the position after a flip turn
#: (``None`` for a placement, whose position is cheap to make when it is needed).
Kid = tuple[int, Outcome | None]


class Limits(TypedDict, total=False):
    """What bounds one solve (the keywords of :meth:`Endgame.solve`)."""

    nodes: int | None
    seconds: float | None
    stop: Callable[[], bool] | None
    clock: Callable[[], float]


class Endgame:
    """An exact solver with a table of proved bounds that persists between solves.

    ``table_limit`` bounds the table: when it is full, the entries proved with
    the least work are dropped first (a replacement by effort, so the costly
    results near the root of a solve survive).

    One solver serves one search at a time: the compiled one refuses a second
    (from another thread, or from ``stop``) with ``RuntimeError``."""

    def __init__(
        self, table_limit: int = 2_000_000, symmetric: bool = False, compiled: bool = True
    ) -> None:
        #: key -> (lower, upper, best turn's code, nodes spent proving it); a code
        #: is a placement's bit, or a flip turn's flipped tiles plus a tag bit.
        self.table: dict[object, tuple[int, int, int | None, int]] = {}
        #: turn code -> how often it refuted a position.
        self.history: dict[int, int] = {}
        self.table_limit = table_limit
        self.symmetric = symmetric
        self.nodes = 0
        self._limit: int | None = None
        self._deadline: float | None = None
        self._stop: Callable[[], bool] | None = None
        self._clock: Callable[[], float] = time.perf_counter
        self._maps: list[list[list[int]]] | None = None
        self._geo: Geometry | None = None
        self._flip_tag = 0
        #: The compiled solver's handle and cell maps while it serves this board size.
        self._fast: Fast | None = None
        self._use_compiled = compiled and COMPILED and not symmetric

    @property
    def compiled(self) -> bool:
        """Does the compiled solver serve the current board size?"""
        return self._fast is not None

    def compiled_for(self, board: Board) -> bool:
        """Will the compiled solver serve ``board``?"""
        return self._use_compiled and compiled_for(board)

    # -- keys -------------------------------------------------------------

    def key(self, board: Board) -> object:
        """The table's key for ``board``: the exact position, or with ``symmetric``
        the smallest image of it under the board's symmetries."""
        self._board(board)
        return self._key(*board.mover_view()[:2])

    def _key(self, me: int, op: int) -> object:
        # The rules treat both colours alike, so only whose tiles are whose matters.
        if not self.symmetric:
            return me, op
        best = None
        assert self._maps is not None  # _board() makes them for a symmetric solver
        for sym in self._maps:
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

    def _board(self, board: Board) -> None:
        """Take the board's geometry. One solver serves one board size at a time:
        the same tiles, as bits, are another position on another size, so what
        was proved on the last size goes (the worker's solver sees every game)."""
        geo = board.geometry
        if geo is not self._geo:
            if self._geo is not None and geo.n != self._geo.n:
                self.table.clear()
                self.history.clear()
                self._fast = None
            self._geo = geo
            if self._fast is None and self._use_compiled and compiled_for(board):
                self._fast = Fast(geo, self.table_limit)
            # Flip turns are stored as their set of flipped tiles plus this tag bit,
            # placements as their one bit: distinct within a position and across.
            self._flip_tag = 1 << max(geo.bit_of) + 1
            self._maps = _byte_maps(board) if self.symmetric else None

    # -- the search -----------------------------------------------------------

    def _tick(self) -> None:
        self.nodes += 1
        if self._limit is not None and self.nodes > self._limit:
            raise OutOfBudget
        if self.nodes & 255 == 0 and self._out_of_time():
            raise OutOfBudget

    def _out_of_time(self) -> bool:
        if self._deadline is not None and self._clock() > self._deadline:
            return True
        return self._stop is not None and self._stop()

    def value(self, board: Board, alpha: int, beta: int) -> int:
        """The mover's final margin if it lies strictly between ``alpha`` and
        ``beta``; otherwise a bound on the same side of the window (fail-soft).
        Raises ``ValueError`` unless ``alpha < beta``."""
        if alpha >= beta:
            # No search can answer it, and one that tried would store bounds it
            # never proved (as the compiled solver once did).
            raise ValueError(f"an empty window: alpha ({alpha}) must be below beta ({beta})")
        self._board(board)
        fast = self._fast
        if fast is not None:
            me, op = board.mover_view()[:2]
            # The compiled solver counts in 64 bits; a limit beyond them is none.
            limit = 0 if self._limit is None else max(1, self._limit - self.nodes)
            limit = 0 if limit >= 1 << 64 else limit
            check = self._out_of_time if self._deadline is not None or self._stop else None
            try:
                value, nodes, finished = fast.probe(me, op, alpha, beta, limit, check)
            except OverflowError:  # a position with more turns than it holds: rare
                return self._value(*board.mover_view(), alpha, beta)
            self.nodes += nodes
            if not finished:
                raise OutOfBudget
            return value
        return self._value(*board.mover_view(), alpha, beta)

    def _value(self, me: int, op: int, gm: Groups, go: Groups, alpha: int, beta: int) -> int:
        # The search passes positions as plain values (tiles and groups from the
        # mover's side), not a Board: no turn objects, no push and pop, and a flip
        # turn's position comes straight from the chain walk that found it.
        self._tick()
        key = self._key(me, op) if self.symmetric else (me, op)
        table = self.table
        entry = table.get(key)
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
        geo = self._geo
        assert geo is not None  # every search takes its board (_board) first
        kids = self._children(me, op, gm, go, first)
        start = self.nodes
        cut = self._proved_cut(kids, me, op, beta)
        if cut is not None:
            best, best_code = cut
        elif not kids:
            if not has_turn(geo, op, me, go, gm):
                return me.bit_count() - op.bit_count()
            best = -self._value(op, me, go, gm, -beta, -alpha)
            best_code = None
        else:
            best, best_code = -(1 << 30), None
            a = alpha
            for code, after in kids:
                if after is None:
                    me2, gm2 = place(geo, code, me, gm)
                    score = -self._value(op, me2, go, gm2, -beta, -a)
                else:
                    _, me2, op2, gm2, go2 = after
                    score = -self._value(op2, me2, go2, gm2, -beta, -a)
                if score > best:
                    best, best_code = score, code
                    if score > a:
                        a = score
                        if a >= beta:
                            history = self.history
                            history[code] = history.get(code, 0) + 1
                            break
        lower, upper = entry[:2] if entry is not None else (-(1 << 30), 1 << 30)
        if best <= alpha:
            upper = min(upper, best)
        elif best >= beta:
            lower = max(lower, best)
        else:
            lower = upper = best
        # Not the dict read on entry: a shrink in the subtree made a new one, and
        # a result written to the old one would be lost.
        table = self.table
        if entry is None and len(table) >= self.table_limit:
            self._shrink()
            table = self.table
        effort = self.nodes - start + (entry[3] if entry is not None else 0)
        table[key] = (lower, upper, best_code, effort)
        return best

    def _proved_cut(self, kids: list[Kid], me: int, op: int, beta: int) -> tuple[int, int] | None:
        """``(score, turn code)`` for a turn whose position after it the table
        already proves worth at least ``beta`` to the mover, else ``None``: a
        look-up per turn that spares searching the position's turns one by one,
        when another path has proved one of them (enhanced transposition cutoff)."""
        if self.symmetric:
            # Twelve images a turn cost more than the cuts save: measured on the
            # empty side-3 board, 37% fewer positions but 1.4 times the time.
            return None
        table = self.table
        for code, after in kids:
            entry = table.get((op, me | code) if after is None else (after[2], after[1]))
            if entry is not None and -entry[1] >= beta:
                return -entry[1], code
        return None

    def _children(self, me: int, op: int, gm: Groups, go: Groups, first: int | None) -> list[Kid]:
        """The mover's turns as ``(code, position after a flip turn or None)``, in
        the order to try them: the table's best turn, then the fewest replies
        left to the opponent, then flips before placements and bigger flips
        first, then by how often a turn refuted."""
        geo = self._geo
        assert geo is not None  # every search takes its board (_board) first
        history = self.history
        tag = self._flip_tag
        ranked: list[_Ranked] = []
        empty = geo.full & ~(me | op)
        by_replies = empty.bit_count() >= FEWEST_REPLIES_FROM
        bits = placements(geo, me, op, gm, go)
        if by_replies and bits:
            # A placement leaves the opponent's groups as they were, so what
            # they touch is worked out once for all placements.
            once, twice = touch(go)
            near, mine_near = reach_of(gm), (me & twice).bit_count()
            closed = geo.closed_mask
        while bits:
            c = bits & -bits
            bits ^= c
            replies = 0
            if by_replies:
                reach = near | closed[c.bit_length() - 1]
                rest = empty & ~c
                replies = (rest & ~twice & (~once | reach)).bit_count() + mine_near
                replies += (c & twice).bit_count()
            ranked.append((-replies, 0, 1, history.get(c, 0), c, None))
        for after in flip_outcomes(geo, me, op, gm, go):
            code = after[0] | tag
            replies = _replies(geo, *after[1:]) if by_replies else 0
            ranked.append((-replies, 1, after[0].bit_count(), history.get(code, 0), code, after))
        ranked.sort(key=_rank, reverse=True)
        kids = [(r[4], r[5]) for r in ranked]
        if first is not None:
            for i, kid in enumerate(kids):
                if kid[0] == first:
                    if i:
                        del kids[i]
                        kids.insert(0, kid)
                    break
        return kids

    def code(self, board: Board, turn: Turn) -> int:
        """The table's code for ``turn``, a legal turn on ``board``."""
        self._board(board)
        mask = board.geometry.mask(turn.cells)
        return mask | self._flip_tag if turn.kind is FLIP else mask

    def _shrink(self) -> None:
        """Drop the cheaper half of the table. It takes a good part of a second
        with a big table, so a stop or the deadline met meanwhile ends the solve
        (:class:`OutOfBudget`) and leaves the table whole."""
        table = self.table
        efforts = sorted(e[3] for e in table.values())
        n = len(efforts)
        cut = efforts[n // 2]
        # Most entries cost a node or two, so many share the median's effort:
        # keep as many of those as make up half, not none of them.
        room = (n - n // 2) - (n - bisect.bisect_right(efforts, cut))
        kept = {}
        for i, (k, e) in enumerate(table.items()):
            if e[3] > cut:
                kept[k] = e
            elif e[3] == cut and room > 0:
                kept[k] = e
                room -= 1
            if i & 0xFFFF == 0xFFFF and self._out_of_time():
                raise OutOfBudget
        self.table = kept
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
        self.limit(nodes=nodes, seconds=seconds, stop=stop, clock=clock)
        n = board.geometry.cells
        if guess is None:
            entry = self._entry(board)
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

    def limit(self, **budget: Unpack[Limits]) -> None:
        """Bound the probes (:meth:`value`) from now on, as :meth:`solve`'s keywords."""
        nodes, seconds, clock = budget.get("nodes"), budget.get("seconds"), budget.get("clock")
        self._limit = None if nodes is None else self.nodes + nodes
        self._clock = clock or time.perf_counter
        self._deadline = None if seconds is None else self._clock() + seconds
        self._stop = budget.get("stop")

    def settled(self, board: Board) -> int | None:
        """The mover's final margin in ``board`` if the table holds it proved
        exactly (by an earlier solve, or by :func:`.ponder.ponder`), else ``None``."""
        entry = self._entry(board)
        if entry is not None and entry[0] == entry[1]:
            return entry[0]
        return None

    def _entry(self, board: Board) -> tuple[int, int, int | None] | None:
        """``(lower, upper, best turn's code)`` proved for ``board``, from the table
        in use, or ``None``."""
        self._board(board)
        if self._fast is not None:
            return self._fast.lookup(board, self._flip_tag)
        entry = self.table.get(self.key(board))
        return None if entry is None else entry[:3]

    def ordered_turns(self, board: Board) -> list[Turn]:
        """The legal turns of ``board`` in the order the solver tries them: the
        table's best turn first, then the fewest replies left to the opponent."""
        entry = self._entry(board)
        by_code = {self.code(board, t): t for t in board.legal_turns() if t is not PASS}
        kids = self._children(*board.mover_view(), entry[2] if entry else None)
        return [by_code[code] for code, _ in kids] or board.legal_turns()

    def best_turns(
        self, board: Board, value: int, *, first_only: bool = False, **budget: Unpack[Limits]
    ) -> list[Turn]:
        """The legal turns that keep the mover's margin at ``value`` (the position's
        solved value), in the order the search tries them, the table's choice
        first; with ``first_only`` just one. Each costs one null-window probe: "is
        the reply's value at most -value?"."""
        board = board.copy()
        turns = self.ordered_turns(board)
        out = []
        self.limit(**budget)
        for t in turns:
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
    """For each symmetry, the byte tables of :func:`~game.ai.endgame_fast.byte_table` that map a
    bitboard to its image."""
    bit_of = board.geometry.bit_of
    return [
        byte_table([(bit, bit_of[int(perm[cell])]) for cell, bit in enumerate(bit_of)])
        for perm in board.geometry.symmetries
    ]


#: A turn with what orders it: minus the replies it leaves, flip or not, the tiles it
#: takes, how often it refuted, then its code and outcome (see Endgame._children).
_Ranked = tuple[int, int, int, int, int, Outcome | None]


def _rank(r: _Ranked) -> tuple[int, int, int, int]:
    return r[:4]


def _replies(geo: Geometry, me: int, op: int, gm: Groups, go: Groups) -> int:
    """Roughly how many replies the opponent has after the mover's turn: its
    legal placements plus the mover's tiles that touch two of its groups (each
    a flip it might make), without checking those flips in full."""
    once, twice = touch(go)
    empty = geo.full & ~(me | op)
    return (empty & ~twice & (~once | reach_of(gm))).bit_count() + (me & twice).bit_count()


def empty_cells(board: Board) -> int:
    return board.geometry.cells - board.count(RED) - board.count(BLUE)
