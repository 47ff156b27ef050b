"""A player's own puzzles: a position set up on the analysis board becomes a
puzzle in the player's pack (``<data>/packs/mine.json``), but only once the
solver has proved it has one answer to find.

A position makes a "move and win" puzzle when exactly one turn wins and it is a
flip, else a "flip the most tiles" puzzle when one chain takes more tiles than
any other (and finding it takes more than any flip in any order).
"""

from __future__ import annotations

from pathlib import Path

from game.ai.solver import margin
from game.i18n import _
from game.rules import Board

from .grade import Features, rate
from .loader import load_pack
from .mine import most_candidate, win_candidate
from .pack import FieldError, Pack, Puzzle, write_pack
from .prove import prove
from .themes import from_features

PACK_ID = "mine"
FILE = "mine.json"
TITLE = "My puzzles"  # i18n: shown through Pack.shown_title (pack_words.py)
DESCRIPTION = "Positions you set up on the analysis board, proved by the solver."


class NotAPuzzle(ValueError):
    """The position has no single answer to find (the message says why)."""


def packs_folder(data: Path) -> Path:
    return Path(data) / "packs"


def puzzle_from(board: Board, number: int) -> Puzzle:
    """The position as a proved puzzle, or :class:`NotAPuzzle` saying why not."""
    if board.is_game_over():
        raise NotAPuzzle(_("the game is over in this position"))
    if not board.legal_first_flips():
        raise NotAPuzzle(
            _("{color} has no flip here, so there is no chain to find").format(
                color=_(board.mover.title)
            )
        )
    got = win_candidate(board)
    if got is not None:
        turn, feats, score = got
        goal, best, runner_up, won_by = "win", len(turn.cells), None, margin(score)
    else:
        got2 = most_candidate(board)
        if got2 is None:
            raise NotAPuzzle(
                _(
                    "no single chain stands out here: several take the most tiles, "
                    "or any start and order would do"
                )
            )
        turn, feats = got2
        goal, best, runner_up, won_by = "most", len(turn.cells), feats["runner_up"], None
    f = Features(**feats)
    puzzle = Puzzle(
        id=f"mine-{number}",
        fen=board.mfen(),
        goal=goal,
        solution=board.notation(turn),
        rating=rate(goal, f),
        themes=from_features(goal, f),
        source="set up on the analysis board",  # i18n: a file's words
        best=best,
        runner_up=runner_up,
        margin=won_by,
        features=feats,
    )
    try:
        prove(puzzle)
    except FieldError as e:
        raise NotAPuzzle(_("the solver could not prove it ({reason})").format(reason=e)) from None
    return puzzle


def save_own_puzzle(board: Board, data: Path) -> Puzzle:
    """Prove the position as a puzzle and add it to the player's pack. Raises
    :class:`NotAPuzzle` (nothing written) when it is not one, already there, or
    the pack file cannot be read (it is left as it is)."""
    path = packs_folder(data) / FILE
    puzzles: tuple[Puzzle, ...] = ()
    if path.exists():
        pack, problems = load_pack(path, prove=False)
        if pack is None or problems:
            why = problems[0].reason if problems else _("it could not be read")
            raise NotAPuzzle(
                _("your pack {path} needs fixing first: {reason}").format(path=path, reason=why)
            )
        puzzles = pack.puzzles
    if any(p.fen == board.mfen() for p in puzzles):
        raise NotAPuzzle(_("this position is in your pack already"))
    numbers = [int(p.id.split("-")[-1]) for p in puzzles if p.id.split("-")[-1].isdigit()]
    puzzle = puzzle_from(board, max(numbers, default=0) + 1)
    path.parent.mkdir(parents=True, exist_ok=True)
    write_pack(path, Pack(PACK_ID, TITLE, DESCRIPTION, (*puzzles, puzzle)))
    return puzzle
