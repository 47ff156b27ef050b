"""``python -m game.ai --level NAME [--movetime SECONDS]``: an engine other programs
can play against. Reads MFEN lines on standard input and writes the chosen turn
in the notation of docs/rules.md, one flushed line for every line read; a bad
line gets ``error: why`` and the run goes on.

``python -m game.ai analyse [--movetime SECONDS]`` judges turns instead: lines
``MFEN<TAB>TURN`` in, one JSON line each out (see :mod:`game.ai.analysis`).

``python -m game.ai solve (MFEN | --size N) [--turns] [--python]`` solves one
position exactly, with no time limit, and with ``--turns`` gives every turn's
result (see :mod:`game.ai.endgame`); ``--python`` keeps to the Python solver
where the compiled one is built, to compare them."""

from __future__ import annotations

import argparse
import json
import random
import sys
import time

from game.lines import serve
from game.rules import Board, RulesError

from .analysis import judge
from .endgame import Endgame
from .levels import LEVELS, choose_turn, level
from .ordering import HISTORY
from .patterns import by_name
from .search import Searcher


def analyse(argv: list[str]) -> int:
    """``python -m game.ai analyse [--movetime S]``: lines ``MFEN<TAB>TURN`` in, one
    JSON verdict each out (see :mod:`.analysis`)."""
    parser = argparse.ArgumentParser(
        prog="python -m game.ai analyse",
        description="Judge each played turn against the engine's best: MFEN<TAB>TURN lines in, "
        'JSON lines out: {"best", "loss", "label", "exact"}.',
    )
    parser.add_argument("--movetime", type=float, default=1.0, help="seconds per turn judged")
    args = parser.parse_args(argv)
    if args.movetime <= 0:
        parser.error("--movetime must be more than 0 seconds")
    # Proved results carry over from line to line: a game's turns share their endings.
    endgame = Endgame(table_limit=500_000)

    def answer(line: str) -> str:
        fen, tab, text = line.partition("\t")
        if not tab:
            raise RulesError("expected MFEN, a tab, then the turn played")
        board = Board(fen)
        if board.is_game_over():
            raise RulesError("the game is over in this position: there is no turn to judge")
        verdict = judge(board, board.parse_turn(text), seconds=args.movetime, endgame=endgame)
        return json.dumps(
            {
                "best": board.notation(verdict.best),
                "loss": round(verdict.loss, 2),
                "label": verdict.label,
                "exact": verdict.exact,
            }
        )

    return serve(answer, lambda message: json.dumps({"error": message}), (RulesError,))


def outcome(board: Board, margin: int) -> str:
    """Plain words for the mover's final ``margin`` with best play."""
    who = board.mover.name.capitalize()
    if margin == 0:
        return f"{who} to move: a draw"
    tiles = "tile" if abs(margin) == 1 else "tiles"
    return f"{who} to move {'wins' if margin > 0 else 'loses'} by {abs(margin)} {tiles}"


def solve(argv: list[str]) -> int:
    """``python -m game.ai solve (MFEN | --size N) [--turns] [--python]``: the exact result."""
    parser = argparse.ArgumentParser(
        prog="python -m game.ai solve",
        description="Solve a position exactly (no time limit): who wins with best play, by how "
        "many tiles, and with --turns the result after each legal turn.",
    )
    parser.add_argument("position", nargs="?", help="an MFEN position (default: an empty board)")
    parser.add_argument("--size", type=int, default=3, help="side of the empty board (default 3)")
    parser.add_argument("--turns", action="store_true", help="also solve after every legal turn")
    parser.add_argument(
        "--python", action="store_true", help="use the Python solver, not the compiled one"
    )
    args = parser.parse_args(argv)
    try:
        board = Board(args.position) if args.position else Board(size=args.size)
    except (RulesError, ValueError) as exc:
        parser.error(f"bad position: {exc}")
    if board.is_game_over():
        print(f"The game is over: {board.result()}.")
        return 0
    # Symmetric keys pay for themselves where mirror images abound: on small boards.
    eg = Endgame(
        table_limit=50_000_000, symmetric=board.geometry.cells <= 37, compiled=not args.python
    )
    start = time.process_time()
    margin = eg.solve(board)
    print(
        f"{outcome(board, margin)} ({eg.nodes:,} positions searched, "
        f"{time.process_time() - start:.1f} s)",
        flush=True,
    )
    if args.turns:
        print("        turn  result  against the best")
        for turn in board.legal_turns():
            board.push(turn)
            after = -eg.solve(board, guess=-margin)
            board.pop()
            mark = "best" if after == margin else f"{after - margin:+d}"
            print(f"{board.notation(turn):>12}  {after:+d}  {mark}", flush=True)
    return 0


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["analyse"]:
        return analyse(argv[1:])
    if argv[:1] == ["solve"]:
        return solve(argv[1:])
    names = ", ".join(v.name for v in LEVELS.values())
    parser = argparse.ArgumentParser(prog="python -m game.ai", description=__doc__)
    parser.add_argument("--level", default="Master", help=f"one of {names} (default Master)")
    parser.add_argument(
        "--movetime", type=float, default=None, help="seconds per turn (default: the level's)"
    )
    parser.add_argument("--seed", type=int, default=None, help="seed for the levels' noise")
    parser.add_argument(
        "--weights",
        default=None,
        help="the evaluation: learned, classic, patterns or a pattern weights file "
        "(default: the level's)",
    )
    parser.add_argument(
        "--pvs",
        action="store_true",
        help="search with principal-variation search (not yet Master's own: to be measured)",
    )
    parser.add_argument(
        "--killers",
        action="store_true",
        help="try killer turns early (default: the level's; Master's own)",
    )
    parser.add_argument(
        "--history",
        choices=[*sorted(HISTORY), "off"],
        default=None,
        help="order turns by a history table, after their size or first, or not "
        "(default: the level's; Master's own is after size)",
    )
    args = parser.parse_args(argv)
    try:
        lvl = level(args.level)
        weights = None if args.weights is None else by_name(args.weights)
    except ValueError as exc:
        parser.error(str(exc))
    if args.movetime is not None and args.movetime <= 0:
        parser.error("--movetime must be more than 0 seconds")
    rng = random.Random(args.seed)
    # Either option given sets both: --killers alone is killers without the
    # history, --history off alone Master without either.
    ordering = None
    if args.killers or args.history is not None:
        ordering = (args.killers, HISTORY.get(args.history or "off", 0))
    searcher = Searcher(pvs=args.pvs)

    def answer(line: str) -> str:
        board = Board(line.strip())
        turn = choose_turn(
            board,
            lvl,
            rng,
            searcher=searcher,
            seconds=args.movetime,
            weights=weights,
            ordering=ordering,
        )
        return "error: the game is over" if turn is None else board.notation(turn)

    return serve(answer, lambda message: f"error: {message}", (RulesError,))
