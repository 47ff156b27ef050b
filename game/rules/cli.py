"""``python -m game.rules legal|apply``: the engine's command-line contract.

``legal`` reads MFEN lines and writes, for each, a JSON line with every legal
turn, whether the game is over, the tile counts and the winner. ``apply`` reads
``MFEN<TAB>TURN`` lines and writes the new MFEN or an error. A bad line gets an
``{"error": ...}`` line and the run goes on. See docs/rules.md.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterable, Iterator

from game.lines import answers, serve

from .board import Board
from .color import BLUE, RED
from .errors import RulesError
from .turn import TurnKind


def legal_json(line: str) -> str:
    """The position's legal turns, counts and result as one JSON line (fen, turns,
    over, red, blue, winner), written directly: the line holds only MFEN and cell
    names (plain ASCII the parser has checked), and building it by hand is several
    times cheaper than json.dumps for each of thousands of lines."""
    board = Board(line)
    turns = board.legal_turns()
    geo = board.geometry
    if turns:
        names, flips, place = geo.names, geo.flip_names, TurnKind.PLACE
        texts = [
            names[t.cells[0]]
            if t.kind is place
            else "".join([flips[c] for c in t.cells])
            if t.cells
            else "pass"
            for t in turns
        ]
        listed = '", "'.join(texts)
        over, result = "false", "null"
    else:
        listed, over = "", "true"
        result = f'"{board.result()}"'
    quoted = f'"{listed}"' if listed else ""
    return (
        f'{{"fen": "{board.mfen()}", "turns": [{quoted}], "over": {over}, '
        f'"red": {board.count(RED)}, "blue": {board.count(BLUE)}, "winner": {result}}}'
    )


def apply_line(line: str) -> dict[str, object]:
    fen, sep, text = line.partition("\t")
    if not sep:
        raise RulesError("expected MFEN, a tab, then the turn")
    board = Board(fen)
    board.play(board.parse_turn(text))
    return {"fen": board.mfen()}


def apply_json(line: str) -> str:
    return json.dumps(apply_line(line))


def error_json(message: str) -> str:
    return json.dumps({"error": message})


#: Each command's answer to one line, as its JSON text.
ANSWERS = {"legal": legal_json, "apply": apply_json}


def run(command: str, lines: Iterable[str]) -> Iterator[str]:
    """The answer lines for ``lines`` of text (for tests and other Python callers)."""
    lines = (line.rstrip("\r\n") for line in lines)
    return answers(lines, ANSWERS[command], error_json, (RulesError,))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m game.rules", description="Mosaic rules engine (see docs/rules.md)."
    )
    parser.add_argument(
        "command",
        choices=["legal", "apply"],
        help="legal: MFEN lines in, legal turns out; apply: MFEN<TAB>TURN lines in, new MFEN out",
    )
    args = parser.parse_args(argv)
    return serve(ANSWERS[args.command], error_json, (RulesError,))
