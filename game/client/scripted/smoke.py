"""``mosaic --smoke-test``: prove a build works, without a screen.

Visits every scene in every language (the screenshot tour, into a temporary folder,
once per language, each spoken from its catalog in the build; on Windows,
XInput must have stayed loaded through those five starts and stops of SDL's
controllers: game/client/xinput.py), loads every
puzzle pack, loads Master's side-3 strategy, solves a 16-cell ending with the
compiled ending solver (which a frozen build must have), checks the compiled
search against the Python one (the same), has the voice's process speak a
sentence into a file (an executable that should carry speech must load it; a
system without a voice is reported), gets one AI turn
through the worker process and one Mosaix placement through the jobs process.
Prints what it did and exits 0, or names the first failure and exits 1.
"""

from __future__ import annotations

import random
import sys
import tempfile
import time
import traceback
from pathlib import Path

from game.ai import side3
from game.ai.checks import check_compiled, check_patterns
from game.ai.endgame import COMPILED, Endgame
from game.ai.worker import AIWorker
from game.i18n import LANGUAGES, _, set_language
from game.mosaix import ai as mosaix_ai
from game.mosaix.game import Solo
from game.play import voice
from game.play.jobs import Jobs
from game.puzzles import load_packs
from game.rules import Board

from .. import xinput
from ..app import App
from .tour import tour


def smoke_test(data: Path | None = None) -> int:
    t0 = time.perf_counter()
    lines: list[str] = []
    step = "starting"
    try:
        with tempfile.TemporaryDirectory() as tmp:
            notes: list[str] = []
            drawn: list[str] = []
            for code, name in LANGUAGES.items():
                step = f"opening the window for {name}"
                # The tour ends by closing the window: each language has its own.
                app = App((1280, 800), (data or Path(tmp) / "data") / code)
                step = f"visiting every scene in {name}"
                spoken(code)
                shots = tour(app, Path(tmp) / "shots" / code, notes=notes if not drawn else None)
                drawn.append(f"{len(shots)} {code}")
            set_language(app.settings.language)
            step = "checking XInput outlived SDL's controllers"
            if (kept := xinput.check()) is not None:
                lines.append(kept)
            lines.append(f"scenes: every screen drawn in each language ({', '.join(drawn)})")
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
            step = "solving a 16-cell ending"
            lines.append(sixteen_cells())
            step = "checking the compiled search"
            lines.append(check_compiled(required=getattr(sys, "frozen", False)))
            step = "loading the pattern evaluation's weights"
            lines.append(check_patterns())
            step = "loading the system's voice"
            lines.append(voice.check(tmp, build=getattr(sys, "frozen", False)))
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
            step = "placing a Mosaix formation through the jobs process"
            solo = Solo(seed=1)
            with Jobs() as jobs:
                job = jobs.submit(
                    mosaix_ai.roll_and_place, solo.sheet, solo.rolled, random.Random(1)
                )
                if not jobs.wait(job, 60):
                    raise RuntimeError("no answer within 60 s")
            placed = job.result()
            if placed is None:
                raise RuntimeError("the jobs process found no Mosaix placement on an empty sheet")
            lines.append(f"jobs: a Mosaix formation placed at {placed.x},{placed.y} in its process")
    except Exception as e:  # the point is to report any failure, whatever it is
        print(f"smoke test FAILED while {step}: {e}")
        traceback.print_exc()
        return 1
    for line in lines:
        print(line)
    print(f"smoke test passed in {time.perf_counter() - t0:.1f} s")
    return 0


#: A text every catalog translates: the proof that a language speaks from its own.
PROBE = "Wait for your turn."


def spoken(code: str) -> None:
    """Speak ``code``, or fail saying its catalog is missing from this build."""
    if set_language(code) != code:
        raise RuntimeError(f"the {LANGUAGES[code]} catalog is missing from this build")
    if code != "en" and _(PROBE) == PROBE:
        raise RuntimeError(f"the {LANGUAGES[code]} catalog does not translate {PROBE!r}")


#: A side-5 ending with 16 empty cells that Blue, to move, wins by 5 tiles
#: (docs/ai-endings.md).
SIXTEEN = "RBB1B/RB1BB1/1RRRBR1/RR1BRB1B/1RR1BBBBB/R2R1RRB/RR1RRBR/RB1BR1/R1BBR b"


def sixteen_cells() -> str:
    """Solve :data:`SIXTEEN` with the compiled solver; its line for the report."""
    if not COMPILED:
        if getattr(sys, "frozen", False):
            raise RuntimeError("the compiled ending solver is missing from this build")
        return "endings: the compiled solver is not built here (no C compiler at install)"
    start = time.process_time()
    value = Endgame(table_limit=500_000).solve(Board(SIXTEEN))
    if value != 5:
        raise RuntimeError(f"the 16-cell ending came out {value:+d}, not +5")
    return f"endings: a 16-cell ending solved exactly in {time.process_time() - start:.1f} s"
