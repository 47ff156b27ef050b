"""``python -m game.ai --level NAME [--movetime SECONDS]``: an engine other programs
can play against. Reads MFEN lines on standard input and writes the chosen turn
in RULES-SPEC notation, one flushed line each; a bad line gets ``error: why``."""

from __future__ import annotations

import argparse
import random
import sys

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
    for raw in sys.stdin:
        line = raw.strip()
        if not line:
            continue
        try:
            board = Board(line)
            turn = choose_turn(board, lvl, rng, searcher=searcher, seconds=args.movetime)
            out = "error: the game is over" if turn is None else board.notation(turn)
        except RulesError as exc:
            out = f"error: {exc}"
        sys.stdout.write(out + "\n")
        sys.stdout.flush()
    return 0
