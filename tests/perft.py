"""Distinct positions after 1..k turns from the empty board.

``python -m tests.perft`` regenerates ``tests/golden/perft.json`` with the simple
reference implementation, so the golden counts do not come from the engine under
test. The test suite checks the engine against the file.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from game.rules import Board

from .reference import RefBoard

GOLDEN = Path(__file__).parent / "golden" / "perft.json"
SIDES_DEPTHS = {3: 4, 4: 4}


def engine_perft(n: int, depth: int) -> list[int]:
    layer = {Board(size=n).position()}
    counts = []
    for _ in range(depth):
        nxt = set()
        for position in layer:
            b = Board(position)
            for t in b.legal_turns():
                b.push(t)
                nxt.add(b.position())
                b.pop()
        layer = nxt
        counts.append(len(layer))
    return counts


def reference_perft(n: int, depth: int) -> list[int]:
    layer = {RefBoard(n).mfen()}
    counts = []
    for _ in range(depth):
        nxt = set()
        for fen in layer:
            b = RefBoard.from_mfen(fen)
            for key in b.legal():
                child = RefBoard.from_mfen(fen)
                if key.startswith("p:"):
                    child.tiles[next(c for c in child.cells if child.name(c) == key[2:])] = b.mover
                elif key.startswith("x:"):
                    for name in key[2:].split(","):
                        child.tiles[next(c for c in child.cells if child.name(c) == name)] = b.mover
                child.mover = b.other(b.mover)
                nxt.add(child.mfen())
        layer = nxt
        counts.append(len(layer))
    return counts


def main() -> int:
    golden = {str(n): reference_perft(n, d) for n, d in SIDES_DEPTHS.items()}
    GOLDEN.parent.mkdir(exist_ok=True)
    GOLDEN.write_text(json.dumps(golden, indent=1) + "\n")
    print(golden)
    return 0


if __name__ == "__main__":
    sys.exit(main())
