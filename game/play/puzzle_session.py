"""One puzzle being solved, without pygame: the position, the player's chain so
far, tries, hints, and the judgement of an answer by the set of tiles it flips.

The puzzle scene (and through it the arcade modes) is the view of a session:
it turns clicks into :meth:`PuzzleSession.click` and shows the
:class:`Outcome` that comes back.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.i18n import N_, _
from game.puzzles import Puzzle, same_answer
from game.rules import Board, Chain, Color, RulesError, Turn

from .chain_on_board import ChainOnBoard
from .match import sentence
from .progress import MAX_STARS

__all__ = ["FLIP_FIRST", "Outcome", "Puzzle", "PuzzleSession", "heading_line"]

FLIP_FIRST = N_("This puzzle is about flipping: start on an enemy tile.")


@dataclass(frozen=True)
class Outcome:
    """What a click did. kind: ``refused`` (``text`` says why), ``place``, ``flip``
    (the chain goes on: ``owed`` tiles to choose from), ``right`` or ``wrong``
    (the answer was judged; ``got`` tiles taken, ``first_try`` counts for a
    rating)."""

    kind: str
    cell: int | None = None
    mover: Color | None = None
    text: str = ""
    owed: int = 0
    got: int = 0
    first_try: bool = False
    turn: Turn | None = None


class PuzzleSession(ChainOnBoard):
    def __init__(self, puzzle: Puzzle) -> None:
        self.puzzle = puzzle
        self.start = Board(puzzle.fen)
        self.solution = self.start.parse_turn(puzzle.solution)
        self.tries = 0
        self.hint_used = False
        self.solved = False
        self.revealed = False
        self.reset()

    def reset(self) -> None:
        """Back to the puzzle's position (after a wrong answer, or to try again)."""
        self.board = self.start.copy()
        self.chain: Chain | None = None
        #: A wrong answer stands on the board until it is set back.
        self.missed = False

    # -- what is on the board ----------------------------------------------------------
    @property
    def finished(self) -> bool:
        return self.solved or self.revealed

    @property
    def helps(self) -> bool:
        """May the player ask for a hint or the answer now? Not once the puzzle
        is solved or its answer shown: nothing is left to help with (Retry
        brings them back)."""
        return not self.finished

    @property
    def judged(self) -> bool:
        """Does the board show an answer judged: right, shown, or a miss not yet
        set back? Its verdict is the line's word until the player acts: moving
        the cursor (the stick, the keys) must not wipe it."""
        return self.finished or self.missed

    @property
    def first_try(self) -> bool:
        """An answer now would be the first try, which a rating counts: nothing
        judged yet, and no hint taken."""
        return self.tries == 0 and not self.hint_used

    @property
    def stars(self) -> int:
        """Stars the answer earns: one less for a hint, one less after a miss."""
        return max(1, MAX_STARS - self.hint_used - min(1, max(0, self.tries - 1)))

    # -- the player's input --------------------------------------------------------------
    def click(self, cell: int) -> Outcome:
        mover = self.board.mover
        if self.puzzle.goal == "most" and self.chain is None and self.board.tile_at(cell) is None:
            return Outcome("refused", cell, mover, _(FLIP_FIRST))
        try:
            done = self.board.click(cell, self.chain)
        except RulesError as e:
            return Outcome("refused", cell, mover, sentence(str(e)))
        if isinstance(done, Chain):
            self.chain = done
            return Outcome("flip", cell, mover, owed=len(done.owed()))
        self.chain = None
        return self.judge(done, cell, mover)

    def take_back_flip(self) -> None:
        if self.chain is not None:
            self.chain = self.chain.take_back()

    def judge(self, turn: Turn, cell: int, mover: Color) -> Outcome:
        first_try = self.first_try
        self.tries += 1
        got = len(turn.cells) if turn.is_flip else 0
        if same_answer(turn, self.solution):
            self.solved = True
            return Outcome("right", cell, mover, got=got, first_try=first_try, turn=turn)
        self.missed = True
        return Outcome("wrong", cell, mover, got=got, first_try=first_try, turn=turn)

    def hint(self) -> str:
        """Ring the first flip of the answer (it costs a star); the cell's name."""
        self.hint_used = True
        return self.start.geometry.names[self.solution.cells[0]]

    def reveal(self) -> list[int]:
        """Give up: back to the start, and the answer's cells to play in order.
        Returns them; play each with :meth:`reveal_step`."""
        self.reset()
        self.revealed = True
        return list(self.solution.cells)

    def reveal_step(self, cell: int) -> None:
        """One flip of the revealed answer."""
        done = self.board.click(cell, self.chain)
        self.chain = done if isinstance(done, Chain) else None

    def retry(self) -> None:
        self.revealed = self.solved = False
        self.reset()


def heading_line(title: str, puzzle: Puzzle, side: int) -> str:
    """The line under a puzzle's goal. Its rating is the puzzle's, said so: a bare
    "rating 850" over an arcade run reads as the player's own."""
    return (
        _("{title}   puzzle rated {rating}   side {side}")
        .format(title=title, rating=puzzle.rating, side=side)
        .strip()
    )
