"""The AI's levels, named for the players they suit, and how each picks a turn.

A level is a time budget plus limits: a search depth cap, a softmax temperature
over the root scores (in hundredths of a tile: higher means looser play), and a
chance of a plain blunder (any legal turn). Beginner looks one turn ahead and
often lets a flip chain slip; Master searches as deep as 0.85 s allow and solves
endings exactly, and plays side 3 perfectly from a shipped strategy
(:mod:`.side3`). The levels without a temperature from Contender up pick at
random (from the game's seed) among turns exactly as good as their best, so
their games differ.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from game.i18n import N_
from game.rules import Board, Turn

from . import side3
from .beside import Prover, runs_beside, until_proved
from .endgame import compiled_for, empty_cells
from .endgame_fast import WORD_CELLS
from .evaluate import CLASSIC, DEFAULT
from .ordering import HISTORY_AFTER_SIZE
from .patterns import Evaluation, shipped
from .search import Budget, Searcher
from .winning import WIN_SHARE, rest, winning_turn

REFERENCE_CELLS = 61  # the side-5 board the budgets are set for
#: Master's exact reach on the bigger boards (sides 6 to 8), where the compiled
#: solver takes two or four words: endings of random games there settled in 0.05 to
#: 0.8 s of CPU at 10 empty cells (7 of 9; 3.7 s at most), about half of them
#: within Master's share of its turn at 11, and none in 5 s from 13, where on
#: side 5 16-cell endings settle in 1 to 2 s. The Python solver's reach was 9.
WIDE_REACH = 10
#: Master's time a turn before the compiled search, growing with the board: what
#: "Master thinks: long" gives it (``choose_turn(..., seconds=LONG_SECONDS)``).
LONG_SECONDS = 1.85


@dataclass(frozen=True)
class Level:
    name: str
    seconds: float
    max_depth: int = 64
    temperature: float = 0.0
    blunder: float = 0.0
    solve: bool = True
    #: Choose at random among turns exactly as good as the best, so that the
    #: same opening does not always meet the same game (never a worse turn).
    vary: bool = False
    #: The evaluation's weights. The lower levels keep the classic ones, with
    #: which their strength was measured (``docs/ai-ladder.md``); Challenger,
    #: and the pattern levels where the compiled search is missing, play with
    #: the weights fitted to game results.
    weights: Evaluation = DEFAULT
    #: Play with the shipped pattern evaluation (:func:`.patterns.shipped`)
    #: where the compiled search serves the board; ``weights`` elsewhere, since
    #: the Python search scores patterns too slowly to gain by them.
    patterns: bool = False
    #: Endings with this many empty cells or fewer are first tried with the exact
    #: solver (:mod:`.endgame`) for part of the budget; 0 leaves exact play to
    #: the search's own small solve (:data:`.search.SOLVE_EMPTIES`).
    exact_from: int = 0
    #: The same where the compiled ending solver serves the board (where it was
    #: built): about thirty times faster, it proves far bigger endings in the
    #: same part of the budget. 0: as ``exact_from``. On sides 6 to 8 at most
    #: :data:`WIDE_REACH`.
    exact_from_compiled: int = 0
    #: Play side 3 from the shipped perfect strategy (:mod:`.side3`) where it
    #: holds the position; only with exact endings on (``exact_from`` > 0).
    perfect_side3: bool = False
    #: Thinking long (a turn of :data:`LONG_SECONDS` or more), endings with this
    #: many empty cells or fewer are first tried with a win-or-loss solve
    #: (:mod:`.winning`) where the compiled ending solver serves the board; 0
    #: never. Without it, and on sides 6 to 8, from the exact reach.
    win_from_compiled: int = 0
    #: The same when the solve runs beside the search on the second core
    #: (:mod:`.beside`): it no longer takes the search's time, so it may start
    #: from further out, where it proves who wins less often but leaves its
    #: bounds for the next turn's. 0: as ``win_from_compiled``.
    win_from_beside: int = 0
    #: The longest turn on any board when the level's own time serves (a time
    #: given to :meth:`budget` grows unbounded): ``None`` lets it grow.
    max_seconds: float | None = None
    #: Killer turns and the history table (:mod:`.ordering`): the search tries
    #: likely refutations sooner and so gets deeper in the same time. Only a
    #: timed search gains by them; a depth-capped level plays the same turns.
    killers: bool = False
    #: 0 off, else :data:`.ordering.HISTORY_AFTER_SIZE` or ``HISTORY_FIRST``.
    history: int = 0
    blurb: str = ""
    #: The level's measured Elo rating, Random at 0: the "Ratings" table of
    #: ``docs/ai-ladder.md`` (``tests/ai/test_level_ratings.py`` holds them equal).
    #: The setup screen shows it, and a player's rating against the AI is kept on
    #: the same scale (:mod:`game.play.ai_rating`).
    elo: int = 0

    def evaluation(self, compiled: bool) -> Evaluation:
        """The evaluation this level plays with: see :attr:`patterns`."""
        found = shipped() if self.patterns and compiled else None
        return self.weights if found is None else found

    def exact_reach(self, board: Board) -> int:
        """The most empty cells at which this level tries the exact solver on ``board``."""
        if self.exact_from_compiled and compiled_for(board):
            if board.geometry.cells > WORD_CELLS:
                return min(self.exact_from_compiled, WIDE_REACH)
            return self.exact_from_compiled
        return self.exact_from

    def win_reach(self, board: Board, seconds: float | None, beside: bool = False) -> int:
        """The most empty cells at which this level, given ``seconds`` a turn,
        tries the win-or-loss solve on ``board`` (0: not at all); ``beside``:
        with the solve beside the search (:mod:`.beside`)."""
        if not self.win_from_compiled or seconds is None or seconds < LONG_SECONDS:
            return 0
        reach = self.exact_reach(board)
        if compiled_for(board) and board.geometry.cells <= WORD_CELLS:
            far = self.win_from_beside if beside else 0
            return max(reach, self.win_from_compiled, far)
        return reach

    def budget(self, board: Board, seconds: float | None = None) -> float:
        """Seconds for a turn on ``board``: bigger boards get more, growing with the
        square root of the cell count so a side-8 turn stays a short wait."""
        base = self.seconds if seconds is None else seconds
        grown = base * max(1.0, math.sqrt(board.geometry.cells / REFERENCE_CELLS))
        if seconds is None and self.max_seconds is not None:
            return min(grown, self.max_seconds)
        return grown


LEVELS: dict[str, Level] = {
    level.name.lower(): level
    for level in (
        Level(
            N_("Beginner"),
            0.3,
            max_depth=1,
            temperature=120,
            blunder=0.2,
            solve=False,
            weights=CLASSIC,
            elo=142,
            blurb=N_("Sees only its own turn, and often misses the best flip."),
        ),
        Level(
            N_("Casual"),
            0.3,
            max_depth=1,
            temperature=40,
            solve=False,
            weights=CLASSIC,
            elo=332,
            blurb=N_("Plays sensible turns without looking at your reply."),
        ),
        # From here up each level sees more than the one below, or picks among
        # what it sees with a colder hand (a lower temperature): each step was
        # set to win about three games in four against the level below
        # (docs/ai-ladder.md).
        Level(
            N_("Apprentice"),
            0.3,
            max_depth=2,
            temperature=46,
            solve=False,
            weights=CLASSIC,
            elo=523,
            blurb=N_("Glances at your reply, but often settles for a looser turn."),
        ),
        Level(
            N_("Hobbyist"),
            0.5,
            max_depth=2,
            temperature=26,
            weights=CLASSIC,
            elo=753,
            blurb=N_("Looks at your reply, and now and then lets a better turn go."),
        ),
        Level(
            N_("Club"),
            0.5,
            max_depth=2,
            temperature=10,
            weights=CLASSIC,
            elo=951,
            blurb=N_("Looks at your best reply before it commits."),
        ),
        Level(
            N_("Contender"),
            0.5,
            max_depth=2,
            vary=True,
            weights=CLASSIC,
            elo=1165,
            blurb=N_("Always weighs your best reply, and plays small endings exactly."),
        ),
        Level(
            N_("Challenger"),
            0.5,
            max_depth=2,
            vary=True,
            elo=1366,
            blurb=N_("Judges the board with weights learned from thousands of games."),
        ),
        # Veteran's eye with a warmer hand: the learned weights three turns deep
        # stood too near Challenger and too far below Veteran (docs/ai.md).
        Level(
            N_("Expert"),
            0.85,
            max_seconds=0.85,
            max_depth=2,
            temperature=30,
            patterns=True,
            elo=1581,
            blurb=N_("Judges the board by its patterns, but sometimes lets a better turn go."),
        ),
        Level(
            N_("Veteran"),
            0.85,
            max_seconds=0.85,
            max_depth=2,
            vary=True,
            patterns=True,
            elo=1750,
            blurb=N_("Sees only your reply, but judges the board by its patterns."),
        ),
        Level(
            N_("Elite"),
            0.85,
            max_seconds=0.85,
            max_depth=3,
            temperature=11,
            patterns=True,
            elo=1972,
            blurb=N_("Judges the board by its patterns, and seldom lets a good turn slip."),
        ),
        Level(
            N_("Virtuoso"),
            0.85,
            max_seconds=0.85,
            # Five turns deep stood too near Master and four too far below it:
            # a slight warmth (0.11 tiles) takes five turns' play between them
            # (docs/ai.md, "The third retuning").
            max_depth=5,
            temperature=11,
            exact_from=9,
            exact_from_compiled=14,
            patterns=True,
            elo=2206,
            blurb=N_("Reads five turns ahead and plays endings of fourteen cells exactly."),
        ),
        Level(
            N_("Master"),
            # The search may run a little past its budget, and the worker and
            # the frame that sees the answer add a little more: 0.85 s on every
            # side keeps a player's wait under 1 s (benchmarks/master_wait.py).
            # The compiled search (game/ai/_search.c) reaches deeper in it than
            # the Python search did in 1.85 s growing with the board
            # (:data:`LONG_SECONDS`, which the "long" setting still gives it).
            0.85,
            max_seconds=0.85,
            vary=True,
            # With the Python solver alone: tried from 12 it cost a tile a game
            # against 0.1's solve from 8 (half the time spent on solves that
            # rarely finish); from 9 it is even with it. The compiled solver
            # proves most 16-cell endings within the same half of a turn, and
            # what it proves stays for the next turn (benchmarks/endings.py,
            # docs/ai-endings.md).
            exact_from=9,
            exact_from_compiled=16,
            # Thinking long, its extra time goes to proving who wins from
            # further out (game/ai/winning.py; docs/ai.md, "How strong Master is").
            win_from_compiled=20,
            # Beside the search, side-5 solves from 22 and 24 empty cells proved
            # who wins within a long turn in 3 and 1 of 6 positions.
            win_from_beside=24,
            perfect_side3=True,
            patterns=True,
            # At equal time they won 64 of 100 games on side 5 against Master
            # without them, and 21 of 40 on side 7 (benchmarks/versus_v01.py;
            # docs/ai.md, "Killer turns and a history table").
            killers=True,
            history=HISTORY_AFTER_SIZE,
            elo=2452,
            blurb=N_("The strongest play the engine reaches in a second or less."),
        ),
    )
}


def level(name: str) -> Level:
    """The level called ``name`` (any case); raises ValueError listing the names."""
    try:
        return LEVELS[name.strip().lower()]
    except KeyError:
        names = ", ".join(v.name for v in LEVELS.values())
        raise ValueError(f"no level called {name!r}; choose one of {names}") from None


def choose_turn(
    board: Board,
    lvl: Level,
    rng: random.Random | None = None,
    *,
    searcher: Searcher | None = None,
    seconds: float | None = None,
    stop: Callable[[], bool] | None = None,
    clock: Callable[[], float] = time.perf_counter,
    nodes: int | None = None,
    weights: Evaluation | None = None,
    exact_from: int | None = None,
    ordering: tuple[bool, int] | None = None,
) -> Turn | None:
    """The turn ``lvl`` plays on ``board`` (``None`` if the game is over).

    ``seconds`` overrides the level's own time; ``clock`` is what it is read from.
    ``nodes`` replaces the time with a node count, which makes play repeatable
    (the puzzle miner replays games from their seeds). ``weights`` replace the
    level's own evaluation weights (the miner's games replay with the classic ones),
    and ``exact_from`` its reach of exact endings (0 for the miner's, as in 0.1);
    ``ordering`` its killer turns and history (``python -m game.ai --killers``).
    Given :data:`LONG_SECONDS` or more, a level with ``win_from_compiled`` also
    tries to prove a win (:mod:`.winning`), beside its search (:mod:`.beside`),
    and plays it if it does; and any level then deepens while its time lasts
    (:func:`thinks_long`)."""
    rng = rng or random.Random()
    turns = board.legal_turns()
    if not turns:
        return None
    if len(turns) == 1:
        return turns[0]
    if lvl.blunder and rng.random() < lvl.blunder:
        return rng.choice(turns)
    exact_from = lvl.exact_reach(board) if exact_from is None else exact_from
    if lvl.perfect_side3 and exact_from > 0 and board.size == side3.SIDE:
        book = side3.strategy()
        perfect = book.best_turns(board) if book is not None else []
        if perfect:
            return rng.choice(perfect) if lvl.vary else perfect[0]
    searcher = searcher or Searcher()
    searcher.use(weights or lvl.evaluation(searcher.compiled_for(board)))
    searcher.order(*(ordering or (lvl.killers, lvl.history)))
    budget = Budget(
        seconds=None if nodes is not None else lvl.budget(board, seconds),
        nodes=nodes,
        max_depth=lvl.max_depth,
        stop=stop,
        clock=clock,
    )
    # Thinking long: prove who wins, unless the table holds the ending proved
    # already (when the search plays it at once); beside the search on the
    # second core where both are compiled, else first, for part of the turn.
    compiled = searcher.compiled_for(board) and searcher.prover.compiled_for(board)
    beside = runs_beside(budget) and compiled
    reach = lvl.win_reach(board, seconds, beside) if lvl.solve and exact_from > 0 else 0
    prover: Prover | None = None
    if reach and empty_cells(board) <= reach and searcher.endgame.settled(board) is None:
        if beside:
            # Both compiled: the solve takes the second core for the whole turn.
            prover = Prover(searcher.prover, board, budget, lvl.vary)
            budget = until_proved(budget, prover)
        else:
            won = winning_turn(searcher.endgame, board, budget.fraction(WIN_SHARE), lvl.vary)
            if won:
                return rng.choice(won) if lvl.vary else won[0]
            budget = rest(budget)
    try:
        result = searcher.search(
            board,
            budget,
            solve=lvl.solve,
            all_scores=lvl.temperature > 0,
            ties=lvl.vary,
            exact_from=exact_from,
            partial=thinks_long(seconds, nodes),
        )
    finally:
        won = prover.turns() if prover is not None else None
    if won:
        return rng.choice(won) if lvl.vary else won[0]
    if lvl.temperature <= 0 or not result.scores:
        if lvl.vary and len(result.ties) > 1:
            return rng.choice(result.ties)
        return result.turn
    return softmax_pick(result.scores, lvl.temperature, rng)


def thinks_long(seconds: float | None, nodes: int | None) -> bool:
    """Is this a long turn, which the search spends whole: a player who asked
    for it waits the turn out, so the deepening goes on while time is left and
    plays the best of the depth it could not finish (:func:`.result.in_part`)."""
    return nodes is None and seconds is not None and seconds >= LONG_SECONDS


def softmax_pick(scores: dict[Turn, int], temperature: float, rng: random.Random) -> Turn:
    """Pick a turn with probability proportional to exp(score / temperature)."""
    turns = list(scores)
    top = max(scores.values())
    weights = [math.exp(max(-50.0, (scores[t] - top) / temperature)) for t in turns]
    return rng.choices(turns, weights)[0]
