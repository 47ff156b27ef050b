"""Re-prove a puzzle's claim from its position, and judge a player's answer.

A shipped puzzle is trusted only after this passes: the MFEN reads, the
solution is a legal complete turn, and the goal holds (the unique largest flip,
or the only winning turn under exact play).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.ai.solver import margin
from game.rules import Board, RulesError, Turn

from .pack import FieldError, Puzzle
from .solve import Unsolved, analyse_flips, exact_score, winning_turns

#: Exact solves of win puzzles stop here; the miner keeps only endings well inside it.
PROOF_NODES = 3_000_000


@dataclass(frozen=True)
class Proof:
    """What re-proving found: the answer's tiles and the counts behind the claim."""

    board: Board
    answer: Turn
    best: int
    runner_up: int | None = None
    margin: int | None = None


def same_answer(a: Turn, b: Turn) -> bool:
    """Answers are judged by what they do, not the order: the same kind of turn
    on the same set of cells."""
    return a.outcome() == b.outcome()


def prove(p: Puzzle, nodes: int = PROOF_NODES) -> Proof:
    """Check ``p`` completely. Raises :class:`FieldError` naming the field at fault."""
    try:
        board = Board(p.fen)
    except RulesError as e:
        raise FieldError("fen", str(e)) from None
    if board.is_game_over():
        raise FieldError("fen", "the game is already over in this position")
    try:
        answer = board.parse_turn(p.solution)
        board.check(answer)
    except RulesError as e:
        raise FieldError("solution", str(e)) from None
    name = board.notation
    flips = analyse_flips(board)
    if p.goal == "most":
        if not answer.is_flip:
            raise FieldError("solution", "a most-tiles puzzle is solved by a flip turn")
        top = flips.largest()
        got = len(answer.cells)
        if got < flips.best:
            better = name(Turn.flip(flips.outcomes[top[0]]))
            raise FieldError("solution", f"flips {got} tiles but {better} flips {flips.best}")
        if len(top) > 1:
            raise FieldError("goal", f"{len(top)} different flip turns take {flips.best} tiles")
        proof = Proof(board, answer, flips.best, flips.runner_up)
    else:
        try:
            score = exact_score(board, answer, nodes)
            if score <= 0:
                how = "draws" if score == 0 else f"loses by {-margin(score)}"
                raise FieldError("solution", f"does not win: with best play the mover {how}")
            others = [t for t in winning_turns(board, nodes, 2) if not same_answer(t, answer)]
        except Unsolved as e:
            raise FieldError("fen", f"the ending is too big to prove: {e}") from None
        if others:
            raise FieldError("goal", f"{name(others[0])} also wins; a win puzzle needs one")
        count = len(answer.cells) if answer.is_flip else 0
        proof = Proof(board, answer, count, margin=margin(score))
    for field, want in (("best", proof.best), ("runner_up", proof.runner_up)):
        got = getattr(p, field)
        if got is not None and want is not None and got != want:
            raise FieldError(field, f"says {got} but the position gives {want}")
    if p.margin is not None and p.goal != "win":
        raise FieldError("margin", "belongs to win puzzles only")
    if p.margin is not None and p.margin != proof.margin:
        raise FieldError("margin", f"says {p.margin} but exact play gives {proof.margin}")
    return proof
