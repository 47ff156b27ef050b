"""The simple rules reference's answers on a fixed set of positions, as golden data.

``python -m tests.reference_turns`` regenerates ``tests/golden/reference_turns.json``
with the reference implementation (tests/reference.py), never with the engine
under test: for each position its legal outcomes, tile counts and group counts.
The reference takes 1 to 3 CPU-seconds on a side-6 chain sea, so
``tests/test_against_reference.py`` checks the engine against the file and
re-derives a sample of the entries with the reference, so the file cannot drift
from it.

The positions are those the Hypothesis strategies drew, made from fixed seeds
instead: ``MIXED`` positions of every kind of tests/strategies.py's
``positions`` (random fills, full boards, random play, chain seas) on sides 2 to
7, and ``SEAS`` long, branching chain seas on sides 4 to 6 as
``test_long_chains_with_choices`` drew them.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

from game.rules import BLUE, RED, Position
from tests.helpers import write_golden

from .reference import RefBoard
from .strategies import chain_sea, random_fill, random_play

GOLDEN = Path(__file__).parent / "golden" / "reference_turns.json"
MIXED = 300
SEAS = 40


def mixed_position(seed: int) -> Position:
    """One draw of tests/strategies.py's ``positions``, from ``seed``."""
    rng = random.Random(seed)
    n = rng.randint(2, 7)
    kind = rng.choice(["fill", "full", "play", "sea"])
    if kind == "play":
        return random_play(n, rng, rng.randint(0, 3 * n * n * 2))
    turn = rng.choice([RED, BLUE])
    if kind == "sea":
        # Side 7 seas take the reference seconds each (hundreds of outcomes): cap at 6.
        return chain_sea(min(n, 6), rng, rng.uniform(0.2, 0.9), rng.choice([0.0, 0.05, 0.15]), turn)
    density = 1.0 if kind == "full" else rng.random()
    return random_fill(n, rng, density, rng.uniform(0.2, 0.8), turn)


def sea_position(seed: int) -> Position:
    """A long, branching chain sea on side 4 to 6, from ``seed``."""
    rng = random.Random(10_000 + seed)
    n = rng.randint(4, 6)
    spread = rng.uniform(0.5, 0.9)
    return chain_sea(n, rng, spread, rng.choice([0.0, 0.05]), rng.choice([RED, BLUE]))


def golden_positions() -> list[Position]:
    return [mixed_position(s) for s in range(MIXED)] + [sea_position(s) for s in range(SEAS)]


def reference_entry(mfen: str) -> dict[str, object]:
    """What the reference says of one position."""
    ref = RefBoard.from_mfen(mfen)
    return {
        "legal": sorted(ref.legal()),
        "counts": [ref.count("R"), ref.count("B")],
        "groups": [ref.groups("R"), ref.groups("B")],
    }


def main() -> int:
    golden = {}
    for p in golden_positions():
        golden[p.mfen()] = reference_entry(p.mfen())
    write_golden(GOLDEN, json.dumps(golden, indent=0, sort_keys=True) + "\n")
    print(f"{len(golden)} positions written to {GOLDEN}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
