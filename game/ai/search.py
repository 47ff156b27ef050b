"""Search over whole turns (a flip chain is one turn).

Negamax alpha-beta with iterative deepening, a transposition table keyed by the
exact position, and move ordering (the table's best turn, then bigger flips,
then placements; killer turns and a history table as options, :mod:`.ordering`).
Why this and not MCTS: measured on side 5 the rules core generates ~20,000
positions a second in Python, too few for playouts to converge in 2 s, while
alpha-beta with a game-aware evaluation reaches depth 2-3 in the middle game and
solves endings exactly (see :mod:`game.ai.solver`).
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable
from dataclasses import dataclass

from game.rules import PASS, Board, Turn

from .endgame import Endgame, Limits, empty_cells
from .endgame import OutOfBudget as EndgameOutOfBudget
from .evaluate import DEFAULT, WIN, exact_score, final_score, leaf
from .fastsearch import COMPILED, FastSearch, Root, serves
from .helping import Helper
from .ordering import Ordering, ordered
from .patterns import Evaluation, Patterns
from .result import SearchResult, equal_best, in_part

EXACT, LOWER, UPPER = 0, 1, 2
#: The search tries an exact solve when this many empty cells or fewer remain.
SOLVE_EMPTIES = 8
#: The deepening starts no depth after this share of the turn: it would not
#: finish. With ``partial`` it starts one while time is left (see :func:`in_part`).
NEXT_DEPTH_SHARE = 0.45
#: The share of a turn's budget that a deeper exact solve (``exact_from``) may
#: spend before the heuristic search takes over with the rest.
EXACT_SHARE = 0.5
INF = 10**9
#: Leaf evaluations kept: a transposed leaf is usually met again soon after.
LEAF_LIMIT = 100_000


class OutOfBudget(Exception):
    """Raised inside the search when the deadline or node budget is spent; from
    :meth:`Searcher.root`, with the turns it searched in full (``partial``)."""

    def __init__(self, partial: Root | None = None) -> None:
        super().__init__()
        self.partial = partial


@dataclass
class Budget:
    """How long a search may run: seconds and/or a node count.

    Seconds are read from ``clock``: wall time for a player waiting on the AI, but
    the tournament passes :func:`time.process_time` so that a busy machine slows its
    games down without making the levels weaker.
    """

    seconds: float | None = None
    nodes: int | None = None
    max_depth: int = 64
    #: Checked now and then; returning True stops the search (a cancelled request).
    stop: Callable[[], bool] | None = None
    clock: Callable[[], float] = time.perf_counter

    def __post_init__(self) -> None:
        self.start = self.clock()
        self.deadline = None if self.seconds is None else self.start + self.seconds

    def fraction(self, share: float) -> Budget:
        """A budget for part of this one's time and nodes, starting now."""
        return Budget(
            seconds=None if self.seconds is None else self.seconds * share,
            nodes=None if self.nodes is None else int(self.nodes * share),
            max_depth=self.max_depth,
            stop=self.stop,
            clock=self.clock,
        )


