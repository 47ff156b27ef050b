"""Saving a position from the analysis board as one of the player's own puzzles."""

from __future__ import annotations

from pathlib import Path

from game.i18n import _
from game.puzzles.own import NotAPuzzle, save_own_puzzle
from game.rules import Board


def save_as_puzzle(board: Board, data: Path) -> tuple[bool, str]:
    """Prove ``board`` as a puzzle and add it to the player's pack in ``data``.
    Returns whether it was saved and what to tell the player. The proof can take
    seconds: the analysis board runs this in the jobs process."""
    try:
        puzzle = save_own_puzzle(board, data)
    except NotAPuzzle as e:
        return False, _("Not saved as a puzzle: {reason}.").format(reason=e)
    except OSError as e:
        return False, _("The puzzle could not be saved: {reason}").format(reason=e.strerror or e)
    return True, _("Saved to My puzzles: {goal}.").format(goal=puzzle.banner)
