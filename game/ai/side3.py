"""Perfect play on the side-3 board, from a shipped strategy.

The empty side-3 board is a loss by one tile for Red (``docs/ai-endings.md``).
Master plays it perfectly from any position it can meet in a game from the empty
board, as either colour: ``side3.npz`` holds the exact value of every such
position with 6 or more empty cells, Master to move, and of the position its
chosen best turn leads to, marked *answered*: the strategy holds Master's
position after every reply to it. Master only ever moves to an answered
position, so it never leaves the strategy. Smaller endings the ending solver
proves within Master's time. Positions are keyed by their class under the board's 12
symmetries, with "the mover's tiles, the other's" in place of colours, so a
mirror image of the chosen turn is just as good, and Master picks among them.

The file is made by ``python -m game.ai.side3 build``, which compiles
``side3_solve.c`` (a direct C solver: a pure-Python solve of every position
would take days), checks its rules and values against :mod:`game.rules` and
:mod:`game.ai.endgame` on thousands of positions first, and then writes the
strategy. Every value in the file can be checked by the Python solver.
"""

from __future__ import annotations

import argparse
import functools
import random
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile
from collections.abc import Iterator
from pathlib import Path

import numpy as np

from game.rules import BLUE, RED, Board, Turn

from .endgame import Endgame

SIDE = 3
CELLS = 19
DATA = Path(__file__).with_name("side3.npz")
SOURCE = Path(__file__).with_name("side3_solve.c")
#: Master's own solve takes over below this many empty cells.
MIN_EMPTY = 6


# -- keys -------------------------------------------------------------------


@functools.cache
def _images() -> tuple[tuple[list[int], list[int]], ...]:
    """For each symmetry, the image of a cell mask's low 10 and high 9 bits."""
    perms = Board(size=SIDE).geometry.symmetries
    out = []
    for perm in perms:
        lo = [sum(1 << int(perm[c]) for c in range(10) if m >> c & 1) for m in range(1024)]
        hi = [sum(1 << int(perm[c + 10]) for c in range(9) if m >> c & 1) for m in range(512)]
        out.append((lo, hi))
    return tuple(out)


def canonical(me: int, op: int) -> int:
    """The key of a position given as cell masks (the mover's tiles, the other's):
    the smallest ``me | op << 19`` among its 12 symmetric images."""
    best = -1
    for lo, hi in _images():
        key = lo[me & 1023] | hi[me >> 10] | (lo[op & 1023] | hi[op >> 10]) << CELLS
        if best < 0 or key < best:
            best = key
    return best


def cell_masks(board: Board) -> tuple[int, int]:
    """``board``'s tiles as cell masks: the mover's, then the other player's."""
    geo = board.geometry
    red, blue, mover = board.transposition_key()
    me, op = (red, blue) if mover == int(RED) else (blue, red)
    return (
        sum(1 << c for c in geo.cells_of(me)),
        sum(1 << c for c in geo.cells_of(op)),
    )


def key(board: Board) -> int:
    return canonical(*cell_masks(board))


# -- the strategy -------------------------------------------------------------


class Strategy:
    """Exact values of positions, by :func:`canonical` key, and which of them are
    answered (every reply leads to a position the strategy holds)."""

    def __init__(self, keys: np.ndarray, values: np.ndarray, answered: np.ndarray) -> None:
        if not len(keys) == len(values) == len(answered):
            raise ValueError("the strategy's arrays differ in length")
        self.keys = keys
        self.values = values
        self.answered = answered

    @classmethod
    def load(cls, path: Path = DATA) -> Strategy:
        with np.load(path) as data:
            return cls(data["keys"], data["values"], data["answered"])

    def __len__(self) -> int:
        return len(self.keys)

    def _find(self, board: Board) -> int | None:
        k = key(board)
        i = int(np.searchsorted(self.keys, k))
        return i if i < len(self.keys) and int(self.keys[i]) == k else None

    def value(self, board: Board) -> int | None:
        """The mover's final margin under perfect play, if the strategy holds it."""
        i = self._find(board)
        return None if i is None else int(self.values[i])

    def best_turns(self, board: Board) -> list[Turn]:
        """The turns that keep ``board``'s exact value and lead to an answered
        position; empty when the strategy does not hold ``board``."""
        if board.size != SIDE:
            return []
        v = self.value(board)
        if v is None:
            return []
        best = []
        for turn in board.legal_turns():
            board.push(turn)
            try:
                i = self._find(board)
            finally:
                board.pop()
            if i is not None and self.answered[i] and -int(self.values[i]) == v:
                best.append(turn)
        return best


@functools.cache
def strategy() -> Strategy | None:
    """The shipped strategy, or None if its file is missing or unreadable (Master
    then searches side 3 like any other board)."""
    return load_or_none(DATA)


