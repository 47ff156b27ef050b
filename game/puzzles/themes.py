"""The themes a puzzle can have: how each is found from the position and the
solution, and how players see it. They are the words the browser and the
trainer filter by; ``puzzles/README.md`` describes them.

>>> from game import paths
>>> from game.puzzles import load_packs
>>> pack = load_packs(paths.puzzles(), prove=False)[0][3]
>>> p = pack.puzzles[0]
>>> detect(p.fen, p.solution, p.goal) == p.themes
True
"""

from __future__ import annotations

from game.i18n import N_, _
from game.rules import Board

from .grade import Features, features
from .solve import analyse_flips

#: Each theme's name on screen, in the order the browser offers them.
THEME_NAMES = {
    "endgame": N_("Endgame"),
    "order-matters": N_("Order matters"),
    "greedy-trap": N_("Greedy trap"),
    "one-way-in": N_("One way in"),
    "long-chain": N_("Long chain"),
    "less-is-more": N_("Less is more"),
    "full-board": N_("Full board"),
    "quiet-placement": N_("Quiet placement"),
}


def theme_name(key: str) -> str:
    """A theme as a player reads it, in their language (one this version does not
    know, tidied)."""
    if key in THEME_NAMES:
        return _(THEME_NAMES[key])
    return key.replace("-", " ").capitalize()


def in_order(themes: set[str]) -> list[str]:
    """``themes`` in the browser's order: the known ones first, then the rest."""
    order = list(THEME_NAMES)
    return sorted(themes, key=lambda t: (order.index(t) if t in order else len(order), t))


def from_features(goal: str, f: Features) -> tuple[str, ...]:
    """The themes of a puzzle with goal ``goal`` and the measured features ``f``.

    - ``endgame``: a win puzzle;
    - ``order-matters``: a correct first flip can still end short;
    - ``greedy-trap``: flipping, at each step, the tile that opens the most further
      flips misses the answer;
    - ``one-way-in``: exactly one good first flip among several;
    - ``long-chain``: the answer flips 6 tiles or more;
    - ``less-is-more``: a win that is not the biggest flip;
    - ``full-board``: no empty cell left;
    - ``quiet-placement``: a win by placing a tile, not by any flip (so it has
      none of the chain themes).
    """
    if goal == "win" and f.chain == 0:
        return ("endgame", "quiet-placement")
    out = ["endgame"] if goal == "win" else []
    if f.order_matters:
        out.append("order-matters")
    if f.greedy_misses:
        out.append("greedy-trap")
    if f.good_firsts == 1 and f.first_flips > 1:
        out.append("one-way-in")
    if f.chain >= 6:
        out.append("long-chain")
    if goal == "win" and f.not_biggest:
        out.append("less-is-more")
    if f.empties == 0:
        out.append("full-board")
    return tuple(out)


def detect(fen: str, solution: str, goal: str) -> tuple[str, ...]:
    """The themes of the puzzle at position ``fen`` (MFEN) answered by ``solution``."""
    board = Board(fen)
    return from_features(goal, features(board, analyse_flips(board), answer_cells(board, solution)))


def answer_cells(board: Board, solution: str) -> frozenset[int]:
    """The tiles ``solution`` flips on ``board`` (none for a placement)."""
    turn = board.parse_turn(solution)
    return frozenset(turn.cells) if turn.is_flip else frozenset()
