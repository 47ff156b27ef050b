"""Move ordering for the middle-game search: which turn a node tries first.

Alpha-beta cuts off sooner the sooner it tries a good turn. Every node tries
the transposition table's best turn first, then bigger flips, then placements
(:func:`ordered`). Two more hints are there as options, off by default
(``Searcher(killers=True, history=HISTORY_AFTER_SIZE)``, or a level's own:
Master plays with both, after they won a match at equal time; docs/ai.md has
what they save and the match):

- killer turns: at each ply, the last two turns that cut a search off there,
  tried right after the table's best turn (a sibling's refutation often
  refutes this position too);
- a history table: each turn earns ``depth * depth`` every time it cuts a
  search off, and the rest of the turns are tried by size, then by those
  earnings (:data:`HISTORY_FIRST` tries them by earnings first, then size).

A turn is known to both by its :func:`key`: a placement by its cell, a flip
turn by its kind and the first tile it flips (flip turns that start on the
same tile share a killer slot: the first of them in the order takes it). Both
are emptied at the start of every :meth:`Searcher.search` and by
:meth:`Searcher.forget`, and the root's own order stays :func:`ordered`'s (it
decides which of equal turns is played). The compiled search
(game/ai/_search.c) orders its turns the same way, node for node.
"""

from __future__ import annotations

from game.rules import Board, Turn, TurnKind

FLIP = TurnKind.FLIP
#: A flip turn's key is its first tile's cell plus this (no cell reaches it).
FLIP_KEY = 1 << 16
#: How the history orders the turns after the table's and the killers: by
#: size, then by history (``HISTORY_AFTER_SIZE``), or by history, then size.
HISTORY_AFTER_SIZE, HISTORY_FIRST = 1, 2
#: The history's orders by name (``python -m game.ai --history``).
HISTORY = {"size": HISTORY_AFTER_SIZE, "first": HISTORY_FIRST}


def ordered(board: Board, turns: list[Turn], first: Turn | None) -> list[Turn]:
    """Likely-best first: the remembered best turn, then bigger flips, then placements."""
    # Board.legal_turns lists placements, then flips: only the flips need sorting
    # (stable, as the order of equal turns decides ties between equal scores).
    i = len(turns)
    while i and turns[i - 1][0] is FLIP:
        i -= 1
    turns = sorted(turns[i:], key=_flipped, reverse=True) + turns[:i]
    if first is not None and first in turns:
        turns.remove(first)
        turns.insert(0, first)
    return turns


def _flipped(turn: Turn) -> int:
    return len(turn[1])


def key(turn: Turn) -> int:
    """A turn's name for killers and history: a placement's cell, or a flip
    turn's first flipped cell and its kind."""
    cell = turn[1][0]
    return cell + FLIP_KEY if turn[0] is FLIP else cell


class Ordering:
    """The killer turns and history table of one :class:`Searcher`."""

    def __init__(self, killers: bool = False, history: int = 0) -> None:
        if history not in (0, HISTORY_AFTER_SIZE, HISTORY_FIRST):
            raise ValueError(f"history is 0 (off), 1 (after size) or 2 (first), not {history}")
        self.killers = killers
        #: 0 off, else :data:`HISTORY_AFTER_SIZE` or :data:`HISTORY_FIRST`.
        self.history = history
        #: Each ply's killer keys, the latest first.
        self.killer: dict[int, list[int]] = {}
        self.scores: dict[int, int] = {}

    def clear(self) -> None:
        self.killer.clear()
        self.scores.clear()

    def order(self, board: Board, turns: list[Turn], first: Turn | None, ply: int) -> list[Turn]:
        """:func:`ordered`, with the killers of ``ply`` after the table's turn
        and the rest by history as well."""
        if not (self.killers or self.history):
            return ordered(board, turns, first)
        turns = ordered(board, turns, None)
        if self.history:
            scores = self.scores
            if self.history == HISTORY_FIRST:
                turns.sort(key=lambda t: -scores.get(key(t), 0))
            else:
                turns.sort(
                    key=lambda t: (-len(t[1]) if t[0] is FLIP else 0, -scores.get(key(t), 0))
                )
        front = []
        if first is not None and first in turns:
            turns.remove(first)
            front.append(first)
        if self.killers:
            for k in self.killer.get(ply, ()):
                for t in turns:
                    if key(t) == k:
                        turns.remove(t)
                        front.append(t)
                        break
        return front + turns

    def cut(self, turn: Turn, ply: int, depth: int) -> None:
        """``turn`` cut the search off at ``ply`` with ``depth`` to go (at most
        0 in an exact search's tail, where it counts 1)."""
        if not (self.killers or self.history):
            return
        k = key(turn)
        if self.killers:
            slots = self.killer.setdefault(ply, [])
            if not slots or slots[0] != k:
                slots.insert(0, k)
                del slots[2:]
        if self.history:
            self.scores[k] = self.scores.get(k, 0) + (depth * depth if depth > 0 else 1)
