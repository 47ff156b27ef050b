"""Search each position to a fixed depth and print what was found: the helper
that ``benchmarks/ai.py`` runs against this tree and against the v0.1 tree.

    python benchmarks/depth_run.py DEPTH < positions.txt   (one MFEN a line)

Prints one JSON line per position: the best turn, its score, the nodes searched
and the CPU seconds. Imports ``game`` from the first entry of ``sys.path``
(``PYTHONPATH``), so the same script measures either tree.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import game
from game.ai.search import Budget, Searcher
from game.rules import Board


def searcher() -> Searcher:
    """A searcher with v0.1's evaluation in either tree: the speed comparison is
    of the search, so both must score the same leaves alike."""
    try:
        from game.ai.evaluate import CLASSIC  # noqa: PLC0415 (absent in v0.1)
    except ImportError:  # v0.1: its only evaluation is the classic one
        return Searcher()
    return Searcher(weights=CLASSIC)


def main() -> int:
    tree = str(Path(game.__file__).resolve().parent.parent)
    depth = int(sys.argv[1])
    for line in sys.stdin:
        fen = line.strip()
        if not fen:
            continue
        board = Board(fen)
        t0 = time.process_time()
        r = searcher().search(board, Budget(max_depth=depth), solve=False)
        secs = time.process_time() - t0
        turn = board.notation(r.turn) if r.turn is not None else None
        found = {"turn": turn, "score": r.score, "depth": r.depth, "nodes": r.nodes}
        print(json.dumps({**found, "seconds": secs, "tree": tree}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
