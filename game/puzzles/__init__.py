"""Flip puzzles: the pack format, loading with clear errors, exact solving,
grading, mining from self-play and curating the shipped packs. Imports the
rules and the AI, never pygame. To read the shipped packs::

    from game.puzzles import load_packs
    packs, problems = load_packs("puzzles", prove=False)
"""

from .loader import Problem, load_pack, load_packs
from .pack import FieldError, Pack, Puzzle, write_pack
from .prove import prove, same_answer

__all__ = [
    "FieldError",
    "Pack",
    "Problem",
    "Puzzle",
    "load_pack",
    "load_packs",
    "prove",
    "same_answer",
    "write_pack",
]
