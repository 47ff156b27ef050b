"""What the match benchmarks share: seeded openings, a game's points, and the score."""

from __future__ import annotations

import math
import random

from game.rules import BLUE, RED, Board


def opening(side: int, seed: int, turns: int) -> str:
    """The position after ``turns`` random turns from the empty board, seeded."""
    rng = random.Random(seed)
    board = Board(size=side)
    for _ in range(turns):
        board.push(rng.choice(board.legal_turns()))
    return board.mfen()


def points(board: Board, red: bool) -> float:
    """Red's (or Blue's) points from a finished game: 1 a win, 0.5 a draw, 0 a loss."""
    mine = board.count(RED if red else BLUE)
    theirs = board.count(BLUE if red else RED)
    return 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0


def score_line(results: list[float]) -> str:
    """Wins, draws, losses and the score with its 95% interval (normal approximation)."""
    n = len(results)
    wins, draws = results.count(1.0), results.count(0.5)
    score = sum(results) / n
    half = 1.96 * math.sqrt(max(score * (1 - score), 1e-9) / n)
    return (
        f"{wins} won, {draws} drawn, {n - wins - draws} lost; score {score:.1%} "
        f"(95% interval {score - half:.1%} .. {score + half:.1%})"
    )
