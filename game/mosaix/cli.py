"""``python -m game.mosaix score|placements``: the dice game's command-line contract.

``score`` reads sheet-text lines and writes ``{"sheet": S, "score": N}`` for each;
``placements`` reads ``SHEET<TAB>FORMATION`` lines and writes ``{"placements": N,
"whole": W}``: the distinct sheets a legal placement can make, and how many of
them write all four symbols. A bad line gets ``{"error": why}`` and the run goes
on. The commands and their answers are described in docs/rules.md.
"""

from __future__ import annotations

import argparse
import json

from game.lines import serve

from .errors import MosaixError
from .formation import Formation
from .sheet import Sheet


def score_line(line: str) -> str:
    sheet = Sheet.from_text(line)
    return json.dumps({"sheet": sheet.text(), "score": sheet.score()})


def placements_line(line: str) -> str:
    text, tab, formation = line.partition("\t")
    if not tab:
        raise MosaixError("expected a sheet, a tab, then a formation")
    sheet = Sheet.from_text(text)
    found = sheet.placements(Formation.from_text(formation))
    whole = sum(1 for p in found if p.written == 4)
    return json.dumps({"placements": len(found), "whole": whole})


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m game.mosaix",
        description="Mosaix by Christof Tisch, Schmidt Spiele: the engine (see docs/rules.md).",
    )
    parser.add_argument("command", choices=["score", "placements"])
    args = parser.parse_args(argv)
    answer = score_line if args.command == "score" else placements_line
    return serve(answer, lambda message: json.dumps({"error": message}), errors=(MosaixError,))
