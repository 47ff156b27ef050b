"""``python -m game.ai --level NAME [--movetime SECONDS]``: an engine other programs
can play against. Reads MFEN lines on standard input and writes the chosen turn
in RULES-SPEC notation, one flushed line for every line read; a bad line gets
``error: why`` and the run goes on."""

from __future__ import annotations

import argparse
import random

from game.lines import serve
from game.rules import Board, RulesError

from .levels import LEVELS, choose_turn, level
from .search import Searcher


def main(argv: list[str] | None = None) -> int:
    names = ", ".join(v.name for v in LEVELS.values())
    parser = argparse.ArgumentParser(prog="python -m game.ai", description=__doc__)
    parser.add_argument("--level", default="Master", help=f"one of {names} (default Master)")
    parser.add_argument(
        "--movetime", type=float, default=None, help="seconds per turn (default: the level's)"
    )
    parser.add_argument("--seed", type=int, default=None, help="seed for the levels' noise")
    args = parser.parse_args(argv)
    try:
        lvl = level(args.level)
    except ValueError as exc:
        parser.error(str(exc))
    if args.movetime is not None and args.movetime <= 0:
        parser.error("--movetime must be more than 0 seconds")
    rng = random.Random(args.seed)
    searcher = Searcher()

    def answer(line: str) -> str:
        board = Board(line.strip())
        turn = choose_turn(board, lvl, rng, searcher=searcher, seconds=args.movetime)
        return "error: the game is over" if turn is None else board.notation(turn)

    return serve(answer, lambda message: f"error: {message}", (RulesError,))
