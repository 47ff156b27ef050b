"""Build Master's side-3 strategy, ``game/ai/side3.npz``: ``python -m tools.side3 build``.

Not part of the game, which only reads the result (:mod:`game.ai.side3`). A
pure-Python solve of every position Master can meet would take days, so this
compiles ``side3_solve.c`` (beside this file) with the system's C compiler
(cc, gcc or clang; MSVC's cl on Windows) and drives it over a pipe. It checks
the C program's rules and values against :mod:`game.rules` and
:mod:`game.ai.endgame` on thousands of positions first, and then writes the
strategy. Every value in the file can be checked by the Python solver.
"""

from __future__ import annotations

import argparse
import random
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from pathlib import Path

import numpy as np

# Run as a script (python tools/side3.py), the checkout's game must come first.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.endgame import Endgame
from game.ai.side3 import CELLS, DATA, MIN_EMPTY, SIDE, canonical, cell_masks
from game.rules import BLUE, RED, Board

SOURCE = Path(__file__).with_name("side3_solve.c")


def compile_solver(exe: Path, flags: Sequence[str] = ("-O2",), compiler: str | None = None) -> Path:
    """Compile :data:`SOURCE` to ``exe`` with ``compiler``, else the first C
    compiler found, and return the program's path. ``flags`` are for a cc-like
    compiler; MSVC's cl, tried last, gets its own."""
    for name in (compiler,) if compiler else ("cc", "gcc", "clang"):
        found = shutil.which(name)
        if found is not None:
            subprocess.run([found, *flags, "-o", str(exe), str(SOURCE)], check=True)
            return exe
    cl = None if compiler else shutil.which("cl")
    if cl is not None:
        out = exe.with_suffix(".exe")
        subprocess.run(
            [cl, "/nologo", "/O2", "/W4", f"/Fe{out}", str(SOURCE)], check=True, cwd=exe.parent
        )
        return out
    wanted = compiler or "a C compiler (cc, gcc, clang or cl)"
    raise SystemExit(f"building the side-3 strategy needs {wanted}")


def neighbour_lines() -> str:
    """The program's first input: each cell's neighbour count, then their indices."""
    geo = Board(size=SIDE).geometry
    return "\n".join(" ".join(map(str, (len(n), *n))) for n in geo.neighbours)


class Solver:
    """The compiled solver, driven over a pipe."""

    def __init__(
        self, folder: Path, flags: Sequence[str] = ("-O2",), compiler: str | None = None
    ) -> None:
        exe = compile_solver(folder / "side3_solve", flags, compiler)
        self.proc = subprocess.Popen(
            [str(exe)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )
        self._send(neighbour_lines())

    def _send(self, line: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def _read(self) -> str:
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        if not line:
            # It has said why on its standard error, which is ours.
            raise SystemExit(f"side3_solve stopped (exit status {self.proc.wait()})")
        return line

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
            if line.startswith("end"):
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
    parser = argparse.ArgumentParser(prog="python -m tools.side3", description=__doc__)
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
