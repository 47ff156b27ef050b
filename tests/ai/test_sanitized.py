"""The compiled code under AddressSanitizer and UndefinedBehaviorSanitizer.

The compiled ending solver (game/ai/_endgame.c) and the compiled middle-game
search (game/ai/_search.c) are built again with ``-fsanitize=address,undefined``
into a temporary folder, and the differential tests that compare them with the
Python solver and search run in a child process that loads those builds in
place of the normal ones: any out-of-bounds access, use after
free or undefined behaviour ends the run with the sanitizer's report. The
side-3 strategy's C solver (tools/side3_solve.c) gets the same on the checks
its builder runs and on every bad input it must refuse.

The interpreter itself is not instrumented, so the child preloads the
compiler's AddressSanitizer runtime (``LD_PRELOAD``): Linux with GCC or Clang
only. It skips, saying why, where there is no C compiler or no runtime.
"""

from __future__ import annotations

import os
import platform
import shutil
import subprocess
import sys
import sysconfig
import time
from pathlib import Path

import pytest

from .scale import PATHS_VARIABLE
from .test_side3 import BAD_INPUT, builder

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
FLAGS = [
    "-fsanitize=address,undefined",
    "-fno-omit-frame-pointer",
    "-fno-sanitize-recover=undefined",  # undefined behaviour stops the run, as an overflow does
    "-g",
    # Not -O1, the sanitizers' advice for speed: it made the two builds cost 17
    # CPU-seconds of the test's 42, against 2.6 at -O0, and saved the child only
    # about 3. Unoptimized, no access is folded away unchecked.
    "-O0",
]
#: The differential tests run sanitized: they drive every path of the compiled
#: search (threads, stops, re-entry, refused arguments) against the Python one.
#: (-k: every test of test_endgame_compiled.py and test_search_compiled.py,
#: and those of test_endgame.py and test_patterns.py
#: that run the compiled solver or search, but those of ``REACHED``.)
TESTS = [
    "tests/ai/test_endgame_compiled.py",
    "tests/ai/test_search_compiled.py",
    "tests/ai/test_helping.py",
    "tests/ai/test_partial_depth.py",
    "tests/ai/test_patterns.py",
    "tests/ai/test_endgame.py",
    "-k",
    "compiled",
    "-m",
    "not slow",
]

#: Tests (or cases: a name ending in "[" is every case of it) that reach no line
#: or branch of the compiled code, in any instantiation, that the rest of the
#: sanitized run does not reach (gcov, test by test, on ``-O0 --coverage``
#: builds; docs/testing.md). They still run in the normal run; here they cost
#: a third of the child's time to run the same code again. The side-8 cases
#: stay whatever gcov says: the biggest board is where an index past a table's
#: end would show first.
REACHED = [
    "tests/ai/test_endgame.py::test_best_turns_are_exactly_the_turns_that_keep_the_value[",
    "tests/ai/test_endgame.py::test_an_empty_window_is_refused[",
    "tests/ai/test_endgame.py::test_side_5_endings_match_minimax[",
    "tests/ai/test_endgame_compiled.py::test_a_check_that_reenters_its_own_handle_gets_runtime_error",
    "tests/ai/test_endgame_compiled.py::test_small_endings_match_minimax_with_every_best_turn",
    "tests/ai/test_endgame_compiled.py::"
    "test_it_searches_the_python_solvers_positions_with_the_same_results[0-4-10]",
    "tests/ai/test_endgame_compiled.py::"
    "test_it_searches_the_python_solvers_positions_with_the_same_results[2-5-10]",
    "tests/ai/test_patterns.py::test_the_compiled_leaf_is_the_python_leaf_on_random_positions[7]",
    "tests/ai/test_search_compiled.py::test_exact_solves_of_small_endings_match[4]",
    "tests/ai/test_search_compiled.py::"
    "test_one_searcher_through_a_game_keeps_the_same_table_even_as_it_clears[6]",
    "tests/ai/test_search_compiled.py::"
    "test_principal_variation_search_is_the_same_tree_compiled_and_scores_as_alpha_beta[6]",
]

#: The child's own options: the tree is shared, so it writes no cache there.
PYTEST = ["-p", "no:cacheprovider"]

#: The compiled modules and their sources.
MODULES = {
    "_endgame": ["_endgame.c"],
    "_search": ["_search.c", "_search_py.c"],
}

#: Loaded in the child with ``-p``, before any test imports the solver: it puts
#: the sanitized builds first, and says at the end which builds were loaded.
HOOK = """
import importlib.abc
import importlib.util
import os
import sys

BUILT = dict(line.split("=", 1) for line in os.environ["SANITIZED_MODULES"].split(os.pathsep))


class SanitizedFirst(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if name in BUILT:
            return importlib.util.spec_from_file_location(name, BUILT[name])
        return None


sys.meta_path.insert(0, SanitizedFirst())


def pytest_unconfigure(config):
    loaded = [getattr(sys.modules.get(name), "__file__", None) or "not loaded" for name in BUILT]
    with open(os.environ["SANITIZED_REPORT"], "w") as out:
        out.write(os.pathsep.join(loaded))
"""


