"""``python -m game.rules legal|apply``: the engine's command-line contract.

``legal`` reads MFEN lines and writes, for each, a JSON line with every legal
turn, whether the game is over, the tile counts and the winner. ``apply`` reads
``MFEN<TAB>TURN`` lines and writes the new MFEN or an error. A bad line gets an
``{"error": ...}`` line and the run goes on. See RULES-SPEC.md.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterable, Iterator

from .board import Board
from .color import BLUE, RED
from .errors import RulesError
from .lines import answers, serve
from .turn import format_turn


def legal_line(line: str) -> dict:
    board = Board(line)
    turns = board.legal_turns()
    return {
        "fen": board.mfen(),
        "turns": [format_turn(t, board.geometry) for t in turns],
        "over": not turns,
        "red": board.count(RED),
        "blue": board.count(BLUE),
        "winner": board.result(),
    }


def apply_line(line: str) -> dict:
    fen, sep, text = line.partition("\t")
    if not sep:
        raise RulesError("expected MFEN, a tab, then the turn")
    board = Board(fen)
    board.play(board.parse_turn(text))
    return {"fen": board.mfen()}


def run(command: str, lines: Iterable[str]) -> Iterator[str]:
    """The answer lines for ``lines`` of text (for tests and other Python callers)."""
    handle = legal_line if command == "legal" else apply_line
    return answers(
        (line.rstrip("\r\n") for line in lines),
        lambda line: json.dumps(handle(line)),
        lambda message: json.dumps({"error": message}),
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m game.rules", description="Mosaic rules engine (see RULES-SPEC.md)."
    )
    parser.add_argument(
        "command",
        choices=["legal", "apply"],
        help="legal: MFEN lines in, legal turns out; apply: MFEN<TAB>TURN lines in, new MFEN out",
    )
    args = parser.parse_args(argv)
    handle = legal_line if args.command == "legal" else apply_line
    return serve(
        lambda line: json.dumps(handle(line)),
        lambda message: json.dumps({"error": message}),
    )
