"""The game without the compiled solver and search, as an install without a C compiler has it.

That is a supported configuration, so it is tested whole rather than only by
skipping the compiled solver's tests: the AI tests that matter run in a child
process with ``MOSAIC_NO_COMPILED`` set (game/ai/endgame.py then never loads
the extension), and the reach of exact endings falls back to the Python
solver's: Master tries them from 9 empty cells, the analysis from 12.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.ai.endgame import COMPILED, NO_COMPILED_VARIABLE

from .scale import PATHS_VARIABLE

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
#: The AI's tests whose results depend on which solver serves; the slow ones
#: would take many minutes with the Python solver alone, and those marked
#: python_only run the Python solver whatever is built: the normal run ran them.
TESTS = [
    "tests/ai/test_endgame.py",
    "tests/ai/test_endgame_compiled.py",
    "tests/ai/test_search_compiled.py",
    "tests/ai/test_patterns.py",
    "tests/ai/test_play.py",
    "tests/ai/test_analysis.py",
    "-m",
    "not slow and not python_only",
    # Left out: without the compiled code they reach no line or branch of game/
    # that the rest of this run does not (coverage.py with branches, one context
    # a test), and they cost a quarter of it: 8.5 and 6.2 of 57.5 CPU-seconds;
    # then the two of test_analysis.py, the same way, 9.4 and 3.6 of 27.5.
    "--deselect",
    "tests/ai/test_endgame.py::test_the_search_plays_a_best_turn_when_it_solves_a_deeper_ending",
    "--deselect",
    "tests/ai/test_endgame.py::test_side_3_endings_from_8_empty_cells_match_minimax",
    "--deselect",
    "tests/ai/test_analysis.py::test_a_label_is_unsure_where_its_last_two_depths_disagree",
    "--deselect",
    "tests/ai/test_analysis.py::test_a_side3_game_against_master_is_judged_exactly_at_once",
]

REACH = """
import json
import sys
from game.ai import analysis, endgame, fastsearch
from game.ai.endgame import Endgame
from game.ai.levels import LEVELS
from game.rules import Board
side5 = Board(size=5)
print(json.dumps({
    "loaded": "game.ai._endgame" in sys.modules or "game.ai._search" in sys.modules,
    "search": fastsearch.COMPILED,
    "compiled": endgame.COMPILED,
    "serves": Endgame().compiled_for(side5),
    "master": LEVELS["master"].exact_reach(side5),
    "analysis": analysis.exact_empties(side5, Endgame()),
}))
"""


def without_compiled(*args: str, value: str = "1") -> subprocess.CompletedProcess[str]:
    # The fallbacks' code paths, not every position: the normal run compared those.
    env = {**os.environ, NO_COMPILED_VARIABLE: value, PATHS_VARIABLE: "1"}
    return subprocess.run(
        [sys.executable, *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )


def test_exact_endings_reach_as_far_as_the_python_solver_proves_them():
    done = without_compiled("-c", REACH)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == {
        "loaded": False,
        "search": False,
        "compiled": False,
        "serves": False,
        "master": 9,
        "analysis": 12,
    }


@pytest.mark.skipif(not COMPILED, reason="the compiled solver is not built here")
def test_the_variable_set_to_0_leaves_the_compiled_solver_in():
    done = without_compiled("-c", REACH, value="0")
    assert done.returncode == 0, done.stderr
    reach = json.loads(done.stdout)
    assert reach["loaded"] and reach["search"] and reach["master"] == reach["analysis"] == 16


def test_the_ai_tests_pass_without_the_compiled_solver():
    done = without_compiled("-m", "pytest", "-q", "-p", "no:cacheprovider", *TESTS)
    summary = done.stdout.strip().splitlines()[-1] if done.stdout.strip() else done.stderr
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    # Those that need the compiled solver skip; the rest, with the Python solver, pass.
    assert " passed" in summary and " skipped" in summary, summary