def toolchain() -> tuple[str, Path]:
    """A compiler and its AddressSanitizer runtime, or a skip saying what is missing."""
    if not sys.platform.startswith("linux"):
        pytest.skip("the sanitized run preloads the runtime with LD_PRELOAD: Linux only")
    for compiler, runtime in (
        ("gcc", "libasan.so"),
        ("clang", f"libclang_rt.asan-{platform.machine()}.so"),
    ):
        if shutil.which(compiler) is None:
            continue
        asked = [compiler, "-print-file-name=" + runtime]
        found = Path(
            subprocess.run(asked, capture_output=True, text=True, check=True).stdout.strip()
        )
        # Without the runtime the compiler echoes the bare name back.
        if found.is_absolute() and found.exists():
            return compiler, found
    pytest.skip("needs GCC or Clang with its AddressSanitizer runtime (libasan)")


def sanitizer_options(tmp_path: Path) -> dict[str, str]:
    """Reports go to files in ``tmp_path``/reports: pytest's capture in the child
    would swallow them when the sanitizer ends the process."""
    (tmp_path / "reports").mkdir(exist_ok=True)
    logs = tmp_path / "reports" / "report"
    return {
        # CPython keeps objects alive to the end on purpose: its "leaks" are not ours.
        "ASAN_OPTIONS": f"detect_leaks=0:log_path={logs}",
        "UBSAN_OPTIONS": f"print_stacktrace=1:log_path={logs}",
    }


def reports(tmp_path: Path) -> str:
    """What the sanitizers reported, if anything."""
    found = sorted((tmp_path / "reports").glob("report*"))
    return "\n".join(p.read_text(errors="replace") for p in found)


def test_the_compiled_solver_and_search_pass_their_differential_tests_sanitized(
    tmp_path: Path,
):
    compiler, runtime = toolchain()
    start = time.perf_counter()
    include = sysconfig.get_paths()["include"]
    shared = ["-shared", "-fPIC"] + (["-shared-libasan"] if compiler == "clang" else [])
    built = {}
    for name, sources in MODULES.items():
        module = tmp_path / (name + sysconfig.get_config_var("EXT_SUFFIX"))
        paths = [str(ROOT / "game" / "ai" / source) for source in sources]
        command = [compiler, *shared, *FLAGS, f"-I{include}", "-o", str(module), *paths]
        subprocess.run(command, check=True)
        built["game.ai." + name] = str(module)
    (tmp_path / "sanitized_first.py").write_text(HOOK)
    report = tmp_path / "loaded.txt"
    env = {**os.environ, **sanitizer_options(tmp_path), "LD_PRELOAD": str(runtime)}
    env["SANITIZED_MODULES"] = os.pathsep.join(f"{k}={v}" for k, v in built.items())
    env["SANITIZED_REPORT"] = str(report)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(tmp_path), env.get("PYTHONPATH")]))
    env.pop("MOSAIC_NO_COMPILED", None)
    # The sanitizers look at code paths: the normal run has compared every position.
    env[PATHS_VARIABLE] = "1"
    run = subprocess.run(
        [
            *[sys.executable, "-m", "pytest", "-q", "-p", "sanitized_first", *PYTEST, *TESTS],
            *[f"--deselect={name}" for name in REACHED],
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    found = reports(tmp_path)
    assert run.returncode == 0 and not found, found or run.stdout[-4000:] + run.stderr[-4000:]
    loaded = report.read_text().split(os.pathsep)
    assert loaded == list(built.values()), "the sanitized builds were not the ones loaded"
    summary = run.stdout.strip().splitlines()[-1]
    assert " passed" in summary and "skipped" not in summary, summary
    print(f"sanitized ({compiler}): {summary}; {time.perf_counter() - start:.1f} s")


def test_the_side3_solver_checks_out_and_refuses_bad_input_sanitized(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    compiler, _ = toolchain()  # a program built with the sanitizer links its runtime
    for name, value in sanitizer_options(tmp_path).items():
        monkeypatch.setenv(name, value)  # the builder's solver runs with our environment
    solver = builder.Solver(tmp_path, FLAGS, compiler)
    try:
        builder.check(solver, positions=400, solves=40, seed=13)
    finally:
        solver.close()
    assert solver.proc.returncode == 0, reports(tmp_path)
    for case in BAD_INPUT:
        text, message = case.values
        done = subprocess.run(
            [str(tmp_path / "side3_solve")],
            input=f"{text}\n",
            capture_output=True,
            text=True,
            check=False,
        )
        assert done.returncode == 2 and message in done.stderr, (case.id, reports(tmp_path))
    assert not reports(tmp_path)
