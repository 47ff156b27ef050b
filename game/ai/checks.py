"""The smoke test's checks of the search in a build (``mosaic --smoke-test``):
the compiled search against the Python one, and the shipped pattern weights."""

from __future__ import annotations

import random
import time

from game.rules import Board

from .endgame import empty_cells
from .fastsearch import COMPILED
from .patterns import DATA as PATTERN_DATA
from .patterns import PatternError, Patterns
from .search import INF, Budget, Searcher

#: A side-8 middle game (seeded random play) the smoke test searches both ways.
CHECK_SIDE, CHECK_SEED, CHECK_DEPTH = 8, 1, 2


def check_compiled(required: bool) -> str:
    """Search one side-8 position with the compiled search and the Python one
    and compare them (the smoke test's check of a build); its line for the
    report. Raises RuntimeError if they differ, or if the module is missing
    where it is ``required`` (a frozen build must have it)."""
    if not COMPILED:
        if required:
            raise RuntimeError("the compiled search is missing from this build")
        return "search: the compiled search is not built here (no C compiler at install)"
    rng = random.Random(CHECK_SEED)
    board = Board(size=CHECK_SIDE)
    while empty_cells(board) > board.geometry.cells // 2:
        board.push(rng.choice(board.legal_turns()))
    found, seconds = [], []
    for compiled in (False, True):
        start = time.process_time()
        r = Searcher(compiled=compiled).search(board, Budget(max_depth=CHECK_DEPTH), solve=False)
        seconds.append(time.process_time() - start)
        found.append((r.turn, r.score, r.nodes))
    if found[0] != found[1]:
        raise RuntimeError(f"the compiled search found {found[1]}, the Python one {found[0]}")
    return (
        f"search: the compiled search matched the Python one on {found[1][2]} positions "
        f"({seconds[1]:.3f} s against {seconds[0]:.3f} s)"
    )


def check_patterns() -> str:
    """Load the shipped pattern weights and score the smoke test's side-8
    position with them, in Python and compiled where it was built; its line for
    the report. Raises RuntimeError if the file is missing or bad, or if the
    two scores differ."""
    try:
        weights = Patterns.load(PATTERN_DATA)
    except PatternError as e:
        raise RuntimeError(str(e)) from None
    rng = random.Random(CHECK_SEED)
    board = Board(size=CHECK_SIDE)
    while empty_cells(board) > board.geometry.cells // 2:
        board.push(rng.choice(board.legal_turns()))
    scores = {
        Searcher(weights=weights, compiled=c).negamax(board, 1, -INF, INF, False)
        for c in ((False, True) if COMPILED else (False,))
    }
    if len(scores) > 1:
        raise RuntimeError(f"the pattern weights score a position {sorted(scores)}, by search")
    return (
        f"patterns: {PATTERN_DATA.name} ({PATTERN_DATA.stat().st_size:,} bytes, "
        f"{weights.stages} stages) scores a side-8 position {scores.pop() / 100:+.2f} tiles"
        + (", the same compiled" if COMPILED else "")
    )
