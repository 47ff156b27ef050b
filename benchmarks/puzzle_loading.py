"""Puzzle loading: what the shipped packs cost the start of the game and the
first visit to the puzzles, against the 149 puzzles of version 0.1.

    python benchmarks/puzzle_loading.py [--runs 5]

(a) Start: ``python -m game --first-frame`` (build the window, draw the title
    once, quit) under SDL's dummy drivers, with this tree's packs and with the
    first five packs alone (0.1's puzzles), alternated.
(b) Reading: ``load_packs(prove=False)`` in a fresh process, after its imports
    (so the board geometries are built as they are in a new game), all packs
    against the first five alone.
(c) First visit: the puzzle browser's first frame in a fresh game, with the
    packs read in the background first (as the game does once the title is
    up) and without.
(d) Scrolling: whole browser frames (events, update, draw) at 1280x800 and
    640x480 with the wheel turning every frame, over the biggest pack and, as
    the baseline in the same run, over the first pack (30 puzzles).

Each figure in (a)-(c) is the median of ``--runs`` fresh processes.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

READ = """
import sys, time
from game.puzzles import load_packs
t = time.perf_counter()
packs, problems = load_packs(sys.argv[1], prove=False)
took = time.perf_counter() - t
assert not problems, problems
print(sum(len(p.puzzles) for p in packs), took)
"""

VISIT = """
import sys, time
from pathlib import Path
from game.client.app import App
from game.client.scenes.puzzle_browser import PuzzleBrowserScene
app = App((1280, 800), Path(sys.argv[2]))
app.puzzles.folder = Path(sys.argv[1])
if sys.argv[3] == "preload":
    app.puzzles.preload().join()
t = time.perf_counter()
app.scenes.push(PuzzleBrowserScene(app))
app.frame(0.0)
print(0, time.perf_counter() - t)
app.close()
"""

START = """
import runpy, sys, time
t = time.perf_counter()
sys.argv = ["game", "--first-frame", "--data-dir", sys.argv[2]]
import game.paths
game.paths.puzzles = lambda folder=sys.argv[1]: __import__("pathlib").Path(folder)
try:
    runpy.run_module("game", run_name="__main__")
except SystemExit:
    pass
print(0, time.perf_counter() - t)
"""


def run(script: str, *args: str) -> tuple[int, float]:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    out = subprocess.run(
        [sys.executable, "-c", script, *args],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
        env=env,
    )
    count, took = out.stdout.split()[-2:]
    return int(count), float(took)


SCROLL = """
import os, statistics, sys, time
from pathlib import Path
import pygame
from game.client.app import App
from game.client.scenes.puzzle_browser import PuzzleBrowserScene
w, h = map(int, sys.argv[3].split("x"))
app = App((w, h), Path(sys.argv[2]))
app.puzzles.folder = Path(sys.argv[1])
browser = PuzzleBrowserScene(app)
app.scenes.push(browser)
app.frame(0.0)
sizes = [len(p.puzzles) for p in app.puzzles.packs]
pack = sizes.index(max(sizes)) if sys.argv[4] == "biggest" else 0
browser.select(pack)
browser.pointer = browser.grid.center
times = []
for i in range(400):
    y = -1 if (i // 50) % 2 == 0 else 1  # down a while, then up
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False,
                                         precise_x=0.0, precise_y=float(y)))
    t = time.perf_counter()
    app.frame(1 / 60)
    times.append(time.perf_counter() - t)
times.sort()
print(sizes[pack], 1000 * times[len(times) // 2], 1000 * times[int(len(times) * 0.99)])
app.close()
"""


def scrolling(folder: Path, data: Path) -> list[str]:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    lines = []
    for size in ("1280x800", "640x480"):
        for which in ("biggest", "first"):
            out = subprocess.run(
                [sys.executable, "-c", SCROLL, str(folder), str(data), size, which],
                capture_output=True,
                text=True,
                check=True,
                cwd=ROOT,
                env=env,
            )
            count, p50, p99 = out.stdout.split()[-3:]
            lines.append(
                f"(d) scrolling {size:<9} {which} pack ({count} puzzles): "
                f"frame p50 {float(p50):.1f} ms, p99 {float(p99):.1f} ms"
            )
    return lines


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        first_five = Path(tmp) / "first-five"
        first_five.mkdir()
        for f in sorted((ROOT / "puzzles").glob("0[1-5]-*.json")):
            shutil.copy(f, first_five / f.name)
        folders = {"all packs": ROOT / "puzzles", "first five (0.1)": first_five}
        rows = []
        for what, script, extra in (
            ("(a) start to the first frame", START, ()),
            ("(b) read and check the packs", READ, ()),
            ("(c) first visit, read then", VISIT, ("now",)),
            ("(c) first visit, preloaded", VISIT, ("preload",)),
        ):
            times: dict[str, list[float]] = {name: [] for name in folders}
            counts: dict[str, int] = {}
            for i in range(args.runs):  # alternated, so drift hits both alike
                for name, folder in folders.items():
                    data = Path(tmp) / f"data-{i}-{len(rows)}"
                    counts[name], took = run(script, str(folder), str(data), *extra)
                    times[name].append(took)
            for name in folders:
                rows.append((what, name, counts[name], 1000 * statistics.median(times[name])))
        rows_d = scrolling(ROOT / "puzzles", Path(tmp) / "scroll-data")
    total = sum(1 for f in (ROOT / "puzzles").glob("*.json") if f.name != "schema.json")
    print(f"{total} pack files; medians of {args.runs} fresh processes")
    for what, name, count, ms in rows:
        shown = f"{count} puzzles" if count else ""
        print(f"{what:<32} {name:<18} {ms:8.1f} ms  {shown}")
    print(*rows_d, sep="\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