class Searcher:
    """Keeps its transposition table between moves of one game. ``budget`` bounds
    the searches run straight through :meth:`negamax` (``search`` takes its own);
    ``weights`` are the evaluation's (see :mod:`.evaluate`), or a pattern
    evaluation (:mod:`.patterns`). Where it was built,
    the compiled search (:mod:`.fastsearch`) searches for it, the same tree
    faster; ``compiled=False`` keeps to the Python search, the reference."""

    def __init__(
        self,
        table_limit: int = 400_000,
        budget: Budget | None = None,
        weights: Evaluation = DEFAULT,
        compiled: bool = True,
        pvs: bool = False,
        *,
        killers: bool = False,
        history: int = 0,
    ) -> None:
        self.weights = weights
        #: Principal-variation search: every turn after a node's first is
        #: searched with a null window first, and again in full only if it
        #: might be better (off by default until a match shows it wins).
        self.pvs = pvs
        #: Killer turns, and the history table's order (0 off; :mod:`.ordering`),
        #: off by default: a level asks for them (:meth:`order`), Master where a
        #: match at equal time showed they win.
        self.ordering = Ordering(killers, int(history))
        self.table: dict[tuple[int, int, int], tuple[int, int, int, Turn | None]] = {}
        #: Leaf evaluations by position (``None``: the mover has no turn).
        self.leaves: dict[tuple[int, int, int], int | None] = {}
        self.table_limit = table_limit
        self.nodes = 0
        self.budget = budget or Budget()
        #: Proved results of exact solves (see :mod:`.endgame`), kept for the game:
        #: a solve that ran out of time leaves its bounds for the next turn's.
        #: Half a million entries (about 150 MB at most) hold a game's tries.
        self.endgame = Endgame(table_limit=500_000)
        #: The solver of the win-or-loss solve that runs beside the search when
        #: Master thinks long (:mod:`.beside`), kept for the game as the other is.
        self.prover = Endgame(table_limit=500_000)
        self.fast = FastSearch(table_limit, pvs, self.ordering) if compiled and COMPILED else None

    def _fast_for(self, board: Board) -> FastSearch | None:
        return self.fast if self.fast is not None and serves(board) else None

    def compiled_for(self, board: Board) -> bool:
        """Whether the compiled search searches ``board`` for this searcher."""
        return self._fast_for(board) is not None

    def _overflowed(self) -> None:
        """The compiled search met a position past its fixed room (more turns
        or longer chains than it holds): the Python search, which has no such
        bound, takes over for the rest of this searcher's life."""
        self.fast = None

    def _limits(self) -> tuple[int, Callable[[], bool] | None]:
        """The budget as the compiled search takes it: the nodes left (negative
        for no limit), and a check that says stop."""
        b = self.budget
        limit = -1 if b.nodes is None else max(b.nodes - self.nodes, 0)
        deadline, stop, clock = b.deadline, b.stop, b.clock
        if deadline is None and stop is None:
            return limit, None

        def check() -> bool:
            return (deadline is not None and clock() > deadline) or (
                stop is not None and bool(stop())
            )

        return limit, check

    def use(self, weights: Evaluation) -> None:
        """Evaluate with ``weights`` from now on. What was stored under other
        weights is dropped: its scores would not compare with the new ones."""
        if weights != self.weights:
            self.weights = weights
            self.forget()

    def forget(self) -> None:
        """Empty the transposition table, the leaf scores and the ordering's
        tables (not the exact solver's)."""
        self.table.clear()
        self.leaves.clear()
        self.fresh()
        if self.fast is not None:
            self.fast.clear()

    def fresh(self) -> None:
        """Empty the killer turns and the history table, in Python and compiled."""
        self.ordering.clear()
        if self.fast is not None:
            self.fast.fresh()

    def order(self, killers: bool, history: int) -> None:
        """Search with these ordering hints (:mod:`.ordering`) from now on, in
        Python and compiled: a searcher shared by levels (the worker's) takes
        each level's own. Their tables are emptied, as at every search."""
        if (killers, history) == (self.ordering.killers, self.ordering.history):
            return
        self.ordering = Ordering(killers, int(history))
        if self.fast is not None:
            self.fast.order(self.ordering)

    def stored(self) -> int:
        """How many scores the search keeps (table entries and leaves), in Python
        or compiled."""
        fast = 0 if self.fast is None else self.fast.size()
        return len(self.table) + len(self.leaves) + fast

    def _tick(self) -> None:
        self.nodes += 1
        b = self.budget
        if self.nodes & 255 == 0:
            if b.deadline is not None and b.clock() > b.deadline:
                raise OutOfBudget
            if b.stop is not None and b.stop():
                raise OutOfBudget
        if b.nodes is not None and self.nodes > b.nodes:
            raise OutOfBudget

    def negamax(
        self, board: Board, depth: int, alpha: int, beta: int, exact: bool, *, ply: int = 0
    ) -> int:
        """Score for the player to move. ``exact`` searches to the end of the game;
        ``ply``: turns below the root (the killers' index)."""
        fast = self._fast_for(board)
        if fast is not None:
            try:
                limits = self._limits()
                score = fast.negamax(board, depth, alpha, beta, exact, self.weights, *limits)
            except OverflowError:
                self._overflowed()
                return self.negamax(board, depth, alpha, beta, exact, ply=ply)
            self.nodes += fast.nodes
            if score is None:
                raise OutOfBudget
            return score
        self._tick()
        key = board.transposition_key()
        entry = self.table.get(key)
        best_turn = None
        if entry is not None:
            e_depth, e_flag, e_score, best_turn = entry
            # An exact search may only trust exact entries: the table also holds
            # heuristic scores from earlier, shallower searches of this game.
            if e_depth >= (INF if exact else depth):
                if e_flag == EXACT:
                    return e_score
                if e_flag == LOWER and e_score >= beta:
                    return e_score
                if e_flag == UPPER and e_score <= alpha:
                    return e_score
        if depth <= 0 and not exact:
            # A leaf: evaluate without generating its turns, unless the mover has
            # none (a pass or the end of the game, handled below as before). The
            # same leaf is often reached by turns played in another order.
            leaves = self.leaves
            if key in leaves:
                score = leaves[key]
            else:
                if len(leaves) >= LEAF_LIMIT:
                    leaves.clear()
                score = leaves[key] = leaf_score(board, self.weights)
            if score is not None:
                return score
        turns = board.legal_turns()
        if not turns:
            return final_score(board)
        if turns[0] is PASS:
            board.push(PASS)
            try:
                return -self.negamax(board, depth, -beta, -alpha, exact, ply=ply + 1)
            finally:
                board.pop()
        alpha0 = alpha
        best = -INF
        order = self.ordering
        for i, t in enumerate(order.order(board, turns, best_turn, ply)):
            board.push(t)
            try:
                if self.pvs and i:
                    score = -self.negamax(board, depth - 1, -alpha - 1, -alpha, exact, ply=ply + 1)
                    if alpha < score < beta:
                        score = -self.negamax(board, depth - 1, -beta, -alpha, exact, ply=ply + 1)
                else:
                    score = -self.negamax(board, depth - 1, -beta, -alpha, exact, ply=ply + 1)
            finally:
                board.pop()
            if score > best:
                best, best_turn = score, t
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        order.cut(t, ply, depth)
                        break
        flag = UPPER if best <= alpha0 else LOWER if best >= beta else EXACT
        if len(self.table) >= self.table_limit:
            self.table.clear()
        self.table[key] = (INF if exact else depth, flag, best, best_turn)
        return best

    def root(
        self, board: Board, depth: int, exact: bool, all_scores: bool = False, ties: bool = False
    ) -> tuple[Turn | None, int, dict[Turn, int]]:
        """Best root turn at ``depth``. With ``all_scores`` every root turn gets a true
        score (a full window each), for levels that choose among them with noise;
        otherwise later turns only need to be shown worse than the best so far.
        With ``ties`` the window reaches one hundredth lower, so a turn exactly as
        good as the best gets its exact score and the equally good turns are known
        (at almost no cost)."""
        fast = self._fast_for(board)
        if fast is not None:
            mode = 1 if all_scores else 2 if ties else 0
            try:
                found, finished = fast.root(
                    board, depth, exact, mode, self.weights, *self._limits()
                )
            except OverflowError:
                self._overflowed()
                return self.root(board, depth, exact, all_scores, ties)
            self.nodes += fast.nodes
            if not finished:
                raise OutOfBudget(found)
            return found
        turns = board.legal_turns()
        entry = self.table.get(board.transposition_key())
        best_turn: Turn | None = None
        alpha, scores = -INF, dict[Turn, int]()
        for t in ordered(board, turns, entry[3] if entry else None):
            board.push(t)
            try:
                lower = -INF if all_scores else alpha - 1 if ties else alpha
                score = -self.negamax(board, depth - 1, -INF, -lower, exact, ply=1)
            except OutOfBudget:
                raise OutOfBudget((best_turn, alpha if scores else 0, scores)) from None
            finally:
                board.pop()
            scores[t] = score
            if score > alpha:
                alpha, best_turn = score, t
        self.table[board.transposition_key()] = (INF if exact else depth, EXACT, alpha, best_turn)
        return best_turn, alpha, scores

    def search(
        self,
        board: Board,
        budget: Budget,
        *,
        solve: bool = True,
        all_scores: bool = False,
        ties: bool = False,
        exact_from: int = 0,
        helped: bool = False,
        partial: bool = False,
    ) -> SearchResult:
        """Best turn within ``budget``: first try to solve the game exactly (when the
        ending is small enough to finish in part of the budget), else deepen.
        ``all_scores`` and ``ties`` are as for :meth:`root`. With ``exact_from``,
        endings with that many empty cells or fewer, and bigger ones whose value
        is proved already, are tried with the exact solver of :mod:`.endgame` for
        :data:`EXACT_SHARE` of the budget first. ``helped``: a second thread
        searches beside the deepening, in the same table (:mod:`.helping`: no
        level asks for it), where the search is compiled and ``budget`` counts
        no nodes. ``partial``: deepen while time is left and play the best of
        a depth not finished (:func:`in_part`), for a long turn."""
        self.budget = budget
        self.nodes = 0
        self.fresh()
        board = board.copy()
        turns = board.legal_turns()
        if not turns:
            return SearchResult(None, final_score(board), 0, 0, exact=True)
        if len(turns) == 1:
            return SearchResult(turns[0], 0, 0, 0)
        if solve and not all_scores and self.exact_reach(board, exact_from):
            solved = self.solve_exact(board, budget.fraction(EXACT_SHARE), ties)
            if solved is not None:
                return solved
        elif solve and empty_cells(board) <= SOLVE_EMPTIES:
            solved = solve_with(self, board, budget.fraction(0.5), all_scores, ties)
            if solved is not None:
                return solved
        result = SearchResult(turns[0], 0, 0, 0)
        fast = self._fast_for(board) if helped and budget.nodes is None else None
        helper = None if fast is None else Helper(fast, board, self.weights, budget.max_depth)
        try:
            result = self._deepen(
                board, budget, result, all_scores=all_scores, ties=ties, helper=helper,
                partial=partial and not all_scores,
            )  # fmt: skip
        finally:
            if helper is not None:
                helper.stop()
        result.nodes = self.nodes
        return result

    def _deepen(
        self,
        board: Board,
        budget: Budget,
        result: SearchResult,
        *,
        all_scores: bool,
        ties: bool,
        helper: Helper | None,
        partial: bool = False,
    ) -> SearchResult:
        """:meth:`search`'s deepening, one depth after another until the time
        would not finish the next; ``helper`` searches beside it."""
        share = 1.0 if partial else NEXT_DEPTH_SHARE
        for depth in range(1, budget.max_depth + 1):
            if helper is not None:
                helper.searching(depth)
            try:
                turn, score, scores = self.root(board, depth, False, all_scores, ties)
            except OutOfBudget as stopped:
                if partial:
                    result = in_part(result, stopped.partial, ties) or result
                break
            result = SearchResult(turn, score, depth, self.nodes, scores=scores)
            result.ties = equal_best(scores, score, all_scores or ties)
            if abs(score) >= WIN:  # a forced result is known: deeper search won't change it
                break
            if budget.deadline is not None and budget.clock() > (
                budget.start + share * (budget.deadline - budget.start)
            ):
                break  # the next depth would not finish in time
        return result

    def exact_reach(self, board: Board, exact_from: int) -> bool:
        """Is ``board`` for the exact solver? With ``exact_from`` on, it is when the
        ending is that small, or when its value is already proved (a ponder on
        the opponent's time, :mod:`.ponder`, may settle far bigger endings)."""
        if empty_cells(board) <= exact_from:
            return True
        return exact_from > 0 and self.endgame.settled(board) is not None

    def solve_exact(self, board: Board, budget: Budget, ties: bool) -> SearchResult | None:
        """The best turn by an exact solve within ``budget`` (``None`` if it runs out);
        with ``ties`` every turn exactly as good as the best is listed too."""
        eg = self.endgame
        start = eg.nodes
        limits: Limits = {
            "nodes": budget.nodes,
            "seconds": None if budget.deadline is None else budget.seconds,
            "stop": budget.stop,
            "clock": budget.clock,
        }

        def rest() -> Limits:
            if budget.deadline is not None:
                limits["seconds"] = budget.deadline - budget.clock()
            if budget.nodes is not None:
                limits["nodes"] = budget.nodes - (eg.nodes - start)
            return limits

        try:
            value = eg.solve(board, **limits)
            best = eg.best_turns(board, value, first_only=True, **rest())
        except EndgameOutOfBudget:
            self.nodes += eg.nodes - start
            return None
        if ties:
            # Listing every equal turn costs a probe each; a proved best turn is
            # kept if the budget runs out first.
            with contextlib.suppress(EndgameOutOfBudget):
                best = eg.best_turns(board, value, **rest())
        self.nodes += eg.nodes - start
        result = SearchResult(best[0], exact_score(value), 0, self.nodes, exact=True)
        result.ties = best if ties else []
        return result


def leaf_score(board: Board, weights: Evaluation) -> int | None:
    """The leaf's score by either evaluation (see :func:`.evaluate.leaf`)."""
    if isinstance(weights, Patterns):
        return weights.leaf(board)
    return leaf(board, weights)


def solve_with(
    searcher: Searcher,
    board: Board,
    budget: Budget,
    all_scores: bool = False,
    ties: bool = False,
) -> SearchResult | None:
    """Solve with an existing searcher (sharing its table); ``None`` if the budget
    runs out first."""
    saved = searcher.budget
    searcher.budget = budget
    try:
        turn, score, scores = searcher.root(board, 1, True, all_scores, ties)
    except OutOfBudget:
        return None
    finally:
        searcher.budget = saved
    result = SearchResult(turn, score, 0, searcher.nodes, exact=True, scores=scores)
    result.ties = equal_best(scores, score, all_scores or ties)
    return result