def load_or_none(path: Path) -> Strategy | None:
    """The strategy in ``path``, or None (with a message naming the file and the
    fault on standard error) if it is missing, truncated or not a strategy."""
    try:
        return Strategy.load(path)
    except (OSError, EOFError, KeyError, ValueError, zipfile.BadZipFile) as exc:
        print(f"side-3 strategy {path} not used: {exc}", file=sys.stderr)
        return None


# -- building it --------------------------------------------------------------


class Solver:
    """The compiled solver, driven over a pipe."""

    def __init__(self, folder: Path) -> None:
        exe = folder / "side3_solve"
        if not SOURCE.exists():
            raise SystemExit(f"{SOURCE.name} is not here: build from a checkout of the game")
        compiler = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
        if compiler is None:
            raise SystemExit("building the side-3 strategy needs a C compiler (cc, gcc or clang)")
        subprocess.run([compiler, "-O2", "-o", str(exe), str(SOURCE)], check=True)
        self.proc = subprocess.Popen(
            [str(exe)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )
        geo = Board(size=SIDE).geometry
        lines = [" ".join(map(str, (len(n), *n))) for n in geo.neighbours]
        self._send("\n".join(lines))

    def _send(self, line: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def _read(self) -> str:
        assert self.proc.stdout is not None
        return self.proc.stdout.readline()

    def value(self, me: int, op: int) -> int:
        self._send(f"value {me} {op}")
        return int(self._read())

    def turns(self, me: int, op: int) -> set[tuple[int, int]]:
        self._send(f"turns {me} {op}")
        _, *kids = self._read().split()
        pairs = (kid.split(":") for kid in kids)
        return {(int(me), int(op)) for me, op in pairs}

    def tree(self, min_empty: int) -> Iterator[tuple[int, int, int, int]]:
        """Master's strategy: ``(me, op, value, answered)`` for each position."""
        self._send(f"tree {min_empty}")
        while True:
            line = self._read()
            if not line or line.startswith("end"):
                return
            me, op, value, answered = (int(x) for x in line.split())
            yield me, op, value, answered

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait()


def python_turns(board: Board) -> set[tuple[int, int]]:
    """Where each legal turn leads, as the C solver states it (the mover's side)."""
    out = set()
    for turn in board.legal_turns():
        if turn.is_pass:
            continue
        board.push(turn)
        op, me = cell_masks(board)
        board.pop()
        out.add((me, op))
    return out


def sample(rng: random.Random, empties: int) -> Board:
    """A side-3 position from random play, ``empties`` cells left (or the game's end)."""
    board = Board(size=SIDE)
    while CELLS - board.count(RED) - board.count(BLUE) > empties:
        turns = board.legal_turns()
        if not turns:
            break
        board.push(rng.choice(turns))
    return board


def check(solver: Solver, positions: int, solves: int, seed: int = 3) -> None:
    """Stop the build if the C rules or values differ from the Python ones."""
    rng = random.Random(seed)
    for n in range(positions):
        board = sample(rng, rng.randrange(CELLS + 1))
        if solver.turns(*cell_masks(board)) != python_turns(board):
            raise SystemExit(f"the C rules differ on {board.mfen()}")
        small = CELLS - board.count(RED) - board.count(BLUE) <= 9
        if n < solves and small and solver.value(*cell_masks(board)) != Endgame().solve(board):
            raise SystemExit(f"the C solver's value differs on {board.mfen()}")
    print(f"checked {positions} positions' turns and values against game.rules and game.ai")


def build(min_empty: int, positions: int, solves: int, out: Path) -> None:
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder:
        solver = Solver(Path(folder))
        try:
            check(solver, positions, solves)
            table: dict[int, int] = {}
            answered: set[int] = set()
            for me, op, value, answers in solver.tree(min_empty):
                k = canonical(me, op)
                if table.setdefault(k, value) != value:
                    raise SystemExit(f"two values for one position class: {me} {op}")
                if answers:
                    answered.add(k)
        finally:
            solver.close()
    keys = np.array(sorted(table), dtype=np.uint64)
    values = np.array([table[int(k)] for k in keys], dtype=np.int8)
    flags = np.array([int(k) in answered for k in keys], dtype=bool)
    np.savez_compressed(out, keys=keys, values=values, answered=flags)
    seconds = time.perf_counter() - start
    print(f"{len(keys)} positions, {out.stat().st_size} bytes, {seconds:.0f} s: {out}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.ai.side3", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    b = sub.add_parser("build", help="solve the side-3 board and write the strategy")
    b.add_argument("--min-empty", type=int, default=MIN_EMPTY)
    b.add_argument("--positions", type=int, default=5000, help="positions to check first")
    b.add_argument("--solves", type=int, default=300, help="of which, values to check")
    b.add_argument("--out", type=Path, default=DATA)
    args = parser.parse_args(argv)
    build(args.min_empty, args.positions, args.solves, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
