"""``mosaic --smoke-test``: prove a build works, without a screen.

Visits every scene (the screenshot tour, into a temporary folder), loads every
puzzle pack, loads Master's side-3 strategy, and gets one AI turn through the
worker process. Prints what it
did and exits 0, or names the first failure and exits 1.
"""

from __future__ import annotations

import tempfile
import time
import traceback
from pathlib import Path

from game.ai import side3
from game.ai.worker import AIWorker
from game.puzzles import load_packs
from game.rules import Board

from .app import App
from .tour import tour


def smoke_test(data: Path | None = None) -> int:
    t0 = time.perf_counter()
    lines: list[str] = []
    step = "starting"
    try:
        with tempfile.TemporaryDirectory() as tmp:
            step = "opening the window"
            app = App((1280, 800), data or Path(tmp) / "data")
            step = "visiting every scene"
            notes: list[str] = []
            shots = tour(app, Path(tmp) / "shots", notes=notes)
            lines.append(f"scenes: {len(shots)} screens drawn")
            lines += notes
            step = "loading the puzzle packs"
            packs, problems = load_packs(app.puzzles.folder, prove=False)
            if problems or not packs:
                raise RuntimeError("; ".join(map(str, problems)) or "no puzzle packs found")
            count = sum(len(p.puzzles) for p in packs)
            lines.append(f"puzzles: {count} in {len(packs)} packs")
            step = "loading Master's side-3 strategy"
            strategy = side3.strategy()
            if strategy is None or strategy.value(Board(size=3)) != -1:
                raise RuntimeError(f"{side3.DATA} is missing or wrong")
            lines.append(f"side 3: Master's strategy holds {len(strategy)} positions")
            step = "asking the AI worker for a turn"
            board = Board(size=5)
            with AIWorker() as worker:
                worker.request(board.mfen(), "Club", seconds=0.5)
                answers = worker.wait(60)
            if not answers or answers[0].turn is None:
                why = answers[0].error if answers else "no answer within 60 s"
                raise RuntimeError(why)
            board.play(answers[0].turn)
            lines.append(f"ai: Club answered {answers[0].turn} from its worker process")
    except Exception as e:  # the point is to report any failure, whatever it is
        print(f"smoke test FAILED while {step}: {e}")
        traceback.print_exc()
        return 1
    for line in lines:
        print(line)
    print(f"smoke test passed in {time.perf_counter() - t0:.1f} s")
    return 0
